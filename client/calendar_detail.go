package client

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// The calendar's detail lines, as its fields' entries in CalendarFields
// show them: what the server did not send is "" (a list: "none").

// YesNo is "yes" or "no", "" when the server did not say.
func YesNo(b *bool) string {
	switch {
	case b == nil:
		return ""
	case *b:
		return "yes"
	}
	return "no"
}

// orNone keeps an empty list from looking like a missing value.
func orNone(lines []string) string {
	if len(lines) == 0 {
		return "none"
	}
	return strings.Join(lines, "\n")
}

func tagLine(tags []int) string {
	ids := make([]string, len(tags))
	for i, t := range tags {
		ids[i] = strconv.Itoa(t)
	}
	if len(ids) == 0 {
		return "none"
	}
	return strings.Join(ids, ", ")
}

// dateLine is the date, "1492-4-1", readable "1 Ches 1492 (1492-4-1)" when
// the months name its month.
func dateLine(in *CalendarInput) DetailLine {
	if in.Date == nil {
		return plain("")
	}
	line := plain(in.Date.String())
	if _, named := monthName(in.Months, in.Date.Month); named {
		line.Readable = ReadableDate(in.Months, *in.Date) + " (" + line.Value + ")"
	}
	return line
}

// monthLines is one line a month: "1. Hammer (30)", "2. Midwinter (1) (intercalary)".
func monthLines(months []Month) string {
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

// seasonLines is one line a season: "Spring from 3-19" (month-day),
// readable "Spring from 19 Ches"; a month not in the list stays a number.
func seasonLines(in *CalendarInput) DetailLine {
	lines := make([]string, len(in.Seasons))
	named := make([]string, len(in.Seasons))
	for i, s := range in.Seasons {
		lines[i] = fmt.Sprintf("%s from %d-%d", s.Name, s.Month, s.Day)
		named[i] = lines[i]
		if name, ok := monthName(in.Months, s.Month); ok {
			named[i] = fmt.Sprintf("%s from %d %s", s.Name, s.Day, name)
		}
	}
	return DetailLine{Value: orNone(lines), Readable: orNone(named)}
}

// moonLines is one line a moon: "Selûne every 30.4375 days, offset 0, grey".
func moonLines(moons []Moon) string {
	lines := make([]string, len(moons))
	for i, m := range moons {
		colour := m.Colour
		if colour == "" {
			colour = DefaultMoonColour
		}
		lines[i] = fmt.Sprintf("%s every %s days, offset %d, %s", m.Name,
			strconv.FormatFloat(m.Fullmoon, 'f', -1, 64), m.Offset, colour)
	}
	return orNone(lines)
}

// leapLine is "+1 day in month 2 every 4 years from year 1", readable
// "+1 day in Midsummer every 4 years from 1", or "none"; what the server
// did not send counts as the service counts it.
func leapLine(in *CalendarInput) DetailLine {
	l := in.AlmanacCalendar().Leap
	if !l.Enabled {
		return DetailLine{Value: "none", Readable: "none"}
	}
	month := "month " + strconv.Itoa(l.Month)
	if name, ok := monthName(in.Months, l.Month); ok {
		month = name
	}
	return DetailLine{
		Value:    fmt.Sprintf("%+d %s in month %d every %d years from year %d", l.Amount, dayUnit(l.Amount), l.Month, l.Offset, l.Start),
		Readable: fmt.Sprintf("%+d %s in %s every %d years from %d", l.Amount, dayUnit(l.Amount), month, l.Offset, l.Start),
	}
}

func dayUnit(n int) string {
	if n == 1 || n == -1 {
		return "day"
	}
	return "days"
}
