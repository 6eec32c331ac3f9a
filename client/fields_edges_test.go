package client_test

import (
	"encoding/json"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/kanka-cli/kanka/client"
)

// An update's moon list keeps the ids of the current moons of the same
// name (as the service stores it: trimmed), so those moons are updated and
// not re-created; one id goes to one moon, so that of two moons of one
// name only the first gets it, and a moon with its own id keeps it.
func TestKeepMoonIDsGivesEachCurrentIDOnce(t *testing.T) {
	current := []client.Moon{
		{Name: "Selûne", Fullmoon: 30, ID: ptr(12)},
		{Name: "Tears", Fullmoon: 7, ID: ptr(13)},
		{Name: "Ghost", Fullmoon: 9}, // no id: nothing to keep
	}
	moons := []client.Moon{
		{Name: " Selûne ", Fullmoon: 31},
		{Name: "Selûne", Fullmoon: 32},
		{Name: "Tears", Fullmoon: 7, ID: ptr(40)},
		{Name: "Ghost", Fullmoon: 9},
		{Name: "New", Fullmoon: 5},
	}
	client.KeepMoonIDs(moons, current)
	want := []client.Moon{
		{Name: " Selûne ", Fullmoon: 31, ID: ptr(12)},
		{Name: "Selûne", Fullmoon: 32},
		{Name: "Tears", Fullmoon: 7, ID: ptr(40)},
		{Name: "Ghost", Fullmoon: 9},
		{Name: "New", Fullmoon: 5},
	}
	if !reflect.DeepEqual(moons, want) {
		t.Errorf("moons %s, want %s", showMoons(moons), showMoons(want))
	}
	// The id given is a copy: changing it leaves the current moon alone.
	*moons[0].ID = 99
	if *current[0].ID != 12 {
		t.Errorf("the current moon's id became %d", *current[0].ID)
	}
}

func showMoons(moons []client.Moon) []string {
	out := make([]string, len(moons))
	for i, m := range moons {
		id := "nil"
		if m.ID != nil {
			id = strconv.Itoa(*m.ID)
		}
		out[i] = m.Name + "#" + id
	}
	return out
}

// A leap month given by name only (a file's "leap_year_month: Midwinter",
// read before the calendar's months are known) goes over the record's
// number: the name is kept to be read, the old number dropped.
func TestLeapMonthByNameGoesOverTheNumber(t *testing.T) {
	base := client.CalendarInput{Name: "Harptos", LeapYearMonth: ptr(1)}
	changes := client.CalendarInput{LeapYearMonthName: &client.Written{Text: "Midwinter"}}
	got := client.CalendarFields.Over(&base, &changes)
	if got.LeapYearMonth != nil || got.LeapYearMonthName == nil || got.LeapYearMonthName.Text != "Midwinter" {
		t.Errorf("leap month %v named %+v, want none named Midwinter", got.LeapYearMonth, got.LeapYearMonthName)
	}
	if got.Name != "Harptos" {
		t.Errorf("name %q, want Harptos", got.Name)
	}
}

// Changes that give no leap month keep the record's.
func TestChangesWithoutALeapMonthKeepTheRecords(t *testing.T) {
	base := client.CalendarInput{Name: "Harptos", LeapYearMonth: ptr(2)}
	changes := client.CalendarInput{Name: "Harptos II"}
	got := client.CalendarFields.Over(&base, &changes)
	if got.LeapYearMonth == nil || *got.LeapYearMonth != 2 || got.LeapYearMonthName != nil {
		t.Errorf("leap month %v named %+v, want 2", got.LeapYearMonth, got.LeapYearMonthName)
	}
	if got.Name != "Harptos II" {
		t.Errorf("name %q, want Harptos II", got.Name)
	}
}

// Month 1 as the leap month is read as month 1: only a value below 1 is
// the service's "not set".
func TestLeapMonthOneIsRead(t *testing.T) {
	var cal client.Calendar
	if err := json.Unmarshal([]byte(`{"id":1,"name":"Harptos","has_leap_year":true,"leap_year_month":1}`), &cal); err != nil {
		t.Fatal(err)
	}
	if cal.LeapYearMonth == nil || *cal.LeapYearMonth != 1 {
		t.Errorf("leap month %v, want 1", cal.LeapYearMonth)
	}
}

// A calendar with no months is refused for that alone: its leap month is
// not also reported as missing from a calendar of 0 months.
func TestNoMonthsIsOneProblemNotTwo(t *testing.T) {
	in := client.CalendarInput{
		Name: "Harptos", Weekdays: []string{"First", "Second"},
		HasLeapYear: ptr(true), LeapYearAmount: ptr(1), LeapYearOffset: ptr(4), LeapYearMonth: ptr(1),
	}
	want := []client.Problem{{Field: "months", Message: "at least 2 are required, 0 given"}}
	if got := problems(t, in.Validate()); !reflect.DeepEqual(got, want) {
		t.Errorf("problems %q, want %q", got, want)
	}
}

// A plan shows a changed list item by item: a month's length and, only
// for an intercalary one, its type; named years in order of number, from
// years the record did not give (unknown); a moon's cycle with all its
// digits.
func TestChangesShowListsItemByItem(t *testing.T) {
	have := client.CalendarInput{
		Months: []client.Month{{Name: "Hammer", Length: 30, Type: "standard"}},
		Moons:  []client.Moon{{Name: "Selûne", Fullmoon: 30}},
	}
	want := client.CalendarInput{
		Months: []client.Month{{Name: "Hammer", Length: 30, Type: "standard"}, {Name: "Midwinter", Length: 1, Type: "intercalary"}},
		Moons:  []client.Moon{{Name: "Selûne", Fullmoon: 30.4375}},
		Years:  client.Years{1492: "Three Ships", -3: "Before"},
	}
	got := client.CalendarFields.Changes(&want, &have)
	wantChanges := []client.Change{
		{Field: "months", Old: "[1] Hammer 30", New: "[2] Hammer 30, Midwinter 1 intercalary"},
		{Field: "years", Old: "(unknown)", New: "[2] -3 Before, 1492 Three Ships"},
		{Field: "moons", Old: "[1] Selûne 30", New: "[1] Selûne 30.4375"},
	}
	if !reflect.DeepEqual(got, wantChanges) {
		t.Errorf("changes %q, want %q", got, wantChanges)
	}
}

// A plan shows a value of up to 60 characters whole, a longer one cut.
func TestChangesShowSixtyCharactersWhole(t *testing.T) {
	have := client.CalendarInput{Suffix: ptr("DR")}
	for _, tc := range []struct{ suffix, shown string }{
		// Quoted: 58 characters and the quotes are 60.
		{strings.Repeat("x", 58), `"` + strings.Repeat("x", 58) + `"`},
		{strings.Repeat("x", 59), `"` + strings.Repeat("x", 59) + "…"},
	} {
		want := client.CalendarInput{Suffix: ptr(tc.suffix)}
		got := client.CalendarFields.Changes(&want, &have)
		if wantChanges := []client.Change{{Field: "suffix", Old: `"DR"`, New: tc.shown}}; !reflect.DeepEqual(got, wantChanges) {
			t.Errorf("changes %q, want %q", got, wantChanges)
		}
	}
}
