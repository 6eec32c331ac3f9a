package main

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// The weather verbs of the built binary against the sandbox in both modes.

// isPluralWeatherPath reports a request on the document's weather path,
// which the live service does not have.
func isPluralWeatherPath(r request) bool { return strings.Contains(r.Path, "/calendar_weathers") }

func isWeatherPath(r request) bool { return strings.Contains(r.Path, "/calendar_weather") }

// wantWeatherPaths checks the weather requests of ONE process: in document
// mode all on calendar_weathers; in live mode at most one on it (a 404 that
// teaches the client the live path), the rest on calendar_weather.
func wantWeatherPaths(t *testing.T, live bool, reqs []request) {
	t.Helper()
	plural := 0
	for _, r := range reqs {
		switch {
		case !isWeatherPath(r):
		case !live && !isPluralWeatherPath(r):
			t.Errorf("document mode: %v is not on the calendar_weathers path", r)
		case live && isPluralWeatherPath(r):
			plural++
			if r.Status != 404 {
				t.Errorf("live mode answered %v with %d, want 404", r, r.Status)
			}
		}
	}
	if plural > 1 {
		t.Errorf("live mode: %d requests on calendar_weathers in one process, want at most one: %v", plural, reqs)
	}
}

// successfulWrites are the requests of reqs that changed something.
func successfulWrites(reqs []request) []request {
	var writes []request
	for _, r := range reqs {
		if r.Method != "GET" && r.Method != "HEAD" && r.Status >= 200 && r.Status < 300 {
			writes = append(writes, r)
		}
	}
	return writes
}

