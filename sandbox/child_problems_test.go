package sandbox

import (
	"reflect"
	"testing"
)

// A refused write's "error" is its first problem, in the order the
// service finds them: each step fixes the field the one before named
// first, and names what comes next.
type problemStep struct {
	fix   string // what this step changes in the body
	first string // the answer's error then ("": accepted)
}

func expectProblemOrder(t *testing.T, s *Server, path, body string, steps []problemStep) {
	t.Helper()
	for _, step := range steps {
		body = with(t, body, step.fix)
		w := send(t, s, "POST", base+path, body)
		if step.first == "" {
			if w.Code != 200 && w.Code != 201 {
				t.Fatalf("after %s: %d %s", step.fix, w.Code, w.Body)
			}
			return
		}
		if got := decode(t, w)["error"]; w.Code != 422 || got != step.first {
			t.Fatalf("after %s: %d, error %v, want %q", step.fix, w.Code, got, step.first)
		}
	}
}

// Weather names every missing required field before any other problem,
// then the fields in the write's order, then (document mode) the date
// against the calendar.
func TestWeatherProblemsMissingFirst(t *testing.T) {
	for _, mode := range bothModes {
		t.Run(mode.name, func(t *testing.T) {
			s := newServer(t, Options{Live: mode.live})
			mustCreate(t, s, calendarForWeather)
			path, valid := "calendars/1/calendar_weather", `{"year":1492,"month":2,"day":28,"weather":"sun"}`
			expectProblemOrder(t, s, path, `{"year":"soon","temperature":"`+repeat("t", 46)+`","name":"`+repeat("n", 41)+`","visibility_id":0}`, []problemStep{
				{`{}`, "The month field is required. (and 6 more errors)"},
				{`{"month":2}`, "The day field is required. (and 5 more errors)"},
				{`{"day":28}`, "The weather field is required. (and 4 more errors)"},
				{`{"weather":"sun"}`, "The year must be an integer. (and 3 more errors)"},
				{`{"year":1492}`, "The temperature must not be greater than 45 characters. (and 2 more errors)"},
				{`{"temperature":"cold"}`, "The name must not be greater than 40 characters. (and 1 more error)"},
				{`{"name":"Gale"}`, "The visibility id must be between 1 and 5."},
				{`{"visibility_id":2}`, ""},
			})
			if !mode.live {
				expectProblemOrder(t, s, path, with(t, valid, `{"day":29,"visibility_id":0}`), []problemStep{
					{`{}`, "The visibility id must be between 1 and 5. (and 1 more error)"},
					{`{"visibility_id":2}`, "The day must be between 1 and 28."},
				})
			}
		})
	}
}

// Reminders are checked field by field, in StoreReminder's order: the
// calendar named right after its id is read.
func TestReminderProblemsInTheServicesOrder(t *testing.T) {
	for _, mode := range bothModes {
		t.Run(mode.name, func(t *testing.T) {
			s := newServer(t, Options{Live: mode.live})
			mustCreate(t, s, calendarForWeather)
			expectProblemOrder(t, s, "entities/1/reminders",
				`{"calendar_id":3,"day":0,"month":"x","length":0,"recurring_until":"1234567890123","recurring_periodicity":"`+repeat("w", 33)+
					`","colour":"#1234567","comment":"`+repeat("c", 192)+`","type_id":1,"visibility_id":0}`, []problemStep{
					{`{}`, "The selected calendar id is invalid. (and 10 more errors)"},
					{`{"calendar_id":1}`, "The day must be at least 1. (and 9 more errors)"},
					{`{"day":1}`, "The month must be an integer. (and 8 more errors)"},
					{`{"month":1}`, "The year field is required. (and 7 more errors)"},
					{`{"year":1}`, "The length must be at least 1. (and 6 more errors)"},
					{`{"length":2}`, "The recurring until must not be greater than 12 characters. (and 5 more errors)"},
					{`{"recurring_until":"3"}`, "The recurring periodicity must not be greater than " + map[bool]string{false: "32", true: "5"}[mode.live] + " characters. (and 4 more errors)"},
					{`{"recurring_periodicity":"year"}`, "The colour must not be greater than 7 characters. (and 3 more errors)"},
					{`{"colour":"#123456"}`, "The comment must not be greater than 191 characters. (and 2 more errors)"},
					{`{"comment":"Feast"}`, "The selected type id is invalid. (and 1 more error)"},
					{`{"type_id":2}`, "The selected visibility id is invalid."},
					{`{"visibility_id":3}`, ""},
				})
		})
	}
}

