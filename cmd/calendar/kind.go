package calendar

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/output"
)

// calendarKind says how calendars are shown: the list columns, the
// key/value view of one calendar and the -o yaml value (the -f shape).
var calendarKind = output.Kind{
	Columns: []output.Column{
		{Header: "ID", Value: func(r output.Record) string { return strconv.Itoa(cal(r).ID) }},
		{Header: "NAME", Value: func(r output.Record) string { return cal(r).Name }},
		{Header: "TYPE", Value: func(r output.Record) string { return text(cal(r).Type) }},
		{Header: "DATE", Value: func(r output.Record) string { return cal(r).DateText() }, Readable: readableDateColumn},
		{Header: "MONTHS", Value: func(r output.Record) string { return strconv.Itoa(len(cal(r).Months)) }},
		{Header: "PRIVATE", Value: func(r output.Record) string { return yesNo(cal(r).IsPrivate) }},
		{Header: "WEEKDAYS", Wide: true, Value: func(r output.Record) string { return strconv.Itoa(len(cal(r).Weekdays)) }},
		{Header: "MOONS", Wide: true, Value: func(r output.Record) string { return strconv.Itoa(len(cal(r).Moons)) }},
		{Header: "SEASONS", Wide: true, Value: func(r output.Record) string { return strconv.Itoa(len(cal(r).Seasons)) }},
		{Header: "UPDATED", Wide: true, Value: func(r output.Record) string { return cal(r).UpdatedAt }},
	},
	Detail: func(r output.Record) []output.Field { return detail(cal(r)) },
	YAML:   func(r output.Record) any { return fileFromCalendar(cal(r)) },
}

// cal is the calendar behind a record; the printers only hand back what
// the calendar commands gave them.
func cal(r output.Record) *client.Calendar { return r.(*client.Calendar) }

// readableDateColumn is the DATE of a calendar on a terminal: "1 Ches
// 1492"; a date that does not read as one stays as the server sent it.
func readableDateColumn(r output.Record) string {
	c := cal(r)
	d, ok := c.CurrentDate()
	if !ok {
		return ""
	}
	return ReadableDate(c.Months, d)
}

// yesNo is "yes" or "no", "" when the server did not say.
func yesNo(b *bool) string {
	switch {
	case b == nil:
		return ""
	case *b:
		return "yes"
	}
	return "no"
}

// text is a text the server sent, "" when it sent none.
func text(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

func detail(c *client.Calendar) []output.Field {
	return []output.Field{
		{Label: "ID", Value: strconv.Itoa(c.ID)},
		{Label: "Name", Value: c.Name},
		{Label: "Type", Value: text(c.Type)},
		{Label: "Date", Value: c.DateText(), Readable: readableCurrentDate(c)},
		{Label: "Private", Value: yesNo(c.IsPrivate)},
		{Label: "Tags", Value: tagList(c.Tags)},
		{Label: "Months", Value: monthLines(c.Months)},
		{Label: "Weekdays", Value: strings.Join(c.Weekdays, ", ")},
		{Label: "Years", Value: yearLines(c.Years)},
		{Label: "Seasons", Value: seasonLines(c.Seasons), Readable: readableSeasons(c)},
		{Label: "Moons", Value: moonLines(c.Moons)},
		{Label: "Leap years", Value: leapLine(c), Readable: readableLeap(c)},
		{Label: "Suffix", Value: text(c.Suffix)},
		{Label: "Updated", Value: c.UpdatedAt},
	}
}

// orNone keeps an empty list from looking like a missing value.
func orNone(lines []string) string {
	if len(lines) == 0 {
		return "none"
	}
	return strings.Join(lines, "\n")
}

func tagList(tags []int) string {
	ids := make([]string, len(tags))
	for i, t := range tags {
		ids[i] = strconv.Itoa(t)
	}
	if len(ids) == 0 {
		return "none"
	}
	return strings.Join(ids, ", ")
}

// monthLines is one line a month: "1. Hammer (30)", "2. Midwinter (1) (intercalary)".
func monthLines(months []client.Month) string {
	lines := make([]string, len(months))
	for i, m := range months {
		lines[i] = fmt.Sprintf("%d. %s (%d)", i+1, m.Name, m.Length)
		if m.Type == "intercalary" {
			lines[i] += " (intercalary)"
		}
		if m.Alias != "" {
			lines[i] += ", also " + m.Alias
		}
	}
	return orNone(lines)
}

func yearLines(years map[int]string) string {
	numbers := make([]int, 0, len(years))
	for n := range years {
		numbers = append(numbers, n)
	}
	sort.Ints(numbers)
	lines := make([]string, len(numbers))
	for i, n := range numbers {
		lines[i] = fmt.Sprintf("%d: %s", n, years[n])
	}
	return orNone(lines)
}

// seasonLines is one line a season: "Spring from 3-19" (month-day).
func seasonLines(seasons []client.Season) string {
	lines := make([]string, len(seasons))
	for i, s := range seasons {
		lines[i] = fmt.Sprintf("%s from %d-%d", s.Name, s.Month, s.Day)
	}
	return orNone(lines)
}

// moonLines is one line a moon: "Selûne every 30.4375 days, offset 0, grey".
func moonLines(moons []client.Moon) string {
	lines := make([]string, len(moons))
	for i, m := range moons {
		colour := m.Colour
		if colour == "" {
			colour = client.DefaultMoonColour
		}
		lines[i] = fmt.Sprintf("%s every %s days, offset %d, %s", m.Name,
			strconv.FormatFloat(m.Fullmoon, 'f', -1, 64), m.Offset, colour)
	}
	return orNone(lines)
}

// leapLine is "+1 day in month 2 every 4 years from year 1", or "none";
// what the server did not send counts as the service counts it.
func leapLine(c *client.Calendar) string {
	l := c.AlmanacCalendar().Leap
	if !l.Enabled {
		return "none"
	}
	return fmt.Sprintf("%+d %s in month %d every %d years from year %d",
		l.Amount, dayUnit(l.Amount), l.Month, l.Offset, l.Start)
}
