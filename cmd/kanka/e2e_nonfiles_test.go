//go:build linux

package main

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/kanka-cli/kanka/sandbox"
	"golang.org/x/sys/unix"
)

// Paths that are not files, named as kanka's configuration or the sandbox's
// state: a directory, a named pipe, a device. kanka never replaces one with
// a file of its own; a write is refused with exit 2 naming the path.
// Reading the configuration from /dev/null (or a pipe nobody writes) is an
// empty configuration, as ssh -F /dev/null and kubectl --kubeconfig
// /dev/null read it. Then what a terminal must not be handed raw: server
// text with bidirectional overrides and invisible formatting characters,
// and a configuration file holding a token that others can read.

// nonFileBound is how long one run may take: a named pipe nobody writes to
// must not hang kanka.
const nonFileBound = 30 * time.Second

// nonFile is a path that is not a regular file: what kanka calls it, and
// the type it must keep.
type nonFile struct {
	path, what string
	kind       fs.FileMode
}

// nonFiles are a directory and a named pipe, each alone in a new directory,
// and, for root, a character device (a private /dev/null, made with
// mknod): the stand-ins that are safe to get wrong, tried before the real
// /dev/null is.
func nonFiles(t *testing.T) []nonFile {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "config.d")
	if err := os.Mkdir(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	fifo := filepath.Join(t.TempDir(), "config.fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	files := []nonFile{
		{dir, "a directory", fs.ModeDir},
		{fifo, "a named pipe", fs.ModeNamedPipe},
	}
	if os.Geteuid() == 0 {
		dev := filepath.Join(t.TempDir(), "null")
		if err := unix.Mknod(dev, unix.S_IFCHR|0o666, int(unix.Mkdev(1, 3))); err != nil {
			t.Fatal(err)
		}
		files = append(files, nonFile{dev, "a character device", fs.ModeDevice | fs.ModeCharDevice})
	}
	return files
}

// devNull is the real /dev/null, tried only once its stand-ins were left
// as they were: a kanka that replaced them would replace it too (as root).
var devNull = nonFile{"/dev/null", "a character device", fs.ModeDevice | fs.ModeCharDevice}

// wantStill fails unless f is still what it was, with nothing new beside it
// (no lock file, no temporary file) and, for a directory, nothing in it.
func wantStill(t *testing.T, f nonFile) {
	t.Helper()
	info, err := os.Lstat(f.path)
	if err != nil || info.Mode().Type() != f.kind {
		t.Fatalf("%s is no longer %s: %v (%v)", f.path, f.what, info.Mode(), err)
	}
	if f.path == devNull.path {
		return // /dev holds what the system put there
	}
	entries, _ := os.ReadDir(filepath.Dir(f.path))
	for _, e := range entries {
		if e.Name() != filepath.Base(f.path) {
			t.Errorf("%s appeared beside %s", e.Name(), f.path)
		}
	}
	if f.kind == fs.ModeDir {
		if entries, _ := os.ReadDir(f.path); len(entries) > 0 {
			t.Errorf("%s appeared in %s", entries[0].Name(), f.path)
		}
	}
}

func TestE2ENonFilesConfigIsNeverReplaced(t *testing.T) {
	t.Parallel()
	srv := startSandbox(t, false)
	try := func(t *testing.T, f nonFile) {
		named := "KANKA_CONFIG=" + f.path + ": is not a regular file (" + f.what + "); "
		write := "error: " + named + "kanka keeps its settings in a regular file only, and wrote nothing\n"
		// A directory is refused as soon as the run reads it.
		read := "error: " + named + "name the configuration file, not a directory\n"
		k := newKanka(t, nil).with("KANKA_CONFIG=" + f.path)

		// Only reading: an empty configuration, but for a directory.
		r := k.runWithin(t, nonFileBound, "", "config", "list")
		if f.kind == fs.ModeDir {
			if r.code != 2 || r.stdout != "" || r.stderr != read {
				t.Errorf("config list: want exit 2 and\n%s%s", read, r)
			}
		} else if r.code != 0 || r.stdout != "" || r.stderr != "" {
			t.Errorf("config list: want exit 0 and nothing, an empty configuration; %s", r)
		}
		wantStill(t, f)

		for _, args := range [][]string{
			{"config", "set", "campaign", "3"},
			{"config", "use", "default"},
			{"auth", "logout"},
		} {
			want := write
			if f.kind == fs.ModeDir {
				want = read
			}
			r := k.runWithin(t, nonFileBound, "", args...)
			if r.code != 2 || r.stdout != "" || r.stderr != want {
				t.Errorf("want exit 2 and\n%s%s", want, r)
			}
			wantStill(t, f)
		}

		// A login whose token works is refused too, naming the path.
		login := newKanka(t, srv).without("KANKA_TOKEN").with("KANKA_CONFIG=" + f.path)
		r = login.runWithin(t, nonFileBound, sandbox.DefaultToken+"\n", "auth", "login", "--with-token")
		if r.code != 2 || !strings.Contains(r.stderr, named) || strings.Contains(r.stdout+r.stderr, sandbox.DefaultToken) {
			t.Errorf("auth login: want exit 2 naming %s; %s", f.path, r)
		}
		wantStill(t, f)
	}
	for _, f := range nonFiles(t) {
		t.Run(f.what, func(t *testing.T) { try(t, f) })
	}
	if t.Failed() {
		t.Fatal("a stand-in was not refused: /dev/null is not tried")
	}
	t.Run("/dev/null", func(t *testing.T) { try(t, devNull) })
}

