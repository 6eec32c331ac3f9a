package sandbox

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

const withWeeks = `{"name":"Harptos","month_name":["Hammer","Alturiak"],"month_length":[30,30],"weekday":["A","B"],
	"week_number":[1,"5"],"week_name":["First week"," Fifth week "]}`

// storedWeeks are the named weeks of the calendar with that id, as stored.
func storedWeeks(t *testing.T, s *Server, id int) []namedWeek {
	t.Helper()
	c := s.store.(*memStore).st.findCalendar(id)
	if c == nil {
		t.Fatalf("no calendar %d", id)
	}
	return c.NamedWeeks
}

func wantWeeks(t *testing.T, got []namedWeek, want ...namedWeek) {
	t.Helper()
	if want == nil {
		want = []namedWeek{}
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("named weeks %#v, want %#v", got, want)
	}
}

// noWeeksIn fails when an answer shows anything of the named weeks.
func noWeeksIn(t *testing.T, body string) {
	t.Helper()
	for _, s := range []string{"week_", "named_weeks", "First week", "Fifth week"} {
		if strings.Contains(body, s) {
			t.Fatalf("the answer shows %q: %s", s, body)
		}
	}
}

func TestLiveNamedWeeksAreStoredNeverAnsweredAndRebuiltByEveryWrite(t *testing.T) {
	s := newServer(t, Options{Live: true})
	w := send(t, s, "POST", base+"calendars", withWeeks)
	expect(t, w, 201, "")
	noWeeksIn(t, w.Body.String())
	wantWeeks(t, storedWeeks(t, s, 1), namedWeek{Number: 1, Name: "First week"}, namedWeek{Number: 5, Name: "Fifth week"})
	noWeeksIn(t, send(t, s, "GET", base+"calendars/1", "").Body.String())
	noWeeksIn(t, send(t, s, "GET", base+"calendars?related=1", "").Body.String())

	// A write that sends them again replaces them.
	w = send(t, s, "PUT", base+"calendars/1", with(t, withWeeks, `{"week_number":[2],"week_name":["Second"]}`))
	expect(t, w, 200, "")
	noWeeksIn(t, w.Body.String())
	wantWeeks(t, storedWeeks(t, s, 1), namedWeek{Number: 2, Name: "Second"})

	// A write that leaves them out clears them, PATCH too.
	expect(t, send(t, s, "PATCH", base+"calendars/1", with(t, withWeeks, `{"week_number":null,"week_name":null}`)), 200, "")
	wantWeeks(t, storedWeeks(t, s, 1))

	// Sent as null or empty, they are cleared too.
	expect(t, send(t, s, "PUT", base+"calendars/1", withWeeks), 200, "")
	wantWeeks(t, storedWeeks(t, s, 1), namedWeek{Number: 1, Name: "First week"}, namedWeek{Number: 5, Name: "Fifth week"})
	expect(t, send(t, s, "PUT", base+"calendars/1", strings.Replace(withWeeks, `"week_number":[1,"5"],"week_name":["First week"," Fifth week "]`, `"week_number":[],"week_name":[]`, 1)), 200, "")
	wantWeeks(t, storedWeeks(t, s, 1))
}

func TestLiveNamedWeeksValidation(t *testing.T) {
	tests := []struct{ name, changes, fields string }{
		{"names without numbers", `{"week_number":null}`, `{"week_number":["The week number field is required when week name is present."]}`},
		{"numbers without names", `{"week_name":null}`, `{"week_name":["The week name field is required when week number is present."]}`},
		{"not aligned", `{"week_number":[1,2,3]}`, `{"week_name":["The week name must have as many items as week number."]}`},
		{"number 0", `{"week_number":[0,5]}`, `{"week_number.0":["The week number.0 must be at least 1."]}`},
		{"number not whole", `{"week_number":[1.5,5]}`, `{"week_number.0":["The week number.0 must be an integer."]}`},
		{"name empty", `{"week_name":["First","  "]}`, `{"week_name.1":["The week name.1 field is required."]}`},
		{"name not a string", `{"week_name":["First",7]}`, `{"week_name.1":["The week name.1 must be a string."]}`},
		{"not an array", `{"week_number":1}`, `{"week_number":["The week number must be an array."]}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := newServer(t, Options{Live: true})
			w := send(t, s, "POST", base+"calendars", with(t, withWeeks, tt.changes))
			expectFields(t, w.Body.Bytes(), w.Code, tt.fields)
		})
	}
}

// Document mode does not know named weeks: the keys are ignored like any
// unknown key.
func TestDocumentIgnoresNamedWeeks(t *testing.T) {
	s := newServer(t, Options{})
	sent := send(t, s, "POST", base+"calendars", withWeeks)
	expect(t, sent, 200, "")
	wantWeeks(t, storedWeeks(t, s, 1))
	without := send(t, s, "POST", base+"calendars", with(t, withWeeks, `{"week_number":null,"week_name":null}`))
	a, b := dataOf(t, sent), dataOf(t, without)
	delete(a, "id")
	delete(a, "entity_id")
	delete(b, "id")
	delete(b, "entity_id")
	if !reflect.DeepEqual(a, b) {
		t.Fatalf("with named weeks %v\nwithout %v", a, b)
	}
	expect(t, send(t, s, "PATCH", base+"calendars/1", `{"week_number":[0],"week_name":[1]}`), 200, "")
	wantWeeks(t, storedWeeks(t, s, 1))
}

// An end-to-end test reads the named weeks from the state file: each
// calendar's "named_weeks".
func TestNamedWeeksInTheStateFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "sandbox.json")
	s := newServer(t, Options{Live: true, DataPath: path})
	mustCreate(t, s, withWeeks)
	mustCreate(t, s, minimalCalendar)
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var file struct {
		Calendars []map[string]json.RawMessage `json:"calendars"`
	}
	if err := json.Unmarshal(b, &file); err != nil {
		t.Fatal(err)
	}
	if len(file.Calendars) != 2 {
		t.Fatalf("%d calendars in %s", len(file.Calendars), b)
	}
	for i, want := range []string{`[{"number":1,"name":"First week"},{"number":5,"name":"Fifth week"}]`, `[]`} {
		if got := file.Calendars[i]["named_weeks"]; !jsonEqual(t, got, []byte(want)) {
			t.Errorf("calendar %d: named_weeks %s, want %s", i+1, got, want)
		}
	}
}
