package main

import (
	"strconv"
	"strings"
	"testing"

	"github.com/kanka-cli/kanka/sandbox"
)

// Writes that could surprise, run as a user runs them: a second weather
// entry on a day, a delete of several ids one of which is gone, a served
// sandbox others may reach, and a retreat to a date.

// weatherGets are the requests of reqs that read a page of a weather list
// (not the live mode's 404 on the document's path, which a process may
// meet or may know to skip).
func weatherGets(reqs []request) []request {
	var gets []request
	for _, r := range reqs {
		if r.Method == "GET" && r.Status == 200 && (strings.HasSuffix(r.Path, "/calendar_weather") || strings.HasSuffix(r.Path, "/calendar_weathers")) {
			gets = append(gets, r)
		}
	}
	return gets
}

// weatherPages are the GETs of the pages of calendar id's weather list.
func weatherPages(live bool, id string, pages int) []string {
	path := "GET calendars/" + id + "/calendar_weathers"
	if live {
		path = "GET calendars/" + id + "/calendar_weather"
	}
	out := []string{path}
	for p := 2; p <= pages; p++ {
		out = append(out, path+"?page="+strconv.Itoa(p))
	}
	return out
}

func TestE2ESurprisesWeatherCreateRefusesADayThatHasWeather(t *testing.T) {
	t.Parallel()
	eachMode(t, func(t *testing.T, live bool) {
		// Weather pages of 2 entries, so that the check walks several.
		srv := startServer(t, sandbox.Options{Live: live, WeatherPageSize: 2}, nil)
		k := newKanka(t, srv)
		id := createHarptos(t, k)
		k.ok(t, "weather", "create", "--calendar", id, "-f", hammerFile, "-o", "id") // 1492-1-1 .. 1492-1-5: ids 1..5

		// One entry on a day that has one: exit 5, nothing written.
		mark := srv.mark()
		r := k.fails(t, 5, "weather", "create", "--calendar", id, "--date", "1492-Hammer-3", "--weather", "sun")
		want := "error: calendar 1 \"Calendar of Harptos\" already has weather on 1492-1-3 (id 3): nothing was created. " +
			"To change that day's weather use `kanka weather set`, which updates the day's entry; " +
			"to add another entry on that day pass --allow-duplicate\n"
		if r.stdout != "" || r.stderr != want {
			t.Errorf("a second entry on 1492-1-3: %s\nwant stderr %q", r, want)
		}
		if writes := successfulWrites(srv.since(mark)); len(writes) != 0 {
			t.Errorf("a refused create wrote %v", writes)
		}

		// A file: every entry on a taken day, or on the day of an earlier
		// entry, one a line; nothing created; one walk of the pages.
		file := writeFile(t, t.TempDir(), "days.yaml", `- {date: 1492-1-6, weather: sun}
- {date: 1492-1-2, weather: cloud}
- {date: 1492-1-7, weather: wind}
- {date: 1492-1-6, weather: smog}
- {date: 1492-1-5, weather: sun}
`)
		mark = srv.mark()
		r = k.fails(t, 5, "weather", "create", "--calendar", id, "-f", file, "-o", "id")
		want = "error: calendar 1 \"Calendar of Harptos\": 3 weather entries are on a day that has weather already; nothing was created:\n" +
			"  entry 2 (1492-1-2): the calendar has weather on that day (id 2)\n" +
			"  entry 4 (1492-1-6): on the same day as entry 1 (1492-1-6)\n" +
			"  entry 5 (1492-1-5): the calendar has weather on that day (id 5)\n" +
			"To change a day's weather use `kanka weather set`, which updates the day's entry; to create these entries anyway pass --allow-duplicate\n"
		if r.stdout != "" || r.stderr != want {
			t.Errorf("a file with taken days: %s\nwant stderr\n%s", r, want)
		}
		sent := srv.since(mark)
		if writes := successfulWrites(sent); len(writes) != 0 {
			t.Errorf("a refused file wrote %v", writes)
		}
		// 5 entries are 3 pages, each read once (pages 2 and 3 at once).
		wantRequestSet(t, weatherGets(sent), weatherPages(live, id, 3)...)

		// --allow-duplicate creates them all, without the walk.
		mark = srv.mark()
		if got := k.ok(t, "weather", "create", "--calendar", id, "-f", file, "-o", "id", "--allow-duplicate"); got != "6\n7\n8\n9\n10\n" {
			t.Errorf("--allow-duplicate created %q, want ids 6..10", got)
		}
		if gets := weatherGets(srv.since(mark)); len(gets) != 0 {
			t.Errorf("--allow-duplicate read the weather: %v", gets)
		}
		if got := k.ok(t, "weather", "list", "--calendar", id, "--date", "1492-1-6", "-o", "id"); got != "6\n9\n" {
			t.Errorf("1492-1-6 holds %q, want 6 and 9", got)
		}
	})
}

