package calendar

import (
	"fmt"
	"strconv"

	"github.com/kanka-cli/kanka/almanac"
	"github.com/kanka-cli/kanka/client"
)

// The readable forms of dates: what tables and detail views show on a
// terminal (output.Column.Readable, output.Field.Readable), where people
// read them. Piped, and in -o json|yaml|id, dates stay "Y-M-D".

// ReadableDate is d with its month named from months, "3 Ches 1492"
// (almanac.ShortDate: the form every --date reads back); the numeric
// "1492-4-3" when months has no month d.Month.
func ReadableDate(months []client.Month, d client.Date) string {
	name, _ := monthName(months, d.Month)
	return almanac.ShortDate(name, d)
}

// monthName is the name of month m (1 is the first), if the list has it
// and it has a name.
func monthName(months []client.Month, m int) (string, bool) {
	if m < 1 || m > len(months) || months[m-1].Name == "" {
		return "", false
	}
	return months[m-1].Name, true
}

// readableCurrentDate is c's date as "1 Ches 1492 (1492-4-1)", or "" when
// it has none or its month is not in the list (the numeric value stays).
func readableCurrentDate(c *client.Calendar) string {
	d, ok := c.CurrentDate()
	if !ok {
		return ""
	}
	if _, named := monthName(c.Months, d.Month); !named {
		return ""
	}
	return ReadableDate(c.Months, d) + " (" + d.String() + ")"
}

// readableSeasons is one line a season, its start by name: "Spring from
// 19 Ches"; a month not in the list stays a number.
func readableSeasons(c *client.Calendar) string {
	lines := make([]string, len(c.Seasons))
	for i, s := range c.Seasons {
		if name, ok := monthName(c.Months, s.Month); ok {
			lines[i] = fmt.Sprintf("%s from %d %s", s.Name, s.Day, name)
		} else {
			lines[i] = fmt.Sprintf("%s from %d-%d", s.Name, s.Month, s.Day)
		}
	}
	return orNone(lines)
}

// readableLeap is "+1 day in Midsummer every 4 years from 4", or "none".
func readableLeap(c *client.Calendar) string {
	l := c.AlmanacCalendar().Leap
	if !l.Enabled {
		return "none"
	}
	month := "month " + strconv.Itoa(l.Month)
	if name, ok := monthName(c.Months, l.Month); ok {
		month = name
	}
	return fmt.Sprintf("%+d %s in %s every %d years from %d",
		l.Amount, dayUnit(l.Amount), month, l.Offset, l.Start)
}

func dayUnit(n int) string {
	if n == 1 || n == -1 {
		return "day"
	}
	return "days"
}
