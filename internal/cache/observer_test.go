package cache_test

import (
	"bytes"
	"net/http"
	"slices"
	"testing"
	"time"

	"github.com/kanka-cli/kanka/client"
)

func ptr[T any](v T) *T { return &v }

// sunnyDay is the input of an entry of calendar 1.
func sunnyDay(code string) client.WeatherInput {
	return client.WeatherInput{Dated: client.Dated{Year: ptr(1492), Month: ptr(1), Day: ptr(9)}, Weather: ptr(code)}
}

func TestCalendarSeenByGetCalendarWithoutAFile(t *testing.T) {
	s := calendarSetup(t)
	if _, err := s.c.GetCalendar(t.Context(), 6); err != nil {
		t.Fatal(err)
	}
	s.svc.take()
	if fresh(t, s.k, "6") != 6 {
		t.Error("a calendar just read is not fresh by id")
	}
	if fresh(t, s.k, "Greyhawk") != 0 {
		t.Error("a name was taken among calendars that are not all of them")
	}
	s.clock.add(time.Minute)
	if fresh(t, s.k, "6") != 0 {
		t.Error("a calendar read CalendarsFresh ago is still fresh")
	}
	wantRequests(t, s.svc)
}

func TestCalendarSeenByUpdateCalendar(t *testing.T) {
	s := calendarSetup(t)
	refresh(t, s)
	s.clock.add(30 * time.Second)
	cal, ok := s.k.FreshCalendar("6")
	if !ok {
		t.Fatal("calendar 6 is not cached")
	}
	in := client.FromCalendar(cal)
	in.Name = "Oerth"
	if _, err := s.c.UpdateCalendar(t.Context(), 6, in); err != nil {
		t.Fatal(err)
	}
	s.svc.take()
	if fresh(t, s.k, "Oerth") != 6 || fresh(t, s.k, "Greyhawk") != 0 {
		t.Error("the cache does not hold the calendar as the update answered it")
	}
	if got, _ := s.k.FreshCalendar("6"); got == nil || got.Name != "Oerth" {
		t.Errorf("FreshCalendar(6) = %v, want Oerth", got)
	}
	// The update's answer was read just now: fresh for CalendarsFresh from
	// then, even once the list is not.
	s.clock.add(45 * time.Second)
	if fresh(t, s.k, "6") != 6 || fresh(t, s.k, "1") != 0 {
		t.Error("a calendar is fresh from when it was read")
	}
	wantRequests(t, s.svc)
}

func TestCalendarGoneByDeleteCalendar(t *testing.T) {
	s := calendarSetup(t)
	refresh(t, s)
	warm(t, s, 20)
	if err := s.c.DeleteCalendar(t.Context(), 1); err != nil {
		t.Fatal(err)
	}
	if fresh(t, s.k, "1") != 0 || fresh(t, s.k, "Harptos") != 0 {
		t.Error("a deleted calendar is still cached")
	}
	if fresh(t, s.k, "6") != 6 {
		t.Error("deleting calendar 1 lost the others")
	}
	if exists(t, s.k, weatherFile(1)) {
		t.Error("a deleted calendar's weather is still cached")
	}
}

func TestCalendarGoneByA404(t *testing.T) {
	s := calendarSetup(t)
	refresh(t, s)
	warm(t, s, 20)
	s.svc.removeCalendar(1) // another writer
	if _, err := s.c.GetCalendar(t.Context(), 1); err == nil {
		t.Fatal("a deleted calendar answered")
	}
	if fresh(t, s.k, "1") != 0 || fresh(t, s.k, "Harptos") != 0 {
		t.Error("a calendar that answered 404 is still cached")
	}
	if exists(t, s.k, weatherFile(1)) {
		t.Error("the weather of a calendar that answered 404 is still cached")
	}
}

