package calexport

import "github.com/kanka-cli/kanka/almanac"

// scCount is Simple Calendar's count of days (src/classes/calendar/
// index.ts: dateToDays; leap-year.ts: isLeapYear, howManyLeapYears) of
// the calendar as written, ported with its quirks: days are counted from
// day 1 of year.yearZero, years before it backwards; the leap years come
// every customMod years from startingYear, before it too; the count of
// leap years before a year leaves the starting year out, and a year
// after 0 gets one more leap year's days when yearZero is 0. The moons go
// by the count of every day (all), the weekdays by that of the days of
// the week.
type scCount struct {
	c           *calendar
	yearZero    int
	leap        bool // a custom rule
	mod, start  int
	common, lp  []int // the months' days in common and leap years
	intercalary []bool
}

func (c *calendar) scCount(yearZero int, t scYears) scCount {
	s := scCount{c: c, yearZero: yearZero}
	if l := c.leap; l != nil {
		s.leap, s.mod, s.start = true, l.every, t.start
	}
	for m := 1; m <= len(c.months()); m++ {
		s.common = append(s.common, c.length(m, 0))
		s.lp = append(s.lp, c.length(m, t.amount))
		s.intercalary = append(s.intercalary, c.intercalary(m))
	}
	return s
}

func (s scCount) isLeapYear(year int) bool {
	return s.leap && (year-s.start)%s.mod == 0
}

func (s scCount) howManyLeapYears(year int) int64 {
	if !s.leap {
		return 0
	}
	n := almanac.FloorDiv(int64(year-s.start), int64(s.mod))
	if s.isLeapYear(year) && n > 0 {
		n--
	}
	return n
}

// daysBefore are the days of the months before month i (0-based) that
// count: every month (all) or those of the week.
func (s scCount) daysBefore(i int, leap, all bool) int64 {
	var n int64
	for j := range i {
		if !all && s.intercalary[j] {
			continue
		}
		if leap {
			n += int64(s.lp[j])
		} else {
			n += int64(s.common[j])
		}
	}
	return n
}

func (s scCount) days(year, month, dayIndex int, all bool) int64 {
	before := year < s.yearZero
	perYear := s.daysBefore(len(s.common), false, all)
	leapDifference := s.daysBefore(len(s.common), true, all) - perYear
	isLeap := s.isLeapYear(year)
	leaps, zeroLeaps := s.howManyLeapYears(year), s.howManyLeapYears(s.yearZero)
	procYear := int64(year - s.yearZero)
	if procYear < 0 {
		procYear = -procYear
	}
	if before {
		procYear--
	}
	length := int64(s.common[month])
	if isLeap {
		length = int64(s.lp[month])
	}
	into := int64(max(dayIndex+1, 1))
	days := perYear * procYear
	if before {
		if isLeap {
			days += (zeroLeaps - (leaps + 1)) * leapDifference
		} else {
			days += (zeroLeaps - leaps) * leapDifference
		}
		days += s.daysBefore(len(s.common), isLeap, all) - s.daysBefore(month+1, isLeap, all)
		days += length - into
		days++
		if year <= 0 && s.leap {
			if s.yearZero == 0 && !isLeap {
				days -= leapDifference
			} else if s.yearZero != 0 && isLeap {
				days += leapDifference
			}
		}
	} else {
		diff := leaps - zeroLeaps
		if diff < 0 {
			diff = -diff
		}
		days += diff*leapDifference + s.daysBefore(month, isLeap, all) + into - 1
	}
	if year > 0 && s.yearZero == 0 && s.leap {
		days += leapDifference
	}
	if before {
		return -days
	}
	return days
}
