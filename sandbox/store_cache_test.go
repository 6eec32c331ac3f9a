package sandbox

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
)

// The file store decodes the state file only when its bytes changed since
// this process last read or wrote it. These tests hold it to what a store
// that decodes every time would answer.

// Another process's write is seen, by reads and by writes, even when it
// leaves the file the same size at the same clock: "sun" becomes "fog".
func TestFileStoreSeesAnotherProcessesWrite(t *testing.T) {
	path := filepath.Join(t.TempDir(), "sandbox.json")
	mine, theirs := newServer(t, Options{DataPath: path}), newServer(t, Options{DataPath: path})
	mustCreate(t, mine, calendarForWeather)
	weather := base + "calendars/1/calendar_weather/1"
	expect(t, send(t, mine, "POST", base+"calendars/1/calendar_weather", `{"year":1492,"month":1,"day":1,"weather":"sun","temperature":"cold"}`), 200, "")
	if got := dataOf(t, send(t, mine, "GET", weather, ""))["weather"]; got != "sun" {
		t.Fatalf("weather %v, want sun", got)
	}
	sizeBefore := fileSize(t, path)

	expect(t, send(t, theirs, "PUT", weather, `{"year":1492,"month":1,"day":1,"weather":"fog","temperature":"cold"}`), 200, "")
	if size := fileSize(t, path); size != sizeBefore {
		t.Fatalf("the file went from %d to %d bytes: the test no longer hides the change from a size check", sizeBefore, size)
	}
	if got := dataOf(t, send(t, mine, "GET", weather, ""))["weather"]; got != "fog" {
		t.Fatalf("a read after the other process's write: weather %v, want fog", got)
	}
	// A write after theirs keeps their change: it is not undone by a
	// state remembered from before it.
	expect(t, send(t, mine, "POST", base+"calendars/1/calendar_weather", `{"year":1492,"month":1,"day":2,"weather":"sun"}`), 200, "")
	if got := dataOf(t, send(t, theirs, "GET", weather, ""))["weather"]; got != "fog" {
		t.Fatalf("after this process's next write: weather %v, want fog", got)
	}
}

// A write refused half way leaves nothing behind for the next write of the
// same process to carry into the file.
func TestFileStoreRefusedWriteLeavesNoHalfChange(t *testing.T) {
	s, store, path := fileSandboxWithACalendar(t)
	err := store.update(func(st *state) bool {
		st.Calendars[0].Name = "half written"
		return false
	})
	if err != nil {
		t.Fatal(err)
	}
	expect(t, send(t, s, "POST", base+"calendars", strings.Replace(calendarForWeather, "Harptos", "Second", 1)), 200, "")
	if b, _ := os.ReadFile(path); strings.Contains(string(b), "half written") {
		t.Fatalf("the refused change reached the file:\n%s", b)
	}
	if got := dataOf(t, send(t, s, "GET", base+"calendars/1", ""))["name"]; got != "Harptos" {
		t.Fatalf("calendar 1 is named %v, want Harptos", got)
	}
}

// A read shares the decoded state with the reads after it; a write changes
// a state of its own, so what a read holds stays as it was read.
func TestFileStoreReadsKeepWhatTheyRead(t *testing.T) {
	s, store, _ := fileSandboxWithACalendar(t)
	var read *calendar
	if err := store.view(func(st *state) { read = st.findCalendar(1) }); err != nil {
		t.Fatal(err)
	}
	expect(t, send(t, s, "PATCH", base+"calendars/1", `{"name":"Renamed"}`), 200, "")
	if read.Name != "Harptos" {
		t.Fatalf("a calendar read before the write now says %q", read.Name)
	}
}

