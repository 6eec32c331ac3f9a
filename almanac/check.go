package almanac

import (
	"fmt"
	"strconv"
	"strings"
)

// Check says whether d exists, and if not, why not.
func (r *Reckoning) Check(d Date) error {
	if err := r.checkYear(d.Year); err != nil {
		return err
	}
	if err := r.checkMonth(d.Month); err != nil {
		return err
	}
	if d.Day < 1 {
		return fmt.Errorf("day %d does not exist: days are counted from 1", d.Day)
	}
	leap := r.IsLeapYear(d.Year)
	n := r.monthLen(d.Month, leap)
	if d.Day <= n {
		return nil
	}
	name := r.months[d.Month-1].Name
	other := r.monthLen(d.Month, !leap)
	switch {
	case !leap && d.Day <= other:
		return fmt.Errorf("day %d of %s exists only in leap years", d.Day, name)
	case leap && d.Day <= other:
		return fmt.Errorf("day %d of %s does not exist in leap years", d.Day, name)
	case leap && other != n:
		return fmt.Errorf("day %d does not exist: %s has %s in leap years", d.Day, name, plural(n, "day"))
	default:
		return fmt.Errorf("day %d does not exist: %s has %s", d.Day, name, plural(n, "day"))
	}
}

// CheckWritten is Check of a whole date a person wrote (a flag, a file):
// when d looks written day first (6-Ches-1492, read as year 6, day 1492)
// the error also says the order dates are read in, and the date meant.
func (r *Reckoning) CheckWritten(d Date) error {
	err := r.Check(d)
	if err == nil {
		return nil
	}
	if meant, ok := r.dayFirst(d); ok {
		return fmt.Errorf("%w; dates are read year first (YEAR-MONTH-DAY): did you mean %s?", err, meant)
	}
	return err
}

// dayFirst is d with its year and day swapped, written back, when d looks
// written day first: its day has three digits or more, no month has it,
// and the swapped date exists.
func (r *Reckoning) dayFirst(d Date) (string, bool) {
	if d.Month < 1 || d.Month > len(r.months) || d.Year < 1 {
		return "", false
	}
	longest := 99
	for m := range r.months {
		longest = max(longest, r.monthLen(m+1, false), r.monthLen(m+1, true))
	}
	meant := Date{Year: d.Day, Month: d.Month, Day: d.Year}
	if d.Day <= longest || r.Check(meant) != nil {
		return "", false
	}
	// By name, as a person writes it, when the name reads back as the
	// month (not one a check made up for a month without a name).
	month := strings.TrimSpace(r.months[d.Month-1].Name)
	if month == "" || strings.Contains(month, "-") || month == fmt.Sprintf("month %d", d.Month) {
		month = strconv.Itoa(d.Month)
	}
	return fmt.Sprintf("%d-%s-%d", meant.Year, month, meant.Day), true
}
