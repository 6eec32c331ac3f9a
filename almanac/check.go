package almanac

import "fmt"

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
