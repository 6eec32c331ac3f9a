package weather

import (
	"errors"
	"fmt"
	"strings"

	"github.com/kanka-cli/kanka/almanac"
	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/cmdutil"
)

// missing lists what a new entry must have and in lacks: the whole date and
// the weather (the service requires them on every write).
func missing(in client.WeatherInput) []client.Problem {
	var ps []client.Problem
	if !in.HasDate() {
		ps = append(ps, client.Problem{Field: "date", Message: "is required (--date Y-M-D, or date: Y-M-D or year, month and day in a file)"})
	}
	if in.Weather == nil {
		ps = append(ps, client.Problem{Field: "weather", Message: "is required"})
	}
	return ps
}

// resolveDates turns the months written by name into numbers with cal's
// months (client.WeatherInput.ResolveDate); every name that is no month is
// said, one a line, in one UsageError.
func resolveDates(cal *client.Calendar, inputs []client.WeatherInput) error {
	var r *almanac.Reckoning
	var lines []string
	for i := range inputs {
		if inputs[i].Written == nil {
			continue
		}
		if r == nil {
			r, _ = cal.Reckoning()
		}
		if err := inputs[i].ResolveDate(r); err != nil {
			lines = append(lines, err.Error())
		}
	}
	if len(lines) == 0 {
		return nil
	}
	return cmdutil.UsageErrorf("%s", strings.Join(lines, "\n"))
}

// checkUnread refuses to send in, the update of entry current, when it
// lacks a field the service requires on every write (the date, the
// weather) that the answer did not give and the changes do not either:
// the service would refuse the write, and kanka never makes one up.
func checkUnread(current *client.Weather, in *client.WeatherInput) error {
	keys := client.WeatherFields.Unread(in)
	if len(keys) == 0 {
		return nil
	}
	return &cmdutil.UnreadError{Record: fmt.Sprintf("weather %d of calendar %d", current.ID, current.CalendarID), Keys: keys,
		Supply: "give them with --date and --weather (or in the file)"}
}

// isDatePart reports whether a field of WeatherFields is part of the date.
func isDatePart(key string) bool { return key == "year" || key == "month" || key == "day" }

// problemsOf returns the problems of a Validate error; any other error is
// returned as is.
func problemsOf(err error) ([]client.Problem, error) {
	if err == nil {
		return nil, nil
	}
	var inputErr *client.InputError
	if errors.As(err, &inputErr) {
		return inputErr.Problems, nil
	}
	return nil, err
}

// entryReport collects the problems of the entries of one command, so that
// every problem of every entry is reported at once and nothing is sent.
type entryReport struct {
	// numbered is set for a list: each problem then names its entry.
	numbered bool
	lines    []string
	bad      int
}

// add records the problems of entry i (counted from 0).
func (r *entryReport) add(i int, date string, ps []client.Problem) {
	if len(ps) == 0 {
		return
	}
	r.bad++
	prefix := ""
	if r.numbered {
		prefix = entryName(i, date) + ": "
	}
	for _, p := range ps {
		r.lines = append(r.lines, prefix+p.Field+": "+p.Message)
	}
}

// err is a UsageError listing every problem, or nil when there were none.
func (r *entryReport) err() error {
	if len(r.lines) == 0 {
		return nil
	}
	head := "the weather entry has problems; nothing was written:"
	if r.numbered {
		head = fmt.Sprintf("%d %s problems; nothing was written:", r.bad, plural(r.bad, "entry has", "entries have"))
	}
	return cmdutil.UsageErrorf("%s\n  %s", head, strings.Join(r.lines, "\n  "))
}

// entryName is "entry 4 (1492-3-4)", or "entry 4" when the date is unknown.
func entryName(i int, date string) string {
	if date == "" {
		return fmt.Sprintf("entry %d", i+1)
	}
	return fmt.Sprintf("entry %d (%s)", i+1, date)
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
