package mcp

import (
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/kanka-cli/kanka/cmd/cmdutil"
)

// Helpers of the tools' results: reading the commands' JSON, and the
// schemas that describe what a result holds.

// tools are the server's tools, the reads first.
func tools() []registrar {
	return []registrar{
		listCalendars, getCalendar, showMonth, listWeather, agenda, planSeed,
		setWeather, advanceDate, applySeed,
		listReminders, addReminder, updateReminder, deleteReminder,
	}
}

// property is one key of a structured result. A tool lists them in a
// literal, which costs nothing at start up; the schema is made with the
// server.
type property struct {
	name, kind, description string
}

// object is the schema of a structured result with these keys, each
// present; a record's other keys are allowed (they are the server's).
func object(props []property) *jsonschema.Schema {
	s := &jsonschema.Schema{Type: "object", Properties: map[string]*jsonschema.Schema{}}
	for _, p := range props {
		s.Properties[p.name] = &jsonschema.Schema{Type: p.kind, Description: p.description}
		s.Required = append(s.Required, p.name)
	}
	return s
}

// pick is the keys of record that it has, in a new map.
func pick(record map[string]any, keys ...string) map[string]any {
	out := map[string]any{}
	for _, k := range keys {
		if v, ok := record[k]; ok {
			out[k] = v
		}
	}
	return out
}

// records are the objects of a JSON array.
func records(v any) []map[string]any {
	list, _ := v.([]any)
	out := make([]map[string]any, 0, len(list))
	for _, item := range list {
		if r, ok := item.(map[string]any); ok {
			out = append(out, r)
		}
	}
	return out
}

// list is records as a JSON array (never null).
func list(rs []map[string]any) []any {
	out := make([]any, len(rs))
	for i, r := range rs {
		out[i] = r
	}
	return out
}

// text is a value of a record in a summary: a string as it is, nothing
// as "none".
func text(v any) string {
	switch x := v.(type) {
	case nil:
		return "none"
	case string:
		if x == "" {
			return `""`
		}
		return x
	}
	return fmt.Sprint(v)
}

// number is a whole number of a record, 0 when it is none.
func number(v any) int64 {
	if n, ok := v.(json.Number); ok {
		i, err := n.Int64()
		if err == nil {
			return i
		}
	}
	return 0
}

// count is the number of items of a list or keys of an object.
func count(v any) int {
	switch x := v.(type) {
	case []any:
		return len(x)
	case map[string]any:
		return len(x)
	}
	return 0
}

// plural is "1 moon" or "3 moons".
func plural(n int, one, many string) string {
	return strconv.Itoa(n) + " " + cmdutil.Plural(n, one, many)
}

// calendarWords names a calendar in a summary: 1 "Calendar of Harptos".
func calendarWords(c map[string]any) string {
	return fmt.Sprintf("%s %q", text(c["id"]), text(c["name"]))
}

// byDate sorts weather entries by their date, then id.
func byDate(entries []map[string]any) {
	key := func(e map[string]any) [4]int64 {
		return [4]int64{number(e["year"]), number(e["month"]), number(e["day"]), number(e["id"])}
	}
	sort.SliceStable(entries, func(i, j int) bool {
		a, b := key(entries[i]), key(entries[j])
		for k := range a {
			if a[k] != b[k] {
				return a[k] < b[k]
			}
		}
		return false
	})
}

// entryDate is a weather entry's date, year-month-day.
func entryDate(e map[string]any) string {
	return fmt.Sprintf("%d-%d-%d", number(e["year"]), number(e["month"]), number(e["day"]))
}

// weatherWords is a weather entry in a summary: its weather and the
// fields it has.
func weatherWords(e map[string]any) string {
	words := []string{text(e["weather"])}
	for _, k := range []string{"temperature", "precipitation", "wind", "effect"} {
		if s, _ := e[k].(string); s != "" {
			words = append(words, k+" "+s)
		}
	}
	return strings.Join(words, ", ")
}
