package profile

import "testing"

// Delete removes profiles, clears `active` when it named one of them, and
// refuses an unknown name (the near one suggested) without removing any.
func TestDelete(t *testing.T) {
	f := &File{path: "/c.yaml", Active: "work", Profiles: map[string]*Profile{"work": {Campaign: 1}, "home": {}, "bare": nil}}
	if f.Has("nowhere") || !f.Has("bare") {
		t.Errorf("Has: a missing name is held, or a profile with nothing under it is not")
	}
	err := func() error { _, err := f.Delete("home", "wrok"); return err }()
	if want := `/c.yaml holds no profile named "wrok" (it has bare, home, work); did you mean "work"?`; err == nil || err.Error() != want || !IsInvalidValue(err) {
		t.Errorf("Delete(home, wrok): %v, want %q", err, want)
	}
	if len(f.Profiles) != 3 || f.Active != "work" {
		t.Errorf("a refused Delete removed something: %v, active %q", f.Names(), f.Active)
	}
	if err := f.CheckKnown("party"); err == nil || err.Error() != `/c.yaml holds no profile named "party" (it has bare, home, work)` {
		t.Errorf("CheckKnown(party): %v", err)
	}

	cleared, err := f.Delete("bare")
	if err != nil || cleared || f.Active != "work" || f.Has("bare") {
		t.Errorf("Delete(bare): cleared %v, %v; active %q, names %v", cleared, err, f.Active, f.Names())
	}
	cleared, err = f.Delete("work")
	if err != nil || !cleared || f.Active != "" || f.ActiveName() != DefaultName || f.Has("work") {
		t.Errorf("Delete(work): cleared %v, %v; active %q, names %v", cleared, err, f.Active, f.Names())
	}
}

// A profile written with nothing under it is a profile: `config use` takes it.
func TestUseTakesAnEmptyProfile(t *testing.T) {
	path := writeConfig(t, "profiles:\n  work:\n")
	f, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Use("work"); err != nil || f.Active != "work" {
		t.Errorf("Use(work): %v, active %q", err, f.Active)
	}
}

// The last profile deleted, the file keeps its comments alone, not `{}`;
// a file with no comments is left empty. Either reads back as no profiles.
func TestSaveOfAFileLeftWithoutProfiles(t *testing.T) {
	tests := []struct{ body, want string }{
		{"# mine\nactive: work # the one\nprofiles:\n  work:\n    campaign: 1\n", "# mine\n"},
		{"active: work\nprofiles:\n  work: {}\n", ""},
	}
	for _, tt := range tests {
		path := writeConfig(t, tt.body)
		got := update(t, path, func(f *File) {
			if _, err := f.Delete("work"); err != nil {
				t.Fatal(err)
			}
		})
		if got != tt.want {
			t.Errorf("%q became %q, want %q", tt.body, got, tt.want)
		}
		back, err := Load(path)
		if err != nil || len(back.Profiles) != 0 || back.Active != "" {
			t.Errorf("%q reads back as %+v, %v", got, back, err)
		}
	}
}