func TestCalendarChangedByAnAnswerAboutAnotherCalendar(t *testing.T) {
	s := calendarSetup(t)
	refresh(t, s)
	s.svc.setFail(func(r *http.Request) (int, string) {
		if r.URL.Path == apiPrefix+"calendars/2" {
			return http.StatusOK, `{"data":{"id":3,"name":"moon"}}`
		}
		return 0, ""
	})
	_, _ = s.c.GetCalendar(t.Context(), 2)
	if fresh(t, s.k, "2") != 0 {
		t.Error("calendar 2 is still cached after an answer that was not about it")
	}
	if cal, _ := s.k.FreshCalendar("3"); cal == nil || cal.Name != "moon" || len(cal.Months) != 2 {
		t.Errorf("the answer about calendar 3 was taken for it: %+v", cal)
	}
}

func TestWeatherSeenByCreateWeather(t *testing.T) {
	s := newSetup(t)
	warm(t, s, 30) // two full pages
	w, err := s.c.CreateWeather(t.Context(), 1, sunnyDay("hail"))
	if err != nil {
		t.Fatal(err)
	}
	s.svc.take()
	// The cache holds 31 entries: its tail is on page 3.
	got := weather(t, s.k, s.c, 1, time.Hour, all)
	wantList(t, "entries", got, s.svc.listing(1))
	wantRequests(t, s.svc, wpage(1, 3))
	if !slices.Contains(got, "131:hail") || w.ID != 131 {
		t.Errorf("created entry %d not among %q", w.ID, got)
	}
}

func TestWeatherSeenByUpdateWeather(t *testing.T) {
	s := newSetup(t)
	warm(t, s, 20)
	if _, err := s.c.UpdateWeather(t.Context(), 1, 103, sunnyDay("rain")); err != nil {
		t.Fatal(err)
	}
	s.svc.take()
	got := weather(t, s.k, s.c, 1, time.Hour, all)
	wantList(t, "entries", got, s.svc.listing(1))
	wantRequests(t, s.svc, wpage(1, 2))
}

func TestWeatherSeenByGetWeather(t *testing.T) {
	s := newSetup(t)
	warm(t, s, 30)
	s.svc.setWeather(1, 103, "weather", "rain") // another writer, on page 1
	s.svc.addWeather(1, "hail")                 // and at the end: the cache misses it
	for _, id := range []int{103, 131} {
		if _, err := s.c.GetWeather(t.Context(), 1, id); err != nil {
			t.Fatal(err)
		}
	}
	s.svc.take()
	got := weather(t, s.k, s.c, 1, time.Hour, all)
	wantList(t, "entries", got, s.svc.listing(1))
	// Entry 131 was read, not created: the cache does not take it as the
	// list's (the tail page finds it).
	wantRequests(t, s.svc, wpage(1, 2), wpage(1, 3))
}

func TestWeatherSeenOfAnotherCalendarIsNotTaken(t *testing.T) {
	s := newSetup(t)
	warm(t, s, 20)
	was := readCacheFile(t, s.k, weatherFile(1))
	s.svc.setFail(func(r *http.Request) (int, string) {
		if r.URL.Path == apiPrefix+"calendars/1/calendar_weathers/103" {
			return http.StatusOK, `{"data":{"id":103,"calendar_id":2,"weather":"rain","year":1492,"month":1,"day":1}}`
		}
		return 0, ""
	})
	if _, err := s.c.GetWeather(t.Context(), 1, 103); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(readCacheFile(t, s.k, weatherFile(1)), was) {
		t.Error("an entry that says it is of calendar 2 changed calendar 1's file")
	}
}

func TestWeatherGoneByDeleteWeather(t *testing.T) {
	s := newSetup(t)
	warm(t, s, 20)
	if err := s.c.DeleteWeather(t.Context(), 1, 103); err != nil {
		t.Fatal(err)
	}
	s.svc.take()
	got := weather(t, s.k, s.c, 1, time.Hour, all)
	wantList(t, "entries", got, s.svc.listing(1))
	wantRequests(t, s.svc, wpage(1, 2))
}

func TestWeatherGoneByA404(t *testing.T) {
	s := newSetup(t)
	warm(t, s, 20)
	s.svc.deleteWeather(1, 103) // another writer
	if _, err := s.c.GetWeather(t.Context(), 1, 103); err == nil {
		t.Fatal("a deleted entry answered")
	}
	s.svc.take()
	got := weather(t, s.k, s.c, 1, time.Hour, all)
	wantList(t, "entries", got, s.svc.listing(1))
	wantRequests(t, s.svc, wpage(1, 2))
}

