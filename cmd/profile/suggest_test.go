package profile

import (
	"testing"

	"github.com/kanka-cli/kanka/internal/suggest"
)

// The keys and profile names are suggested with internal/suggest.
func TestNearestKeyAndProfile(t *testing.T) {
	tests := []struct {
		word       string
		candidates []string
		want       string
	}{
		{"campain", Keys, "campaign"},
		{"tokne", Keys, "token"},
		{"URL", Keys, "url"},
		{"maxwait", Keys, "max_wait"},
		{"colour", Keys, ""},
		{"wrok", []string{"work", "home"}, "work"},
		{"anything", nil, ""},
	}
	for _, tt := range tests {
		if got, _ := suggest.Nearest(tt.word, tt.candidates); got != tt.want {
			t.Errorf("Nearest(%q, %v) = %q, want %q", tt.word, tt.candidates, got, tt.want)
		}
	}
}

func TestUseRefusesAnUnknownProfile(t *testing.T) {
	f := &File{path: "/c.yaml", Profiles: map[string]*Profile{"work": {}, "home": {}}}
	tests := map[string]string{
		"wrok":  `/c.yaml holds no profile named "wrok" (it has home, work); did you mean "work"?`,
		"party": "/c.yaml holds no profile named \"party\" (it has home, work); create it with `kanka -p party auth login`",
	}
	for name, want := range tests {
		if err := f.Use(name); err == nil || err.Error() != want || !IsInvalidValue(err) {
			t.Errorf("Use(%q): %v, want %q", name, err, want)
		}
	}
	if err := f.Use("home"); err != nil || f.Active != "home" {
		t.Errorf("Use(home): %v, active %q", err, f.Active)
	}
}
