package sandbox

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// testdata/state-v1.json is a state file as the sandbox wrote it before
// state files had a version (kanka at 72fb315, live mode: a calendar with
// every part, one deleted, two weather entries).

// readObject is the JSON object of the file at path.
func readObject(t *testing.T, path string) map[string]json.RawMessage {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var o map[string]json.RawMessage
	if err := json.Unmarshal(b, &o); err != nil {
		t.Fatalf("%s: %v\n%s", path, err, b)
	}
	return o
}

// items are the objects of the JSON array raw.
func items(t *testing.T, raw json.RawMessage) []map[string]json.RawMessage {
	t.Helper()
	var list []map[string]json.RawMessage
	if err := json.Unmarshal(raw, &list); err != nil {
		t.Fatalf("%v: %s", err, raw)
	}
	return list
}

// copyFixture copies testdata/name, changed by edit, to a new directory.
func copyFixture(t *testing.T, name string, edit func(o map[string]any)) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	if edit != nil {
		var o map[string]any
		if err := json.Unmarshal(b, &o); err != nil {
			t.Fatal(err)
		}
		edit(o)
		b = mustJSON(t, o)
	}
	path := filepath.Join(t.TempDir(), "sandbox.json")
	if err := os.WriteFile(path, b, 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

// A file written before state files had a version is read, answered as it
// was, and written back as version 2 with all it held.
func TestStateFileOfVersion1IsReadAndKept(t *testing.T) {
	path := copyFixture(t, "state-v1.json", nil)
	before := readObject(t, path)
	s := newServer(t, Options{Live: true, DataPath: path})
	d := dataOf(t, send(t, s, "GET", base+"calendars/1", ""))
	if d["name"] != "Harptos" || d["date"] != "1492-3-2" || string(mustJSON(t, d["moons"])) != `[{"colour":"silver","fullmoon":"30.4","id":1,"name":"Selûne","offset":2}]` {
		t.Fatalf("calendar 1 read as %v", d)
	}
	if got := decode(t, send(t, s, "GET", base+"calendars/1/calendar_weather", ""))["meta"].(map[string]any)["total"]; got != 2.0 {
		t.Fatalf("%v weather entries, want 2", got)
	}

	expect(t, send(t, s, "POST", base+"calendars/1/calendar_weather", `{"year":1492,"month":1,"day":3,"weather":"fog"}`), 201, "")
	after := readObject(t, path)
	if string(after["version"]) != "2" {
		t.Errorf("version %s, want 2", after["version"])
	}
	if !jsonEqual(t, after["calendars"], before["calendars"]) {
		t.Errorf("calendars\n%s\nwere\n%s", after["calendars"], before["calendars"])
	}
	weather := items(t, after["weather"])
	if len(weather) != 3 || !jsonEqual(t, mustJSON(t, weather[:2]), before["weather"]) {
		t.Errorf("weather\n%s\nwas\n%s", after["weather"], before["weather"])
	}
	if !jsonEqual(t, after["last_ids"], []byte(`{"calendar":2,"weather":3,"entity":2,"moon":1,"reminder":0}`)) {
		t.Errorf("last_ids %s", after["last_ids"])
	}
}

// futureFile is testdata/state-v1.json as a newer kanka might write it:
// version 3, with keys this sandbox does not know at the top, in the
// counters, in a calendar, in one of its moons, in a weather entry, in a
// reminder and in an entity.
func futureFile(t *testing.T) string {
	return copyFixture(t, "state-v1.json", func(o map[string]any) {
		o["version"] = 3
		o["notes"] = []any{map[string]any{"id": 1, "text": "kept"}}
		o["last_ids"].(map[string]any)["note"] = 1
		c := o["calendars"].([]any)[0].(map[string]any)
		c["show_birthdays"] = true
		c["moons"].([]any)[0].(map[string]any)["phases"] = []any{"full", "new"}
		o["weather"].([]any)[0].(map[string]any)["mood"] = map[string]any{"grim": true}
		o["last_ids"].(map[string]any)["reminder"] = 1
		var r map[string]any
		json.Unmarshal([]byte(`{"id":1,"remindable_id":1,"remindable_type":"App\\Models\\Entity","calendar_id":1,"day":2,"month":1,"year":1492,
			"length":1,"comment":null,"is_recurring":false,"recurring_until":null,"recurring_periodicity":null,"colour":null,"type_id":null,
			"visibility_id":1,"created_at":"2026-11-22T10:00:05Z","updated_at":"2026-11-22T10:00:05Z","importance":["high",1]}`), &r)
		o["reminders"] = []any{r}
		o["entities"] = []any{map[string]any{"id": 9, "name": "Elminster", "type": "character", "child_id": 3, "portrait": "sage.png"}}
	})
}

// A newer file is read, changed by writes, and written back with what this
// sandbox does not know as it was, and its version.
func TestStateFileOfANewerVersionKeepsWhatItDoesNotKnow(t *testing.T) {
	path := futureFile(t)
	s := newServer(t, Options{DataPath: path})
	expect(t, send(t, s, "PATCH", base+"calendars/1", `{"name":"Renamed"}`), 200, "")
	expect(t, send(t, s, "PUT", base+"calendars/1/calendar_weather/1", `{"year":1492,"month":1,"day":2,"weather":"fog"}`), 200, "")
	expect(t, send(t, s, "POST", base+"calendars/1/calendar_weather", `{"year":1492,"month":1,"day":3,"weather":"sun"}`), 200, "")
	expect(t, send(t, s, "PATCH", base+"entities/9/reminders/1", `{"comment":"changed"}`), 200, "")
	expect(t, send(t, s, "POST", base+"entities/9/reminders", `{"calendar_id":1,"day":1,"month":1,"year":1}`), 201, "")
	if d := dataOf(t, send(t, s, "GET", base+"entities/9", "")); d["name"] != "Elminster" || d["child_id"] != 3.0 {
		t.Errorf("entity 9 %v", d)
	}

	after := readObject(t, path)
	for key, want := range map[string]string{"version": `3`, "notes": `[{"id":1,"text":"kept"}]`} {
		if !jsonEqual(t, after[key], []byte(want)) {
			t.Errorf("%s %s, want %s", key, after[key], want)
		}
	}
	if !jsonEqual(t, after["last_ids"], []byte(`{"calendar":2,"weather":3,"entity":2,"moon":1,"reminder":2,"note":1}`)) {
		t.Errorf("last_ids %s", after["last_ids"])
	}
	c := items(t, after["calendars"])[0]
	if string(c["name"]) != `"Renamed"` || string(c["show_birthdays"]) != "true" {
		t.Errorf("calendar %s %s", c["name"], c["show_birthdays"])
	}
	if moon := items(t, c["moons"])[0]; string(moon["phases"]) != `["full","new"]` || string(moon["name"]) != `"Selûne"` {
		t.Errorf("moon %v", moon)
	}
	if w := items(t, after["weather"])[0]; string(w["mood"]) != `{"grim":true}` || string(w["weather"]) != `"fog"` {
		t.Errorf("weather 1 %v", w)
	}
	reminders := items(t, after["reminders"])
	if len(reminders) != 2 || string(reminders[0]["importance"]) != `["high",1]` || string(reminders[0]["comment"]) != `"changed"` {
		t.Errorf("reminders %s", after["reminders"])
	}
	if e := items(t, after["entities"]); len(e) != 1 || string(e[0]["portrait"]) != `"sage.png"` {
		t.Errorf("entities %s", after["entities"])
	}
	// What it does not know is not answered.
	if w := send(t, s, "GET", base+"calendars/1", ""); jsonHas(t, w.Body.Bytes(), "show_birthdays") {
		t.Errorf("answered %s", w.Body)
	}
}

func jsonHas(t *testing.T, body []byte, key string) bool {
	t.Helper()
	var o struct {
		Data map[string]json.RawMessage `json:"data"`
	}
	if err := json.Unmarshal(body, &o); err != nil {
		t.Fatal(err)
	}
	_, ok := o.Data[key]
	return ok
}

// A file is the sandbox's own by its version and its keys, and only then
// are keys it does not know kept: what has no version, or lacks a key
// every state file has, is somebody else's, or a damaged state file.
func TestStateFileIsKnownByItsVersionAndKeys(t *testing.T) {
	for name, tt := range map[string]struct {
		content, reason string
		damaged         bool
	}{
		"a version but no last_ids": {`{"version":2,"calendars":[],"weather":[],"notes":[]}`, `unknown key "notes"`, false},
		"a version of another kind": {`{"last_ids":{},"version":"1.0.0","calendars":[],"weather":[]}`, "a version that is not a whole number from 1", true},
		"version 0":                 {`{"last_ids":{},"version":0,"calendars":[],"weather":[]}`, "a version that is not a whole number from 1", true},
		"no weather":                {`{"last_ids":{},"version":2,"calendars":[]}`, `no "weather" key`, true},
		"a null weather entry":      {`{"last_ids":{},"version":2,"calendars":[],"weather":[null],"x":1}`, "a null weather entry", true},
		"a field of a wrong type":   {`{"last_ids":{},"calendars":[{"id":1,"suffix":5}],"weather":[]}`, `a JSON number at "calendars.suffix"`, true},
		"a wrong type, kept keys":   {`{"last_ids":{},"version":2,"calendars":[{"id":"1","x":1}],"weather":[]}`, `a JSON string at "calendars.id"`, true},
	} {
		t.Run(name, func(t *testing.T) {
			path, before := writeFile(t, "state.json", tt.content)
			_, err := New(Options{DataPath: path})
			var bad *StateFileError
			if !errors.As(err, &bad) || bad.Damaged != tt.damaged || bad.Reason != tt.reason {
				t.Fatalf("New: %#v, want reason %q damaged %v", err, tt.reason, tt.damaged)
			}
			checkUntouched(t, path, before)
		})
	}
	path, _ := writeFile(t, "state.json", `{"last_ids":{"calendar":1,"weather":0,"entity":1,"moon":0,"x":1},"version":2,"calendars":[],"weather":[],"x":[]}`)
	newServer(t, Options{DataPath: path})
}

// Reset empties a newer file too: its counters, those it does not know
// included, are kept, and what else it held goes.
func TestResetOfANewerFileKeepsItsCounters(t *testing.T) {
	path := futureFile(t)
	if damaged, err := Reset(path); damaged || err != nil {
		t.Fatalf("Reset: %v %v", damaged, err)
	}
	b, _ := os.ReadFile(path)
	want := `{"last_ids":{"calendar":2,"weather":2,"entity":2,"moon":1,"reminder":1,"note":1},"version":2,
		"calendars":null,"weather":null,"reminders":null,"entities":null}`
	if !jsonEqual(t, b, []byte(want)) {
		t.Fatalf("after reset\n%s\nwant %s", b, want)
	}
}

// An unversioned file names the first key it does not know: a record's
// own before those of its lists, the records in the file's order, and in
// one record the first in key order.
func TestUnversionedFileNamesItsFirstUnknownKey(t *testing.T) {
	file := `{"last_ids":{"z1":1},"calendars":[{"id":1,"z3":1,"z2":1,"months":[{"name":"A","length":1,"type":"standard","z4":1}],
		"years":[{"number":1,"name":"Y","z5":1}],"seasons":[{"name":"S","month":1,"day":1,"z6":1}],
		"moons":[{"id":1,"name":"M","fullmoon":"28","offset":0,"colour":"grey","z7":1}],"named_weeks":[{"number":1,"name":"W","z8":1}]},
		{"id":2,"z9":1}],"weather":[{"id":1,"z10":1}]}`
	for _, key := range []string{"z1", "z2", "z3", "z4", "z5", "z6", "z7", "z8", "z9", "z10"} {
		path, _ := writeFile(t, "state.json", file)
		_, err := New(Options{DataPath: path})
		var bad *StateFileError
		if !errors.As(err, &bad) || bad.Reason != `unknown field "`+key+`"` {
			t.Fatalf("New: %v, want unknown field %q", err, key)
		}
		file = strings.Replace(file, `,"`+key+`":1`, "", 1)
		file = strings.Replace(file, `"`+key+`":1`, "", 1)
	}
	path, _ := writeFile(t, "state.json", file)
	newServer(t, Options{DataPath: path})
}
