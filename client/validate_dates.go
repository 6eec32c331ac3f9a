package client

import (
	"fmt"

	"github.com/kanka-cli/kanka/almanac"
)

// Dates are checked with the almanac before a write, so that a day the
// calendar does not have is refused with the almanac's reason ("day 31 does
// not exist: Hammer has 30 days", "day 2 of Midwinter exists only in leap
// years", "year 0 does not exist in this calendar") and nothing is sent.

// ValidateWeatherDate checks that d is a day of cal: its months, leap days
// and skip_year_zero. The problem is an *InputError on the field "date".
// With no calendar (nil), or one without months, only month and day below 1
// are refused.
func ValidateWeatherDate(cal *Calendar, d Date) error {
	var ps problems
	ps.checkDate(cal, d)
	return ps.err()
}

// ValidateCalendarDates checks the dates of the calendar in would make: its
// current date, and that each season starts on a day the calendar has in
// some year (a season on a leap day starts only in leap years). Problems
// are an *InputError on "date" and "season N". Validate includes it.
func ValidateCalendarDates(in CalendarInput) error {
	var ps problems
	ps.checkCalendarDates(in)
	return ps.err()
}

func (ps *problems) checkDate(cal *Calendar, d Date) {
	var r *almanac.Reckoning
	if cal != nil {
		// A calendar the almanac cannot count (no months, as the live
		// service's wipe leaves) cannot say which days exist.
		r, _ = almanac.New(namedMonths(cal.AlmanacCalendar()))
	}
	if r == nil {
		if d.Month < 1 || d.Day < 1 {
			ps.add("date", "month and day must be at least 1")
		}
		return
	}
	if err := r.CheckWritten(d); err != nil {
		ps.add("date", "%s", err)
	}
}

func (ps *problems) checkCalendarDates(in CalendarInput) {
	r := ps.reckoningOf(in)
	for i, s := range in.Seasons {
		ps.checkSeasonStart(r, i, s)
	}
	ps.checkCurrentDate(r, in.Date)
}

// reckoningOf is the arithmetic of the calendar in would make, or nil when
// it has no months ("months" says so) or one the almanac cannot count
// (added as a problem of the months).
func (ps *problems) reckoningOf(in CalendarInput) *almanac.Reckoning {
	if len(in.Months) == 0 {
		return nil
	}
	cal := namedMonths(in.AlmanacCalendar())
	if cal.Leap.Enabled && (cal.Leap.Amount < -maxLeapAmount || cal.Leap.Amount > maxLeapAmount ||
		cal.Leap.Offset < 1 || cal.Leap.Offset > maxLeapYearSetting ||
		cal.Leap.Start < 1 || cal.Leap.Start > maxLeapYearSetting) {
		// checkLeap says what is wrong; the days are checked as if there
		// were no leap years rather than not at all.
		cal.Leap.Enabled = false
	}
	r, err := almanac.New(cal)
	if err != nil {
		ps.add("months", "%s", err)
		return nil
	}
	return r
}

// checkSeasonStart checks season i (from 0) against r, when there is one.
func (ps *problems) checkSeasonStart(r *almanac.Reckoning, i int, s Season) {
	if r == nil {
		return
	}
	if err := seasonStartProblem(r, s); err != nil {
		ps.add(fmt.Sprintf("season %d", i+1), "%s", err)
	}
}

// checkCurrentDate checks the calendar's date against r, when both are given.
func (ps *problems) checkCurrentDate(r *almanac.Reckoning, d *Date) {
	if r == nil || d == nil {
		return
	}
	if err := r.CheckWritten(*d); err != nil {
		ps.add("date", "%s", err)
	}
}

// seasonStartProblem says why s starts in no year: its day exists neither
// in a common year nor in a leap year.
func seasonStartProblem(r *almanac.Reckoning, s Season) error {
	var first error
	for _, y := range commonAndLeapYear(r) {
		err := r.Check(almanac.Date{Year: y, Month: s.Month, Day: s.Day})
		if err == nil {
			return nil
		}
		if first == nil {
			first = err
		}
	}
	return first
}

// commonAndLeapYear returns a common year and, when the calendar has leap
// years, a leap year, both existing. The leap start and interval are
// 1..255 here (checkCalendarDates turns other rules off): the year before
// the start (or the one before that, when year 0 is skipped) is common, the
// start or one interval later is a leap year.
func commonAndLeapYear(r *almanac.Reckoning) []int {
	l := r.Calendar().Leap
	if !l.Enabled {
		return []int{1}
	}
	exists := func(y int) bool { _, err := r.YearLength(y); return err == nil }
	var years []int
	for _, y := range []int{l.Start - 1, l.Start - 2} {
		if exists(y) && !r.IsLeapYear(y) {
			years = append(years, y)
			break
		}
	}
	for _, y := range []int{l.Start, l.Start + l.Offset} {
		if exists(y) && r.IsLeapYear(y) {
			return append(years, y)
		}
	}
	return years
}

// namedMonths names a month without a name "month N", so that a message
// about its days says which one (the blank name is a problem of its own).
func namedMonths(cal almanac.Calendar) almanac.Calendar {
	months := append([]almanac.Month(nil), cal.Months...)
	for i := range months {
		if StoredText(months[i].Name) == "" {
			months[i].Name = fmt.Sprintf("month %d", i+1)
		}
	}
	cal.Months = months
	return cal
}
