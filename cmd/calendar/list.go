package calendar

import (
	"time"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/spf13/pflag"
)

// listFlags are the filters of `calendar list`, as typed.
type listFlags struct {
	name, calType, since string
	exact, priv, public  bool
	tags                 []int
}

func (lf *listFlags) register(fs *pflag.FlagSet) {
	fs.StringVar(&lf.name, "name", "", "only calendars whose name contains `TEXT`")
	fs.BoolVar(&lf.exact, "exact", false, "with --name: only that exact name")
	fs.StringVar(&lf.calType, "type", "", "only calendars of this `TYPE`")
	fs.BoolVar(&lf.priv, "private", false, "only private calendars")
	fs.BoolVar(&lf.public, "public", false, "only calendars that are not private")
	fs.IntSliceVar(&lf.tags, "tag", nil, "only calendars with tag `ID` (repeat: all of them)")
	fs.StringVar(&lf.since, "since", "", "only calendars updated after `TIME`: an RFC 3339 time, a date (2006-01-02) or a duration such as 24h")
}

// options checks the filters and turns them into the list's query.
func (lf *listFlags) options(fs *pflag.FlagSet) (client.CalendarListOptions, error) {
	var o client.CalendarListOptions
	if err := exclusive(fs, "private", "public"); err != nil {
		return o, err
	}
	if lf.exact && lf.name == "" {
		return o, cmdutil.UsageErrorf("--exact needs --name")
	}
	for _, t := range lf.tags {
		if t <= 0 {
			return o, cmdutil.UsageErrorf("--tag %d: a tag id is a positive number", t)
		}
	}
	o.Name, o.ExactName, o.Type, o.Tags = lf.name, lf.exact, lf.calType, lf.tags
	switch {
	case lf.priv:
		o.IsPrivate = ptr(true)
	case lf.public:
		o.IsPrivate = ptr(false)
	}
	if fs.Changed("since") {
		t, err := parseSince(lf.since, time.Now())
		if err != nil {
			return o, err
		}
		o.LastSync = t
	}
	return o, nil
}

// parseSince reads --since: a timestamp, a date (midnight UTC) or a
// duration back from now.
func parseSince(s string, now time.Time) (time.Time, error) {
	if t, err := time.Parse(time.RFC3339, s); err == nil {
		return t, nil
	}
	if t, err := time.Parse(time.DateOnly, s); err == nil {
		return t, nil
	}
	if d, err := time.ParseDuration(s); err == nil && d > 0 {
		return now.Add(-d), nil
	}
	return time.Time{}, cmdutil.UsageErrorf("--since %q: give an RFC 3339 time (2024-05-01T12:00:00Z), a date (2024-05-01) or a duration such as 24h", s)
}
