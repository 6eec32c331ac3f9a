package cache_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/internal/cache"
)

// clock is the cache's clock, moved by the test.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func newClock() *clock { return &clock{t: time.Date(2026, 11, 22, 10, 0, 0, 0, time.UTC)} }

func (c *clock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }

func (c *clock) add(d time.Duration) { c.mu.Lock(); c.t = c.t.Add(d); c.mu.Unlock() }

// The file names the cache gives its kinds (TestFilesAreNamedByKind pins
// them; the tests that damage a file need them).
const calendarsFile = "calendars.jsonl"

func weatherFile(cal int) string { return fmt.Sprintf("weather-%d.jsonl", cal) }

// openCache is a cache under root with the test's profile, host and
// campaign.
func openCache(root string, now *clock) *cache.Cache {
	return cache.Open(cache.Options{Root: root, Profile: "p", Host: "h", Campaign: campaignID, Token: token, Now: now.Now})
}

// newClient is a client of svc that tells k what it reads and writes. One
// page at a time and no retries, so that the requests come in one order.
func newClient(t testing.TB, svc *service, k client.Observer) *client.Client {
	t.Helper()
	c, err := client.New(client.Config{
		BaseURL: svc.srv.URL + "/api/1.0", Token: token, Campaign: campaignID, Observer: k,
		PageConcurrency: 1, MaxRetries: -1,
	})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// setup is a service with calendar 1 ("Harptos") and a cache on an empty
// folder, with a client that tells the cache.
type setup struct {
	svc   *service
	clock *clock
	root  string
	k     *cache.Cache
	c     *client.Client
}

func newSetup(t testing.TB) *setup {
	t.Helper()
	s := &setup{svc: newService(t), clock: newClock(), root: t.TempDir()}
	s.svc.addCalendar("Harptos")
	s.k = openCache(s.root, s.clock)
	s.c = newClient(t, s.svc, s.k)
	return s
}

// weather is k.Weather of calendar cal, as "id:code" in the order given.
func weather(t testing.TB, k *cache.Cache, c *client.Client, cal int, trust time.Duration, keep func(*client.Weather) bool) []string {
	t.Helper()
	ws, err := k.Weather(context.Background(), c, cal, trust, keep)
	if err != nil {
		t.Fatalf("Weather(%d): %v", cal, err)
	}
	return shown(ws)
}

func shown(ws []*client.Weather) []string {
	var out []string
	for _, w := range ws {
		out = append(out, fmt.Sprintf("%d:%s", w.ID, w.Code()))
	}
	return out
}

// wpage is the request of page n of calendar cal's weather.
func wpage(cal, n int) string {
	p := fmt.Sprintf("GET calendars/%d/calendar_weathers", cal)
	if n > 1 {
		p += fmt.Sprintf("?page=%d", n)
	}
	return p
}

// walk is the requests of a walk of pages 1..last of calendar cal.
func walk(cal, last int) []string {
	var out []string
	for n := 1; n <= last; n++ {
		out = append(out, wpage(cal, n))
	}
	return out
}

func wantRequests(t testing.TB, svc *service, want ...string) {
	t.Helper()
	if got := svc.take(); !slices.Equal(got, want) {
		t.Errorf("requests:\n  got  %q\n  want %q", got, want)
	}
}

func wantList(t testing.TB, what string, got, want []string) {
	t.Helper()
	if !slices.Equal(got, want) {
		t.Errorf("%s:\n  got  %q\n  want %q", what, got, want)
	}
}

// exists reports whether the file name of k's folder exists.
func exists(t testing.TB, k *cache.Cache, name string) bool {
	t.Helper()
	_, err := os.Lstat(filepath.Join(k.Dir(), name))
	if err != nil && !os.IsNotExist(err) {
		t.Fatal(err)
	}
	return err == nil
}

func readCacheFile(t testing.TB, k *cache.Cache, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(k.Dir(), name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func writeCacheFile(t testing.TB, k *cache.Cache, name string, b []byte) {
	t.Helper()
	if err := os.WriteFile(filepath.Join(k.Dir(), name), b, 0o600); err != nil {
		t.Fatal(err)
	}
}

// lines is the file's lines, the last (the meta) included.
func lines(b []byte) []string { return strings.Split(strings.TrimSuffix(string(b), "\n"), "\n") }

// filesUnder is every file and folder under root, relative to it.
func filesUnder(t testing.TB, root string) []string {
	t.Helper()
	var out []string
	err := filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		out = append(out, rel)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// warm is s with calendar 1 holding n sunny entries, walked once into the
// cache (the requests of that walk taken).
func warm(t testing.TB, s *setup, n int) {
	t.Helper()
	s.svc.addSunny(1, n)
	weather(t, s.k, s.c, 1, time.Hour, all)
	s.svc.take()
	if !exists(t, s.k, weatherFile(1)) {
		t.Fatalf("a whole walk of %d entries left no file", n)
	}
}

// all keeps every entry. Tests pass it rather than nil, whose warm path
// has a bug of its own (TestWeatherNilKeepKeepsEveryEntry).
func all(*client.Weather) bool { return true }
