package cache_test

import (
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/internal/cache"
)

func TestWeatherColdWalksEveryPageAndWritesTheFile(t *testing.T) {
	s := newSetup(t)
	s.svc.addSunny(1, 20)
	got := weather(t, s.k, s.c, 1, time.Hour, all)
	wantList(t, "entries", got, s.svc.listing(1))
	wantRequests(t, s.svc, walk(1, 2)...)
	if !exists(t, s.k, weatherFile(1)) {
		t.Error("a whole walk left no weather file")
	}
}

func TestFilesAreNamedByKind(t *testing.T) {
	s := newSetup(t)
	s.svc.addSunny(1, 3)
	weather(t, s.k, s.c, 1, time.Hour, all)
	if err := s.k.RefreshCalendars(t.Context(), s.c); err != nil {
		t.Fatal(err)
	}
	entries, err := os.ReadDir(s.k.Dir())
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		if !strings.HasPrefix(e.Name(), ".") {
			names = append(names, e.Name())
		}
	}
	wantList(t, "files", names, []string{calendarsFile, weatherFile(1)})
	// The profile and host, each with a short hash of its exact text (see
	// TestFolderNamesDifferingOnlyInCaseDoNotShareAFolder), then the
	// campaign with a short hash of the token (the account).
	if want := filepath.Join(s.root, "p-148de9c5", "h-aaa94026", "7-2d7d0dee"); s.k.Dir() != want {
		t.Errorf("Dir() = %q, want %q", s.k.Dir(), want)
	}
}

func TestWeatherWarmAsksOnlyForTheTailPage(t *testing.T) {
	for _, tc := range []struct{ entries, tail int }{{0, 1}, {1, 1}, {14, 1}, {15, 1}, {16, 2}, {20, 2}, {30, 2}, {31, 3}} {
		t.Run(fmt.Sprint(tc.entries), func(t *testing.T) {
			s := newSetup(t)
			s.svc.addSunny(1, tc.entries)
			weather(t, s.k, s.c, 1, time.Hour, all)
			wantRequests(t, s.svc, walk(1, max(1, (tc.entries+14)/15))...)
			s.clock.add(59 * time.Minute)
			for range 2 {
				got := weather(t, s.k, s.c, 1, time.Hour, all)
				wantList(t, "entries", got, s.svc.listing(1))
				wantRequests(t, s.svc, wpage(1, tc.tail))
			}
		})
	}
}

func TestWeatherFetchesOnlyTheEntriesAddedAtTheEnd(t *testing.T) {
	s := newSetup(t)
	warm(t, s, 20)
	s.svc.addWeather(1, slices.Repeat([]string{"rain"}, 12)...) // 32: pages 2 and 3 hold them
	got := weather(t, s.k, s.c, 1, time.Hour, all)
	wantList(t, "entries", got, s.svc.listing(1))
	wantRequests(t, s.svc, wpage(1, 2), wpage(1, 3))

	// The file took them: its tail is now on page 3.
	got = weather(t, s.k, s.c, 1, time.Hour, all)
	wantList(t, "entries", got, s.svc.listing(1))
	wantRequests(t, s.svc, wpage(1, 3))
}

func TestWeatherWalksEveryPageWhenTheListIsNotTheCachePlusATail(t *testing.T) {
	for _, tc := range []struct {
		name   string
		change func(svc *service)
		// pages is how many pages the service's list then has.
		pages int
		// kept is whether the walk is cached again (the total agrees with
		// the walk).
		kept bool
	}{
		{"an entry deleted on an earlier page", func(svc *service) { svc.deleteWeather(1, 103) }, 2, true},
		{"an entry deleted on the tail page", func(svc *service) { svc.deleteWeather(1, 117) }, 2, true},
		{"the last entry deleted", func(svc *service) { svc.deleteWeather(1, 120) }, 2, true},
		{"the last entry deleted and one added", func(svc *service) { svc.deleteWeather(1, 120); svc.addWeather(1, "rain") }, 2, true},
		{"an entry with a lower id added at the end", func(svc *service) { svc.insertWeather(1, -1, 50, "rain") }, 2, true},
		{"an entry with a lower id added in id order", func(svc *service) { svc.insertWeather(1, 0, 50, "rain") }, 2, true},
		{"the page size changed", func(svc *service) { svc.setPerPage(7) }, 3, true},
		{"the page size grew", func(svc *service) { svc.setPerPage(16) }, 2, true},
		{"a total one more than the list", func(svc *service) { svc.setTotalOff(1, 1) }, 2, false},
		{"a total one less than the list", func(svc *service) { svc.setTotalOff(1, -1) }, 2, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := newSetup(t)
			warm(t, s, 20)
			tc.change(s.svc)
			got := weather(t, s.k, s.c, 1, time.Hour, all)
			wantList(t, "entries", got, s.svc.listing(1))
			wantRequests(t, s.svc, append([]string{wpage(1, 2)}, walk(1, tc.pages)...)...)
			if exists(t, s.k, weatherFile(1)) != tc.kept {
				t.Errorf("weather file kept = %v, want %v", !tc.kept, tc.kept)
			}
			if tc.kept {
				// The walk rewrote the file: the next use costs one request.
				s.svc.take()
				got = weather(t, s.k, s.c, 1, time.Hour, all)
				wantList(t, "entries after", got, s.svc.listing(1))
				if n := len(s.svc.take()); n != 1 {
					t.Errorf("after the walk, %d requests, want 1", n)
				}
			}
		})
	}
}

