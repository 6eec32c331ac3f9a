package calexport

import "github.com/kanka-cli/kanka/almanac"

// A tool holds the calendar's months and weekdays as Kanka does, but not
// always its years: none of the tools starts a leap rule on a given year
// (each has leap years before Kanka's first), Simple Calendar always has
// a year 0, Calendarium never. toolYears says which years the tool has
// and which leap days; yearsDiffer finds the nearest day the tool has and
// Kanka not, or the other way.

// toolYears is the tool's years of the exported calendar.
type toolYears struct {
	// exists reports whether the tool has year y.
	exists func(y int) bool
	// leapDays are the days the tool adds at the end of the leap month
	// in year y.
	leapDays func(y int) int
}

// yearsDiffer is the day nearest the current date, within Years years of
// it, that the tool has and Kanka not or the other way: a year one of the
// two has not, or a leap day. Counting from the current date, the days
// before it (after it, going back) are the same in both; the other way
// round, the first day that differs. nil when there is none. from and to
// are the day numbers of the days around the current date that are the
// same in both (within the Years).
func (c *calendar) yearsDiffer(t toolYears) (differs *almanac.Date, from, to int64) {
	from, to = c.window()
	var after, before *almanac.Date
	var afterSteps, beforeSteps int64
	for k := 0; k <= Years && (after == nil || before == nil); k++ {
		if after == nil {
			if d, ok := c.yearDiffers(t, c.cur.Year+k, true); ok {
				after, afterSteps = &d, c.firstAtOrAfter(d)-c.ord
			}
		}
		if before == nil {
			if d, ok := c.yearDiffers(t, c.cur.Year-k, false); ok {
				before, beforeSteps = &d, c.ord-c.lastAtOrBefore(d)
			}
		}
	}
	if after != nil {
		to = c.ord + afterSteps - 1
	}
	if before != nil {
		from = c.ord - beforeSteps + 1
	}
	switch {
	case after == nil:
		return before, from, to
	case before == nil, afterSteps <= beforeSteps:
		return after, from, to
	}
	return before, from, to
}

// yearDiffers is the day of year y that differs between the tool and
// Kanka, the first of them (forward) or the last (going back); in the
// current year only those on the side of the current date looked at.
func (c *calendar) yearDiffers(t toolYears, y int, forward bool) (almanac.Date, bool) {
	inKanka, inTool := c.exists(y), t.exists(y)
	if !inKanka && !inTool {
		return almanac.Date{}, false
	}
	if inKanka != inTool && y == c.cur.Year {
		return c.cur, true // the current year itself: every day of it differs
	}
	if inKanka != inTool {
		extra := 0
		if inTool {
			extra = t.leapDays(y)
		} else {
			extra = c.leapDays(y)
		}
		if forward {
			return almanac.Date{Year: y, Month: 1, Day: 1}, true
		}
		last := len(c.months())
		return almanac.Date{Year: y, Month: last, Day: c.length(last, extra)}, true
	}
	if c.leap == nil && t.leapDays(y) == 0 {
		return almanac.Date{}, false
	}
	m := c.leapMonth()
	kanka, tool := c.length(m, c.leapDays(y)), c.length(m, t.leapDays(y))
	if kanka == tool {
		return almanac.Date{}, false
	}
	d := almanac.Date{Year: y, Month: m, Day: min(kanka, tool) + 1}
	if !forward {
		d.Day = max(kanka, tool)
	}
	if y == c.cur.Year && (forward && d.Compare(c.cur) <= 0 || !forward && d.Compare(c.cur) >= 0) {
		return almanac.Date{}, false
	}
	return d, true
}

// leapMonth is the month (from 1) that gets the leap days.
func (c *calendar) leapMonth() int {
	if c.leap == nil {
		return 1
	}
	return c.leap.month
}

// firstAtOrAfter is the day number of d, or where Kanka has no day d, of
// Kanka's first day after it.
func (c *calendar) firstAtOrAfter(d almanac.Date) int64 {
	if !c.exists(d.Year) {
		return c.yearStart(d.Year + 1)
	}
	if n, _ := c.r.MonthLength(d.Year, d.Month); d.Day > n {
		o, _ := c.r.Ordinal(almanac.Date{Year: d.Year, Month: d.Month, Day: n})
		return o + 1
	}
	o, _ := c.r.Ordinal(d)
	return o
}

// lastAtOrBefore is the day number of d, or where Kanka has no day d, of
// Kanka's last day before it.
func (c *calendar) lastAtOrBefore(d almanac.Date) int64 {
	if !c.exists(d.Year) {
		return c.yearStart(d.Year+1) - 1
	}
	if n, _ := c.r.MonthLength(d.Year, d.Month); d.Day > n {
		o, _ := c.r.Ordinal(almanac.Date{Year: d.Year, Month: d.Month, Day: n})
		return o
	}
	o, _ := c.r.Ordinal(d)
	return o
}

// yearStart is the day number of day 1 of year y, or of the year after it
// where Kanka has no year y.
func (c *calendar) yearStart(y int) int64 {
	if i := y - c.startsFrom; i >= 0 && i < len(c.starts) {
		return c.starts[i]
	}
	return c.countYearStart(y)
}

// countStarts counts the year starts of the Years either side of the
// current date once: each reminder's comparison asks for them year by year.
func (c *calendar) countStarts() {
	c.startsFrom = c.cur.Year - Years - 2
	c.starts = make([]int64, 2*Years+5)
	for i := range c.starts {
		c.starts[i] = c.countYearStart(c.startsFrom + i)
	}
}

// countYearStart is yearStart, counted.
func (c *calendar) countYearStart(y int) int64 {
	if !c.exists(y) {
		y++
	}
	o, _ := c.r.Ordinal(almanac.Date{Year: y, Month: 1, Day: 1})
	return o
}

// congruent counts the years in lo..hi-1 that are r modulo n.
func congruent(lo, hi, r, n int64) int64 {
	if hi <= lo {
		return 0
	}
	return almanac.FloorDiv(hi-1-r, n) - almanac.FloorDiv(lo-1-r, n)
}
