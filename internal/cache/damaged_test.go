package cache_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// damage is one way a cache file can be found: make puts it in place of
// the good file (good is its bytes).
type damage struct {
	name string
	make func(t *testing.T, path string, good []byte)
}

func replaced(b []byte) func(t *testing.T, path string, good []byte) {
	return func(t *testing.T, path string, _ []byte) { writeFile(t, path, b) }
}

func edited(old, new string) func(t *testing.T, path string, good []byte) {
	return func(t *testing.T, path string, good []byte) {
		if !bytes.Contains(good, []byte(old)) {
			t.Fatalf("the file has no %s: %s", old, lines(good)[len(lines(good))-1])
		}
		writeFile(t, path, bytes.Replace(good, []byte(old), []byte(new), 1))
	}
}

func writeFile(t *testing.T, path string, b []byte) {
	t.Helper()
	if err := os.WriteFile(path, b, 0o600); err != nil {
		t.Fatal(err)
	}
}

// damages are the files a cache must ignore, and replace.
func damages() []damage {
	return []damage{
		{"garbage", replaced([]byte("hello\nworld\n"))},
		{"empty", replaced(nil)},
		{"binary", replaced([]byte{0, 1, 2, 0xff, '\n', 0})},
		{"cut in the middle", func(t *testing.T, path string, good []byte) { writeFile(t, path, good[:len(good)/2]) }},
		{"cut before its meta", func(t *testing.T, path string, good []byte) {
			l := lines(good)
			writeFile(t, path, []byte(strings.Join(l[:len(l)-1], "\n")+"\n"))
		}},
		{"another version", edited(`"kanka_cache":1`, `"kanka_cache":2`)},
		{"another kind", edited(`"kind":"`, `"kind":"x`)},
		{"a line over the bounds", func(t *testing.T, path string, good []byte) {
			l := lines(good)
			l[0] = strings.TrimSuffix(l[0], "}") + `,"pad":"` + strings.Repeat("x", 10<<20) + `"}`
			writeFile(t, path, []byte(strings.Join(l, "\n")+"\n"))
		}},
		{"over the size bound", func(t *testing.T, path string, good []byte) {
			writeFile(t, path, good)
			if err := os.Truncate(path, 65<<20); err != nil {
				t.Fatal(err)
			}
		}},
		{"a directory", func(t *testing.T, path string, _ []byte) {
			if err := os.Remove(path); err != nil {
				t.Fatal(err)
			}
			if err := os.Mkdir(path, 0o700); err != nil {
				t.Fatal(err)
			}
		}},
	}
}

// weatherDamages are damages of a weather file only.
func weatherDamages() []damage {
	return []damage{
		{"another calendar's", edited(`"calendar":1,`, `"calendar":2,`)},
		{"a total that is not its entries", edited(`"total":20,`, `"total":21,`)},
		{"no page size", edited(`"per_page":15,`, ``)},
		{"an entry without an id", func(t *testing.T, path string, good []byte) {
			l := lines(good)
			l[0] = `{"weather":"sun"}`
			writeFile(t, path, []byte(strings.Join(l, "\n")+"\n"))
		}},
		{"a calendars file", func(t *testing.T, path string, _ []byte) {
			c := readCacheFileAt(t, filepath.Join(filepath.Dir(path), calendarsFile))
			writeFile(t, path, c)
		}},
	}
}

func readCacheFileAt(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// inTime runs f and fails the test when it takes more than 20 s: the
// cache never waits on what it finds in its folder.
func inTime(t *testing.T, f func()) {
	t.Helper()
	done := make(chan struct{})
	go func() { defer close(done); f() }()
	select {
	case <-done:
	case <-time.After(20 * time.Second):
		t.Fatal("blocked")
	}
}

func TestDamagedWeatherFileIsIgnoredAndRewritten(t *testing.T) {
	for _, d := range append(damages(), weatherDamages()...) {
		t.Run(d.name, func(t *testing.T) {
			s := newSetup(t)
			refresh(t, s)
			warm(t, s, 20)
			path := filepath.Join(s.k.Dir(), weatherFile(1))
			d.make(t, path, readCacheFile(t, s.k, weatherFile(1)))
			damagedWeather(t, s)
		})
	}
}

// damagedWeather checks that calendar 1's weather file is not trusted,
// and is written anew.
func damagedWeather(t *testing.T, s *setup) {
	t.Helper()
	var got []string
	inTime(t, func() { got = weather(t, s.k, s.c, 1, time.Hour, all) })
	wantList(t, "entries", got, s.svc.listing(1))
	wantRequests(t, s.svc, walk(1, 2)...)
	wantList(t, "files left", tempFiles(t, s), nil)
	got = weather(t, s.k, s.c, 1, time.Hour, all)
	wantList(t, "entries", got, s.svc.listing(1))
	wantRequests(t, s.svc, wpage(1, 2))
}

func TestDamagedCalendarsFileIsIgnoredAndRewritten(t *testing.T) {
	for _, d := range damages() {
		t.Run(d.name, func(t *testing.T) {
			s := calendarSetup(t)
			refresh(t, s)
			s.svc.take()
			d.make(t, filepath.Join(s.k.Dir(), calendarsFile), readCacheFile(t, s.k, calendarsFile))
			damagedCalendars(t, s)
		})
	}
	t.Run("a weather file", func(t *testing.T) {
		s := calendarSetup(t)
		refresh(t, s)
		warm(t, s, 3)
		writeCacheFile(t, s.k, calendarsFile, readCacheFile(t, s.k, weatherFile(1)))
		damagedCalendars(t, s)
	})
}

func damagedCalendars(t *testing.T, s *setup) {
	t.Helper()
	inTime(t, func() {
		if fresh(t, s.k, "1") != 0 || fresh(t, s.k, "Harptos") != 0 {
			t.Error("a damaged calendars file was trusted")
		}
	})
	wantRequests(t, s.svc)
	inTime(t, func() { refresh(t, s) })
	wantRequests(t, s.svc, "GET calendars")
	if fresh(t, s.k, "Greyhawk") != 6 {
		t.Error("the calendars file was not written anew")
	}
}