// calendar delete 1 999 3 deletes 1 and 3, says 999 was not found, exits 4.
func TestE2ESurprisesDeleteGoesOnAfterAMissingRecord(t *testing.T) {
	t.Parallel()
	eachMode(t, func(t *testing.T, live bool) {
		srv := startServer(t, sandbox.Options{Live: live}, nil)
		k := newKanka(t, srv)
		for _, name := range []string{"One", "Two", "Three"} { // ids 1, 2, 3
			k.ok(t, "calendar", "create", "-f", harptosFile, "--name", name)
		}
		k.ok(t, "weather", "create", "--calendar", "2", "--date", "1492-1-1", "--weather", "sun") // weather 1

		r := k.fails(t, 4, "calendar", "delete", "1", "999", "3", "--yes")
		want := "deleted calendar 1\nskipped: calendar 999 not found in campaign 1\ndeleted calendar 3\n" +
			"error: 1 of 3 calendars not found (999); deleted 2 (ids 1, 3)\n"
		if r.stdout != "" || r.stderr != want {
			t.Errorf("calendar delete 1 999 3: %s\nwant stderr\n%s", r, want)
		}
		if got := k.ok(t, "calendar", "list", "-o", "id"); got != "2\n" {
			t.Errorf("calendars left: %q, want 2", got)
		}

		r = k.fails(t, 4, "weather", "delete", "--calendar", "2", "1", "999", "--yes")
		want = "deleted weather 1\nskipped: weather 999 of calendar 2 not found in campaign 1\n" +
			"error: 1 of 2 weather entries not found (999); deleted 1 (id 1)\n"
		if r.stdout != "" || r.stderr != want {
			t.Errorf("weather delete 1 999: %s\nwant stderr\n%s", r, want)
		}

		// A name that names nothing is said with its lookup's words, and
		// every lookup comes before the first DELETE.
		mark := srv.mark()
		r = k.fails(t, 4, "calendar", "delete", "No such calendar", "2", "--yes")
		want = "skipped: no calendar named \"No such calendar\"\ndeleted calendar 2\n" +
			"error: 1 of 2 calendars not found (\"No such calendar\"); deleted 1 (id 2)\n"
		if r.stderr != want {
			t.Errorf("calendar delete NAME 2: %s\nwant stderr\n%s", r, want)
		}
		if sent := srv.since(mark); len(sent) == 0 || sent[len(sent)-1].Method != "DELETE" || len(successfulWrites(sent)) != 1 {
			t.Errorf("requests %v, want the lookups, then one DELETE", sent)
		}
	})
}

