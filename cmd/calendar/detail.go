package calendar

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/cmd/cmdutil/resource"
	"github.com/kanka-cli/kanka/output"
)

// detailLines are the calendar's lines in its detail view, as the fields
// of client.CalendarFields are shown: what the server did not send is ""
// (a list: "none").
func detailLines() []resource.Line[input] {
	return []resource.Line[input]{
		resource.Plain("Name", func(in *input) string { return in.Name }),
		resource.Plain("Type", func(in *input) string { return cmdutil.Deref(in.Type) }),
		{Label: "Date", Show: dateLine},
		resource.Plain("Months", func(in *input) string { return monthLines(in.Months) }),
		resource.Plain("Weekdays", func(in *input) string { return strings.Join(in.Weekdays, ", ") }),
		resource.Plain("Years", func(in *input) string { return yearLines(in.Years) }),
		{Label: "Seasons", Show: seasonLines},
		resource.Plain("Moons", func(in *input) string { return moonLines(in.Moons) }),
		resource.Plain("Suffix", func(in *input) string { return cmdutil.Deref(in.Suffix) }),
		{Label: "Leap years", Show: leapLine},
		resource.Plain("Tags", func(in *input) string { return tagLine(in.Tags) }),
		resource.Plain("Private", func(in *input) string { return yesNo(in.IsPrivate) }),
	}
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

// monthName is the name of month m (1 is the first), if the list has it
// and it has a name.
func monthName(months []client.Month, m int) (string, bool) {
	if m < 1 || m > len(months) || months[m-1].Name == "" {
		return "", false
	}
	return months[m-1].Name, true
}

// dateLine is the date, "1492-4-1", readable "1 Ches 1492 (1492-4-1)" when
// the months name its month.
func dateLine(in *input) output.Field {
	if in.Date == nil {
		return output.Field{}
	}
	line := output.Field{Value: in.Date.String()}
	if _, named := monthName(in.Months, in.Date.Month); named {
		line.Readable = client.ReadableDate(in.Months, *in.Date) + " (" + line.Value + ")"
	}
	return line
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

// seasonLines is one line a season: "Spring from 3-19" (month-day),
// readable "Spring from 19 Ches"; a month not in the list stays a number.
func seasonLines(in *input) output.Field {
	lines := make([]string, len(in.Seasons))
	named := make([]string, len(in.Seasons))
	for i, s := range in.Seasons {
		lines[i] = fmt.Sprintf("%s from %d-%d", s.Name, s.Month, s.Day)
		named[i] = lines[i]
		if name, ok := monthName(in.Months, s.Month); ok {
			named[i] = fmt.Sprintf("%s from %d %s", s.Name, s.Day, name)
		}
	}
	return output.Field{Value: orNone(lines), Readable: orNone(named)}
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

// leapLine is "+1 day in month 2 every 4 years from year 1", readable
// "+1 day in Midsummer every 4 years from 1", or "none"; what the server
// did not send counts as the service counts it.
func leapLine(in *input) output.Field {
	l := in.AlmanacCalendar().Leap
	if !l.Enabled {
		return output.Field{Value: "none", Readable: "none"}
	}
	month := "month " + strconv.Itoa(l.Month)
	if name, ok := monthName(in.Months, l.Month); ok {
		month = name
	}
	return output.Field{
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
