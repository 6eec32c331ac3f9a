package sandbox

import (
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// foreignFiles are files that are not sandbox state, which the sandbox must
// never write, with the reason its refusal gives.
var foreignFiles = map[string]string{
	"package.json":      `{"name":"app","version":"1.0.0","dependencies":{}}` + "\n",
	"null.json":         "null\n",
	"config.yaml":       "profiles:\n  default:\n    campaign: 1\n",
	"empty-object.json": "{}",
	"array.json":        "[]",
	"extra-key.json":    `{"last_ids":{"calendar":0,"weather":0,"entity":0,"moon":0},"calendars":[],"weather":[],"theme":"dark"}`,
	"trailing.json":     `{"calendars":[],"weather":[],"last_ids":{}} {}`,
	"calendars.json":    `{"calendars":[]}`,
}

var foreignReasons = map[string]string{
	"package.json":      `unknown key "dependencies"`,
	"null.json":         "a JSON null, not an object",
	"config.yaml":       "not JSON: invalid character 'p' looking for beginning of value",
	"empty-object.json": `no "last_ids" key`,
	"array.json":        "a JSON array, not an object",
	"extra-key.json":    `unknown key "theme"`,
	"trailing.json":     "text after the JSON object",
	"calendars.json":    `no "last_ids" key`,
}

// damagedState is a state file cut short, as a full disk might leave one.
const damagedState = `{
  "last_ids": {
    "calendar": 3,
    "weather": 2,`

// past is the modification time test files start with, so that any write,
// even within the same second, shows.
var past = time.Date(2020, 1, 2, 3, 4, 5, 0, time.UTC)

type snapshot struct {
	content []byte
	mtime   time.Time
}

// writeFile writes content to name in a new directory of its own, dated in
// the past, and returns its path and what it looks like.
func writeFile(t *testing.T, name, content string) (string, snapshot) {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Chtimes(path, past, past); err != nil {
		t.Fatal(err)
	}
	return path, snapshot{content: []byte(content), mtime: past}
}

// checkUntouched asserts that the file at path is as it was, and that
// nothing (a lock file, a temporary file) appeared beside it.
func checkUntouched(t *testing.T, path string, before snapshot) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil || string(b) != string(before.content) {
		t.Errorf("%s changed to %q (%v)", path, b, err)
	}
	info, err := os.Lstat(path)
	if err != nil || !info.Mode().IsRegular() || !info.ModTime().Equal(before.mtime) {
		t.Errorf("%s: %v modified %v, want a regular file modified %v", path, err, info.ModTime(), before.mtime)
	}
	entries, _ := os.ReadDir(filepath.Dir(path))
	for _, e := range entries {
		if e.Name() != filepath.Base(path) {
			t.Errorf("%s appeared beside %s", e.Name(), path)
		}
	}
}

func TestNewRefusesAFileThatIsNotState(t *testing.T) {
	for name, content := range foreignFiles {
		t.Run(name, func(t *testing.T) {
			path, before := writeFile(t, name, content)
			_, err := New(Options{DataPath: path})
			want := path + " is not a kanka sandbox state file (" + foreignReasons[name] +
				"); it was left untouched: choose another file for the sandbox's state"
			var bad *StateFileError
			if !errors.As(err, &bad) || bad.Damaged || err.Error() != want {
				t.Fatalf("New: %v\nwant %s", err, want)
			}
			checkUntouched(t, path, before)
		})
	}
}

