package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/kanka-cli/kanka/sandbox"
)

// The local cache, through the binary, with a second writer: another kanka
// with no cache (KANKA_NO_CACHE=1), as a second person or the web
// interface would be. Each change it makes between two commands is seen
// by the next command that must see it, and a warm command costs the
// requests its answer needs.
func TestE2ECacheFollowsASecondWriter(t *testing.T) {
	eachMode(t, func(t *testing.T, live bool) {
		srv := startSandbox(t, live)
		other := newKanka(t, srv) // no cache: a second writer
		k := other.withCache()
		id := createHarptos(t, k)
		weather := "calendars/" + id + "/calendar_weathers"
		if live {
			weather = "calendars/" + id + "/calendar_weather"
		}
		// 40 entries: pages of 15, the tail on page 3.
		var file strings.Builder
		for day := 1; day <= 30; day++ {
			fmt.Fprintf(&file, "- {date: 1492-1-%d, weather: snowflake}\n", day)
		}
		for day := 1; day <= 10; day++ {
			fmt.Fprintf(&file, "- {date: 1492-3-%d, weather: cloud}\n", day)
		}
		path := filepath.Join(k.home, "winter.yaml")
		if err := os.WriteFile(path, []byte(file.String()), 0o600); err != nil {
			t.Fatal(err)
		}
		other.ok(t, "weather", "create", "--calendar", id, "-f", path, "-q")

		// Cold for the weather; the calendar kanka created a moment ago is
		// in the cache (pages 2 and 3 come concurrently, in either order).
		// Live, the path found is remembered: no later run pays the 404.
		show := []string{"calendar", "show", id, "--date", "1492-1-1"}
		walk := []string{"GET " + weather, "GET " + weather + "?page=2", "GET " + weather + "?page=3"}
		// Every show reads the calendar's reminders too, at the same time
		// as the weather: it has none, one page (the tail, when warm).
		reminders := "GET calendars/" + id + "/reminders"
		walk = append(walk, reminders)
		mark := srv.mark()
		cold := k.ok(t, show...)
		if live { // the first weather request finds the live path: a 404, once
			wantRequestsAnyOrder(t, srv.since(mark), append(walk, "GET calendars/"+id+"/calendar_weathers")...)
		} else {
			wantRequestsAnyOrder(t, srv.since(mark), walk...)
		}
		if !hasWeather(cold, 30, "snowflake") {
			t.Fatalf("the cold grid lacks the weather of 30 Hammer:\n%s", cold)
		}

		// Warm: the calendar was read a moment ago, and the tail page agrees.
		mark = srv.mark()
		if warm := k.ok(t, show...); warm != cold {
			t.Errorf("the warm grid differs from the cold one:\n%s\nwant:\n%s", warm, cold)
		}
		wantRequestsAnyOrder(t, srv.since(mark), "GET "+weather+"?page=3", reminders)

		// Another writer adds the weather of 1 Alturiak: at the end of the
		// list, on the tail page.
		other.ok(t, "weather", "create", "--calendar", id, "--date", "1492-3-11", "--weather", "bolt", "-q")
		mark = srv.mark()
		grid := k.ok(t, "calendar", "show", id, "--date", "1492-3-1")
		wantRequestsAnyOrder(t, srv.since(mark), "GET "+weather+"?page=3", reminders)
		if !hasWeather(grid, 11, "bolt") {
			t.Errorf("the entry added by another writer is not shown:\n%s", grid)
		}

		// Another writer deletes an entry of Hammer: the tail page's ids
		// no longer agree, and every page is read again.
		list := other.ok(t, "weather", "list", "--calendar", id, "--date", "1492-1-5", "-o", "id")
		other.ok(t, "weather", "delete", "--calendar", id, strings.TrimSpace(list), "--yes", "-q")
		mark = srv.mark()
		grid = k.ok(t, show...)
		wantRequestsAnyOrder(t, srv.since(mark), append([]string{"GET " + weather + "?page=3"}, walk...)...)
		if hasWeather(grid, 5, "snowflake") || !hasWeather(grid, 4, "snowflake") {
			t.Errorf("the entry another writer deleted is still shown:\n%s", grid)
		}

		// Another writer changes the weather of 2 Hammer: the cache cannot
		// see that for its 5 minutes; --refresh reads it; and weather set
		// reads the entry it changes first, so it never writes blind.
		other.ok(t, "weather", "set", "--calendar", id, "--date", "1492-1-2", "--weather", "sun", "-q")
		if grid = k.ok(t, show...); !hasWeather(grid, 2, "snowflake") {
			t.Errorf("within its 5 minutes the cache shows what it read:\n%s", grid)
		}
		mark = srv.mark()
		if grid = k.ok(t, append(show, "--refresh")...); !hasWeather(grid, 2, "sun") {
			t.Errorf("--refresh does not show the change:\n%s", grid)
		}
		wantRequestsAnyOrder(t, srv.since(mark), append([]string{"GET calendars/" + id}, walk...)...)
		other.ok(t, "weather", "set", "--calendar", id, "--date", "1492-1-3", "--weather", "sun", "--wind", "calm", "-q")
		mark = srv.mark()
		out := k.ok(t, "weather", "set", "--calendar", id, "--date", "1492-1-3", "--temperature", "-3C", "-o", "json")
		got := srv.since(mark)
		if len(got) != 3 || got[0].String() != "GET "+campaignPath+weather+"?page=3" || got[1].Method != "GET" || got[2].Method != "PUT" {
			t.Errorf("a warm weather set sent %v; want the tail page, the entry, the write", got)
		}
		if entry := decodeObject(t, out); entry["weather"] != "sun" || entry["wind"] != "calm" || entry["temperature"] != "-3C" {
			t.Errorf("weather set lost what another writer set: %v", entry)
		}

		// Completion of calendar names: the first reads the whole list (one
		// page), the next, while it is fresh, nothing.
		for _, want := range [][]string{{"GET calendars"}, nil} {
			mark = srv.mark()
			if names := k.ok(t, "__complete", "calendar", "show", "Cal"); !strings.Contains(names, "Calendar of Harptos\t"+id) {
				t.Errorf("completion offers:\n%s", names)
			}
			wantRequests(t, srv.since(mark), want...)
		}

		// The cache's folder and files are the user's alone, and never hold
		// the token.
		root := filepath.Join(k.home, ".cache", "kanka")
		err := filepath.Walk(root, func(p string, info os.FileInfo, err error) error {
			if err != nil {
				return err
			}
			switch mode := info.Mode().Perm(); {
			case info.IsDir() && mode != 0o700:
				t.Errorf("%s: mode %v, want 0700", p, mode)
			case !info.IsDir() && mode != 0o600:
				t.Errorf("%s: mode %v, want 0600", p, mode)
			}
			if !info.IsDir() {
				if b, _ := os.ReadFile(p); strings.Contains(string(b), sandbox.DefaultToken) {
					t.Errorf("%s holds the token", p)
				}
			}
			return nil
		})
		if err != nil {
			t.Fatalf("the cache is not under %s: %v", root, err)
		}

		// kanka cache clear empties it: the next show is cold again (and,
		// live, finds the weather path again: one 404).
		k.ok(t, "cache", "clear", "-q")
		mark = srv.mark()
		k.ok(t, show...)
		coldRequests := 5 // the calendar, 3 pages of weather, the reminders
		if live {
			coldRequests = 6
		}
		if n := len(srv.since(mark)); n != coldRequests {
			t.Errorf("after cache clear, show sent %d requests, want %d: %v", n, coldRequests, srv.since(mark))
		}
	})
}

// hasWeather reports whether a month grid's legend lists weather on day.
func hasWeather(grid string, day int, weather string) bool {
	// The legend lists the day with the weather's mark and words, in the
	// C locale the harness runs in: "30 x snow".
	entry := map[string]string{"snowflake": "x snow", "bolt": "z thunderstorm", "sun": "s sun", "cloud": "c cloud"}[weather]
	legend := strings.Join(strings.Fields(grid), " ")
	return entry != "" && regexp.MustCompile(fmt.Sprintf(`(^| )%d %s( |$)`, day, regexp.QuoteMeta(entry))).MatchString(legend)
}

// wantRequestsAnyOrder is wantRequests for requests sent concurrently.
func wantRequestsAnyOrder(t *testing.T, got []request, want ...string) {
	t.Helper()
	sorted := append([]request(nil), got...)
	sort.Slice(sorted, func(i, j int) bool { return sorted[i].String() < sorted[j].String() })
	wanted := append([]string(nil), want...)
	sort.Slice(wanted, func(i, j int) bool { return campaignPath+wanted[i] < campaignPath+wanted[j] })
	wantRequests(t, sorted, wanted...)
}
