//go:build linux

package profile

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"golang.org/x/sys/unix"
)

// notFile is a path that is not a regular file, what it is called, and the
// type it must keep.
type notFile struct {
	path, what string
	kind       fs.FileMode
}

// notFiles are a directory, a named pipe and, for root, a character device
// (a private /dev/null made with mknod), each alone in a new directory.
// The real /dev/null is never written to here, even by a broken Update.
func notFiles(t *testing.T) []notFile {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "config.yaml")
	if err := os.Mkdir(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	fifo := filepath.Join(t.TempDir(), "config.yaml")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	files := []notFile{{dir, "a directory", fs.ModeDir}, {fifo, "a named pipe", fs.ModeNamedPipe}}
	if os.Geteuid() == 0 {
		dev := filepath.Join(t.TempDir(), "config.yaml")
		if err := unix.Mknod(dev, unix.S_IFCHR|0o666, int(unix.Mkdev(1, 3))); err != nil {
			t.Fatal(err)
		}
		files = append(files, notFile{dev, "a character device", fs.ModeDevice | fs.ModeCharDevice})
	}
	return files
}

// assertUntouched fails unless f is still what it was, alone in its
// directory: no lock file and no temporary file beside it.
func assertUntouched(t *testing.T, f notFile) {
	t.Helper()
	info, err := os.Lstat(f.path)
	if err != nil || info.Mode().Type() != f.kind {
		t.Fatalf("%s is no longer %s: %v (%v)", f.path, f.what, info.Mode(), err)
	}
	entries, _ := os.ReadDir(filepath.Dir(f.path))
	if len(entries) != 1 {
		t.Errorf("%s is no longer alone in its directory: %v", f.path, entries)
	}
}

// Update never replaces what is not a regular file: it refuses, before
// locking or reading anything, naming the path as the user gave it
// (KANKA_CONFIG=PATH), as invalid input (exit 2), with no usage hint.
func TestUpdateRefusesWhatIsNotARegularFile(t *testing.T) {
	for _, f := range notFiles(t) {
		t.Run(f.what, func(t *testing.T) {
			clearEnv(t)
			for _, named := range []struct{ env, want string }{
				{"", "--config " + f.path},
				{f.path, "KANKA_CONFIG=" + f.path},
				{f.path + ".other", "--config " + f.path},
			} {
				t.Setenv("KANKA_CONFIG", named.env)
				changed := false
				err := updateWithin(t, f.path, func(*File) error {
					changed = true
					return nil
				})
				want := named.want + ": is not a regular file (" + f.what + "); kanka keeps its settings in a regular file only, and wrote nothing"
				var usage *cmdutil.UsageError
				var hint interface{ UsageHint() bool }
				if err == nil || err.Error() != want || !errors.As(err, &usage) || !errors.As(err, &hint) || hint.UsageHint() {
					t.Errorf("Update: %v, want a usage error without hint %q", err, want)
				}
				if changed {
					t.Error("the change ran")
				}
				assertUntouched(t, f)
			}
		})
	}
}

// A symlink is followed: one to a named pipe is refused, named as given,
// and stays a link.
func TestUpdateRefusesALinkToWhatIsNotARegularFile(t *testing.T) {
	clearEnv(t)
	fifo := notFiles(t)[1]
	link := filepath.Join(t.TempDir(), "config.yaml")
	if err := os.Symlink(fifo.path, link); err != nil {
		t.Fatal(err)
	}
	err := updateWithin(t, link, func(*File) error { return nil })
	if want := "--config " + link + ": is not a regular file (a named pipe)"; err == nil || !strings.HasPrefix(err.Error(), want) {
		t.Errorf("Update: %v, want %q", err, want)
	}
	assertUntouched(t, fifo)
	if info, err := os.Lstat(link); err != nil || info.Mode().Type() != fs.ModeSymlink {
		t.Errorf("the link was replaced: %v (%v)", info.Mode(), err)
	}
}

// The default path is named alone: the user gave none.
func TestUpdateNamesTheDefaultPathAlone(t *testing.T) {
	clearEnv(t)
	xdg := t.TempDir()
	t.Setenv("XDG_CONFIG_HOME", xdg)
	path := filepath.Join(xdg, "kanka", "config.yaml")
	if err := os.MkdirAll(path, 0o700); err != nil {
		t.Fatal(err)
	}
	err := updateWithin(t, path, func(*File) error { return nil })
	if want := path + ": is not a regular file (a directory)"; err == nil || !strings.HasPrefix(err.Error(), want) {
		t.Errorf("Update: %v, want %q", err, want)
	}
}

// updateWithin runs Update, failing the test if it has not ended within a
// few seconds (a named pipe nobody writes must not hang it).
func updateWithin(t *testing.T, path string, change func(*File) error) error {
	t.Helper()
	done := make(chan error, 1)
	go func() { done <- Update(context.Background(), path, change) }()
	select {
	case err := <-done:
		return err
	case <-time.After(5 * time.Second):
		t.Fatalf("Update(%s) hangs", path)
		return nil
	}
}