func TestWeatherTakesWhatTheTailPageSays(t *testing.T) {
	s := newSetup(t)
	warm(t, s, 20)
	s.svc.setWeather(1, 118, "weather", "rain")
	got := weather(t, s.k, s.c, 1, time.Hour, all)
	wantList(t, "entries", got, s.svc.listing(1))
	wantRequests(t, s.svc, wpage(1, 2))
	if !strings.Contains(string(readCacheFile(t, s.k, weatherFile(1))), `"weather":"rain"`) {
		t.Error("the file does not hold what the tail page said")
	}
}

func TestWeatherTrustsEntriesChangedElsewhereUntilTrustPasses(t *testing.T) {
	s := newSetup(t)
	warm(t, s, 20)
	s.svc.setWeather(1, 103, "weather", "rain") // page 1: no request shows it
	old := slices.Clone(s.svc.listing(1))
	old[2] = "103:sun"

	// Revalidations do not make the cache younger: trust runs from the
	// last whole walk.
	for _, after := range []time.Duration{0, 30 * time.Minute, 29*time.Minute + 59*time.Second} {
		s.clock.add(after)
		got := weather(t, s.k, s.c, 1, time.Hour, all)
		wantList(t, "entries within trust (the documented limit)", got, old)
		wantRequests(t, s.svc, wpage(1, 2))
	}
	s.clock.add(time.Second) // an hour after the walk
	got := weather(t, s.k, s.c, 1, time.Hour, all)
	wantList(t, "entries once trust passed", got, s.svc.listing(1))
	wantRequests(t, s.svc, walk(1, 2)...)

	// A caller that trusts less walks sooner.
	s.svc.setWeather(1, 104, "weather", "snow")
	s.clock.add(5 * time.Minute)
	got = weather(t, s.k, s.c, 1, 5*time.Minute, all)
	wantList(t, "entries with a shorter trust", got, s.svc.listing(1))
	wantRequests(t, s.svc, walk(1, 2)...)
}

func TestWeatherDoesNotTrustAFileWrittenInTheFuture(t *testing.T) {
	s := newSetup(t)
	warm(t, s, 20)
	s.clock.add(-time.Minute) // this machine's clock went back
	got := weather(t, s.k, s.c, 1, time.Hour, all)
	wantList(t, "entries", got, s.svc.listing(1))
	wantRequests(t, s.svc, walk(1, 2)...)
}

func TestWeatherKeepReturnsTheKeptEntriesInTheServicesOrder(t *testing.T) {
	s := newSetup(t)
	codes := []string{"rain", "sun", "sun", "rain", "cloud"}
	s.svc.addWeather(1, slices.Repeat(codes, 4)...) // 101..120
	s.svc.insertWeather(1, -1, 50, "rain")          // the service's order is not the ids'
	rain := func(w *client.Weather) bool { return w.Code() == "rain" }
	want := func() []string {
		var out []string
		for _, e := range s.svc.listing(1) {
			if strings.HasSuffix(e, ":rain") {
				out = append(out, e)
			}
		}
		return out
	}
	wantList(t, "cold", weather(t, s.k, s.c, 1, time.Hour, rain), want())
	wantRequests(t, s.svc, walk(1, 2)...)
	wantList(t, "warm", weather(t, s.k, s.c, 1, time.Hour, rain), want())
	wantRequests(t, s.svc, wpage(1, 2))

	// On the tail page one entry starts to rain and one stops; three are
	// added at the end: each is kept at its place.
	s.svc.setWeather(1, 117, "weather", "rain")
	s.svc.setWeather(1, 119, "weather", "sun")
	s.svc.addWeather(1, "rain", "sun", "rain")
	wantList(t, "revalidated", weather(t, s.k, s.c, 1, time.Hour, rain), want())
	wantRequests(t, s.svc, wpage(1, 2))
	wantList(t, "from the file", weather(t, s.k, s.c, 1, time.Hour, rain), want())
	wantRequests(t, s.svc, wpage(1, 2))
	wantList(t, "all of them", weather(t, s.k, s.c, 1, time.Hour, all), s.svc.listing(1))
}

