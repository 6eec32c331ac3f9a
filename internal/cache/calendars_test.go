package cache_test

import (
	"testing"
	"time"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/internal/cache"
)

// calendarSetup is newSetup with calendars 1 Harptos, 2 Moon, 3 moon,
// 4 Twin, 5 Twin and 6 Greyhawk.
func calendarSetup(t *testing.T) *setup {
	s := newSetup(t)
	for _, name := range []string{"Moon", "moon", "Twin", "Twin", "Greyhawk"} {
		s.svc.addCalendar(name)
	}
	s.svc.tick(time.Hour) // they were written an hour before the service's now
	return s
}

// fresh is the id FreshCalendar(arg) gives, 0 when ok is false.
func fresh(t *testing.T, k *cache.Cache, arg string) int {
	t.Helper()
	cal, ok := k.FreshCalendar(arg)
	switch {
	case ok && cal == nil:
		t.Fatalf("FreshCalendar(%q) is ok without a calendar", arg)
	case !ok && cal != nil:
		t.Fatalf("FreshCalendar(%q) gives calendar %d but not ok", arg, cal.ID)
	case !ok:
		return 0
	}
	return cal.ID
}

func refresh(t *testing.T, s *setup) {
	t.Helper()
	if err := s.k.RefreshCalendars(t.Context(), s.c); err != nil {
		t.Fatal(err)
	}
}

func names(cals []*client.Calendar) []string {
	var out []string
	for _, c := range cals {
		out = append(out, c.Name)
	}
	return out
}

func TestFreshCalendarByIDAndByName(t *testing.T) {
	s := calendarSetup(t)
	if id := fresh(t, s.k, "1"); id != 0 {
		t.Errorf("an empty cache gave calendar %d", id)
	}
	refresh(t, s)
	wantRequests(t, s.svc, "GET calendars")
	for arg, want := range map[string]int{
		"1":          1,
		"6":          6,
		" 6 ":        6,
		"99":         0,
		"Harptos":    1,
		"harptos":    1, // but for case, and only one
		"  Harptos ": 1,
		"Moon":       2, // exact first
		"moon":       3,
		"MOON":       0, // two but for case: the service's lookup says which
		"Twin":       0, // two exactly
		"Greyhawk":   6,
		"Nobody":     0,
		"":           0,
	} {
		if got := fresh(t, s.k, arg); got != want {
			t.Errorf("FreshCalendar(%q) = %d, want %d", arg, got, want)
		}
	}
	wantRequests(t, s.svc)

	s.clock.add(cache.CalendarsFresh - time.Second)
	if fresh(t, s.k, "1") != 1 || fresh(t, s.k, "Greyhawk") != 6 {
		t.Error("calendars read less than CalendarsFresh ago are not fresh")
	}
	s.clock.add(time.Second)
	for _, arg := range []string{"1", "6", "Harptos", "Greyhawk"} {
		if got := fresh(t, s.k, arg); got != 0 {
			t.Errorf("CalendarsFresh after the read, FreshCalendar(%q) = %d, want not ok", arg, got)
		}
	}
	wantRequests(t, s.svc)
}

func TestRefreshCalendarsAsksForTheChangedOnesWithinFullEvery(t *testing.T) {
	s := calendarSetup(t)
	s.svc.setCalendarsPerPage(4) // two pages: the filter is on each
	refresh(t, s)
	wantRequests(t, s.svc, "GET calendars", "GET calendars?page=2")

	s.svc.tick(10 * time.Second)
	s.svc.renameCalendar(6, "Oerth")
	s.clock.add(2 * time.Minute)
	refresh(t, s)
	// The previous answer's sync, a second earlier (whole seconds).
	wantRequests(t, s.svc, "GET calendars?lastSync=2026-11-22T09:59:59.000000Z")
	if fresh(t, s.k, "Oerth") != 6 || fresh(t, s.k, "Greyhawk") != 0 || fresh(t, s.k, "Harptos") != 1 {
		t.Error("the changed calendar was not taken in place of its old copy")
	}

	s.svc.tick(time.Minute)
	s.clock.add(cache.FullEvery - 2*time.Minute - time.Second)
	refresh(t, s)
	wantRequests(t, s.svc, "GET calendars?lastSync=2026-11-22T10:00:09.000000Z")

	// A whole list is read FullEvery after the last one: it alone sees a
	// deleted calendar.
	s.svc.removeCalendar(4)
	s.clock.add(time.Second)
	refresh(t, s)
	wantRequests(t, s.svc, "GET calendars", "GET calendars?page=2")
	if id := fresh(t, s.k, "4"); id != 0 {
		t.Error("a calendar gone from the whole list is still cached")
	}
	cals, err := s.k.Calendars(t.Context(), s.c)
	if err != nil {
		t.Fatal(err)
	}
	wantList(t, "calendars", names(cals), []string{"Harptos", "Moon", "moon", "Twin", "Oerth"})
	wantRequests(t, s.svc)
}