// A null sent for a field that cannot be null leaves it as it is (the
// length, the visibility), or is refused (what a create requires); a field
// that can be null is cleared.
func TestChildNullsOnFieldsThatCannotBeNull(t *testing.T) {
	t.Run("reminder", func(t *testing.T) {
		s := newServer(t, Options{})
		mustCreate(t, s, calendarForWeather)
		expect(t, send(t, s, "POST", base+"entities/1/reminders", `{"calendar_id":1,"day":2,"month":1,"year":5,"length":3,"visibility_id":2,"type_id":4}`), 201, "")
		w := send(t, s, "PUT", base+"entities/1/reminders/1", `{"length":null,"visibility_id":null,"type_id":null,"comment":null}`)
		if got := pick(t, dataOf(t, w), "day length visibility_id type_id comment"); w.Code != 200 ||
			!jsonEqual(t, []byte(got), []byte(`{"day":2,"length":3,"visibility_id":2,"type_id":null,"comment":null}`)) {
			t.Fatalf("%d %s", w.Code, got)
		}
		w = send(t, s, "PUT", base+"entities/1/reminders/1", `{"year":null,"month":null,"calendar_id":null}`)
		expectFields(t, w.Body.Bytes(), w.Code, `{"calendar_id":["The calendar id must be an integer."],"month":["The month must be an integer."],"year":["The year must be an integer."]}`)
	})
	t.Run("weather live", func(t *testing.T) {
		s := newServer(t, Options{Live: true})
		mustCreate(t, s, calendarForWeather)
		const date = `"year":1492,"month":1,"day":1`
		expect(t, send(t, s, "POST", base+"calendars/1/calendar_weather", `{`+date+`,"weather":"sun","visibility_id":3}`), 201, "")
		w := send(t, s, "PUT", base+"calendars/1/calendar_weather/1", `{`+date+`,"weather":"rain","visibility_id":null}`)
		if got := pick(t, dataOf(t, w), "weather visibility_id"); w.Code != 200 || !jsonEqual(t, []byte(got), []byte(`{"weather":"rain","visibility_id":3}`)) {
			t.Fatalf("%d %s", w.Code, got)
		}
	})
	t.Run("weather document: white space is a weather", func(t *testing.T) {
		s := newServer(t, Options{})
		mustCreate(t, s, calendarForWeather)
		w := send(t, s, "POST", base+"calendars/1/calendar_weather", `{"year":1492,"month":1,"day":1,"weather":" "}`)
		if got := pick(t, dataOf(t, w), "weather"); w.Code != 200 || got != `{"weather":" "}` {
			t.Fatalf("%d %s", w.Code, got)
		}
	})
}

// Each field of a child kind's table is stored in its record's struct
// field of the same JSON key, of the field's type (a pointer when it may be
// null): a wrong entry fails here rather than in a write. The type is
// compared, not its kind: a write stores a string, an int or a bool by
// reflection, which a named type of the same kind refuses with a panic.
func TestChildFieldsAreTheirRecordsFields(t *testing.T) {
	checkFields(t, &weatherKind)
	checkFields(t, &reminderKind)
}

func checkFields[R child](t *testing.T, k *children[R]) {
	t.Helper()
	want := map[fieldKind]reflect.Type{textField: reflect.TypeFor[string](), wholeField: reflect.TypeFor[int](), flagField: reflect.TypeFor[bool]()}
	rec := reflect.TypeFor[R]().Elem()
	for _, f := range k.fields {
		at, ok := jsonFields(rec)[f.key]
		if !ok {
			t.Errorf("%s: no field of %s is stored under %q", k.model, rec, f.key)
			continue
		}
		typ := rec.FieldByIndex(at).Type
		if typ.Kind() == reflect.Pointer {
			typ = typ.Elem()
		}
		if typ != want[f.kind] {
			t.Errorf("%s.%s is a %s, stored as a %s", k.model, f.key, want[f.kind], typ)
		}
	}
}