// loadWithin runs Load, failing the test if it has not ended within a few
// seconds.
func loadWithin(t *testing.T, path string) (*File, error) {
	t.Helper()
	type loaded struct {
		f   *File
		err error
	}
	done := make(chan loaded, 1)
	go func() {
		f, err := Load(path)
		done <- loaded{f, err}
	}()
	select {
	case l := <-done:
		return l.f, l.err
	case <-time.After(5 * time.Second):
		t.Fatalf("Load(%s) hangs", path)
		return nil, nil
	}
}

// Reading is another matter: /dev/null is an empty configuration, as
// `ssh -F /dev/null` and `kubectl --kubeconfig /dev/null` read it; a pipe
// is read (KANKA_CONFIG=<(pass kanka) keeps the token off the disk), one
// nobody writes to as empty, at once. A directory is refused.
func TestLoadOfWhatIsNotARegularFile(t *testing.T) {
	clearEnv(t)
	f, err := loadWithin(t, "/dev/null")
	if err != nil || len(f.Profiles) != 0 || f.Active != "" {
		t.Errorf("/dev/null: %+v, %v; want an empty configuration", f, err)
	}

	files := notFiles(t)
	if f, err := loadWithin(t, files[1].path); err != nil || len(f.Profiles) != 0 {
		t.Errorf("a named pipe nobody writes: %+v, %v; want an empty configuration", f, err)
	}
	assertUntouched(t, files[1])

	// A pipe with a writer, as <(...) gives: /proc/self/fd/N.
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	if _, err := w.WriteString("profiles:\n  default:\n    campaign: 4\n"); err != nil {
		t.Fatal(err)
	}
	w.Close()
	f, err = loadWithin(t, fmt.Sprintf("/proc/self/fd/%d", r.Fd()))
	if err != nil || f.Get("default") == nil || f.Get("default").Campaign != 4 {
		t.Errorf("a pipe: %+v, %v; want campaign 4", f, err)
	}

	t.Setenv("KANKA_CONFIG", files[0].path)
	_, err = loadWithin(t, files[0].path)
	want := "KANKA_CONFIG=" + files[0].path + ": is not a regular file (a directory); name the configuration file, not a directory"
	var hint interface{ UsageHint() bool }
	if err == nil || err.Error() != want || !IsInvalidValue(err) || !errors.As(err, &hint) || hint.UsageHint() {
		t.Errorf("a directory: %v, want %q", err, want)
	}
	assertUntouched(t, files[0])
}

// A device that never ends is not read to the end of memory.
func TestLoadStopsAtALimit(t *testing.T) {
	_, err := loadWithin(t, "/dev/zero")
	if err == nil || !strings.Contains(err.Error(), "/dev/zero: is larger than") {
		t.Errorf("/dev/zero: %v, want it refused as too large", err)
	}
}

// A file holding a token that others may read is warned about, once a
// run, as ssh warns of a private key; not a 0600 one, not one without a
// token, not /dev/null.
func TestResolveWarnsOfAFileOthersCanRead(t *testing.T) {
	var out bytes.Buffer
	was := warnings
	warnings = &out
	t.Cleanup(func() { warnings = was; forgetWarnings() })

	dir := filepath.Join(t.TempDir(), "my settings")
	if err := os.Mkdir(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "config.yaml")
	resolveAt := func(name string, mode os.FileMode, body string) string {
		t.Helper()
		if err := os.WriteFile(path, []byte(body), 0o600); err != nil {
			t.Fatal(err)
		}
		if err := os.Chmod(path, mode); err != nil {
			t.Fatal(err)
		}
		clearEnv(t)
		t.Setenv("KANKA_CONFIG", name)
		forgetWarnings()
		out.Reset()
		for range 2 {
			if _, err := Resolve(rootFlags()); err != nil {
				t.Fatal(err)
			}
		}
		return out.String()
	}
	const withToken = "profiles:\n  work:\n    token: tok-0123456789\n"
	quoted := "'" + path + "'"
	for mode, want := range map[os.FileMode]string{
		0o644: "warning: " + path + " is readable by others (mode 0644); it holds your token: chmod 600 " + quoted + "\n",
		0o640: "warning: " + path + " is readable by others (mode 0640); it holds your token: chmod 600 " + quoted + "\n",
		0o604: "warning: " + path + " is readable by others (mode 0604); it holds your token: chmod 600 " + quoted + "\n",
		0o620: "warning: " + path + " is writable by others (mode 0620); it holds your token: chmod 600 " + quoted + "\n",
		0o600: "",
		0o400: "",
	} {
		if got := resolveAt(path, mode, withToken); got != want {
			t.Errorf("mode %04o: warned %q, want %q", mode, got, want)
		}
	}
	if got := resolveAt(path, 0o644, "profiles:\n  work:\n    campaign: 3\n"); got != "" {
		t.Errorf("a file without a token: warned %q", got)
	}
	if got := resolveAt("/dev/null", 0o644, withToken); got != "" {
		t.Errorf("/dev/null: warned %q", got)
	}
}

// forgetWarnings lets the next Resolve warn again, as in a new run.
func forgetWarnings() {
	warned.Lock()
	defer warned.Unlock()
	warned.paths = nil
}