// The same against a server that answers the DELETE of record 3 (or
// weather 13) with the live service's 404, in the middle of a batch.
func TestE2ESurprisesDeleteSkipsAServersNotFound(t *testing.T) {
	t.Parallel()
	t.Run("calendar", func(t *testing.T) {
		t.Parallel()
		srv := startHostile(t, gapsAPI(0, failure{}, map[string]failure{"calendars/3": notFound("Calendar", 3)}))
		k := newHostileKanka(t, srv)
		mark := srv.mark()
		r := k.runWithin(t, gapsBound, "", "calendar", "delete", "1", "2", "3", "4", "--yes")
		wantRun(t, r, 4, "", "deleted calendar 1\ndeleted calendar 2\nskipped: calendar 3 not found in campaign 1\n"+
			"deleted calendar 4\nerror: 1 of 4 calendars not found (3); deleted 3 (ids 1, 2, 4)\n")
		wantRequests(t, srv.since(mark), "DELETE calendars/1", "DELETE calendars/2", "DELETE calendars/3", "DELETE calendars/4")
	})
	t.Run("weather", func(t *testing.T) {
		t.Parallel()
		srv := startHostile(t, gapsAPI(0, failure{}, map[string]failure{"calendars/1/calendar_weathers/13": notFound("CalendarWeather", 13)}))
		k := newHostileKanka(t, srv)
		mark := srv.mark()
		r := k.runWithin(t, gapsBound, "", "weather", "delete", "--calendar", "1", "11", "12", "13", "14", "--yes")
		wantRun(t, r, 4, "", "deleted weather 11\ndeleted weather 12\nskipped: weather 13 of calendar 1 not found in campaign 1\n"+
			"deleted weather 14\nerror: 1 of 4 weather entries not found (13); deleted 3 (ids 11, 12, 14)\n")
		wantRequests(t, srv.since(mark), "DELETE calendars/1/calendar_weathers/11", "DELETE calendars/1/calendar_weathers/12",
			"DELETE calendars/1/calendar_weathers/13", "DELETE calendars/1/calendar_weathers/14")
	})
}

// On loopback, by address or by name, serve says nothing new; the warning
// for other addresses is tested in the command's package, which never
// listens beyond loopback either.
func TestE2ESurprisesSandboxServeOnLoopbackDoesNotWarn(t *testing.T) {
	t.Parallel()
	for _, addr := range []string{"127.0.0.1:0", "localhost:0"} {
		k := newKanka(t, nil)
		served := serveSandbox(t, k, "--addr", addr)
		if code, _ := served.stop(); code != 0 {
			t.Errorf("--addr %s: exit %d", addr, code)
		}
		if got := served.stderr.String(); strings.Contains(got, "warning") || !strings.Contains(got, "Sandbox stopped.") {
			t.Errorf("--addr %s: stderr %q", addr, got)
		}
	}
}

// calendar retreat --to DATE, as advance --to: the date grammar, a refusal
// of a date the other way (exit 2, nothing sent), nothing sent for the
// current date.
func TestE2ESurprisesRetreatTo(t *testing.T) {
	t.Parallel()
	eachMode(t, func(t *testing.T, live bool) {
		srv := startServer(t, sandbox.Options{Live: live}, nil)
		k := newKanka(t, srv)
		id := createHarptos(t, k) // 1492-4-1

		if got := k.ok(t, "calendar", "retreat", id, "--to", "3 Hammer 1492"); got != "1492-4-1 -> 1492-1-3 (3 Hammer, Year of Three Ships Sailing DR)\n" {
			t.Errorf("retreat --to: %q", got)
		}
		if got := strings.TrimSpace(k.ok(t, "calendar", "get", id, "-o", "json", "--jq", ".date")); got != "1492-1-3" {
			t.Errorf("the date stored is %q, want 1492-1-3", got)
		}

		mark := srv.mark()
		r := k.fails(t, 2, "calendar", "retreat", id, "--to", "1492-Ches-1")
		want := "error: --to: 1492-4-1 is after the current date 1492-1-3: retreat moves back " +
			"(to move forward use `kanka calendar advance`; to set any date, `kanka calendar update --date`)\n"
		if r.stdout != "" || !strings.HasPrefix(r.stderr, want) {
			t.Errorf("retreat --to a later date: %s\nwant stderr starting %q", r, want)
		}
		if writes := successfulWrites(srv.since(mark)); len(writes) != 0 {
			t.Errorf("a refused retreat wrote %v", writes)
		}

		mark = srv.mark()
		if got := k.ok(t, "calendar", "retreat", id, "--to", "1492-1-3"); got != "1492-1-3 -> 1492-1-3 (3 Hammer, Year of Three Ships Sailing DR)\n" {
			t.Errorf("retreat --to the current date: %q", got)
		}
		if writes := successfulWrites(srv.since(mark)); len(writes) != 0 {
			t.Errorf("retreat --to the current date wrote %v", writes)
		}
	})
}
