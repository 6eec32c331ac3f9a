package client_test

import (
	"slices"
	"testing"

	"github.com/kanka-cli/kanka/client"
)

// A name is the name the service stores (trimmed); ignoring case is a
// lookup's second try only.
func TestNamed(t *testing.T) {
	cals := []*client.Calendar{
		{ID: 1, CalendarInput: client.CalendarInput{Name: "Harptos "}},
		{ID: 2, CalendarInput: client.CalendarInput{Name: "harptos"}},
		{ID: 3, CalendarInput: client.CalendarInput{Name: "Calendar of Harptos"}},
	}
	ids := func(cals []*client.Calendar) []int {
		var out []int
		for _, c := range cals {
			out = append(out, c.ID)
		}
		return out
	}
	if got := ids(client.NamedAs(cals, "  Harptos")); len(got) != 1 || got[0] != 1 {
		t.Errorf("Named = %v, want [1]", got)
	}
	if got := ids(client.NamedIgnoringCase(cals, "HARPTOS")); len(got) != 2 || got[0] != 1 || got[1] != 2 {
		t.Errorf("NamedIgnoringCase = %v, want [1 2]", got)
	}
	// NamedBy: the exact name first, else the name but for case; none, or
	// several for the caller to ask about.
	for name, want := range map[string][]int{
		"harptos":              {2},
		"Harptos":              {1},
		"HARPTOS":              {1, 2},
		"calendar of HARPTOS ": {3},
		"Greyhawk":             nil,
	} {
		if got := ids(client.NamedBy(cals, name)); !slices.Equal(got, want) {
			t.Errorf("NamedBy(%q) = %v, want %v", name, got, want)
		}
	}
}