func TestE2EWeather(t *testing.T) {
	t.Parallel()
	eachMode(t, func(t *testing.T, live bool) {
		srv := startSandbox(t, live)
		k := newKanka(t, srv)
		createHarptos(t, k)
		weatherPath := "calendars/1/calendar_weathers"
		if live {
			weatherPath = "calendars/1/calendar_weather"
		}

		// create by calendar NAME: the lookup, the walk of its weather (the
		// check that the day has none), then the POST.
		mark := srv.mark()
		if got := k.ok(t, "weather", "create", "--calendar", "Calendar of Harptos", "--date", "1492-1-1",
			"--weather", "snowflake", "-o", "id"); got != "1\n" {
			t.Errorf("weather create -o id = %q, want \"1\\n\"", got)
		}
		sent := srv.since(mark)
		wantWeatherPaths(t, live, sent)
		if live { // the walk meets the 404 that shows the live path
			wantRequests(t, sent, "GET calendars?name=Calendar of Harptos",
				"GET calendars/1/calendar_weathers", "GET "+weatherPath, "POST "+weatherPath)
		} else {
			wantRequests(t, sent, "GET calendars?name=Calendar of Harptos", "GET "+weatherPath, "POST "+weatherPath)
		}

		// create -f a list of 5: one calendar read, then five POSTs. The
		// file's first day has an entry already: --allow-duplicate makes
		// a second one (the order tests below need it).
		mark = srv.mark()
		r := k.run(t, "weather", "create", "--calendar", "1", "-f", hammerFile, "-o", "id", "--allow-duplicate")
		if r.code != 0 || r.stdout != "2\n3\n4\n5\n6\n" || !strings.Contains(r.stderr, "created 5 weather entries") {
			t.Errorf("weather create -f %s: want exit 0, ids 2..6 and a summary; %s", hammerFile, r)
		}
		sent = srv.since(mark)
		wantWeatherPaths(t, live, sent)
		if writes := successfulWrites(sent); len(writes) != 5 {
			t.Errorf("weather create -f wrote %d times, want 5: %v", len(writes), sent)
		}
		for _, w := range successfulWrites(sent) {
			if w.Method != "POST" || strings.TrimPrefix(w.Path, campaignPath) != weatherPath {
				t.Errorf("write %v, want POST %s", w, weatherPath)
			}
		}

		t.Run("list table", func(t *testing.T) {
			got := k.ok(t, "weather", "list", "--calendar", "1")
			want := "" +
				"ID  DATE      WEATHER    TEMPERATURE  PRECIPITATION  WIND              EFFECT                             VISIBILITY\n" +
				"1   1492-1-1  snowflake                                                                                   all\n" +
				"2   1492-1-1  snowflake  -8°C         heavy snow     north, strong     roads closed, travel at half pace  all\n" +
				"3   1492-1-2  cloud      -10°C        none           north, light                                         all\n" +
				"4   1492-1-3  sun        -14°C        none           calm              bitter frost at night              all\n" +
				"5   1492-1-4  wind       -6°C         drifting snow  north-east, gale  ships stay in harbour              all\n" +
				"6   1492-1-5  smog       -3°C         freezing fog   calm                                                 members\n"
			if got != want {
				t.Errorf("weather list:\n%s\nwant:\n%s", got, want)
			}
		})
		t.Run("list filters", func(t *testing.T) {
			if got := k.ok(t, "weather", "list", "--calendar", "1", "-o", "id"); got != "1\n2\n3\n4\n5\n6\n" {
				t.Errorf("weather list -o id = %q", got)
			}
			if got := k.ok(t, "weather", "list", "--calendar", "1", "--year", "1492", "--month", "1", "-o", "id"); got != "1\n2\n3\n4\n5\n6\n" {
				t.Errorf("--year 1492 --month 1 = %q, want all six", got)
			}
			if got := k.ok(t, "weather", "list", "--calendar", "1", "--year", "1491", "-o", "id"); got != "" {
				t.Errorf("--year 1491 = %q, want none", got)
			}
			r := k.run(t, "weather", "list", "--calendar", "1", "--month", "2")
			if r.code != 0 || r.stdout != "" || r.stderr != "no weather entries found\n" {
				t.Errorf("--month 2: want exit 0, nothing on stdout, 'no weather entries found' on stderr; %s", r)
			}
			mark := srv.mark()
			if got := k.ok(t, "weather", "list", "--calendar", "1", "--limit", "2", "-o", "id"); got != "1\n2\n" {
				t.Errorf("--limit 2 = %q, want \"1\\n2\\n\"", got)
			}
			sent := srv.since(mark)
			wantWeatherPaths(t, live, sent)
			if len(sent) > 2 || (!live && len(sent) != 1) {
				t.Errorf("--limit 2 of one page sent %v", sent)
			}
		})
		t.Run("get", func(t *testing.T) {
			got := decodeObject(t, k.ok(t, "weather", "get", "--calendar", "Calendar of Harptos", "2", "-o", "json"))
			want := map[string]any{"id": 2.0, "calendar_id": 1.0, "weather": "snowflake", "temperature": "-8°C",
				"precipitation": "heavy snow", "wind": "north, strong", "effect": "roads closed, travel at half pace",
				"year": 1492.0, "month": 1.0, "day": 1.0, "visibility_id": 1.0, "name": "The Hammer blizzard"}
			for key, value := range want {
				if got[key] != value {
					t.Errorf("weather get -o json: %s = %v, want %v", key, got[key], value)
				}
			}
			for _, key := range []string{"created_by", "created_at", "updated_at"} {
				if _, ok := got[key]; !ok {
					t.Errorf("weather get -o json lacks %s", key)
				}
			}
		})
		t.Run("update keeps the record", func(t *testing.T) {
			before := decodeObject(t, k.ok(t, "weather", "get", "--calendar", "1", "3", "-o", "json"))
			mark := srv.mark()
			k.ok(t, "weather", "update", "--calendar", "1", "3", "--weather", "cloud-sun")
			sent := srv.since(mark)
			wantWeatherPaths(t, live, sent)
			if writes := successfulWrites(sent); len(writes) != 1 || writes[0].Method != "PUT" {
				t.Errorf("weather update wrote %v, want one PUT", writes)
			}
			after := decodeObject(t, k.ok(t, "weather", "get", "--calendar", "1", "3", "-o", "json"))
			if after["weather"] != "cloud-sun" {
				t.Errorf("weather after update = %v, want cloud-sun", after["weather"])
			}
			if b, a := withoutKeys(before, "weather", "updated_at"), withoutKeys(after, "weather", "updated_at"); !reflect.DeepEqual(b, a) {
				t.Errorf("weather update --weather changed more:\nbefore %v\nafter  %v", b, a)
			}
		})
		t.Run("delete", func(t *testing.T) {
			// Without a terminal and without --yes: refused before any request.
			mark := srv.mark()
			r := k.run(t, "weather", "delete", "--calendar", "1", "4")
			if r.code != 2 || !strings.Contains(r.stderr, "--yes") {
				t.Errorf("delete without --yes: want exit 2 and a hint at --yes; %s", r)
			}
			wantNoRequests(t, srv, mark)
			k.ok(t, "weather", "get", "--calendar", "1", "4", "-o", "id")

			r = k.run(t, "weather", "delete", "--calendar", "1", "4", "--yes")
			if r.code != 0 || r.stderr != "deleted weather 4\n" {
				t.Errorf("delete --yes: want exit 0 and 'deleted weather 4'; %s", r)
			}
			k.fails(t, 4, "weather", "get", "--calendar", "1", "4")
			if got := k.ok(t, "weather", "list", "--calendar", "1", "-o", "id"); got != "1\n2\n3\n5\n6\n" {
				t.Errorf("after delete, weather list -o id = %q", got)
			}
		})
	})
}

