package profile

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestSaveCreatesPrivateFileAndDirectoryAndRoundTrips(t *testing.T) {
	path := filepath.Join(t.TempDir(), "conf", "kanka", "config.yaml")
	var p *Profile
	err := Update(context.Background(), path, func(f *File) error {
		p = f.Ensure("live")
		p.URL, p.Token, p.Campaign = "https://api.kanka.io/1.0", "secret-token", 42
		f.Ensure("rehearsal").Sandbox = true
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}

	assertMode(t, path, 0o600)
	assertMode(t, filepath.Dir(path), 0o700)
	assertMode(t, filepath.Dir(filepath.Dir(path)), 0o700)

	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	want := `active: live
profiles:
    live:
        url: https://api.kanka.io/1.0
        token: secret-token
        campaign: 42
    rehearsal:
        sandbox: true
`
	if string(got) != want {
		t.Errorf("file:\n%s\nwant:\n%s", got, want)
	}

	back, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	if back.Active != "live" || *back.Get("live") != *p || !back.Get("rehearsal").Sandbox {
		t.Errorf("round trip: %+v %+v", back, back.Get("live"))
	}
}

func TestSaveFixesTheModeOfAnOpenFileAndLeavesNoTemporaryFile(t *testing.T) {
	dir := t.TempDir()
	if err := os.Chmod(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "config.yaml")
	if err := os.WriteFile(path, []byte("active: x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := Update(context.Background(), path, func(f *File) error {
		f.Ensure("x").Token = "t"
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	assertMode(t, path, 0o600)
	// The directory existed: it is not ours to change.
	assertMode(t, dir, 0o755)
	entries, _ := os.ReadDir(dir)
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	// The lock file stays (removing it would let two kankas lock two
	// different files); no temporary file does.
	if strings.Join(names, " ") != "config.yaml config.yaml.lock" {
		t.Errorf("directory holds %v, want config.yaml and its lock", names)
	}
	assertMode(t, path+".lock", 0o600)
}

func TestSaveThroughASymlinkReplacesItsTarget(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "real.yaml")
	if err := os.WriteFile(target, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "config.yaml")
	if err := os.Symlink(target, link); err != nil {
		t.Fatal(err)
	}
	if err := Update(context.Background(), link, func(f *File) error {
		f.Ensure("default").Campaign = 7
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Fatalf("the link was replaced: %v %v", fi.Mode(), err)
	}
	data, _ := os.ReadFile(target)
	if !strings.Contains(string(data), "campaign: 7") {
		t.Errorf("target holds %q", data)
	}
}

func TestLoad(t *testing.T) {
	dir := t.TempDir()
	write := func(name, body string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(body), 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}

	f, err := Load(filepath.Join(dir, "missing.yaml"))
	if err != nil || f.Active != "" || len(f.Profiles) != 0 || f.ActiveName() != "default" {
		t.Errorf("missing file: %+v, %v", f, err)
	}
	if f, err := Load(write("empty.yaml", "")); err != nil || len(f.Profiles) != 0 {
		t.Errorf("empty file: %+v, %v", f, err)
	}
	_, err = Load(write("typo.yaml", "profiles:\n  default:\n    campain: 3\n"))
	want := "reading " + filepath.Join(dir, "typo.yaml") + ": line 3: field campain not found"
	if err == nil || err.Error() != want || !IsInvalidValue(err) {
		t.Errorf("a mistyped key: %v, want %q", err, want)
	}
}

func assertMode(t *testing.T, path string, want os.FileMode) {
	t.Helper()
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if got := fi.Mode().Perm(); got != want {
		t.Errorf("%s has mode %o, want %o", path, got, want)
	}
}

// kanka's own directory, if open to others, is closed; any other existing
// directory, even one named kanka, is left as it is.
func TestSaveClosesOnlyItsOwnOpenDirectory(t *testing.T) {
	xdg := t.TempDir()
	t.Setenv("XDG_CONFIG_HOME", xdg)
	ours := filepath.Join(xdg, "kanka")
	shared := filepath.Join(t.TempDir(), "shared", "kanka")
	for _, dir := range []string{ours, shared} {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Chmod(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := Update(context.Background(), filepath.Join(dir, "config.yaml"), func(f *File) error {
			f.Ensure("default").Token = "secret-token"
			return nil
		}); err != nil {
			t.Fatal(err)
		}
	}
	assertMode(t, ours, 0o700)
	assertMode(t, shared, 0o755)
}

// Put never makes a profile the active one, but writes down DefaultName,
// the profile a file with no active one uses anyway.
func TestPutNeverActivatesAnotherProfile(t *testing.T) {
	tests := []struct {
		name, before, profile, want string
	}{
		{"a new profile in an empty file", "", "work", "profiles:\n    work:\n        campaign: 8\n"},
		{"a new profile in a file with no active one", "profiles:\n  home:\n    campaign: 3\n", "work",
			"profiles:\n  home:\n    campaign: 3\n  work:\n    campaign: 8\n"},
		{"a new profile beside an active one", "active: home\nprofiles:\n  home:\n    campaign: 3\n", "work",
			"active: home\nprofiles:\n  home:\n    campaign: 3\n  work:\n    campaign: 8\n"},
		{"an existing profile of a file with no active one", "profiles:\n  work:\n    campaign: 3 # mine\n    token: t\n", "work",
			"profiles:\n  work:\n    campaign: 8 # mine\n"},
		{"the default profile is written down as active", "", "default",
			"active: default\nprofiles:\n    default:\n        campaign: 8\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "config.yaml")
			if err := os.WriteFile(path, []byte(tt.before), 0o600); err != nil {
				t.Fatal(err)
			}
			err := Update(context.Background(), path, func(f *File) error {
				f.Put(tt.profile, Profile{Campaign: 8})
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			if got, err := os.ReadFile(path); err != nil || string(got) != tt.want {
				t.Errorf("file:\n%s\nwant:\n%s", got, tt.want)
			}
		})
	}
}
