package almanac

// The month grid of the service: intercalary months stand outside the week;
// a standard month's day 1 falls in column (floormod(N, W) + start_offset)
// mod W, N being the standard-month days (leap days included) from day 0.

// stdDaysBefore counts the days of standard months from day 0 to day 1 of month m of year y.
func (r *Reckoning) stdDaysBefore(y int64, m int) int64 {
	kind := kindOf(r.leap.isLeap(y))
	return r.daysBefore(r.astro(y), r.stdYearLen[0], r.stdYearLen[1]-r.stdYearLen[0]) + r.stdBefore[kind][m-1]
}

// column is the grid column of an existing date; for an intercalary month
// the days fill their own rows from column 0 (kanka's choice: the service
// only says they start a row).
func (r *Reckoning) column(d Date) int {
	w := int64(len(r.cal.Weekdays))
	if r.months[d.Month-1].Intercalary {
		return int(FloorMod(int64(d.Day-1), w))
	}
	first := FloorMod(FloorMod(r.stdDaysBefore(int64(d.Year), d.Month), w)+FloorMod(int64(r.cal.StartOffset), w), w)
	return int(FloorMod(first+int64(d.Day-1), w))
}

// Weekday is the index (0-based) in the weekday list of d's weekday; ok is
// false for a day of an intercalary month, which has none.
func (r *Reckoning) Weekday(d Date) (index int, ok bool, err error) {
	if err := r.Check(d); err != nil {
		return 0, false, err
	}
	if len(r.cal.Weekdays) < 2 {
		return 0, false, ErrFewWeekdays
	}
	if r.months[d.Month-1].Intercalary {
		return 0, false, nil
	}
	return r.column(d), true, nil
}
