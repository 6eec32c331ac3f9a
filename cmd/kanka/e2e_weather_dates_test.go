package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kanka-cli/kanka/sandbox"
)

// `weather list` date filters and order, end to end against the sandbox in
// both modes: --date, --from/--to, --month by name, the default date order
// and --sort id, with the exact output and the requests each costs (a name
// of a month or date costs one GET of the calendar given by id; numbers
// cost none; every page is walked, the service having no weather filter).

// datesWeather is recorded in this order (the server's, by id), which is not
// the date order: 3 Ches 1492 twice, 1 Hammer 1492, 5 Ches 1491, 19 Ches 1492.
const datesWeather = `- {date: 1492-4-3, weather: sun}
- {date: 1492-1-1, weather: snowflake}
- {date: 1492-4-3, weather: cloud}
- {date: 1491-4-5, weather: wind}
- {date: 1492-4-19, weather: cloud-rain}
`

func TestE2EWeatherListDates(t *testing.T) {
	t.Parallel()
	eachMode(t, func(t *testing.T, live bool) {
		// Weather pages of 2 entries: 5 entries are 3 pages.
		srv := startServer(t, sandbox.Options{Live: live, WeatherPageSize: 2}, nil)
		k := newKanka(t, srv)
		cal := createHarptos(t, k)
		file := filepath.Join(t.TempDir(), "weather.yaml")
		if err := os.WriteFile(file, []byte(datesWeather), 0o600); err != nil {
			t.Fatal(err)
		}
		// Two entries share 3 Ches: --allow-duplicate creates both.
		ids := strings.Fields(k.ok(t, "weather", "create", "--calendar", cal, "-f", file, "-o", "id", "--allow-duplicate"))
		if len(ids) != 5 {
			t.Fatalf("created %q, want 5 ids", ids)
		}
		sun, snow, cloud, wind, rain := ids[0], ids[1], ids[2], ids[3], ids[4]
		lines := func(ids ...string) string { return strings.Join(ids, "\n") + "\n" }
		walk := weatherPaths(live, cal, 3)
		withCalendar := append([]string{"GET calendars/" + cal}, walk...)
		byName := append([]string{"GET calendars?name=Calendar+of+Harptos"}, walk...)

		cases := []struct {
			name     string
			args     []string
			out      string
			requests []string
		}{
			{"-o id streams in the server's order", []string{"--calendar", cal, "-o", "id"},
				lines(sun, snow, cloud, wind, rain), walk},
			{"--sort date: every entry in date order, one day's by id", []string{"--calendar", cal, "--sort", "date", "-o", "id"},
				lines(wind, snow, sun, cloud, rain), walk},
			{"--sort id: the server's order", []string{"--calendar", cal, "--sort", "id", "-o", "id"},
				lines(sun, snow, cloud, wind, rain), walk},
			{"--date by number costs no calendar read", []string{"--calendar", cal, "--date", "1492-4-3", "-o", "id"},
				lines(sun, cloud), walk},
			{"--date by name reads the calendar once", []string{"--calendar", cal, "--date", "3 Ches 1492", "-o", "id"},
				lines(sun, cloud), withCalendar},
			{"--from and --to, both included", []string{"--calendar", cal, "--from", "1492-Ches-3", "--to", "1492-4-19", "-o", "id"},
				lines(sun, cloud, rain), withCalendar},
			{"--to alone", []string{"--calendar", cal, "--to", "1492-1-1", "-o", "id"},
				lines(snow, wind), walk},
			{"--month Hammer", []string{"--calendar", cal, "--month", "Hammer", "-o", "id"},
				lines(snow), withCalendar},
			{"--month by alias, calendar by name: the lookup holds it", []string{"--calendar", "Calendar of Harptos", "--month", "the claw of the sunsets", "--year", "1492", "-o", "id"},
				lines(sun, cloud, rain), byName},
			{"a piped table keeps numbers", []string{"--calendar", cal, "--month", "4", "--sort", "id"},
				"ID  DATE       WEATHER     TEMPERATURE  PRECIPITATION  WIND  EFFECT  VISIBILITY\n" +
					sun + "   1492-4-3   sun                                                   all\n" +
					cloud + "   1492-4-3   cloud                                                 all\n" +
					wind + "   1491-4-5   wind                                                  all\n" +
					rain + "   1492-4-19  cloud-rain                                            all\n", walk},
		}
		for _, tc := range cases {
			t.Run(tc.name, func(t *testing.T) {
				mark := srv.mark()
				out := k.ok(t, append([]string{"weather", "list"}, tc.args...)...)
				if out != tc.out {
					t.Errorf("stdout:\n%s\nwant:\n%s", out, tc.out)
				}
				wantRequestSet(t, srv.since(mark), tc.requests...)
			})
		}

		t.Run("a date that does not exist: exit 2, no weather asked", func(t *testing.T) {
			mark := srv.mark()
			r := k.fails(t, 2, "weather", "list", "--calendar", cal, "--date", "1491-Midsummer-2")
			if r.stderr != "error: --date: day 2 of Midsummer exists only in leap years\n" || r.stdout != "" {
				t.Errorf("stderr %q, stdout %q", r.stderr, r.stdout)
			}
			wantRequests(t, srv.since(mark), "GET calendars/"+cal)
		})
		t.Run("a bad span: exit 2, nothing sent", func(t *testing.T) {
			mark := srv.mark()
			r := k.fails(t, 2, "weather", "list", "--calendar", cal, "--from", "1492-4-4", "--to", "1492-4-3")
			if r.stderr != "error: --from 1492-4-4 is after --to 1492-4-3: no day is in between\n" || r.stdout != "" {
				t.Errorf("stderr %q, stdout %q", r.stderr, r.stdout)
			}
			wantRequests(t, srv.since(mark))
		})
	})
}