func TestE2EWeatherFiles(t *testing.T) {
	t.Parallel()
	eachMode(t, func(t *testing.T, live bool) {
		srv := startSandbox(t, live)
		k := newKanka(t, srv)
		createHarptos(t, k)
		k.ok(t, "weather", "create", "--calendar", "1", "-f", hammerFile)
		dir := t.TempDir()

		// get -o yaml is the -f shape: sent back unchanged, it changes nothing
		// and costs no write.
		file := filepath.Join(dir, "entry.yaml")
		if err := os.WriteFile(file, []byte(k.ok(t, "weather", "get", "--calendar", "1", "1", "-o", "yaml")), 0o600); err != nil {
			t.Fatal(err)
		}
		mark := srv.mark()
		r := k.run(t, "weather", "update", "--calendar", "1", "1", "-f", file)
		if r.code != 0 || !strings.Contains(r.stderr, "nothing was sent") {
			t.Errorf("update -f with the record's own yaml: %s", r)
		}
		if writes := successfulWrites(srv.since(mark)); len(writes) != 0 {
			t.Errorf("an update that changes nothing wrote %v", writes)
		}
		// The same file creates a copy, on the same day: refused (exit 5,
		// nothing written) unless --allow-duplicate.
		mark = srv.mark()
		if r := k.fails(t, 5, "weather", "create", "--calendar", "1", "-f", file); !strings.Contains(r.stderr, "already has weather on 1492-1-1 (id 1)") {
			t.Errorf("a copy on the same day: %s", r)
		}
		if writes := successfulWrites(srv.since(mark)); len(writes) != 0 {
			t.Errorf("a refused copy wrote %v", writes)
		}
		copied := decodeObject(t, k.ok(t, "weather", "create", "--calendar", "1", "-f", file, "-o", "json", "--allow-duplicate"))
		if copied["id"] != 6.0 || copied["name"] != "The Hammer blizzard" || copied["temperature"] != "-8°C" {
			t.Errorf("created from get -o yaml: %v", copied)
		}

		// A list with one impossible date: checked whole, nothing written.
		list := filepath.Join(dir, "list.yaml")
		if err := os.WriteFile(list, []byte("- {date: 1492-1-6, weather: sun}\n- {date: 1492-1-40, weather: sun}\n"), 0o600); err != nil {
			t.Fatal(err)
		}
		mark = srv.mark()
		r = k.run(t, "weather", "create", "--calendar", "1", "-f", list)
		if r.code != 2 || !strings.Contains(r.stderr, list+": line 2: [2].date: day 40 does not exist") {
			t.Errorf("a list with a bad date: want exit 2 naming entry 2 at its line; %s", r)
		}
		if writes := successfulWrites(srv.since(mark)); len(writes) != 0 {
			t.Errorf("a list with a bad date wrote %v", writes)
		}
		// --sort id: the server's order, so that a new entry would show last.
		if got := k.ok(t, "weather", "list", "--calendar", "1", "--sort", "id", "-o", "id"); got != "1\n2\n3\n4\n5\n6\n" {
			t.Errorf("weather after the refused list: %q", got)
		}
	})
}
