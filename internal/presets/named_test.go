package presets

import "testing"

// A word a person may use for a preset's calendar: its name (a typo
// too), its setting, or the setting's other name; anything else is none.
func TestNamedByFindsAPresetByNameOrSetting(t *testing.T) {
	for word, want := range map[string]string{
		"eberron":          "eberron",
		"Eberron":          "eberron",
		" eberon ":         "eberron",
		"Forgotten Realms": "harptos",
		"forgotten realms": "harptos",
		"Pathfinder":       "golarion",
		"Critical Role":    "exandria",
		"Earth":            "gregorian",
		"Oerth":            "",
		"":                 "",
		"calendar":         "",
	} {
		p, ok := NamedBy(word)
		if got := p.Name; ok != (want != "") || got != want {
			t.Errorf("NamedBy(%q) = %q, %v; want %q", word, got, ok, want)
		}
	}
	if p, _ := NamedBy("eberron"); p.Input.Name != "Galifar Calendar" {
		t.Errorf("the eberron preset's calendar is %q", p.Input.Name)
	}
}
