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
		return fmt.Errorf("day %d does not exist: %s has %s in leap years%s", d.Day, name, plural(n, "day"), r.dayFirstHint(d))
	default:
		return fmt.Errorf("day %d does not exist: %s has %s%s", d.Day, name, plural(n, "day"), r.dayFirstHint(d))
	}
}

// dayFirstHint names the order dates are read in when d looks written day
// first (6-Ches-1492: year 6, day 1492): its day is longer than any month
// and the date meant, year and day swapped, exists.
func (r *Reckoning) dayFirstHint(d Date) string {
	longest := 0
	for m := range r.months {
		longest = max(longest, r.monthLen(m+1, false), r.monthLen(m+1, true))
	}
	meant := Date{Year: d.Day, Month: d.Month, Day: d.Year}
	if d.Day <= longest || r.checkYear(meant.Year) != nil || meant.Day < 1 ||
		meant.Day > r.monthLen(meant.Month, r.IsLeapYear(meant.Year)) {
		return ""
	}
	month := r.months[d.Month-1].Name
	if strings.TrimSpace(month) == "" || strings.Contains(month, "-") {
		month = strconv.Itoa(d.Month)
	}
	return fmt.Sprintf("; dates are read year first (YEAR-MONTH-DAY): did you mean %d-%s-%d?", meant.Year, month, meant.Day)
}
