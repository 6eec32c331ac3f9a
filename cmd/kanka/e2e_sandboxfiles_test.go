package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// The sandbox's state file as users name it: --sandbox-data (or
// `sandbox serve --data`) pointed at somebody else's file, a missing or
// empty file, a symlink, a damaged file.

// sandboxFileBound is how long one run may take: nothing here waits.
const sandboxFileBound = 30 * time.Second

// longAgo is the modification time files start with, so that a write shows
// even within the same second.
var longAgo = time.Date(2021, 3, 4, 5, 6, 7, 0, time.UTC)

// placeFile writes content to name, alone in a new directory, dated
// longAgo, and returns its path.
func placeFile(t *testing.T, name, content string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Chtimes(path, longAgo, longAgo); err != nil {
		t.Fatal(err)
	}
	return path
}

// wantFileAsPlaced asserts the file is byte for byte as placed, not
// modified, still a regular file, and alone in its directory (no lock or
// temporary file beside it).
func wantFileAsPlaced(t *testing.T, path, content string) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil || string(b) != content {
		t.Errorf("%s now holds %q (%v), want %q", path, b, err, content)
	}
	info, err := os.Lstat(path)
	if err != nil || !info.Mode().IsRegular() || !info.ModTime().Equal(longAgo) {
		t.Errorf("%s: %v, modified %v: want a regular file modified %v", path, err, info.ModTime(), longAgo)
	}
	entries, _ := os.ReadDir(filepath.Dir(path))
	for _, e := range entries {
		if e.Name() != filepath.Base(path) {
			t.Errorf("%s appeared beside %s", e.Name(), path)
		}
	}
}

func TestE2ESandboxFilesNotStateAreRefused(t *testing.T) {
	t.Parallel()
	files := []struct{ name, content, reason string }{
		{"package.json", "{\n  \"name\": \"my-app\",\n  \"version\": \"1.0.0\",\n  \"scripts\": {\"test\": \"jest\"}\n}\n",
			`unknown key "name"`},
		{"null.json", "null\n", "a JSON null, not an object"},
		{"settings.yaml", "profiles:\n  default:\n    campaign: 1\n", "not JSON: invalid character 'p' looking for beginning of value"},
	}
	for _, f := range files {
		t.Run(f.name, func(t *testing.T) {
			t.Parallel()
			path := placeFile(t, f.name, f.content)
			k := newKanka(t, nil)
			want := "error: " + path + " is not a kanka sandbox state file (" + f.reason +
				"); it was left untouched: choose another file for the sandbox's state\n"
			for _, args := range [][]string{
				{"--sandbox", "--sandbox-data", path, "calendar", "create", "-f", harptosFile},
				{"--sandbox", "--sandbox-data", path, "calendar", "list"},
				{"--sandbox", "--sandbox-data", path, "weather", "create", "--calendar", "1", "--date", "1492-1-1", "--weather", "sun"},
				{"--sandbox-data", path, "sandbox", "reset"},
				{"sandbox", "serve", "--addr", "127.0.0.1:0", "--data", path},
			} {
				r := k.runWithin(t, sandboxFileBound, "", args...)
				if r.code != 2 || r.stderr != want || r.stdout != "" {
					t.Errorf("want exit 2 and stderr:\n%s%s", want, r)
				}
			}
			// Through KANKA_SANDBOX_DATA too.
			r := k.with("KANKA_SANDBOX_DATA="+path).runWithin(t, sandboxFileBound, "", "--sandbox", "calendar", "create", "-f", harptosFile)
			if r.code != 2 || r.stderr != want {
				t.Errorf("KANKA_SANDBOX_DATA: want exit 2 and stderr:\n%s%s", want, r)
			}
			wantFileAsPlaced(t, path, f.content)
		})
	}
}

func TestE2ESandboxMissingOrEmptyFileIsANewSandbox(t *testing.T) {
	t.Parallel()
	for name, content := range map[string]string{"missing": "", "empty": "", "blank": "\n  \n"} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			path := filepath.Join(t.TempDir(), "state.json")
			if name != "missing" {
				if err := os.WriteFile(path, []byte(content), 0o600); err != nil {
					t.Fatal(err)
				}
			}
			k := newKanka(t, nil)
			if got := k.ok(t, "--sandbox", "--sandbox-data", path, "calendar", "list", "-o", "id"); got != "" {
				t.Errorf("calendar list on a new sandbox = %q", got)
			}
			if got := k.ok(t, "--sandbox", "--sandbox-data", path, "calendar", "create", "-f", harptosFile, "-o", "id"); got != "1\n" {
				t.Errorf("calendar create -o id = %q, want \"1\\n\"", got)
			}
			if got := k.ok(t, "--sandbox", "--sandbox-data", path, "calendar", "list", "--jq", ".[].name"); got != "Calendar of Harptos\n" {
				t.Errorf("calendar list after the create = %q", got)
			}
		})
	}
}

