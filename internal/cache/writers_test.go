package cache_test

import (
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/gofrs/flock"
	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/internal/cache"
)

// Two kanka on one folder: one writes generation g+1 while the other,
// which read g, is still walking; the later commit of the older copy
// leaves the newer file.
func TestOlderWriterLeavesANewerWeatherFile(t *testing.T) {
	s := newSetup(t)
	warm(t, s, 20)
	other := openCache(s.root, s.clock)
	otherClient := newClient(t, s.svc, other)
	first := true
	for _, err := range other.TeeWeather(t.Context(), 1, otherClient.AllWeather) {
		if err != nil {
			t.Fatal(err)
		}
		if first { // page 1 read, with entry 103 as it was
			first = false
			if _, err := s.c.UpdateWeather(t.Context(), 1, 103, sunnyDay("rain")); err != nil {
				t.Fatal(err)
			}
		}
	}
	s.svc.take()
	got := weather(t, s.k, s.c, 1, time.Hour, all)
	wantList(t, "entries", got, s.svc.listing(1))
	wantRequests(t, s.svc, wpage(1, 2))
}

func TestOlderWriterLeavesANewerCalendarsFile(t *testing.T) {
	s := calendarSetup(t)
	refresh(t, s)
	other := openCache(s.root, s.clock)
	otherClient := newClient(t, s.svc, other)
	cal, ok := s.k.FreshCalendar("6")
	if !ok {
		t.Fatal("calendar 6 is not cached")
	}
	var once sync.Once
	s.svc.setAnswered(func(r *http.Request) {
		if r.Method == http.MethodGet && r.URL.Path == apiPrefix+"calendars" {
			// The other's list is made; this kanka renames a calendar
			// before the other writes what it read.
			once.Do(func() {
				in := client.FromCalendar(cal)
				in.Name = "Oerth"
				if _, err := s.c.UpdateCalendar(t.Context(), 6, in); err != nil {
					t.Error(err)
				}
			})
		}
	})
	s.clock.add(2 * time.Minute)
	if err := other.RefreshCalendars(t.Context(), otherClient); err != nil {
		t.Fatal(err)
	}
	s.svc.setAnswered(nil)
	if fresh(t, s.k, "6") != 6 {
		t.Fatal("calendar 6 is not cached")
	}
	if cal, _ := s.k.FreshCalendar("6"); cal.Name != "Oerth" {
		t.Errorf("calendar 6 is cached as %q: an older copy overwrote the newer file", cal.Name)
	}
}

// Many uses at once, from two caches on one folder and walks of
// concurrent pages: no race, no deadlock, and files that end up right.
func TestConcurrentUseOfOneFolder(t *testing.T) {
	s := newSetup(t)
	s.svc.addCalendar("Greyhawk")
	s.svc.addSunny(1, 40)
	s.svc.addSunny(2, 40)
	type user struct {
		k *cache.Cache
		c *client.Client
	}
	var users []user
	for range 2 {
		k := openCache(s.root, s.clock)
		c, err := client.New(client.Config{BaseURL: s.svc.srv.URL + "/api/1.0", Token: token, Campaign: campaignID, Observer: k, MaxRetries: -1})
		if err != nil {
			t.Fatal(err)
		}
		users = append(users, user{k, c})
	}
	var wg sync.WaitGroup
	for g := range 4 {
		u := users[g%2]
		wg.Go(func() {
			for i := range 12 {
				cal := 1 + i%2
				switch i % 4 {
				case 0, 1:
					if _, err := u.k.Weather(t.Context(), u.c, cal, time.Hour, all); err != nil {
						t.Error(err)
					}
				case 2:
					id := 101 + (g*7+i)%40
					if cal == 2 {
						id += 40
					}
					if _, err := u.c.UpdateWeather(t.Context(), cal, id, sunnyDay(fmt.Sprintf("g%di%d", g, i))); err != nil {
						t.Error(err)
					}
				case 3:
					if err := u.k.RefreshCalendars(t.Context(), u.c); err != nil {
						t.Error(err)
					}
					u.k.FreshCalendar("Greyhawk")
				}
			}
		})
	}
	wg.Wait()
	for _, cal := range []int{1, 2} {
		wantList(t, fmt.Sprintf("calendar %d", cal), weather(t, users[0].k, users[0].c, cal, time.Hour, all), s.svc.listing(cal))
	}
	wantModes(t, s.root)
}

func TestStaleTempFilesAreRemoved(t *testing.T) {
	s := newSetup(t)
	refresh(t, s)
	warm(t, s, 20)
	now := time.Now()
	made := map[string]time.Duration{
		"." + weatherFile(1) + ".11min": 11 * time.Minute,
		"." + weatherFile(1) + ".9min":  9 * time.Minute,
		"." + calendarsFile + ".11min":  11 * time.Minute,
	}
	for name, age := range made {
		path := filepath.Join(s.k.Dir(), name)
		writeFile(t, path, []byte("half a file"))
		if err := os.Chtimes(path, now.Add(-age), now.Add(-age)); err != nil {
			t.Fatal(err)
		}
	}
	weather(t, s.k, s.c, 1, time.Hour, all) // writes the weather file
	wantList(t, "left after a weather write", tempFiles(t, s), []string{"." + calendarsFile + ".11min", "." + weatherFile(1) + ".9min"})
	refresh(t, s)
	wantList(t, "left after a calendars write", tempFiles(t, s), []string{"." + weatherFile(1) + ".9min"})
}

// A write that cannot be made takes the file away ("a copy that missed a
// write is no copy"); a kanka that read the file before must not bring
// its older copy back when it commits later.
func TestOlderWriterDoesNotBringBackAFileTakenAway(t *testing.T) {
	s := newSetup(t)
	warm(t, s, 20)
	other := openCache(s.root, s.clock)
	otherClient := newClient(t, s.svc, other)
	first := true
	for _, err := range other.TeeWeather(t.Context(), 1, otherClient.AllWeather) {
		if err != nil {
			t.Fatal(err)
		}
		if !first {
			continue
		}
		first = false
		// A third kanka holds the folder's lock past lockWait: this
		// kanka's update cannot be written into the file, which goes.
		held := flock.New(filepath.Join(s.k.Dir(), ".lock"))
		if err := held.Lock(); err != nil {
			t.Fatal(err)
		}
		if _, err := s.c.UpdateWeather(t.Context(), 1, 103, sunnyDay("rain")); err != nil {
			t.Fatal(err)
		}
		if err := held.Unlock(); err != nil {
			t.Fatal(err)
		}
		if exists(t, s.k, weatherFile(1)) {
			t.Fatal("a write that could not be made left the file")
		}
	}
	s.svc.take()
	got := weather(t, s.k, s.c, 1, time.Hour, all)
	wantList(t, "entries", got, s.svc.listing(1))
}
