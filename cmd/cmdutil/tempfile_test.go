package cmdutil

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// The edit file is alone in a new directory that only the user may enter,
// is 0600, and goes with its directory.
func TestEditFileIsPrivate(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	e, err := NewEditFile("kanka-calendar-12-*", "calendar-12.yaml")
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Dir(e.Path)
	if filepath.Dir(dir) != tmp || !strings.HasPrefix(filepath.Base(dir), "kanka-calendar-12-") || filepath.Base(e.Path) != "calendar-12.yaml" {
		t.Errorf("path %s, want $TMPDIR/kanka-calendar-12-*/calendar-12.yaml", e.Path)
	}
	if err := e.Write([]byte("name: Harptos\n")); err != nil {
		t.Fatal(err)
	}
	if runtime.GOOS != "windows" {
		wantMode(t, dir, os.ModeDir|0o700)
		wantMode(t, e.Path, 0o600)
	}
	if err := e.Remove(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Lstat(dir); !os.IsNotExist(err) {
		t.Errorf("the directory is still there: %v", err)
	}
}

// Whatever the editor left at the path (a symlink to another file, a file
// anyone may read) is replaced, never written through: the link's target
// keeps its content, the new file is 0600.
func TestEditFileWriteNeverFollowsALink(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("permissions and symlinks differ")
	}
	t.Setenv("TMPDIR", t.TempDir())
	e, err := NewEditFile("kanka-*", "f.yaml")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { e.Remove() })
	victim := filepath.Join(t.TempDir(), "victim")
	if err := os.WriteFile(victim, []byte("precious\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(victim, e.Path); err != nil {
		t.Skipf("no symlinks: %v", err)
	}
	if err := e.Write([]byte("name: Harptos\n")); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(victim); string(b) != "precious\n" {
		t.Errorf("the link's target was written: %q", b)
	}
	if b, _ := os.ReadFile(e.Path); string(b) != "name: Harptos\n" {
		t.Errorf("the file holds %q", b)
	}
	wantMode(t, e.Path, 0o600)

	// A file the editor saved with other permissions.
	if err := os.Chmod(e.Path, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := e.Write([]byte("name: Other\n")); err != nil {
		t.Fatal(err)
	}
	wantMode(t, e.Path, 0o600)
}

func wantMode(t *testing.T, path string, want os.FileMode) {
	t.Helper()
	info, err := os.Lstat(path)
	if err != nil {
		t.Fatal(err)
	}
	if got := info.Mode() & (os.ModeType | os.ModePerm); got != want {
		t.Errorf("%s is %v, want %v", path, got, want)
	}
}
