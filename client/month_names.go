package client

import (
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/kanka-cli/kanka/almanac"
	"github.com/kanka-cli/kanka/internal/suggest"
)

// A month may be written by number or by name wherever a person writes one
// (--date, --season, --leap-year-month, month: and date: in files): a name,
// an alias, in any case, or a prefix only one month has. Only the calendar's
// months can turn a name into a number, and a flag or file is read before
// the calendar is, so a name is kept as Written and resolved later, against
// the months the command has at hand (ResolveDate, ResolveMonths). What is
// sent, and what files and -o yaml print, is always the number.

// Written is a month written by name, and where it was written for
// messages ("--date", "line 4: seasons[1].month").
type Written struct {
	Text  string
	Where string
}

var (
	namedYearFirst = regexp.MustCompile(`^\s*(-?\d+)\s*-\s*(.*?)\s*-\s*(\d+)\s*$`)
	namedDayFirst  = regexp.MustCompile(`^\s*(\d+)\s+(.+?)\s*,?\s+(-?\d+)\s*$`)
)

// ParseDateText reads a date as a person writes it: "1492-4-3", or with the
// month by name, "1492-Ches-3" or "3 Ches 1492". month is the name when one
// is given (d.Month is then 0, to be resolved against the calendar).
func ParseDateText(s string) (d Date, month string, err error) {
	if d, err := ParseDate(s); err == nil || !strings.Contains(err.Error(), "not a date") {
		return d, "", err
	}
	var year, day string
	if m := namedYearFirst.FindStringSubmatch(s); m != nil {
		year, month, day = m[1], m[2], m[3]
	} else if m := namedDayFirst.FindStringSubmatch(s); m != nil {
		day, month, year = m[1], m[2], m[3]
	} else {
		return Date{}, "", fmt.Errorf("%q is not a date of the form YEAR-MONTH-DAY (1492-4-3, 1492-Ches-3 or 3 Ches 1492)", s)
	}
	if strings.TrimSpace(month) == "" {
		return Date{}, "", fmt.Errorf("%q names no month", s)
	}
	y, err1 := strconv.Atoi(year)
	dd, err2 := strconv.Atoi(day)
	if err1 != nil || err2 != nil {
		return Date{}, "", fmt.Errorf("%q has a number too large", s)
	}
	return Date{Year: y, Day: dd}, month, nil
}

// resolve is the number of the month w names in r's calendar. The error
// names where it was written and the month meant, or the months there are.
func (w *Written) resolve(r *almanac.Reckoning) (int, error) {
	if r == nil || r.MonthCount() == 0 {
		return 0, fmt.Errorf("%s: month %q: the calendar has no months to name", w.Where, w.Text)
	}
	m, err := r.ParseMonth(w.Text)
	if err != nil {
		return 0, fmt.Errorf("%s: %v%s", w.Where, err, monthHint(r, w.Text))
	}
	return m, nil
}

// monthHint is "; did you mean "Ches"?" for a near name, else the list of
// the calendar's months (the almanac lists them itself when a name is
// ambiguous).
func monthHint(r *almanac.Reckoning, text string) string {
	var names, list []string
	for i := 1; i <= r.MonthCount(); i++ {
		m, _ := r.Month(i)
		names = append(names, m.Name)
		if m.Alias != "" {
			names = append(names, m.Alias)
		}
		if len(list) < 24 {
			list = append(list, fmt.Sprintf("%d %s", i, m.Name))
		}
	}
	if isWholeText(text) {
		return ""
	}
	if _, err := r.ParseMonth(text); err != nil && strings.Contains(err.Error(), "ambiguous") {
		return ""
	}
	if near, ok := suggest.Nearest(strings.TrimSpace(text), names); ok {
		return fmt.Sprintf("; did you mean %q?", near)
	}
	if r.MonthCount() > len(list) {
		list = append(list, "…")
	}
	return "; the months are " + strings.Join(list, ", ")
}

// errJoin joins errs one per line, nil when there are none.
func errJoin(errs []error) error {
	if len(errs) == 0 {
		return nil
	}
	lines := make([]string, len(errs))
	for i, e := range errs {
		lines[i] = e.Error()
	}
	return errors.New(strings.Join(lines, "\n"))
}
