package apply

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/cmdutil"
)

// InvalidSeedError lists every problem found in a seed, before any write.
// It is wrapped in a *cmdutil.UsageError: exit 2, nothing sent.
type InvalidSeedError struct {
	// Problems are one line each: "cal.yaml: line 9: calendar Harptos:
	// weather 1492-2-31: day 31 does not exist: ...".
	Problems []string
}

func (e *InvalidSeedError) Error() string {
	return "the input is not valid, nothing was sent:\n  " + strings.Join(e.Problems, "\n  ")
}

// NoUsageHint: the command was used rightly, the file (or the campaign
// against it) is what is wrong, so the root adds no "Run --help" line.
func (*InvalidSeedError) NoUsageHint() {}

// problemList gathers problems with where they were written.
type problemList []string

func (ps *problemList) add(where, format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	if where != "" {
		msg = where + ": " + msg
	}
	*ps = append(*ps, msg)
}

// addInput adds each problem of a client *InputError under prefix, or err
// itself when it is of another kind.
func (ps *problemList) addInput(where, prefix string, err error) {
	var in *client.InputError
	if !errors.As(err, &in) {
		ps.add(where, "%s%s", prefix, err)
		return
	}
	for _, p := range in.Problems {
		ps.add(where, "%s%s: %s", prefix, p.Field, p.Message)
	}
}

func (ps problemList) err() error {
	if len(ps) == 0 {
		return nil
	}
	return &cmdutil.UsageError{Err: &InvalidSeedError{Problems: ps}}
}

// Check finds, from the seed alone, what would make any write wrong: a
// calendar without a name or id, two calendars with one name or one id,
// two weather entries on one date of a calendar, a weather entry the
// service would refuse, and a date the calendar does not have when the
// seed itself says what days the calendar has (its months and whether it
// has leap years; otherwise the date is checked after the read, against
// the calendar as it will be). The error is a *cmdutil.UsageError holding
// an *InvalidSeedError.
func Check(seed Seed) error {
	var ps problemList
	names, ids := map[string]string{}, map[int]string{}
	for _, cal := range seed.Calendars {
		switch {
		case cal.ID < 0:
			ps.add(cal.Where, "calendar id %d is not a positive number", cal.ID)
		case cal.ID == 0 && strings.TrimSpace(cal.Input.Name) == "":
			ps.add(cal.Where, "a calendar needs a name (or an id to pin an existing one)")
		}
		if name := client.StoredText(cal.Input.Name); name != "" {
			if first, ok := names[name]; ok {
				ps.add(cal.Where, "calendar %q is already in the input%s", cal.Input.Name, at(first))
			} else {
				names[name] = cal.Where
			}
		}
		if cal.ID > 0 {
			if first, ok := ids[cal.ID]; ok {
				ps.add(cal.Where, "calendar id %d is already in the input%s", cal.ID, at(first))
			} else {
				ids[cal.ID] = cal.Where
			}
		}
		checkWeather(&ps, cal, selfDescribed(cal.Input))
	}
	return ps.err()
}

// at is " (at cal.yaml: line 3)", or nothing when where is unknown.
func at(where string) string {
	if where == "" {
		return ""
	}
	return " (at " + where + ")"
}

// selfDescribed is the input's calendar arithmetic when the input alone
// settles which days exist: it gives the months and says whether there are
// leap years (a leap day the server's settings add is not refused). Nil
// otherwise.
func selfDescribed(in client.CalendarInput) *client.CalendarInput {
	if in.Months == nil || in.HasLeapYear == nil {
		return nil
	}
	return &in
}

// checkWeather checks the calendar's weather entries: each on its own, no
// two on one date, and each date against cal when it is known.
func checkWeather(ps *problemList, cal DesiredCalendar, days *client.CalendarInput) {
	seen := map[client.Date]string{}
	for _, w := range cal.Weather {
		d := w.Date()
		prefix := "calendar " + strconv.Quote(cal.label()) + ": weather " + d.String() + ": "
		if first, ok := seen[d]; ok {
			ps.add(w.Where, "%stwo entries on one date%s", prefix, at(first))
			continue
		}
		seen[d] = w.Where
		if err := w.Input.Validate(nil); err != nil {
			ps.addInput(w.Where, prefix, err)
			continue
		}
		if days != nil {
			checkDate(ps, w, prefix, *days)
		}
	}
}

// checkDate refuses a date the calendar in would not have. A calendar the
// almanac cannot count says so through its own validation.
func checkDate(ps *problemList, w DesiredWeather, prefix string, in client.CalendarInput) {
	r, err := in.Reckoning()
	if err != nil {
		return
	}
	if err := r.Check(w.Date()); err != nil {
		ps.add(w.Where, "%s%s", prefix, err)
	}
}

func itoa(n int) string { return strconv.Itoa(n) }