func TestNewRefusesADamagedStateFile(t *testing.T) {
	for name, tt := range map[string]struct{ content, reason string }{
		"cut short":      {damagedState, "not JSON: unexpected EOF"},
		"unknown field":  {`{"last_ids":{},"calendars":[{"id":1,"colour":"red"}],"weather":[]}`, `unknown field "colour"`},
		"wrong type":     {`{"last_ids":{},"calendars":"none","weather":[]}`, `a JSON string at "calendars"`},
		"wrong id type":  {`{"last_ids":{},"calendars":[{"id":"1"}],"weather":[]}`, `a JSON string at "calendars.id"`},
		"null calendar":  {`{"last_ids":{},"calendars":[null],"weather":[]}`, "a null calendar"},
		"null weather":   {`{"last_ids":{},"calendars":[],"weather":[null]}`, "a null weather entry"},
		"null reminder":  {`{"last_ids":{},"version":2,"calendars":[],"weather":[],"reminders":[null]}`, "a null reminder"},
		"null entity":    {`{"last_ids":{},"version":2,"calendars":[],"weather":[],"entities":[null]}`, "a null entity"},
		"no weather key": {`{"last_ids":{},"calendars":[]}`, `no "weather" key`},
		"text after it":  {`{"last_ids":{},"calendars":[],"weather":[]}]`, "text after the JSON object"},
	} {
		t.Run(name, func(t *testing.T) {
			path, before := writeFile(t, "my state.json", tt.content)
			_, err := New(Options{DataPath: path})
			want := "the sandbox state file " + path + " is damaged (" + tt.reason +
				"); it was left untouched: empty it with 'kanka sandbox reset --data '" + path + "''"
			var bad *StateFileError
			if !errors.As(err, &bad) || !bad.Damaged || err.Error() != want {
				t.Fatalf("New: %v\nwant %s", err, want)
			}
			checkUntouched(t, path, before)
		})
	}
}

func TestMissingOrEmptyFileIsANewState(t *testing.T) {
	for name, content := range map[string]string{"missing": "-", "empty": "", "blank": " \n\t\n"} {
		t.Run(name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "sandbox.json")
			if content != "-" {
				os.WriteFile(path, []byte(content), 0o600)
			}
			s := newServer(t, Options{DataPath: path})
			expect(t, send(t, s, "GET", base+"calendars", ""), 200, "")
			if id := mustCreate(t, s, calendarForWeather); id != 1 {
				t.Fatalf("first id %d", id)
			}
			if names, _ := storedCalendars(t, path); len(names) != 1 || names[0] != "Harptos" {
				t.Fatalf("stored %v", names)
			}
		})
	}
}

// A file replaced by somebody else's while a server runs is refused by every
// request: served, a 500 naming the file; in process, the error itself.
func TestFileReplacedUnderARunningSandbox(t *testing.T) {
	for name, tt := range map[string]struct {
		content string
		damaged bool
	}{"package.json": {foreignFiles["package.json"], false}, "damaged": {damagedState, true}} {
		t.Run(name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "sandbox.json")
			s := newServer(t, Options{DataPath: path})
			rt, err := InProcess(Options{DataPath: path})
			if err != nil {
				t.Fatal(err)
			}
			mustCreate(t, s, calendarForWeather)
			os.Remove(path + ".lock")
			os.WriteFile(path, []byte(tt.content), 0o600)
			os.Chtimes(path, past, past)
			before := snapshot{content: []byte(tt.content), mtime: past}

			for _, req := range []struct{ method, path, body string }{
				{"GET", "calendars", ""},
				{"GET", "calendars/1/calendar_weathers", ""},
				{"POST", "calendars", calendarForWeather},
				{"PUT", "calendars/1", `{"name":"x"}`},
				{"DELETE", "calendars/1", ""},
				{"POST", "calendars/1/calendar_weathers", `{"year":1,"month":1,"day":1,"weather":"sun"}`},
			} {
				w := send(t, s, req.method, base+req.path, req.body)
				if w.Code != 500 || !strings.Contains(w.Body.String(), path) {
					t.Errorf("served %s %s: %d %s", req.method, req.path, w.Code, w.Body)
				}

				var body io.Reader
				if req.body != "" {
					body = strings.NewReader(req.body)
				}
				r, _ := http.NewRequest(req.method, "http://sandbox"+base+req.path, body)
				r.Header.Set("Authorization", "Bearer "+DefaultToken)
				resp, err := rt.RoundTrip(r)
				var bad *StateFileError
				if resp != nil || !errors.As(err, &bad) || bad.Damaged != tt.damaged || bad.Path != path {
					t.Errorf("in process %s %s: %v %#v", req.method, req.path, resp, err)
				}
			}
			checkUntouched(t, path, before)
		})
	}
}