// setMaxWeather sets cache.MaxWeather for the test.
func setMaxWeather(t *testing.T, n int) {
	old := cache.MaxWeather
	cache.MaxWeather = n
	t.Cleanup(func() { cache.MaxWeather = old })
}

func TestWeatherOverMaxWeatherIsNotCached(t *testing.T) {
	setMaxWeather(t, 10)
	s := newSetup(t)
	s.svc.addSunny(1, 20)
	for range 2 {
		got := weather(t, s.k, s.c, 1, time.Hour, all)
		wantList(t, "entries", got, s.svc.listing(1))
		wantRequests(t, s.svc, walk(1, 2)...)
		if exists(t, s.k, weatherFile(1)) {
			t.Error("a calendar of more than MaxWeather entries was cached")
		}
	}
}

// A calendar that grows past MaxWeather by entries added at its end is no
// longer cached either: "a calendar with more is walked each time".
func TestWeatherGrownPastMaxWeatherIsNotCached(t *testing.T) {
	setMaxWeather(t, 20)
	s := newSetup(t)
	warm(t, s, 18)
	s.svc.addSunny(1, 5) // 23
	got := weather(t, s.k, s.c, 1, time.Hour, all)
	wantList(t, "entries", got, s.svc.listing(1))
	s.svc.take()
	if exists(t, s.k, weatherFile(1)) {
		if n := len(lines(readCacheFile(t, s.k, weatherFile(1)))) - 1; n > cache.MaxWeather {
			t.Errorf("the file holds %d entries, more than MaxWeather (%d)", n, cache.MaxWeather)
		}
	}
	got = weather(t, s.k, s.c, 1, time.Hour, all)
	wantList(t, "entries", got, s.svc.listing(1))
	wantRequests(t, s.svc, walk(1, 2)...)
}

func TestWeatherOfOneCalendarLeavesTheOthers(t *testing.T) {
	s := newSetup(t)
	s.svc.addCalendar("Greyhawk")
	s.svc.addWeather(1, "sun", "rain")
	s.svc.addWeather(2, "snow")
	wantList(t, "calendar 1", weather(t, s.k, s.c, 1, time.Hour, all), s.svc.listing(1))
	wantList(t, "calendar 2", weather(t, s.k, s.c, 2, time.Hour, all), s.svc.listing(2))
	s.svc.take()
	wantList(t, "calendar 1 warm", weather(t, s.k, s.c, 1, time.Hour, all), s.svc.listing(1))
	wantList(t, "calendar 2 warm", weather(t, s.k, s.c, 2, time.Hour, all), s.svc.listing(2))
	wantRequests(t, s.svc, wpage(1, 1), wpage(2, 1))
}

func TestWeatherErrorOfTheTailPageIsTheAnswer(t *testing.T) {
	s := newSetup(t)
	warm(t, s, 20)
	s.svc.setFail(func(r *http.Request) (int, string) { return 500, `{"code":500,"error":"Unhandled API error"}` })
	if _, err := s.k.Weather(t.Context(), s.c, 1, time.Hour, all); err == nil {
		t.Error("a failing tail page gave no error")
	}
	s.svc.setFail(nil)
	s.svc.take()
	// The file is still trusted.
	wantList(t, "entries", weather(t, s.k, s.c, 1, time.Hour, all), s.svc.listing(1))
	wantRequests(t, s.svc, wpage(1, 2))
}

// A nil keep keeps every entry, warm as cold.
func TestWeatherNilKeepKeepsEveryEntry(t *testing.T) {
	s := newSetup(t)
	s.svc.addSunny(1, 20)
	wantList(t, "cold", weather(t, s.k, s.c, 1, time.Hour, nil), s.svc.listing(1))
	wantRequests(t, s.svc, walk(1, 2)...)
	wantList(t, "warm", weather(t, s.k, s.c, 1, time.Hour, nil), s.svc.listing(1))
	wantRequests(t, s.svc, wpage(1, 2))
}

// Two tokens (two accounts, which may see other calendars) never share a
// copy.
func TestAccountsDoNotShareAFolder(t *testing.T) {
	root := t.TempDir()
	a := cache.Open(cache.Options{Root: root, Profile: "p", Host: "h", Campaign: 7, Token: "token-of-alice"})
	b := cache.Open(cache.Options{Root: root, Profile: "p", Host: "h", Campaign: 7, Token: "token-of-bob"})
	if a.Dir() == b.Dir() || strings.Contains(a.Dir(), "alice") {
		t.Errorf("folders %q and %q", a.Dir(), b.Dir())
	}
}
