package calendar

import (
	"strconv"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/cmdutil/resource"
	"github.com/kanka-cli/kanka/output"
)

// calendarKind says how calendars are shown: the list columns, the
// key/value view of one calendar and the -o yaml value (the -f shape). On a
// terminal too narrow for the table, the id, name and date stay whole and
// the others go from the right (output.Priority).
var calendarKind = output.Kind{
	Columns: []output.Column{
		{Header: "ID", Priority: output.Key, Value: func(r output.Record) string { return strconv.Itoa(cal(r).ID) }},
		{Header: "NAME", Priority: output.Key, Value: func(r output.Record) string { return cal(r).Name }},
		{Header: "TYPE", Priority: output.Ordinary, Value: func(r output.Record) string { return output.Text(cal(r).Type) }},
		{Header: "DATE", Priority: output.Key, Value: func(r output.Record) string { return cal(r).DateText() }, Readable: readableDateColumn},
		{Header: "MONTHS", Priority: output.Ordinary, Value: func(r output.Record) string { return strconv.Itoa(len(cal(r).Months)) }},
		{Header: "PRIVATE", Priority: output.Ordinary, Value: func(r output.Record) string { return yesNo(cal(r).IsPrivate) }},
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
	return client.ReadableDate(c.Months, d)
}

// detail is the calendar's id, the lines of its fields (detailLines) and
// when it was updated.
func detail(c *client.Calendar) []output.Field {
	fields := append([]output.Field{{Label: "ID", Value: strconv.Itoa(c.ID)}}, resource.Detail(detailLines(), &c.CalendarInput)...)
	return append(fields, output.Field{Label: "Updated", Value: c.UpdatedAt})
}