// A symlinked state file stays a symlink: writes go to its target, which is
// locked as the target, so that processes using the link and the target
// directly exclude each other.
func TestSymlinkedStateFile(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "real", "sandbox.json")
	os.MkdirAll(filepath.Dir(target), 0o700)
	link := filepath.Join(dir, "link.json")
	// Relative, and through a second link, as `ln -s` makes them.
	if err := os.Symlink("real/sandbox.json", filepath.Join(dir, "hop.json")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("hop.json", link); err != nil {
		t.Fatal(err)
	}

	// The target does not exist yet: the first write creates it.
	s := newServer(t, Options{DataPath: link})
	mustCreate(t, s, calendarForWeather)
	checkLink := func() {
		t.Helper()
		for name, want := range map[string]string{link: "hop.json", filepath.Join(dir, "hop.json"): "real/sandbox.json"} {
			if got, err := os.Readlink(name); err != nil || got != want {
				t.Fatalf("%s is no longer a link to %s: %q %v", name, want, got, err)
			}
		}
	}
	checkLink()
	if names, _ := storedCalendars(t, target); len(names) != 1 {
		t.Fatalf("target holds %v", names)
	}

	// Writers through the link and writers on the target lose nothing.
	os.Remove(target)
	const workers, each = 8, 10
	var wg sync.WaitGroup
	errs := make(chan error, workers)
	for w := range workers {
		path := link
		if w%2 == 1 {
			path = target
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs <- createCalendars(path, each, fmt.Sprintf("w%d", w))
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	checkLink()
	checkNoneLost(t, target, workers, each)
	if _, err := os.Stat(link + ".lock"); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a lock file beside the link: %v", err)
	}

	// Reset empties the target and keeps the link.
	if _, err := Reset(link); err != nil {
		t.Fatal(err)
	}
	checkLink()
	if names, _ := storedCalendars(t, target); len(names) != 0 {
		t.Fatalf("after reset the target holds %v", names)
	}
}

// A link to somebody else's file is refused like the file, and both stay.
func TestSymlinkToAFileThatIsNotState(t *testing.T) {
	target, before := writeFile(t, "package.json", foreignFiles["package.json"])
	link := filepath.Join(t.TempDir(), "sandbox.json")
	os.Symlink(target, link)
	var bad *StateFileError
	if _, err := New(Options{DataPath: link}); !errors.As(err, &bad) || bad.Path != link || bad.Damaged {
		t.Fatalf("New: %v", err)
	}
	if _, err := Reset(link); !errors.As(err, &bad) {
		t.Fatalf("Reset: %v", err)
	}
	checkUntouched(t, target, before)
	if got, err := os.Readlink(link); err != nil || got != target {
		t.Fatalf("the link became %q %v", got, err)
	}
}

func TestStateFileIsADirectory(t *testing.T) {
	dir := t.TempDir()
	_, err := New(Options{DataPath: dir})
	if want := dir + " is not a kanka sandbox state file (a directory); it was left untouched: choose another file for the sandbox's state"; err == nil || err.Error() != want {
		t.Fatalf("New: %v\nwant %s", err, want)
	}
}

func TestSymlinkLoop(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.json"), filepath.Join(dir, "b.json")
	os.Symlink(b, a)
	os.Symlink(a, b)
	if _, err := New(Options{DataPath: a}); err == nil || !strings.Contains(err.Error(), "too many levels of symbolic links") {
		t.Fatalf("New: %v", err)
	}
}
