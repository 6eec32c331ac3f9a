package weather

import (
	"strconv"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/output"
)

// Kind says how weather entries are printed: the table columns, the
// key/value view of one entry, and the -o yaml value.
var Kind = output.Kind{
	Columns: []output.Column{
		{Header: "ID", Value: func(r output.Record) string { return strconv.Itoa(asWeather(r).ID) }},
		{Header: "DATE", Value: func(r output.Record) string { return asWeather(r).Date().String() }},
		{Header: "WEATHER", Value: func(r output.Record) string { return asWeather(r).Weather }},
		{Header: "TEMPERATURE", Value: func(r output.Record) string { return asWeather(r).Temperature }},
		{Header: "PRECIPITATION", Value: func(r output.Record) string { return asWeather(r).Precipitation }},
		{Header: "WIND", Value: func(r output.Record) string { return asWeather(r).Wind }},
		{Header: "EFFECT", Value: func(r output.Record) string { return asWeather(r).Effect }},
		{Header: "VISIBILITY", Value: func(r output.Record) string { return visibilityName(asWeather(r).VisibilityID) }},
		{Header: "NAME", Wide: true, Value: func(r output.Record) string { return asWeather(r).Name }},
		{Header: "UPDATED", Wide: true, Value: func(r output.Record) string { return asWeather(r).UpdatedAt }},
	},
	Detail: detail,
	YAML:   func(r output.Record) any { return yamlOf(asWeather(r)) },
}

func asWeather(r output.Record) *client.Weather { return r.(*client.Weather) }

// visibilityName is the visibility's name, "" when the server sent none.
func visibilityName(id int) string {
	if id == 0 {
		return ""
	}
	return client.VisibilityName(id)
}

func detail(r output.Record) []output.Field {
	w := asWeather(r)
	fields := []output.Field{
		{Label: "ID", Value: strconv.Itoa(w.ID)},
		{Label: "Calendar", Value: strconv.Itoa(w.CalendarID)},
		{Label: "Date", Value: w.Date().String()},
		{Label: "Weather", Value: w.Weather},
		{Label: "Temperature", Value: w.Temperature},
		{Label: "Precipitation", Value: w.Precipitation},
		{Label: "Wind", Value: w.Wind},
		{Label: "Effect", Value: w.Effect},
		{Label: "Visibility", Value: visibilityName(w.VisibilityID)},
	}
	if w.Name != "" {
		fields = append(fields, output.Field{Label: "Name", Value: w.Name})
	}
	return append(fields,
		output.Field{Label: "Created", Value: w.CreatedAt},
		output.Field{Label: "Updated", Value: w.UpdatedAt},
	)
}
