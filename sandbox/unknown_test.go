package sandbox

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

// hostileWeather is a weather entry of a state file as somebody might have
// edited it: a key that differs from a known one only by its case, a key
// sent twice, a key deeply nested and one very long, under a name this
// sandbox does not know.
var hostileWeather = `{"id":1,"created_at":"2026-11-22T10:00:00Z","updated_at":"2026-11-22T10:00:00Z",` +
	`"calendar_id":1,"name":null,"weather":"rain","Weather":"hail","temperature":null,"precipitation":null,` +
	`"wind":null,"effect":null,"year":1,"month":1,"day":1,"day":2,"visibility_id":1,` +
	`"deep":` + strings.Repeat("[", 5000) + strings.Repeat("]", 5000) + `,"long":"` + strings.Repeat("é", 1<<20) + `"}`

// A record's keys that its type does not name exactly are kept, those that
// differ by case only too (encoding/json reads those into the field as
// well), and written back after the others; a key sent twice is the last.
func TestStateFileKeepsKeysNamedOnlyInAnotherCase(t *testing.T) {
	path, _ := writeFile(t, "state.json", `{"last_ids":{"calendar":1,"weather":1,"entity":1,"moon":0,"reminder":0},"version":2,`+
		`"calendars":[{"id":1,"entity_id":1,"name":"C"}],"weather":[`+hostileWeather+`],"reminders":[],"entities":[]}`)
	s := newServer(t, Options{Live: true, DataPath: path})
	expect(t, send(t, s, "POST", base+"calendars/1/calendar_weather", `{"year":1,"month":1,"day":3,"weather":"fog"}`), 201, "")
	var w []json.RawMessage
	if err := json.Unmarshal(readObject(t, path)["weather"], &w); err != nil {
		t.Fatal(err)
	}
	want := `{"id":1,"created_at":"2026-11-22T10:00:00Z","updated_at":"2026-11-22T10:00:00Z","calendar_id":1,"name":null,` +
		`"weather":"hail","temperature":null,"precipitation":null,"wind":null,"effect":null,"year":1,"month":1,"day":2,` +
		`"visibility_id":1,"Weather":"hail","deep":` + strings.Repeat("[", 5000) + strings.Repeat("]", 5000) +
		`,"long":"` + strings.Repeat("é", 1<<20) + `"}`
	if got := string(w[0]); len(w) != 2 || got != want {
		t.Fatalf("weather 1 written back as\n%.300s\nwant\n%.300s", got, want)
	}
}

// A file without a version has no key its records do not name exactly.
func TestStateFileOfVersion1RefusesAKeyInAnotherCase(t *testing.T) {
	path, before := writeFile(t, "state.json", `{"last_ids":{},"calendars":[],"weather":[{"id":1,"Day":2}]}`)
	_, err := New(Options{DataPath: path})
	var bad *StateFileError
	if !errors.As(err, &bad) || bad.Reason != `unknown field "Day"` {
		t.Fatalf("New: %v", err)
	}
	checkUntouched(t, path, before)
}