func TestE2ESandboxSymlinkedStateFileStaysALink(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	target := filepath.Join(dir, "shared", "state.json")
	if err := os.MkdirAll(filepath.Dir(target), 0o700); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "mine.json")
	if err := os.Symlink("shared/state.json", link); err != nil {
		t.Fatal(err)
	}
	k := newKanka(t, nil)
	wantLink := func(when string) {
		t.Helper()
		info, err := os.Lstat(link)
		if err != nil || info.Mode()&os.ModeSymlink == 0 {
			t.Fatalf("%s: %s is no longer a symlink (%v)", when, link, err)
		}
		if got, _ := os.Readlink(link); got != "shared/state.json" {
			t.Fatalf("%s: the link points at %q", when, got)
		}
	}

	// Through the link while the target does not exist yet, then through
	// the target, then the link again: all one state.
	k.ok(t, "--sandbox", "--sandbox-data", link, "calendar", "create", "-f", harptosFile)
	wantLink("after the first create")
	if b, err := os.ReadFile(target); err != nil || !strings.Contains(string(b), `"Calendar of Harptos"`) {
		t.Fatalf("the target was not written: %v %s", err, b)
	}
	k.ok(t, "--sandbox", "--sandbox-data", target, "weather", "create", "--calendar", "1", "--date", "1492-1-1", "--weather", "sun")
	k.ok(t, "--sandbox", "--sandbox-data", link, "weather", "create", "--calendar", "1", "--date", "1492-1-2", "--weather", "rain")
	wantLink("after the weather creates")
	if got := k.ok(t, "--sandbox", "--sandbox-data", target, "weather", "list", "--calendar", "1", "--jq", ".[].weather"); got != "sun\nrain\n" {
		t.Errorf("weather through the target = %q, want sun and rain", got)
	}
	if _, err := os.Stat(link + ".lock"); err == nil {
		t.Errorf("a lock file beside the link: the link and the target would not exclude each other")
	}

	k.ok(t, "--sandbox-data", link, "sandbox", "reset")
	wantLink("after reset")
	if got := k.ok(t, "--sandbox", "--sandbox-data", target, "calendar", "list", "-o", "id"); got != "" {
		t.Errorf("after reset through the link, the target still lists %q", got)
	}
}

func TestE2ESandboxDamagedStateFile(t *testing.T) {
	t.Parallel()
	// A state file cut short, as a full disk or a killed editor leaves one.
	damaged := "{\n  \"last_ids\": {\n    \"calendar\": 4,\n    \"weather\": 9,\n"
	path := placeFile(t, "state.json", damaged)
	k := newKanka(t, nil)
	want := "error: the sandbox state file " + path + " is damaged (not JSON: unexpected EOF); it was left untouched: empty it with 'kanka sandbox reset --data " + path + "'\n"
	for _, args := range [][]string{
		{"--sandbox", "--sandbox-data", path, "calendar", "create", "-f", harptosFile},
		{"--sandbox", "--sandbox-data", path, "calendar", "list"},
		{"--sandbox", "--sandbox-data", path, "weather", "delete", "--calendar", "1", "3", "--yes"},
		{"sandbox", "serve", "--addr", "127.0.0.1:0", "--data", path},
	} {
		r := k.runWithin(t, sandboxFileBound, "", args...)
		if r.code != 1 || r.stderr != want || r.stdout != "" {
			t.Errorf("want exit 1 and stderr:\n%s%s", want, r)
		}
	}
	wantFileAsPlaced(t, path, damaged)

	// The command the message gives does empty it.
	r := k.runWithin(t, sandboxFileBound, "", "sandbox", "reset", "--data", path)
	if r.code != 0 || r.stderr != "Sandbox state emptied: "+path+" (it was damaged, so ids start again from 1)\n" {
		t.Errorf("sandbox reset of the damaged file: %s", r)
	}
	if got := k.ok(t, "--sandbox", "--sandbox-data", path, "calendar", "create", "-f", harptosFile, "-o", "id"); got != "1\n" {
		t.Errorf("create after the reset = %q", got)
	}
}
