package root

import (
	"strconv"
	"strings"

	"github.com/kanka-cli/kanka/client"
)

// arrayFields maps the parallel arrays of a calendar write to the item and
// the part of it they hold: month_name.1 is the name of month 2.
var arrayFields = map[string]struct{ item, part string }{
	"month_name":    {"month", "name"},
	"month_length":  {"month", "length"},
	"month_type":    {"month", "type"},
	"month_alias":   {"month", "alias"},
	"weekday":       {"weekday", ""},
	"year_name":     {"year", "name"},
	"year_number":   {"year", "number"},
	"season_name":   {"season", "name"},
	"season_month":  {"season", "month"},
	"season_day":    {"season", "day"},
	"moon_name":     {"moon", "name"},
	"moon_fullmoon": {"moon", "full moon"},
	"moon_offset":   {"moon", "offset"},
	"moon_colour":   {"moon", "colour"},
	"moon_id":       {"moon", "id"},
	"epoch_name":    {"epoch", "name"},
	"tags":          {"tag", ""},
}

// plainFields are the wire names of the date's parts, which no field of
// the tables has (the date is one field, sent in three); every other
// scalar field reads as its table labels it.
var plainFields = map[string]string{
	"current_year":  "date (year)",
	"current_month": "date (month)",
	"current_day":   "date (day)",
}

// FieldLabel turns a field of a validation error, in the wire's words, into
// the user's: month_name.1 -> "month 2 name", weekday.2 -> "weekday 3",
// current_month -> "date (month)", month_name -> "month names",
// leap_year_amount -> "leap year amount".
func FieldLabel(wire string) string {
	name, index, hasIndex := strings.Cut(wire, ".")
	if f, ok := arrayFields[name]; ok {
		if hasIndex {
			if n, err := strconv.Atoi(index); err == nil && n >= 0 {
				return strings.TrimSpace(f.item + " " + strconv.Itoa(n+1) + " " + f.part)
			}
		} else if f.part == "" {
			return f.item + "s"
		} else {
			return f.item + " " + f.part + "s"
		}
	}
	if label, ok := plainFields[wire]; ok {
		return label
	}
	if label, ok := client.CalendarFields.LabelOf(wire); ok {
		return label
	}
	if label, ok := client.WeatherFields.LabelOf(wire); ok {
		return label
	}
	return strings.ReplaceAll(wire, "_", " ")
}

// fieldMessage rewrites the wire name inside a server message too:
// Laravel writes "The month_name.1 field is required." or, with its
// attribute names, "The month name.1 field is required." A one-word name
// (weekday, name) is left alone: it is an ordinary word of the sentence.
func fieldMessage(wire, message string) string {
	if !strings.ContainsAny(wire, "_.") {
		return message
	}
	label := FieldLabel(wire)
	message = strings.ReplaceAll(message, wire, label)
	return strings.ReplaceAll(message, strings.ReplaceAll(wire, "_", " "), label)
}
