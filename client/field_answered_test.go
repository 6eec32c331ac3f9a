package client_test

import (
	"reflect"
	"testing"

	"github.com/kanka-cli/kanka/client"
)

// ChangesOf compares what the answer held, null included (the service's
// "nothing"), and leaves out of the changes a field whose key the answer
// did not hold at all: it is uncompared, never a change on its own. A
// record made in code (no answer) leaves out nothing.
func TestChangesOfLeavesOutWhatTheAnswerDidNotHold(t *testing.T) {
	read := decoded(t, `{"id":1,"name":"Harptos","suffix":null,"date":"1492-4-1","is_private":false}`)
	have := client.FromCalendar(read)
	want := client.CalendarInput{Suffix: ptr("DR"), SkipYearZero: ptr(true), Format: ptr("d M y"), IsPrivate: ptr(false), Type: ptr("")}

	changes, uncompared := client.CalendarFields.ChangesOf(&want, &have, read.Raw)
	if wantChanges := []client.Change{{Field: "suffix", Old: "(none)", New: `"DR"`}}; !reflect.DeepEqual(changes, wantChanges) {
		t.Errorf("changes = %v, want %v", changes, wantChanges)
	}
	// type "" equals nothing whatever the server holds: not listed.
	if want := []string{"format", "skip_year_zero"}; !reflect.DeepEqual(uncompared, want) {
		t.Errorf("uncompared = %v, want %v", uncompared, want)
	}

	changes, uncompared = client.CalendarFields.ChangesOf(&want, &have, nil)
	if len(changes) != 3 || uncompared != nil {
		t.Errorf("without an answer: changes %v, uncompared %v; want suffix, format and skip_year_zero as changes", changes, uncompared)
	}
	if got := client.CalendarFields.Changes(&want, &have); !reflect.DeepEqual(got, changes) {
		t.Errorf("Changes = %v, want ChangesOf without an answer: %v", got, changes)
	}
}

// Unanswered names the readable fields by their keys in the table (the
// weather's visibility is answered as visibility_id); write-only fields,
// never answered, are not named.
func TestUnansweredNamesTheTablesKeys(t *testing.T) {
	got := client.WeatherFields.Unanswered([]byte(`{"id":3,"year":1,"month":2,"day":3,"weather":"sun","temperature":null,"visibility_id":1}`))
	want := map[string]bool{"precipitation": true, "wind": true, "effect": true, "name": true}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Unanswered = %v, want %v", got, want)
	}
	if got := client.CalendarFields.Unanswered([]byte(`{"name":"x"}`)); got["weeks"] || got["epochs"] || got["image_url"] || !got["date"] {
		t.Errorf("calendar Unanswered = %v: want date, and no write-only field", got)
	}
	for _, raw := range []string{"", "[]", "null", "not json"} {
		if got := client.CalendarFields.Unanswered([]byte(raw)); got != nil {
			t.Errorf("Unanswered(%q) = %v, want nil", raw, got)
		}
	}
}

// Play moves the current date and nothing else: the one MovedByPlay
// field of either table.
func TestOnlyTheDateIsMovedByPlay(t *testing.T) {
	var moved []string
	for _, f := range client.CalendarFields {
		if f.MovedByPlay {
			moved = append(moved, f.Key)
		}
	}
	for _, f := range client.WeatherFields {
		if f.MovedByPlay {
			moved = append(moved, "weather "+f.Key)
		}
	}
	if !reflect.DeepEqual(moved, []string{"date"}) {
		t.Errorf("fields play moves: %v, want [date]", moved)
	}
}
