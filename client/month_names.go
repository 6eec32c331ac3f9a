package client

import (
	"errors"
	"fmt"
	"strings"

	"github.com/kanka-cli/kanka/almanac"
)

// A month may be written by number or by name wherever a person writes one
// (--date, --season, --leap-year-month, month: and date: in files): a name,
// an alias, in any case, or a prefix only one month has. Only the calendar's
// months can turn a name into a number, and a flag or file is read before
// the calendar is, so a name is kept as Written and resolved later, against
// the months the command has at hand (ResolveDate, ResolveMonths). What is
// sent, and what files and -o yaml print, is always the number.

// Written is a month, or a whole date, written with names, and where it
// was written for messages ("--date", "line 4: seasons[1].month").
type Written struct {
	Text  string
	Where string
	// Date: Text is a whole date ("3 Ches, Year of Three Ships Sailing
	// DR"), read with almanac.Reckoning.ReadDate; else a month.
	Date bool
}

// ParseDateInput reads a date given in a flag or a file. "Y-M-D" in
// numbers is read at once; any other form kanka reads or prints (month and
// year names, a suffix: almanac.Reckoning.ReadDate) is kept whole as
// written, to be read with the calendar's months and years once they are
// at hand. A text that can be no date is an error at once.
func ParseDateInput(s, where string) (*Date, *Written, error) {
	if d, err := ParseDate(s); err == nil {
		return &d, nil, nil
	} else if !strings.Contains(err.Error(), "not a date") {
		return nil, nil, err
	}
	if err := almanac.CheckDateShape(s); err != nil {
		return nil, nil, err
	}
	return nil, &Written{Text: s, Where: where, Date: true}, nil
}

// resolveDate reads the whole date w holds with r's months and year names.
// The error names where it was written and, for a month that is not one,
// the month meant or the months there are.
func (w *Written) resolveDate(r *almanac.Reckoning) (Date, error) {
	if r == nil || r.MonthCount() == 0 {
		return Date{}, fmt.Errorf("%s: date %q: the calendar has no months to name", w.Where, w.Text)
	}
	d, err := r.ReadDate(w.Text)
	if err != nil {
		return Date{}, fmt.Errorf("%s: %v%s", w.Where, err, monthList(r, err))
	}
	return d, nil
}

// resolve is the number of the month w names in r's calendar. The error
// names where it was written and the month meant, or the months there are.
func (w *Written) resolve(r *almanac.Reckoning) (int, error) {
	if r == nil || r.MonthCount() == 0 {
		return 0, fmt.Errorf("%s: month %q: the calendar has no months to name", w.Where, w.Text)
	}
	m, err := r.ParseMonth(w.Text)
	if err != nil {
		return 0, fmt.Errorf("%s: %v%s", w.Where, err, monthList(r, err))
	}
	return m, nil
}

// monthList is "; the months are 1 Hammer, 2 Alturiak, …" after a month
// name that is near none of the calendar's: the almanac's own message
// already suggests the near one, or lists those an ambiguous name may be.
func monthList(r *almanac.Reckoning, err error) string {
	var month *almanac.MonthError
	if !errors.As(err, &month) || month.Near != "" || month.Ambiguous {
		return ""
	}
	var list []string
	for i := 1; i <= r.MonthCount() && len(list) < 24; i++ {
		m, _ := r.Month(i)
		list = append(list, fmt.Sprintf("%d %s", i, m.Name))
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
