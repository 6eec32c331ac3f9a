package sandbox

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

// oddWeather and bulkyWeather are weather entries of a state file as
// somebody might have edited it: a key that differs from a known one only
// by its case and a key sent twice; a deeply nested key and a very long one,
// under names this sandbox does not know.
const weatherKeys = `"created_at":"2026-11-22T10:00:00Z","updated_at":"2026-11-22T10:00:00Z","calendar_id":1,"name":null,` +
	`"weather":"hail","temperature":null,"precipitation":null,"wind":null,"effect":null,"year":1,"month":1,"day":2,"visibility_id":1`

var (
	oddWeather   = `{"id":1,` + strings.NewReplacer(`"weather":"hail"`, `"weather":"rain","Weather":"hail"`, `"day":2`, `"day":1`).Replace(weatherKeys) + `,"day":2}`
	bulky        = `"deep":` + strings.Repeat("[", 5000) + strings.Repeat("]", 5000) + `,"long":"` + strings.Repeat("é", 1<<20) + `"`
	bulkyWeather = `{"id":2,` + weatherKeys + `,` + bulky + `}`
)

// A record's keys that its type does not name exactly are kept, those that
// differ by case only too (encoding/json reads those into the field as
// well), and written back after the others; a key sent twice is the last.
func TestStateFileKeepsKeysItDoesNotNameExactly(t *testing.T) {
	path, _ := writeFile(t, "state.json", `{"last_ids":{"calendar":1,"weather":2,"entity":1,"moon":0,"reminder":0},"version":2,`+
		`"calendars":[{"id":1,"entity_id":1,"name":"C"}],"weather":[`+oddWeather+`,`+bulkyWeather+`],"reminders":[],"entities":[]}`)
	s := newServer(t, Options{Live: true, DataPath: path})
	expect(t, send(t, s, "POST", base+"calendars/1/calendar_weather", `{"year":1,"month":1,"day":3,"weather":"fog"}`), 201, "")
	var w []json.RawMessage
	if err := json.Unmarshal(readObject(t, path)["weather"], &w); err != nil {
		t.Fatal(err)
	}
	for i, want := range []string{`{"id":1,` + weatherKeys + `,"Weather":"hail"}`, bulkyWeather} {
		if len(w) != 3 || string(w[i]) != want {
			t.Fatalf("weather %d written back as\n%.300s\nwant\n%.300s", i+1, w[i], want)
		}
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

// The scan of a record's keys says no to keys it does not know exactly,
// and to what is not an object, without failing.
func TestNamesOnly(t *testing.T) {
	known := map[string]bool{"id": true, "day": true}
	for b, want := range map[string]bool{
		`{"id":1,"day":{"x":[1,{"y":2}]}}`: true,
		`{}`:                               true,
		`{"id":1,"Day":2}`:                 false,
		`{"id":1,"d\u0061y":2}`:            false,
		`{1:2}`:                            false,
		`{"id":1}}`:                        false,
	} {
		if got := namesOnly([]byte(b), known); got != want {
			t.Errorf("namesOnly(%s) = %v, want %v", b, got, want)
		}
	}
}
