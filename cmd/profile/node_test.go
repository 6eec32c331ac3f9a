package profile

import (
	"context"
	"os"
	"path/filepath"
	"testing"
)

// A file as a user keeps it: comments, an order of its own, two-space
// indentation, a quoted value.
const commented = `# kanka settings; see kanka config --help
profiles:
  # the real campaign
  work:
    campaign: 12345 # Barovia
    url: "https://api.kanka.io/1.0"
    token: old-token
  # for rehearsals
  rehearsal:
    sandbox: true
active: work # what kanka uses without -p
`

func writeConfig(t *testing.T, body string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "config.yaml")
	if err := os.WriteFile(path, []byte(body), 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

func update(t *testing.T, path string, change func(*File)) string {
	t.Helper()
	if err := Update(context.Background(), path, func(f *File) error { change(f); return nil }); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

func TestSaveKeepsCommentsOrderAndQuoting(t *testing.T) {
	tests := []struct {
		name   string
		change func(*File)
		want   string
	}{
		{"nothing changed", func(*File) {}, commented},
		{"a value changed keeps its comment", func(f *File) { f.Get("work").Campaign = 777 }, `# kanka settings; see kanka config --help
profiles:
  # the real campaign
  work:
    campaign: 777 # Barovia
    url: "https://api.kanka.io/1.0"
    token: old-token
  # for rehearsals
  rehearsal:
    sandbox: true
active: work # what kanka uses without -p
`},
		{"a token of digits is quoted", func(f *File) { f.Get("work").Token = "12345" }, `# kanka settings; see kanka config --help
profiles:
  # the real campaign
  work:
    campaign: 12345 # Barovia
    url: "https://api.kanka.io/1.0"
    token: "12345"
  # for rehearsals
  rehearsal:
    sandbox: true
active: work # what kanka uses without -p
`},
		{"a new key goes where Keys puts it", func(f *File) { f.Get("rehearsal").URL = "http://localhost:8080/api/1.0" }, `# kanka settings; see kanka config --help
profiles:
  # the real campaign
  work:
    campaign: 12345 # Barovia
    url: "https://api.kanka.io/1.0"
    token: old-token
  # for rehearsals
  rehearsal:
    url: http://localhost:8080/api/1.0
    sandbox: true
active: work # what kanka uses without -p
`},
		{"a removed key goes, the others stay", func(f *File) { f.Get("work").Token = "" }, `# kanka settings; see kanka config --help
profiles:
  # the real campaign
  work:
    campaign: 12345 # Barovia
    url: "https://api.kanka.io/1.0"
  # for rehearsals
  rehearsal:
    sandbox: true
active: work # what kanka uses without -p
`},
		{"a new profile goes last, the active one changes in place", func(f *File) {
			f.Ensure("home").MaxWait = "5m"
			f.Active = "home"
		}, `# kanka settings; see kanka config --help
profiles:
  # the real campaign
  work:
    campaign: 12345 # Barovia
    url: "https://api.kanka.io/1.0"
    token: old-token
  # for rehearsals
  rehearsal:
    sandbox: true
  home:
    max_wait: 5m
active: home # what kanka uses without -p
`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := writeConfig(t, commented)
			if got := update(t, path, tt.change); got != tt.want {
				t.Errorf("file:\n%s\nwant:\n%s", got, tt.want)
			}
		})
	}
}

func TestSaveAddsKeysInOrderToAFileWithout(t *testing.T) {
	path := writeConfig(t, "# mine\nprofiles:\n    work:\n        token: t\n")
	got := update(t, path, func(f *File) {
		f.Active = "work"
		f.Get("work").Campaign = 3
		f.Get("work").URL = "https://kanka.example/api/1.0"
	})
	want := `# mine
active: work
profiles:
    work:
        url: https://kanka.example/api/1.0
        token: t
        campaign: 3
`
	if got != want {
		t.Errorf("file:\n%s\nwant:\n%s", got, want)
	}
}

// A profile that is an alias of another cannot be edited in place without
// changing both: the settings win over the form.
func TestSaveOfAnAliasedProfileChangesOnlyThatProfile(t *testing.T) {
	path := writeConfig(t, "profiles:\n  a: &base\n    campaign: 1\n  b: *base\n")
	update(t, path, func(f *File) { f.Get("b").Campaign = 2 })
	f, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	if f.Get("a").Campaign != 1 || f.Get("b").Campaign != 2 {
		t.Errorf("a: %+v, b: %+v; want campaigns 1 and 2", f.Get("a"), f.Get("b"))
	}
}

// Files with little in them: comments alone, `{}`, an empty flow profile.
func TestSaveOfNearlyEmptyFiles(t *testing.T) {
	tests := []struct{ body, want string }{
		{"# written by hand\n# more\n", "# written by hand\n# more\n\nactive: x\nprofiles:\n    x:\n        campaign: 5\n"},
		{"{}\n", "active: x\nprofiles:\n    x:\n        campaign: 5\n"},
		{"profiles: # none yet\n", "active: x\nprofiles: # none yet\n    x:\n        campaign: 5\n"},
		{"active: x\nprofiles:\n  x: {}\n", "active: x\nprofiles:\n  x:\n    campaign: 5\n"},
	}
	for _, tt := range tests {
		path := writeConfig(t, tt.body)
		if got := update(t, path, func(f *File) { f.Ensure("x").Campaign = 5 }); got != tt.want {
			t.Errorf("%q became:\n%s\nwant:\n%s", tt.body, got, tt.want)
		}
	}
}
