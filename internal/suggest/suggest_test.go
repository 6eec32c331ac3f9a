package suggest

import "testing"

func TestNearest(t *testing.T) {
	commands := []string{"create", "delete", "get", "list", "ls", "update"}
	for _, tc := range []struct {
		word       string
		candidates []string
		want       string
		ok         bool
	}{
		{"lst", commands, "list", true}, // not "get", two edits away
		{"lis", commands, "list", true},
		{"delet", commands, "delete", true},
		{"upadte", commands, "update", true}, // a swap is one edit
		{"xyz", commands, "", false},
		{"lgoin", []string{"login", "logout", "status"}, "login", true},
		{"calender", []string{"calendar", "weather", "sandbox"}, "calendar", true},
		{"jsn", []string{"table", "wide", "json", "yaml", "ndjson", "id"}, "json", true},
		{"YML", []string{"table", "wide", "json", "yaml", "ndjson", "id"}, "yaml", true},
		{"xml", []string{"table", "wide", "json", "yaml", "ndjson", "id"}, "", false},
		{"campain", []string{"url", "token", "campaign", "max_wait"}, "campaign", true},
		{"", commands, "", false},
	} {
		got, ok := Nearest(tc.word, tc.candidates)
		if got != tc.want || ok != tc.ok {
			t.Errorf("Nearest(%q) = %q, %v; want %q, %v", tc.word, got, ok, tc.want, tc.ok)
		}
	}
}

// A name filter's near misses offer the shortest name holding the word,
// whatever its case; none holds it: nothing.
func TestContaining(t *testing.T) {
	names := []string{"Calendar of Harptos (old)", "Calendar of Harptos", "Greyhawk"}
	if best, ok := Containing("harptos", names); !ok || best != "Calendar of Harptos" {
		t.Errorf("Containing(harptos) = %q, %v", best, ok)
	}
	if best, ok := Containing("eberron", names); ok {
		t.Errorf("Containing(eberron) = %q, want none", best)
	}
}

// When no name holds the word, a name holding it but for a typo is
// offered: a word of it (or a run of words) a swap, a letter or two away,
// as Nearest counts them; the fewest edits first, then the shortest.
func TestContainingButForATypo(t *testing.T) {
	names := []string{"Greyhawk", "Calendar of Harptos (old)", "Calendar of Harptos"}
	for _, tc := range []struct {
		word, want string
		ok         bool
	}{
		{"Harptso", "Calendar of Harptos", true},             // a swap
		{"harpos", "Calendar of Harptos", true},              // a letter left out
		{"calender of harptos", "Calendar of Harptos", true}, // a run of words
		{"Greyhwak", "Greyhawk", true},                       // one swap, fewer edits than any other
		{"Hrpatso", "", false},                               // three edits: too far
		{"Eberron", "", false},                               // nothing near
		{"of Greyhawk", "", false},                           // more words than the name has
	} {
		best, ok := Containing(tc.word, names)
		if best != tc.want || ok != tc.ok {
			t.Errorf("Containing(%q) = %q, %v; want %q, %v", tc.word, best, ok, tc.want, tc.ok)
		}
	}
}