// Only files that hold entries are changed: what the cache does not hold,
// the next read brings. A write leaves a file that holds none (so that a
// walk that started before it does not keep what it read), which is
// trusted for nothing: the next read walks every page.
func TestWeatherWritesWithoutAFileMakeNone(t *testing.T) {
	s := newSetup(t)
	s.svc.addSunny(1, 3)
	if _, err := s.c.CreateWeather(t.Context(), 1, sunnyDay("hail")); err != nil {
		t.Fatal(err)
	}
	if _, err := s.c.UpdateWeather(t.Context(), 1, 101, sunnyDay("rain")); err != nil {
		t.Fatal(err)
	}
	if err := s.c.DeleteWeather(t.Context(), 1, 102); err != nil {
		t.Fatal(err)
	}
	s.svc.take()
	got := weather(t, s.k, s.c, 1, time.Hour, all)
	wantList(t, "entries", got, s.svc.listing(1))
	wantRequests(t, s.svc, walk(1, 1)...)
}

// A write made while another kanka walks the pages (with no file yet)
// leaves that walk's older copy out of the cache.
func TestAWriteDuringAFirstWalkIsNotLost(t *testing.T) {
	s := newSetup(t)
	s.svc.addSunny(1, 20)
	other := openCache(s.root, s.clock)
	seq := s.k.TeeWeather(t.Context(), 1, s.c.AllWeather)
	n := 0
	for _, err := range seq {
		if err != nil {
			t.Fatal(err)
		}
		if n++; n == 1 { // after page 1: another kanka updates entry 101
			w, err := s.c.GetWeather(t.Context(), 1, 101)
			if err != nil {
				t.Fatal(err)
			}
			other.WeatherSeen(1, w, false)
		}
	}
	s.svc.take()
	weather(t, s.k, s.c, 1, time.Hour, all)
	wantRequests(t, s.svc, walk(1, 2)...)
}

// A service whose list is not in id order (an entry with a lower id added
// at the end) is still cached, in its order; a write this process makes
// must then not leave the old values in the file.
func TestWeatherSeenInAListNotInIDOrder(t *testing.T) {
	s := newSetup(t)
	s.svc.addSunny(1, 20)
	s.svc.insertWeather(1, -1, 50, "sun")
	weather(t, s.k, s.c, 1, time.Hour, all)
	if _, err := s.c.UpdateWeather(t.Context(), 1, 103, sunnyDay("rain")); err != nil {
		t.Fatal(err)
	}
	got := weather(t, s.k, s.c, 1, time.Hour, all)
	wantList(t, "entries after this process's own update", got, s.svc.listing(1))
}

func TestLiveWeatherPathIsRemembered(t *testing.T) {
	s := newSetup(t)
	s.svc.setLive(true)
	s.svc.addSunny(1, 3)
	if s.k.KnowsLiveWeatherPath() {
		t.Fatal("an empty cache knows the live path")
	}
	weather(t, s.k, s.c, 1, time.Hour, all)
	wantRequests(t, s.svc, "GET calendars/1/calendar_weathers", "GET calendars/1/calendar_weather")
	if !s.k.KnowsLiveWeatherPath() {
		t.Fatal("the cache did not remember the live path")
	}
	// The next run starts there; its cache is still trusted.
	next := openCache(s.root, s.clock)
	c, err := client.New(client.Config{
		BaseURL: s.svc.srv.URL + "/api/1.0", Token: token, Campaign: campaignID, Observer: next,
		PageConcurrency: 1, MaxRetries: -1, LiveWeatherPath: next.KnowsLiveWeatherPath(),
	})
	if err != nil {
		t.Fatal(err)
	}
	wantList(t, "entries", weather(t, next, c, 1, time.Hour, all), s.svc.listing(1))
	wantRequests(t, s.svc, "GET calendars/1/calendar_weather")
}
