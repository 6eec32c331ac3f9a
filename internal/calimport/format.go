package calimport

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/kanka-cli/kanka/internal/suggest"
)

// Format is a calendar file format kanka imports.
type Format string

// The formats, as --format names them. Auto is Detect's choice.
const (
	Auto            Format = "auto"
	FantasyCalendar Format = "fantasy-calendar"
	SimpleCalendar  Format = "simple-calendar"
	Donjon          Format = "donjon"
	Calendarium     Format = "calendarium"
)

// Formats are the formats Convert reads, in the order help lists them.
var Formats = []Format{FantasyCalendar, SimpleCalendar, Donjon, Calendarium}

// Tool is the name of the tool that writes the format, for messages.
func (f Format) Tool() string {
	switch f {
	case FantasyCalendar:
		return "Fantasy-Calendar"
	case SimpleCalendar:
		return "Simple Calendar"
	case Donjon:
		return "donjon"
	case Calendarium:
		return "Calendarium"
	}
	return string(f)
}

// ParseFormat reads a --format value: auto or one of Formats. An unknown
// one names the nearest when one is near.
func ParseFormat(s string) (Format, error) {
	f := Format(strings.ToLower(strings.TrimSpace(s)))
	if f == Auto || slices.Contains(Formats, f) {
		return f, nil
	}
	const all = "give auto, fantasy-calendar, simple-calendar, donjon or calendarium"
	names := []string{string(Auto)}
	for _, f := range Formats {
		names = append(names, string(f))
	}
	if near, ok := suggest.Nearest(strings.TrimSpace(s), names); ok {
		return "", fmt.Errorf("unknown format %q; did you mean %q? (%s)", s, near, all)
	}
	return "", fmt.Errorf("unknown format %q: %s", s, all)
}

// expected says what each format's file holds at its top, for the error
// of a file that is none of them.
const expected = "expected a Fantasy-Calendar export ({name, static_data, dynamic_data, ...}), " +
	"a Simple Calendar file ({calendar: {...}, notes}, {exportVersion: 2, calendars: [...]} or its older " +
	"yearSettings, monthSettings, ... keys), a donjon calendar saved as JSON ({year_len, months, month_len, weekdays, ...}) " +
	"or a Calendarium calendar ({name, static: {months, weekdays, ...}, current, ...})"

// Detect says which format data is, by the keys at its top: static_data
// and dynamic_data are Fantasy-Calendar's; calendar, exportVersion with
// calendars, or a key ending in Settings (yearSettings, monthSettings ...)
// are Simple Calendar's; year_len with months is donjon's; static with
// current is Calendarium's. Invalid JSON is
// an error with its line and column; JSON of another shape an error naming
// what was expected.
func Detect(data []byte) (Format, error) {
	top, err := topKeys(data)
	if err != nil {
		return "", err
	}
	switch {
	case top["static_data"] && top["dynamic_data"]:
		return FantasyCalendar, nil
	case top["calendar"], top["exportVersion"] && top["calendars"], hasSettingsKeys(top):
		return SimpleCalendar, nil
	case top["year_len"] && top["months"]:
		return Donjon, nil
	case top["static"] && top["current"]:
		return Calendarium, nil
	}
	return "", fmt.Errorf("not a calendar kanka can import: %s", expected)
}

// simpleSettingsKeys are the keys of Simple Calendar's first export format.
var simpleSettingsKeys = []string{"yearSettings", "monthSettings", "weekdaySettings", "leapYearSettings", "moonSettings", "seasonSettings", "timeSettings", "generalSettings"}

func hasSettingsKeys(top map[string]bool) bool {
	for _, k := range simpleSettingsKeys {
		if top[k] {
			return true
		}
	}
	return false
}

// topKeys are the keys of the object data holds.
func topKeys(data []byte) (map[string]bool, error) {
	if len(bytes.TrimSpace(data)) == 0 {
		return nil, errEmpty
	}
	var raw any
	if err := decode(data, &raw); err != nil {
		return nil, err
	}
	obj, ok := raw.(map[string]any)
	if !ok {
		return nil, fmt.Errorf("not a calendar kanka can import: the file holds %s, not an object; %s", jsonKind(raw), expected)
	}
	keys := map[string]bool{}
	for k := range obj {
		keys[k] = true
	}
	return keys, nil
}

func jsonKind(v any) string {
	switch v.(type) {
	case []any:
		return "a list"
	case string:
		return "a text"
	case float64:
		return "a number"
	case bool:
		return "true or false"
	case nil:
		return "null"
	}
	return "a value"
}

// objectOf decodes data, which Detect found to be an object, into its keys.
func objectOf(data []byte) (map[string]json.RawMessage, error) {
	var obj map[string]json.RawMessage
	if err := decode(data, &obj); err != nil {
		return nil, err
	}
	return obj, nil
}