// A symlink to a regular file is written through, the link kept; one to a
// device is refused as the device is, named as given.
func TestE2ENonFilesConfigSymlinks(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	target := filepath.Join(dir, "real.yaml")
	if err := os.WriteFile(target, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "config.yaml")
	if err := os.Symlink(target, link); err != nil {
		t.Fatal(err)
	}
	newKanka(t, nil).with("KANKA_CONFIG="+link).ok(t, "config", "set", "campaign", "3")
	if info, err := os.Lstat(link); err != nil || info.Mode().Type() != fs.ModeSymlink {
		t.Errorf("the link was replaced: %v (%v)", info.Mode(), err)
	}
	if data, _ := os.ReadFile(target); !strings.Contains(string(data), "campaign: 3") {
		t.Errorf("the target holds %q", data)
	}

	try := func(t *testing.T, f nonFile) {
		link := filepath.Join(t.TempDir(), "config.yaml")
		if err := os.Symlink(f.path, link); err != nil {
			t.Fatal(err)
		}
		r := newKanka(t, nil).with("KANKA_CONFIG="+link).runWithin(t, nonFileBound, "", "config", "set", "campaign", "3")
		if r.code != 2 || !strings.Contains(r.stderr, "KANKA_CONFIG="+link+": is not a regular file ("+f.what+")") {
			t.Errorf("a link to %s: want exit 2 naming the link; %s", f.what, r)
		}
		wantStill(t, f)
		if info, err := os.Lstat(link); err != nil || info.Mode().Type() != fs.ModeSymlink {
			t.Errorf("the link was replaced: %v (%v)", info.Mode(), err)
		}
	}
	for _, f := range nonFiles(t)[1:] {
		t.Run(f.what, func(t *testing.T) { try(t, f) })
	}
	if t.Failed() {
		t.Fatal("a stand-in was not refused: /dev/null is not tried")
	}
	t.Run("/dev/null", func(t *testing.T) { try(t, devNull) })
}

func TestE2ENonFilesSandboxDataIsNeverReplaced(t *testing.T) {
	t.Parallel()
	try := func(t *testing.T, f nonFile) {
		k := newKanka(t, nil)
		want := "error: " + f.path + " is not a kanka sandbox state file (" + f.what +
			"); it was left untouched: choose another file for the sandbox's state\n"
		for _, args := range [][]string{
			{"--sandbox", "--sandbox-data", f.path, "calendar", "create", "-f", harptosFile},
			{"--sandbox", "--sandbox-data", f.path, "calendar", "list"},
			{"--sandbox-data", f.path, "sandbox", "reset"},
			{"sandbox", "serve", "--addr", "127.0.0.1:0", "--data", f.path},
		} {
			r := k.runWithin(t, nonFileBound, "", args...)
			if r.code != 2 || r.stdout != "" || r.stderr != want {
				t.Errorf("want exit 2 and\n%s%s", want, r)
			}
			wantStill(t, f)
		}
		r := k.with("KANKA_SANDBOX_DATA="+f.path).runWithin(t, nonFileBound, "", "--sandbox", "calendar", "create", "-f", harptosFile)
		if r.code != 2 || r.stderr != want {
			t.Errorf("KANKA_SANDBOX_DATA: want exit 2 and\n%s%s", want, r)
		}
		wantStill(t, f)
	}
	for _, f := range nonFiles(t) {
		t.Run(f.what, func(t *testing.T) { try(t, f) })
	}
	if t.Failed() {
		t.Fatal("a stand-in was not refused: /dev/null is not tried")
	}
	t.Run("/dev/null", func(t *testing.T) { try(t, devNull) })
}

// bidiName reads "abclive" on a terminal: U+202E turns what follows it
// around. kanka shows the character instead, in JSON keeps it.
const (
	bidiName  = "abc\u202Eevil"
	bidiShown = "abc<U+202E>evil"
)

