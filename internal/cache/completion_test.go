package cache_test

import (
	"net/http"
	"slices"
	"testing"
	"time"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/internal/cache"
)

// completionWeather is k.CompletionWeather of calendar cal as "id:code",
// with its error.
func completionWeather(t *testing.T, s *setup, cal int) ([]string, error) {
	t.Helper()
	ws, err := s.k.CompletionWeather(t.Context(), s.c, cal)
	return shown(ws), err
}

func mustCompletionWeather(t *testing.T, s *setup, cal int) []string {
	t.Helper()
	got, err := completionWeather(t, s, cal)
	if err != nil {
		t.Fatalf("CompletionWeather(%d): %v", cal, err)
	}
	return got
}

// A small calendar's weather is known whole after one completion: the
// first page ends the list, and is kept; the next completion within
// CompletionFresh sends nothing, a later one the tail page only.
func TestCompletionWeatherColdSmallCalendarKeepsTheFirstPage(t *testing.T) {
	s := newSetup(t)
	s.svc.addSunny(1, 5)
	wantList(t, "cold", mustCompletionWeather(t, s, 1), s.svc.listing(1))
	wantRequests(t, s.svc, wpage(1, 1))
	if !exists(t, s.k, weatherFile(1)) {
		t.Fatal("a first page that ends the list was not kept")
	}
	s.clock.add(cache.CompletionFresh - time.Second)
	wantList(t, "fresh", mustCompletionWeather(t, s, 1), s.svc.listing(1))
	wantRequests(t, s.svc)

	// What weather list and calendar show read is the same copy: Weather
	// trusts it (its tail page only).
	wantList(t, "Weather", weather(t, s.k, s.c, 1, time.Hour, all), s.svc.listing(1))
	wantRequests(t, s.svc, wpage(1, 1))
}

// A larger one offers its first page, and keeps nothing: the cache holds
// only whole lists.
func TestCompletionWeatherColdLargeCalendarOffersTheFirstPage(t *testing.T) {
	s := newSetup(t)
	s.svc.addSunny(1, 20)
	wantList(t, "cold", mustCompletionWeather(t, s, 1), s.svc.listing(1)[:15])
	wantRequests(t, s.svc, wpage(1, 1))
	if exists(t, s.k, weatherFile(1)) {
		t.Error("a first page of a longer list was kept as the whole")
	}
}

func TestCompletionWeatherFreshSendsNothing(t *testing.T) {
	s := newSetup(t)
	warm(t, s, 20)
	for range 2 {
		wantList(t, "fresh", mustCompletionWeather(t, s, 1), s.svc.listing(1))
		wantRequests(t, s.svc)
	}
}

// Stale: one request, the page of the cached tail; entries added on it are
// offered and kept, so that the next completion sends nothing again.
func TestCompletionWeatherStaleAsksForTheTailPageOnly(t *testing.T) {
	s := newSetup(t)
	warm(t, s, 20)
	s.svc.addWeather(1, "rain", "snowflake")
	s.clock.add(cache.CompletionFresh)
	wantList(t, "stale", mustCompletionWeather(t, s, 1), s.svc.listing(1))
	wantRequests(t, s.svc, wpage(1, 2))
	wantList(t, "fresh again", mustCompletionWeather(t, s, 1), s.svc.listing(1))
	wantRequests(t, s.svc)
}

// Entries added past the tail page are left for a command that reads every
// page: still one request, and the file is not brought forward.
func TestCompletionWeatherNeverReadsASecondPage(t *testing.T) {
	s := newSetup(t)
	warm(t, s, 20)
	s.svc.addWeather(1, slices.Repeat([]string{"rain"}, 12)...) // 32: pages 2 and 3
	s.clock.add(cache.CompletionFresh)
	for range 2 {
		wantList(t, "stale", mustCompletionWeather(t, s, 1), s.svc.listing(1)[:30])
		wantRequests(t, s.svc, wpage(1, 2))
	}
}

// A tail page that disagrees (an entry deleted): the page's entries, and
// the cache's before it; one request.
func TestCompletionWeatherDisagreeingTailPage(t *testing.T) {
	s := newSetup(t)
	ids := s.svc.addSunny(1, 20)
	weather(t, s.k, s.c, 1, time.Hour, all)
	s.svc.take()
	s.svc.deleteWeather(1, ids[17])
	s.clock.add(cache.CompletionFresh)
	wantList(t, "disagreeing", mustCompletionWeather(t, s, 1), s.svc.listing(1))
	wantRequests(t, s.svc, wpage(1, 2))
}

// A request that fails gives what the cache holds, however old, with the
// error; with no copy, nothing.
func TestCompletionWeatherFailureGivesTheCachedEntries(t *testing.T) {
	s := newSetup(t)
	warm(t, s, 20)
	cached := s.svc.listing(1)
	s.svc.addWeather(1, "rain")
	s.svc.setFail(func(*http.Request) (int, string) { return http.StatusInternalServerError, `{"code":500}` })
	s.clock.add(24 * time.Hour)
	got, err := completionWeather(t, s, 1)
	wantList(t, "failed", got, cached)
	if err == nil {
		t.Error("no error for a failed request")
	}
	wantRequests(t, s.svc, wpage(1, 2))

	s.svc.addCalendar("Barovian")
	got, err = completionWeather(t, s, 2)
	if got != nil || err == nil {
		t.Errorf("no copy and a failed request: %q, %v; want nothing and the error", got, err)
	}
}

// Without a cache, the first page.
func TestCompletionWeatherWithoutACache(t *testing.T) {
	s := newSetup(t)
	s.svc.addSunny(1, 20)
	var k *cache.Cache
	ws, err := k.CompletionWeather(t.Context(), s.c, 1)
	if err != nil {
		t.Fatal(err)
	}
	wantList(t, "no cache", shown(ws), s.svc.listing(1)[:15])
	wantRequests(t, s.svc, wpage(1, 1))
}

// The calendars the cache holds are known with no request, however old.
func TestKnownCalendarsSendNothing(t *testing.T) {
	s := newSetup(t)
	s.svc.addCalendar("Calendar of Harptos")
	if err := s.k.RefreshCalendars(t.Context(), s.c); err != nil {
		t.Fatal(err)
	}
	s.svc.take()
	for _, age := range []time.Duration{0, 24 * time.Hour} {
		s.clock.add(age)
		cals, fresh := s.k.KnownCalendars()
		if len(cals) != 2 || fresh != (age == 0) {
			t.Errorf("after %v: %d calendars, fresh %v", age, len(cals), fresh)
		}
		for arg, want := range map[string]int{"1": 1, "2": 2, "harptos": 1, "Calendar of Harptos": 2, "3": 0, "Barovian": 0} {
			cal, ok := s.k.KnownCalendar(arg)
			if got := idOf(cal, ok); got != want {
				t.Errorf("after %v: KnownCalendar(%q) = %d, want %d", age, arg, got, want)
			}
		}
	}
	wantRequests(t, s.svc)
	var none *cache.Cache
	if cals, fresh := none.KnownCalendars(); cals != nil || fresh {
		t.Error("no cache knows calendars")
	}
	if _, ok := none.KnownCalendar("1"); ok {
		t.Error("no cache knows a calendar")
	}
}

func idOf(cal *client.Calendar, ok bool) int {
	if !ok {
		return 0
	}
	return cal.ID
}