// The cache is used: a run of writes decodes nothing, reads of a file
// unchanged decode it once, and after another process's write the next
// write decodes the file once, not twice.
func TestFileStoreDecodesOnlyWhatChanged(t *testing.T) {
	s, store, path := fileSandboxWithACalendar(t)
	decodes := func(want int64, after string) {
		t.Helper()
		if n := store.decodes.Swap(0); n != want {
			t.Errorf("%s: %d decodes, want %d", after, n, want)
		}
	}
	store.decodes.Store(0)
	for day := 1; day <= 5; day++ {
		expect(t, send(t, s, "POST", base+"calendars/1/calendar_weather", fmt.Sprintf(`{"year":1492,"month":1,"day":%d,"weather":"sun"}`, day)), 200, "")
	}
	decodes(0, "5 writes in a row")
	for range 3 {
		expect(t, send(t, s, "GET", base+"calendars/1/calendar_weather", ""), 200, "")
	}
	decodes(1, "3 reads of the same file")
	other := newServer(t, Options{DataPath: path})
	expect(t, send(t, other, "DELETE", base+"calendars/1/calendar_weather/1", ""), 200, "")
	expect(t, send(t, s, "POST", base+"calendars/1/calendar_weather", `{"year":1492,"month":1,"day":6,"weather":"sun"}`), 200, "")
	decodes(1, "a write after another process's")
}

// A write whose file could not be replaced leaves nothing behind: the next
// write of the same process does not carry it into the file.
func TestFileStoreFailedWriteLeavesNothing(t *testing.T) {
	s, store, path := fileSandboxWithACalendar(t)
	store.write = func(string, *state) ([]byte, error) { return nil, errors.New("disk full") }
	w := send(t, s, "POST", base+"calendars/1/calendar_weather", `{"year":1492,"month":1,"day":1,"weather":"lost"}`)
	if w.Code != 500 {
		t.Fatalf("a write that failed: %d %s", w.Code, w.Body)
	}
	store.write = writeState
	expect(t, send(t, s, "POST", base+"calendars/1/calendar_weather", `{"year":1492,"month":1,"day":2,"weather":"kept"}`), 200, "")
	if b, _ := os.ReadFile(path); strings.Contains(string(b), "lost") || !strings.Contains(string(b), "kept") {
		t.Fatalf("after a failed write and a good one, the file holds:\n%s", b)
	}
}

// Writes of one process change their state in place while its reads and
// the answers of earlier writes are still being encoded: -race watches.
func TestFileStoreConcurrentWritesAndReads(t *testing.T) {
	s, _, _ := fileSandboxWithACalendar(t)
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 10 {
				body := fmt.Sprintf(`{"year":1492,"month":1,"day":%d,"weather":"sun","temperature":"g%d"}`, 1+i, g)
				if w := send(t, s, "POST", base+"calendars/1/calendar_weather", body); w.Code != 200 {
					t.Errorf("write: %d %s", w.Code, w.Body)
				}
				if w := send(t, s, "PATCH", base+"calendars/1", `{"name":"Harptos `+strconv.Itoa(g)+`"}`); w.Code != 200 {
					t.Errorf("rename: %d %s", w.Code, w.Body)
				}
				if w := send(t, s, "GET", base+"calendars/1/calendar_weather", ""); w.Code != 200 {
					t.Errorf("read: %d %s", w.Code, w.Body)
				}
			}
		}()
	}
	wg.Wait()
	list := decode(t, send(t, s, "GET", base+"calendars/1/calendar_weather?page=1", ""))
	if total := list["meta"].(map[string]any)["total"]; total != float64(40) {
		t.Fatalf("%v weather entries, want 40", total)
	}
}

// fileSandboxWithACalendar is a sandbox on a state file of its own, holding
// calendar 1, and its store.
func fileSandboxWithACalendar(t *testing.T) (*Server, *fileStore, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "sandbox.json")
	s := newServer(t, Options{DataPath: path})
	mustCreate(t, s, calendarForWeather)
	return s, s.store.(*fileStore), path
}

func fileSize(t *testing.T, path string) int64 {
	t.Helper()
	info, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	return info.Size()
}
