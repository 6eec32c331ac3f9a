package sandbox

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
)

// The process test re-runs this test binary as a worker: with
// SANDBOX_TEST_WORKER_DATA set, TestMain creates calendars in that file and
// exits instead of running the tests.
func TestMain(m *testing.M) {
	if path := os.Getenv("SANDBOX_TEST_WORKER_DATA"); path != "" {
		n, _ := strconv.Atoi(os.Getenv("SANDBOX_TEST_WORKER_COUNT"))
		if err := createCalendars(path, n, os.Getenv("SANDBOX_TEST_WORKER_NAME")); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// createCalendars creates n calendars through a fresh in-process sandbox on
// the state file at path.
func createCalendars(path string, n int, name string) error {
	rt, err := InProcess(Options{DataPath: path})
	if err != nil {
		return err
	}
	for i := range n {
		body := fmt.Sprintf(`{"name":"%s %d","month_name":["a","b"],"month_length":[1,1],"weekday":["a","b"]}`, name, i)
		req, _ := http.NewRequest("POST", "http://sandbox/api/1.0/campaigns/1/calendars", strings.NewReader(body))
		req.Header.Set("Authorization", "Bearer "+DefaultToken)
		resp, err := rt.RoundTrip(req)
		if err != nil {
			return err
		}
		resp.Body.Close()
		if resp.StatusCode != 200 {
			return fmt.Errorf("create %s %d: status %d", name, i, resp.StatusCode)
		}
	}
	return nil
}

// storedCalendars reads the state file's calendar names and ids.
func storedCalendars(t *testing.T, path string) (names []string, ids []int) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var st state
	if err := json.Unmarshal(b, &st); err != nil {
		t.Fatal(err)
	}
	for _, c := range st.Calendars {
		names = append(names, c.Name)
		ids = append(ids, c.ID)
	}
	sort.Strings(names)
	return names, ids
}

func checkNoneLost(t *testing.T, path string, workers, each int) {
	t.Helper()
	names, ids := storedCalendars(t, path)
	if len(names) != workers*each {
		t.Fatalf("%d calendars stored, want %d", len(names), workers*each)
	}
	seen := map[int]bool{}
	for _, id := range ids {
		if seen[id] || id < 1 || id > workers*each {
			t.Fatalf("ids not 1..%d without repeats: %v", workers*each, ids)
		}
		seen[id] = true
	}
	for w := range workers {
		for i := range each {
			want := fmt.Sprintf("w%d %d", w, i)
			if k := sort.SearchStrings(names, want); k == len(names) || names[k] != want {
				t.Fatalf("calendar %q lost", want)
			}
		}
	}
}

func TestFileStoreStateSurvivesANewServer(t *testing.T) {
	path := filepath.Join(t.TempDir(), "deep", "er", "sandbox.json")
	s := newServer(t, Options{DataPath: path})
	mustCreate(t, s, fullCalendar)
	expect(t, send(t, s, "POST", base+"calendars/1/calendar_weathers", `{"year":1,"month":1,"day":1,"weather":"sun"}`), 200, "")
	before := send(t, s, "GET", base+"calendars/1", "").Body.String()

	again := newServer(t, Options{DataPath: path})
	w := send(t, again, "GET", base+"calendars/1", "")
	if w.Code != 200 || w.Body.String() != before {
		t.Fatalf("after restart: %d %s\nwant %s", w.Code, w.Body, before)
	}
	expect(t, send(t, again, "GET", base+"calendars/1/calendar_weathers/1", ""), 200, "")
	// Ids keep counting from the file.
	if id := mustCreate(t, again, calendarForWeather); id != 2 {
		t.Fatalf("next id %d, want 2", id)
	}

	info, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if info.Mode().Perm() != 0o600 {
		t.Fatalf("state file mode %v, want 0600", info.Mode().Perm())
	}
	dir, _ := os.Stat(filepath.Dir(path))
	if dir.Mode().Perm() != 0o700 {
		t.Fatalf("state dir mode %v, want 0700", dir.Mode().Perm())
	}
	// No temporary files are left behind.
	entries, _ := os.ReadDir(filepath.Dir(path))
	for _, e := range entries {
		if e.Name() != "sandbox.json" && e.Name() != "sandbox.json.lock" {
			t.Fatalf("left behind: %s", e.Name())
		}
	}
}

func TestFileStoreRefusedWriteChangesNothing(t *testing.T) {
	path := filepath.Join(t.TempDir(), "sandbox.json")
	s := newServer(t, Options{DataPath: path})
	mustCreate(t, s, calendarForWeather)
	before, _ := os.ReadFile(path)
	expect(t, send(t, s, "PUT", base+"calendars/1", `{"weekday":["only"]}`), 422, "")
	expect(t, send(t, s, "GET", base+"calendars/1", ""), 200, "")
	after, _ := os.ReadFile(path)
	if string(before) != string(after) {
		t.Fatal("a refused write or a read changed the state file")
	}
}

func TestFileStoreConcurrentGoroutinesLoseNothing(t *testing.T) {
	path := filepath.Join(t.TempDir(), "sandbox.json")
	const workers, each = 8, 10
	var wg sync.WaitGroup
	errs := make(chan error, workers)
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			// Each goroutine has its own Server, as separate commands would.
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
	checkNoneLost(t, path, workers, each)
}

func TestFileStoreConcurrentProcessesLoseNothing(t *testing.T) {
	if testing.Short() {
		t.Skip("starts processes")
	}
	path := filepath.Join(t.TempDir(), "sandbox.json")
	const workers, each = 6, 10
	var cmds []*exec.Cmd
	for w := range workers {
		cmd := exec.Command(os.Args[0], "-test.run=^$")
		cmd.Env = append(os.Environ(),
			"SANDBOX_TEST_WORKER_DATA="+path,
			"SANDBOX_TEST_WORKER_COUNT="+strconv.Itoa(each),
			fmt.Sprintf("SANDBOX_TEST_WORKER_NAME=w%d", w))
		cmd.Stderr = os.Stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		cmds = append(cmds, cmd)
	}
	for _, cmd := range cmds {
		if err := cmd.Wait(); err != nil {
			t.Fatalf("worker: %v", err)
		}
	}
	checkNoneLost(t, path, workers, each)
}

func TestResetEmptiesAndKeepsIDs(t *testing.T) {
	path := filepath.Join(t.TempDir(), "sandbox.json")
	s := newServer(t, Options{DataPath: path})
	mustCreate(t, s, calendarForWeather)
	mustCreate(t, s, calendarForWeather)
	expect(t, send(t, s, "POST", base+"calendars/2/calendar_weathers", `{"year":1,"month":1,"day":1,"weather":"sun"}`), 200, "")
	if damaged, err := Reset(path); err != nil || damaged {
		t.Fatalf("Reset: damaged %v, %v", damaged, err)
	}
	list := decode(t, send(t, s, "GET", base+"calendars", ""))
	if list["meta"].(map[string]any)["total"] != 0.0 {
		t.Fatalf("after reset: %v", list["meta"])
	}
	expect(t, send(t, s, "GET", base+"calendars/2", ""), 404, "")
	if id := mustCreate(t, s, calendarForWeather); id != 3 {
		t.Fatalf("id after reset %d, want 3", id)
	}

	// A missing file stays missing, and no lock file appears.
	dir := t.TempDir()
	missing := filepath.Join(dir, "none.json")
	if _, err := Reset(missing); err != nil {
		t.Fatal(err)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Fatalf("Reset of a missing file left %v", entries)
	}
}

func TestResetLeavesOtherFilesAlone(t *testing.T) {
	for name, content := range foreignFiles {
		t.Run(name, func(t *testing.T) {
			path, before := writeFile(t, name, content)
			_, err := Reset(path)
			var bad *StateFileError
			if !errors.As(err, &bad) || bad.Damaged || bad.Path != path {
				t.Fatalf("Reset(%s): %#v, want a refusal of a file that is not state", name, err)
			}
			checkUntouched(t, path, before)
		})
	}
}

func TestResetEmptiesADamagedStateFile(t *testing.T) {
	path, _ := writeFile(t, "sandbox.json", damagedState)
	damaged, err := Reset(path)
	if err != nil || !damaged {
		t.Fatalf("Reset: damaged %v, %v; want emptied and damaged reported", damaged, err)
	}
	s := newServer(t, Options{DataPath: path})
	if id := mustCreate(t, s, calendarForWeather); id != 1 {
		t.Fatalf("first id after resetting a damaged file: %d, want 1", id)
	}
}

func TestDefaultDataPath(t *testing.T) {
	t.Setenv("KANKA_SANDBOX_DATA", "/tmp/x/state.json")
	t.Setenv("XDG_DATA_HOME", "/data")
	t.Setenv("HOME", "/home/u")
	if got := DefaultDataPath(); got != "/tmp/x/state.json" {
		t.Fatalf("with KANKA_SANDBOX_DATA: %s", got)
	}
	t.Setenv("KANKA_SANDBOX_DATA", "")
	if got := DefaultDataPath(); got != "/data/kanka/sandbox.json" {
		t.Fatalf("with XDG_DATA_HOME: %s", got)
	}
	t.Setenv("XDG_DATA_HOME", "")
	if got := DefaultDataPath(); got != "/home/u/.local/share/kanka/sandbox.json" {
		t.Fatalf("default: %s", got)
	}
}
