package calexport

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/kanka-cli/kanka/almanac"
)

// The losses every format may have, said in one way.

// yearLosses says where the tool's years differ from Kanka's: a year 0
// one of the two has not, and leap years Kanka has not (none of the tools
// starts a leap rule on a year: the years before the start that fit it
// are leap years there too) or whose days the tool cannot take off. from
// and to are the day numbers of the days around the current date that
// are the same in both.
func (c *calendar) yearLosses(tool string, t toolYears) (from, to int64) {
	_, from, to = c.yearsDiffer(t)
	if d, _, _ := c.yearsDiffer(toolYears{exists: t.exists, leapDays: c.leapDays}); d != nil {
		if t.exists(0) {
			c.lose(d, "year 0: %s has a year 0, which this calendar skips (its year 1 follows year -1 here); %s", tool, firstDiffers(d))
		} else {
			c.lose(d, "year 0: %s has no year 0 (its year 1 follows year -1); %s", tool, firstDiffers(d))
		}
	}
	d, _, _ := c.yearsDiffer(toolYears{exists: c.exists, leapDays: t.leapDays})
	switch l := c.leap; {
	case d == nil || l == nil:
	case l.amount < 0:
		c.lose(d, "leap years: %s's leap days only add days; this calendar's leap years take %d off %s: they are not written; %s",
			tool, -l.amount, c.monthName(l.month), firstDiffers(d))
	default:
		c.lose(d, "leap years: %s has no first leap year: the years before %d that fit the rule (every %d years) are leap years there too (%d is one); %s",
			tool, l.start, l.every, d.Year, firstDiffers(d))
	}
	return from, to
}

// namesLoss says the calendar's year names are not written, when it has
// any: the tool has none (why), or none Kanka's can become.
func (c *calendar) namesLoss(tool, why string) {
	years := c.yearNames()
	if len(years) == 0 {
		return
	}
	c.lose(nil, "year names: %s %s: %s not written", tool, why, countNames(years))
}

// yearNames are the years the calendar names (a name of spaces is none),
// in order.
func (c *calendar) yearNames() []int {
	var years []int
	for _, y := range slices.Sorted(maps.Keys(c.in.Years)) {
		if strings.TrimSpace(c.in.Years[y]) != "" {
			years = append(years, y)
		}
	}
	return years
}

// countNames is "the name of 1492 is" or "6 names (1358 to 1492) are".
func countNames(years []int) string {
	if len(years) == 1 {
		return fmt.Sprintf("the name of %d is", years[0])
	}
	return fmt.Sprintf("%d names (%d to %d) are", len(years), years[0], years[len(years)-1])
}

// aliasLoss says the months' second names (aliases) are not written, when
// there are any: the tool has none.
func (c *calendar) aliasLoss(tool string) {
	n := 0
	for _, m := range c.in.Months {
		if strings.TrimSpace(m.Alias) != "" {
			n++
		}
	}
	if n == 1 {
		c.lose(nil, "month aliases: %s has no second name for a month: 1 alias is not written", tool)
	} else if n > 1 {
		c.lose(nil, "month aliases: %s has no second name for a month: %d aliases are not written", tool, n)
	}
}

// suffixLoss says the year suffix is not written, when there is one.
func (c *calendar) suffixLoss(tool string) {
	if c.in.Suffix == nil || strings.TrimSpace(*c.in.Suffix) == "" {
		return
	}
	c.lose(nil, "year suffix: %s has none: %q is not written", tool, strings.TrimSpace(*c.in.Suffix))
}

// monthName is month m's name (from 1).
func (c *calendar) monthName(m int) string {
	if m >= 1 && m <= len(c.in.Months) {
		return c.in.Months[m-1].Name
	}
	return "month " + strconv.Itoa(m)
}

// nearestWeekday is the day nearest the current date that has a weekday
// (the current date itself unless it is a day outside the week); nil when
// no day within the Years has one.
func (c *calendar) nearestWeekday() *almanac.Date {
	first, last := c.window()
	for step := int64(0); c.ord+step <= last || c.ord-step >= first; step++ {
		for _, o := range []int64{c.ord + step, c.ord - step} {
			if o < first || o > last {
				continue
			}
			d, err := c.r.DateOf(o)
			if err == nil && !c.intercalary(d.Month) {
				return &d
			}
		}
	}
	return nil
}

// isIntercalary reports whether a month type is intercalary (a month
// outside the week), in any case.
func isIntercalary(kind string) bool {
	return strings.EqualFold(strings.TrimSpace(kind), "intercalary")
}

func trimFloat(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }
