package resource

import (
	"time"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/spf13/pflag"
)

// EntityFilters are the list filters every entity of the service takes
// (name, exact, type, private or public, tags, since), as typed; the
// server applies all of them (client.ListOptions). A resource's Spec.
// Filters registers them and reads them back into its query.
type EntityFilters struct {
	name, entityType, since string
	exact, private, public  bool
	tags                    []int
}

// Register adds the filter flags to fs; plural names the records in their
// help ("calendars").
func (ef *EntityFilters) Register(fs *pflag.FlagSet, plural string) {
	fs.StringVar(&ef.name, "name", "", "only "+plural+" whose name contains `TEXT`")
	fs.BoolVar(&ef.exact, "exact", false, "with --name: only that exact name")
	fs.StringVar(&ef.entityType, "type", "", "only "+plural+" of this `TYPE`")
	fs.BoolVar(&ef.private, "private", false, "only private "+plural)
	fs.BoolVar(&ef.public, "public", false, "only "+plural+" that are not private")
	fs.IntSliceVar(&ef.tags, "tag", nil, "only "+plural+" with tag `ID` (repeat: all of them)")
	fs.StringVar(&ef.since, "since", "", "only "+plural+" updated after `TIME`: an RFC 3339 time, a date (2006-01-02) or a duration such as 24h")
}

// Options checks the filters, before any request, and turns them into the
// list's query.
func (ef *EntityFilters) Options(fs *pflag.FlagSet) (client.ListOptions, error) {
	var o client.ListOptions
	if ef.private && ef.public {
		return o, cmdutil.CommandLineErrorf("--private and --public cannot be used together")
	}
	if ef.exact && ef.name == "" {
		return o, cmdutil.CommandLineErrorf("--exact needs --name")
	}
	for _, t := range ef.tags {
		if t <= 0 {
			return o, cmdutil.UsageErrorf("--tag %d: a tag id is a positive number", t)
		}
	}
	o.Name, o.ExactName, o.Type, o.Tags = ef.name, ef.exact, ef.entityType, ef.tags
	if ef.private || ef.public {
		o.IsPrivate = &ef.private
	}
	if fs.Changed("since") {
		t, err := ParseSince(ef.since, time.Now())
		if err != nil {
			return o, err
		}
		o.LastSync = t
	}
	return o, nil
}

// ParseSince reads --since: a timestamp, a date (midnight UTC) or a
// duration back from now.
func ParseSince(s string, now time.Time) (time.Time, error) {
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