func TestE2ENonFilesInvisibleFormattingIsShownEscaped(t *testing.T) {
	t.Parallel()
	item := calendarJSON(1, bidiName)
	hidden := "x\u200B\u2066\u2069\uFEFF\u061C\u2028y"
	srv := startHostile(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		switch {
		case r.Method != http.MethodGet:
			w.WriteHeader(http.StatusUnprocessableEntity)
			b, _ := json.Marshal(map[string]any{"message": "Rejected " + bidiName, "errors": map[string][]string{"name": {"bad " + hidden}}})
			w.Write(b)
		case strings.HasSuffix(r.URL.Path, "/calendars"):
			fmt.Fprint(w, calendarPage(item))
		case strings.HasSuffix(r.URL.Path, "/calendars/1"):
			fmt.Fprintf(w, `{"data":%s}`, item)
		default:
			http.NotFound(w, r)
		}
	})
	k := newHostileKanka(t, srv)
	noRawFormat := func(t *testing.T, r result) {
		t.Helper()
		if strings.ContainsAny(r.stdout+r.stderr, "\u202E\u200B\u2066\u2069\uFEFF\u061C\u2028") {
			t.Errorf("an invisible formatting character was printed raw; %s", r)
		}
	}

	t.Run("table", func(t *testing.T) {
		r := k.runWithin(t, secretsBound, "", "calendar", "list")
		want := "ID  NAME" + strings.Repeat(" ", len(bidiShown)-2) + "TYPE  DATE   MONTHS  PRIVATE\n" +
			"1   " + bidiShown + "        1-1-1  2       no\n"
		if r.code != 0 || r.stdout != want {
			t.Errorf("want exit 0 and\n%s; %s", want, r)
		}
		noRawFormat(t, r)
	})

	t.Run("wide table", func(t *testing.T) {
		r := k.runWithin(t, secretsBound, "", "calendar", "list", "-o", "wide")
		if r.code != 0 || !strings.Contains(r.stdout, "1   "+bidiShown+"  ") {
			t.Errorf("want exit 0 and the name escaped; %s", r)
		}
		noRawFormat(t, r)
	})

	t.Run("detail view", func(t *testing.T) {
		r := k.runWithin(t, secretsBound, "", "calendar", "get", "1")
		if r.code != 0 || !strings.Contains(r.stdout, "Name:       "+bidiShown+"\n") {
			t.Errorf("want the name escaped; %s", r)
		}
		noRawFormat(t, r)
	})

	t.Run("error message", func(t *testing.T) {
		r := k.runWithin(t, secretsBound, "", "calendar", "create", "--name", "x",
			"--month", "A:3", "--month", "B:3", "--weekday", "x", "--weekday", "y")
		want := "error: the server rejected the request: Rejected " + bidiShown +
			"\n  name: bad x<U+200B><U+2066><U+2069><U+FEFF><U+061C><U+2028>y\n"
		if r.code != 5 || r.stderr != want {
			t.Errorf("want exit 5 and %q; %s", want, r)
		}
		noRawFormat(t, r)
	})

	// JSON escapes U+202E no more than the server did: the data, as sent.
	t.Run("json keeps the data", func(t *testing.T) {
		for _, args := range [][]string{{"calendar", "get", "1", "-o", "json"}, {"calendar", "list", "-o", "json"}} {
			r := k.runWithin(t, secretsBound, "", args...)
			if r.code != 0 || !strings.Contains(r.stdout, `"name": "`+bidiName+`"`) || strings.Contains(r.stdout, "<U+") {
				t.Errorf("want the exact name in JSON; %s", r)
			}
		}
		r := k.runWithin(t, secretsBound, "", "calendar", "get", "1", "-o", "json")
		var got map[string]any
		if json.Unmarshal([]byte(r.stdout), &got) != nil || got["name"] != bidiName {
			t.Errorf("the JSON does not read back as the name; %s", r)
		}
	})

	t.Run("yaml keeps the data", func(t *testing.T) {
		r := k.runWithin(t, secretsBound, "", "calendar", "get", "1", "-o", "yaml")
		if r.code != 0 || !strings.Contains(r.stdout, "name: "+bidiName+"\n") || strings.Contains(r.stdout, "<U+") {
			t.Errorf("want the exact name in YAML; %s", r)
		}
	})
}

// A configuration file that holds a token and that others can read is
// warned about once a run, as ssh warns of a private key; 0600 is not.
func TestE2ENonFilesConfigReadableByOthersIsWarnedAboutOnce(t *testing.T) {
	t.Parallel()
	srv := startSandbox(t, false)
	k := newKanka(t, nil)
	config := filepath.Join(k.home, "config", "kanka", "config.yaml")
	if err := os.MkdirAll(filepath.Dir(config), 0o700); err != nil {
		t.Fatal(err)
	}
	body := "profiles:\n  default:\n    url: " + srv.Root + "\n    token: " + sandbox.DefaultToken + "\n    campaign: 1\n"
	if err := os.WriteFile(config, []byte(body), 0o600); err != nil {
		t.Fatal(err)
	}
	warning := "warning: " + config + " is readable by others (mode 0644); it holds your token: chmod 600 " + config + "\n"

	for _, mode := range []os.FileMode{0o644, 0o600} {
		if err := os.Chmod(config, mode); err != nil {
			t.Fatal(err)
		}
		want := ""
		if mode == 0o644 {
			want = warning
		}
		for _, args := range [][]string{{"config", "get", "campaign"}, {"auth", "status"}, {"calendar", "list", "-o", "json"}} {
			r := k.runWithin(t, nonFileBound, "", args...)
			if r.code != 0 || r.stderr != want {
				t.Errorf("mode %04o: want exit 0 and stderr %q; %s", mode, want, r)
			}
		}
	}
}
