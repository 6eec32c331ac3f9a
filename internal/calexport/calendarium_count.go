package calexport

import "github.com/kanka-cli/kanka/almanac"

// cmYears is Calendarium's count of the calendar (functions.ts,
// years.store.ts, month.store.ts): no year 0; leap days in the years that
// fit the interval from the offset (testLeapDay), before the start too;
// days counted from day 1 of year 1 over the standard months and the leap
// days that are not intercalary only (daysFromYearOne, daysBefore), the
// leap days before a year counted with the offset added
// (leapDaysBeforeYear), the years before 1 mirrored on it.
type cmYears struct {
	c                        *calendar
	amount, every, offset    int
	outside                  bool // the leap days are intercalary
	firstWeekDay, weekOffset int
}

func (t cmYears) isLeap(y int) bool {
	return t.amount > 0 && (y-t.offset)%t.every == 0
}

func (t cmYears) years() toolYears {
	return toolYears{exists: func(y int) bool { return y != 0 }, leapDays: func(y int) int {
		if t.isLeap(y) {
			return t.amount
		}
		return 0
	}}
}

// weekLeaps are the leap days of year y Calendarium counts in the week.
func (t cmYears) weekLeaps(y int) int {
	if t.outside || !t.isLeap(y) {
		return 0
	}
	return t.amount
}

// leapDaysBeforeYear is Calendarium's count of the leap days before year y.
func (t cmYears) leapDaysBeforeYear(y int) int64 {
	year := int64(y)
	if year < 0 {
		year = -year
	}
	if year == 1 || t.amount == 0 || t.outside {
		return 0
	}
	prior := year - 1
	if y < 0 {
		prior = year
	}
	return int64(t.amount) * almanac.FloorDiv(prior+int64(t.offset), int64(t.every))
}

// daysFromYearOne is Calendarium's count of the days of the week before
// year y.
func (t cmYears) daysFromYearOne(y int) int64 {
	if y == 1 {
		return 0
	}
	year := int64(y)
	if y < 1 {
		year++
	}
	span := year - 1
	if span < 0 {
		span = -span
	}
	return span*t.c.standardDays(len(t.c.months())+1, 0) + t.leapDaysBeforeYear(y)
}

// monthBefore is Calendarium's count of the days of the week before month
// m (from 1) of year y.
func (t cmYears) monthBefore(y, m int) int64 {
	n := t.c.standardDays(m, 0)
	if l := t.c.leap; l != nil && l.month < m {
		n += int64(t.weekLeaps(y))
	}
	return n
}

// count is Calendarium's day count of d, which its moons go by.
func (t cmYears) count(d almanac.Date) int64 {
	return t.daysFromYearOne(d.Year) + t.monthBefore(d.Year, d.Month) + int64(d.Day) - 1
}

// firstDay is Calendarium's weekday of year y's first day of the week
// (getFirstDayOfYear).
func (t cmYears) firstDay(y int) int64 {
	w := int64(t.c.weekLength())
	if y == 1 {
		return int64(t.firstWeekDay)
	}
	mult := int64(1)
	if y < 0 {
		mult = -1
	}
	return almanac.FloorMod(mult*(t.daysFromYearOne(y)%w+mult*int64(t.firstWeekDay)+mult*int64(t.weekOffset)), w)
}