func TestRefreshCalendarsReadsAWholeList(t *testing.T) {
	for _, tc := range []struct {
		name  string
		first func(t *testing.T, s *setup)
	}{
		{"without a file", func(*testing.T, *setup) {}},
		{"with only calendars read one by one", func(t *testing.T, s *setup) {
			if _, err := s.c.GetCalendar(t.Context(), 1); err != nil {
				t.Fatal(err)
			}
		}},
		{"a whole list FullEvery ago", func(t *testing.T, s *setup) { refresh(t, s); s.clock.add(cache.FullEvery) }},
		{"a whole list read in the future", func(t *testing.T, s *setup) { refresh(t, s); s.clock.add(-time.Minute) }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := calendarSetup(t)
			tc.first(t, s)
			s.svc.take()
			refresh(t, s)
			wantRequests(t, s.svc, "GET calendars")
			if fresh(t, s.k, "Greyhawk") != 6 {
				t.Error("the whole list is not fresh")
			}
		})
	}
}

// A lastSync refresh keeps every cached calendar: it cannot tell a
// deleted one (the documented limit, until FullEvery).
func TestRefreshCalendarsWithLastSyncKeepsADeletedCalendar(t *testing.T) {
	s := calendarSetup(t)
	refresh(t, s)
	s.svc.removeCalendar(4)
	s.clock.add(2 * time.Minute)
	refresh(t, s)
	if fresh(t, s.k, "4") != 4 {
		t.Error("a lastSync refresh dropped a calendar it did not list")
	}
}

func TestCalendarNamedRefreshesWithOneRequest(t *testing.T) {
	s := calendarSetup(t)
	named := func(name string) int {
		t.Helper()
		cal, ok, err := s.k.CalendarNamed(t.Context(), s.c, name)
		if err != nil {
			t.Fatal(err)
		}
		if ok != (cal != nil) {
			t.Fatalf("CalendarNamed(%q) = %v, %v", name, cal, ok)
		}
		if !ok {
			return 0
		}
		return cal.ID
	}
	if named("Greyhawk") != 6 {
		t.Error("CalendarNamed did not find Greyhawk")
	}
	wantRequests(t, s.svc, "GET calendars")

	// Even while fresh: the name may be a calendar made since.
	s.svc.tick(10 * time.Second)
	s.svc.renameCalendar(6, "Oerth")
	if named("Oerth") != 6 {
		t.Error("CalendarNamed did not find a calendar renamed since")
	}
	wantRequests(t, s.svc, "GET calendars?lastSync=2026-11-22T09:59:59.000000Z")
	for name, want := range map[string]int{"oerth": 6, "Greyhawk": 0, "MOON": 0, "Twin": 0, "Moon": 2} {
		if got := named(name); got != want {
			t.Errorf("CalendarNamed(%q) = %d, want %d", name, got, want)
		}
		wantRequests(t, s.svc, "GET calendars?lastSync=2026-11-22T10:00:09.000000Z")
	}
	s.clock.add(cache.FullEvery)
	named("Oerth")
	wantRequests(t, s.svc, "GET calendars")
}

func TestCalendarsAsksOnlyWhenNotFresh(t *testing.T) {
	s := calendarSetup(t)
	all := []string{"Harptos", "Moon", "moon", "Twin", "Twin", "Greyhawk"}
	for _, want := range [][]string{{"GET calendars"}, nil} {
		cals, err := s.k.Calendars(t.Context(), s.c)
		if err != nil {
			t.Fatal(err)
		}
		wantList(t, "calendars", names(cals), all)
		wantRequests(t, s.svc, want...)
	}
	s.clock.add(cache.CalendarsFresh)
	if _, err := s.k.Calendars(t.Context(), s.c); err != nil {
		t.Fatal(err)
	}
	wantRequests(t, s.svc, "GET calendars?lastSync=2026-11-22T09:59:59.000000Z")
}
