package weather

import (
	"strconv"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/cmdutil/resource"
	"github.com/kanka-cli/kanka/output"
)

// Kind says how weather entries are printed: the table columns, the
// key/value view of one entry, and the -o yaml value. Dates are numbers:
// KindFor names their months.
var Kind = KindFor(nil)

// KindFor is Kind with the months of the entries' calendar, so that a table
// or detail view on a terminal writes "3 Ches 1492" (output.Printer.Readable).
// A command that holds the calendar already passes its Months; nil months
// keep the numbers everywhere.
func KindFor(months []client.Month) output.Kind {
	return output.Kind{
		Columns: columns(months),
		Detail:  func(r output.Record) []output.Field { return detail(r, months) },
		// The file form, id first, which -f reads back (the id is
		// ignored), so `get -o yaml` > edit > `update -f` works.
		YAML: func(r output.Record) any { return client.WeatherFile(asWeather(r)) },
	}
}

// columns are the table's. On a terminal too narrow for them, the date and
// what the weather is (its type, temperature and wind) stay whole; the long
// free text (precipitation, effect) shrinks and goes first, then the
// visibility (output.Priority).
func columns(months []client.Month) []output.Column {
	return []output.Column{
		{Header: "ID", Priority: output.Key, Value: func(r output.Record) string { return strconv.Itoa(asWeather(r).ID) }},
		resource.DateColumn(months, (*client.Weather).Date),
		{Header: "WEATHER", Priority: output.Important, MinWidth: 10, Value: func(r output.Record) string { return output.Text(asWeather(r).Weather) }},
		{Header: "TEMPERATURE", Priority: output.Important, Value: func(r output.Record) string { return output.Text(asWeather(r).Temperature) }},
		{Header: "PRECIPITATION", Priority: output.Expendable, Value: func(r output.Record) string { return output.Text(asWeather(r).Precipitation) }},
		{Header: "WIND", Priority: output.Important, MinWidth: 12, Value: func(r output.Record) string { return output.Text(asWeather(r).Wind) }},
		{Header: "EFFECT", Priority: output.Expendable, Value: func(r output.Record) string { return output.Text(asWeather(r).Effect) }},
		{Header: "VISIBILITY", Priority: output.Ordinary, Value: func(r output.Record) string { return asWeather(r).Visibility() }},
		{Header: "NAME", Wide: true, Priority: output.Expendable, Value: func(r output.Record) string { return output.Text(asWeather(r).Name) }},
		{Header: "UPDATED", Wide: true, Priority: output.Ordinary, Value: func(r output.Record) string { return asWeather(r).UpdatedAt }},
	}
}

func asWeather(r output.Record) *client.Weather { return r.(*client.Weather) }

// readableDate is "3 Ches 1492 (1492-4-3)", or "" (the number stays)
// when months does not name the entry's month.
func readableDate(w *client.Weather, months []client.Month) string {
	numeric := w.Date().String()
	if named := client.ReadableDate(months, w.Date()); named != numeric {
		return named + " (" + numeric + ")"
	}
	return ""
}

// detail is the entry's id, calendar and date (its month named from
// months), the lines of its fields (client.Fields.Detail: a field's entry
// in the table gives its line) and when it was made and updated.
func detail(r output.Record, months []client.Month) []output.Field {
	w := asWeather(r)
	fields := []output.Field{
		{Label: "ID", Value: strconv.Itoa(w.ID)},
		{Label: "Calendar", Value: strconv.Itoa(w.CalendarID)},
		{Label: "Date", Value: w.Date().String(), Readable: readableDate(w, months)},
	}
	fields = append(fields, resource.Detail(detailLines(), &w.WeatherInput)...)
	return append(fields,
		output.Field{Label: "Created", Value: w.CreatedAt},
		output.Field{Label: "Updated", Value: w.UpdatedAt},
	)
}
