package calexport

import (
	"errors"
	"fmt"
	"strings"

	"github.com/kanka-cli/kanka/almanac"
	"github.com/kanka-cli/kanka/client"
)

// calendar is the calendar being exported, counted: its days by the
// almanac, its current date, its leap rule, and the losses the writers
// find, one a line.
type calendar struct {
	id   int
	in   client.CalendarInput
	r    *almanac.Reckoning
	cur  almanac.Date
	ord  int64 // the current date's day number
	skip bool  // year 0 does not exist
	// leap is the leap rule; nil when no year gets leap days.
	leap *leapRule
	// standard are the days of the standard months before each month (by
	// index m-1) of a year without leap days, and last of the year.
	standard []int64
	losses   []Loss
	// work counts what the comparisons of reminders' days counted
	// (compareBudget bounds it).
	work int64
	days *dayScratch // the comparisons' reused spans
	// scFirsts are one year's scDay of each month's first day (scFirstsOf).
	scFirsts scYearFirsts
	// starts are yearStart of the years from startsFrom on (countStarts).
	starts     []int64
	startsFrom int
}

// leapRule is Kanka's leap rule: amount days at the end of month (from 1)
// in every every-th year from start on, none before.
type leapRule struct{ start, every, amount, month int }

// prepare counts the calendar, a field not given as the almanac counts it
// (the command refuses a record whose answer left out what its days
// depend on). It needs a current date, and the tools a weekday.
func prepare(cal *client.Calendar) (*calendar, error) {
	in := cal.CalendarInput
	if in.Date == nil {
		return nil, errors.New("the calendar has no current date: the tools need one")
	}
	if len(in.Weekdays) == 0 {
		return nil, errors.New("the calendar has no weekdays: the tools need at least one")
	}
	r, err := in.Reckoning()
	if err != nil {
		return nil, fmt.Errorf("the calendar cannot be counted: %w", err)
	}
	if err := r.Check(*in.Date); err != nil {
		return nil, fmt.Errorf("its current date %s: %w", *in.Date, err)
	}
	// Years far beyond any calendar's use would wrap the sums below.
	if y := in.Date.Year; y < -almanac.MaxYear/2 || y > almanac.MaxYear/2 {
		return nil, fmt.Errorf("its current year %d is beyond what the tools count", y)
	}
	c := &calendar{id: cal.ID, in: in, r: r, cur: *in.Date, skip: in.SkipYearZero != nil && *in.SkipYearZero}
	c.ord, _ = r.Ordinal(c.cur)
	c.countStarts()
	c.standard = make([]int64, len(in.Months)+1)
	for m := 1; m <= len(in.Months); m++ {
		c.standard[m] = c.standard[m-1]
		if !c.intercalary(m) {
			c.standard[m] += int64(c.length(m, 0))
		}
	}
	a := r.Calendar().Leap
	if a.Enabled && a.Amount != 0 && a.Month >= 1 && a.Month <= len(in.Months) {
		c.leap = &leapRule{start: a.Start, every: max(a.Offset, 1), amount: a.Amount, month: a.Month}
	}
	return c, nil
}

func (c *calendar) name() string { return strings.TrimSpace(c.in.Name) }

func (c *calendar) months() []client.Month { return c.in.Months }

// intercalary reports whether month m (from 1) stands outside the week.
func (c *calendar) intercalary(m int) bool {
	mo, _ := c.r.Month(m)
	return mo.Intercalary
}

// exists reports whether Kanka has year y.
func (c *calendar) exists(y int) bool { return !(c.skip && y == 0) }

// leapDays are the days Kanka adds at the end of the leap month in year y.
func (c *calendar) leapDays(y int) int {
	if c.leap == nil || !c.r.IsLeapYear(y) {
		return 0
	}
	return c.leap.amount
}

// length is the days of month m (from 1) in a year that adds extra days
// to the leap month: as the almanac counts, never below 1.
func (c *calendar) length(m, extra int) int {
	mo, _ := c.r.Month(m)
	n := mo.Length
	if c.leap != nil && m == c.leap.month {
		n += extra
	}
	return max(n, 1)
}

// standardDays are the days of the months before month m (from 1) of a
// year that adds extra leap days, the standard months' only (those of the
// week).
func (c *calendar) standardDays(m, extra int) int64 {
	n := c.standard[m-1]
	if l := c.leap; l != nil && l.month < m && !c.intercalary(l.month) {
		n += int64(c.length(l.month, extra) - c.length(l.month, 0))
	}
	return n
}

// firstStandard is the first month (from 1) of the week, 0 when every
// month is intercalary.
func (c *calendar) firstStandard() int {
	for m := 1; m <= len(c.in.Months); m++ {
		if !c.intercalary(m) {
			return m
		}
	}
	return 0
}

// weekday is Kanka's weekday of day 1 of standard month m of year y, as a
// grid column: a day outside the week counts as day 1 of the next.
func (c *calendar) weekday(y, m int) int {
	col, _, _ := c.r.Weekday(almanac.Date{Year: y, Month: m, Day: 1})
	return col
}

// weekLength is the number of weekdays.
func (c *calendar) weekLength() int { return len(c.in.Weekdays) }

// startOffset is the calendar's start_offset, as the almanac takes it.
func (c *calendar) startOffset() int { return c.r.Calendar().StartOffset }

// lose adds a loss; differs is its day, nil when it changes none.
func (c *calendar) lose(differs *almanac.Date, format string, args ...any) {
	c.losses = append(c.losses, Loss{Text: fmt.Sprintf(format, args...), Differs: differs})
}

// firstDiffers is the words that end a loss which changes days.
func firstDiffers(d *almanac.Date) string {
	return fmt.Sprintf("the first day that differs, counting from the current date, is %s", d)
}
