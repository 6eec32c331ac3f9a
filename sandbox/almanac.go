package sandbox

import (
	"strings"

	"github.com/kanka-cli/kanka/almanac"
)

// The sandbox counts days with package almanac, as the client does: the
// service's rules of calendar-time.md (a leap interval below 1 counts as 1,
// a leap amount of 0 still makes leap years, a negative amount removes days
// but leaves a month at least 1). The almanac reads the stored calendar, not
// the client's types, so the sandbox still shares no codec with the client.

// almanacOf is the part of c the almanac counts with.
func almanacOf(c *calendar) almanac.Calendar {
	a := almanac.Calendar{
		Weekdays: append([]string(nil), c.Weekdays...),
		Years:    make(map[int]string, len(c.Years)),
		Leap: almanac.LeapRule{Enabled: c.Fields.flag("has_leap_year"), Amount: deref(c.Fields.whole("leap_year_amount")),
			Month: deref(c.Fields.whole("leap_year_month")), Offset: deref(c.Fields.whole("leap_year_offset")),
			Start: deref(c.Fields.whole("leap_year_start"))},
		SkipYearZero: c.Fields.flag("skip_year_zero"),
		StartOffset:  deref(c.Fields.whole("start_offset")),
		Suffix:       deref(c.Fields.text("suffix")),
	}
	for _, m := range c.Months {
		a.Months = append(a.Months, almanac.Month{Name: m.Name, Alias: m.Alias, Length: m.Length, Intercalary: strings.EqualFold(m.Type, "intercalary")})
	}
	for _, y := range c.Years {
		a.Years[y.Number] = y.Name
	}
	for _, s := range c.Seasons {
		a.Seasons = append(a.Seasons, almanac.Season{Name: s.Name, Month: s.Month, Day: s.Day})
	}
	for _, m := range c.Moons {
		a.Moons = append(a.Moons, almanac.Moon{Name: m.Name, Fullmoon: m.Fullmoon, Offset: m.Offset})
	}
	return a
}

// monthLength is the number of days of month (from 1, one of c's) in year,
// leap days included. ok is false when the calendar has no such year (year
// 0 with skip_year_zero). A calendar the almanac cannot count (a year of
// more than almanac.MaxYearLength days) falls back to the month's length.
func (c *calendar) monthLength(year, month int) (length int, ok bool) {
	r, err := almanac.New(almanacOf(c))
	if err != nil {
		return max(c.Months[month-1].Length, 1), true
	}
	n, err := r.MonthLength(year, month)
	return n, err == nil
}

// longestMonths is the most days each month has in any year, leap years
// included, under the leap rule (its interval and start do not matter: with
// leap years on, some year is one). A season may start on a day only leap
// years have, like Shieldmeet; it starts in those years.
func longestMonths(months []month, leap almanac.LeapRule) []int {
	out := make([]int, len(months))
	cal := almanacOf(&calendar{Months: months})
	cal.Leap = almanac.LeapRule{Enabled: leap.Enabled, Amount: leap.Amount, Month: leap.Month, Offset: 1, Start: 1}
	r, err := almanac.New(cal)
	for i, m := range months {
		out[i] = m.Length
		if err != nil {
			continue
		}
		common, _ := r.Month(i + 1)
		inLeap, _ := r.MonthLength(1, i+1)
		out[i] = max(common.Length, inLeap)
	}
	return out
}
