package sandbox

import (
	"os"
	"path/filepath"
	"strings"
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
