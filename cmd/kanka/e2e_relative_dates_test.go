package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kanka-cli/kanka/sandbox"
)

// Dates a person says, through the built binary in both modes: today
// (the calendar's current date), tomorrow, yesterday, +N and -N, taken by
// every flag that takes a date, and counted with the calendar's days. The
// Calendar of Harptos of examples/harptos.yaml is on 1 Ches 1492
// (1492-4-1): -1 is the last day of Alturiak.

// relativeDays are the texts every date flag is run with, and the day each
// is on the example calendar.
var relativeDays = []struct{ text, day string }{
	{"today", "1492-4-1"},
	{"+3", "1492-4-4"},
	{"-1", "1492-3-30"},
}

// weatherDates is the dates of the calendar's entries, one a line, in
// date order.
func weatherDates(t *testing.T, k *kanka, cal string) string {
	t.Helper()
	return k.ok(t, "weather", "list", "--calendar", cal, "--sort", "date", "-o", "json", "--jq", `.[] | "\(.year)-\(.month)-\(.day)"`)
}

// threeDays are entries on each day of relativeDays.
const threeDays = `- {date: 1492-3-30, weather: wind}
- {date: 1492-4-1, weather: sun}
- {date: 1492-4-4, weather: cloud}
`

func TestE2EEveryDateFlagTakesDatesCountedFromToday(t *testing.T) {
	t.Parallel()
	withThreeDays := func(t *testing.T, k *kanka, cal string) {
		t.Helper()
		file := filepath.Join(t.TempDir(), "days.yaml")
		if err := os.WriteFile(file, []byte(threeDays), 0o600); err != nil {
			t.Fatal(err)
		}
		k.ok(t, "weather", "create", "--calendar", cal, "-f", file, "-q")
	}
	// Of the three days, those on or after (after) or before (!after) day.
	daysFrom := func(day string, after bool) string {
		var out string
		for _, d := range []string{"1492-3-30", "1492-4-1", "1492-4-4"} {
			if (after && d >= day) || (!after && d <= day) { // same year and digits: text order is date order
				out += d + "\n"
			}
		}
		return out
	}
	for _, flag := range []struct {
		name string
		// before prepares the calendar; run runs the flag with text and
		// checks that day was taken (or said).
		before func(t *testing.T, k *kanka, cal string)
		run    func(t *testing.T, k *kanka, cal, text, day string)
	}{
		{"weather set --date", nil, func(t *testing.T, k *kanka, cal, text, day string) {
			k.ok(t, "weather", "set", "--calendar", cal, "--date", text, "--weather", "sun", "-q")
			if got := weatherDates(t, k, cal); got != day+"\n" {
				t.Errorf("recorded on %q, want %s", got, day)
			}
		}},
		{"weather create --date", nil, func(t *testing.T, k *kanka, cal, text, day string) {
			k.ok(t, "weather", "create", "--calendar", cal, "--date", text, "--weather", "sun", "-q")
			if got := weatherDates(t, k, cal); got != day+"\n" {
				t.Errorf("created on %q, want %s", got, day)
			}
		}},
		{"weather update --date", func(t *testing.T, k *kanka, cal string) {
			k.ok(t, "weather", "create", "--calendar", cal, "--date", "1492-1-1", "--weather", "sun", "-q")
		}, func(t *testing.T, k *kanka, cal, text, day string) {
			k.ok(t, "weather", "update", "--calendar", cal, "1", "--date", text, "-q")
			if got := weatherDates(t, k, cal); got != day+"\n" {
				t.Errorf("moved to %q, want %s", got, day)
			}
		}},
		{"weather list --date", withThreeDays, func(t *testing.T, k *kanka, cal, text, day string) {
			if got := k.ok(t, "weather", "list", "--calendar", cal, "--date", text, "-o", "json", "--jq", `.[] | "\(.year)-\(.month)-\(.day)"`); got != day+"\n" {
				t.Errorf("listed %q, want %s", got, day)
			}
		}},
		{"weather list --from", withThreeDays, func(t *testing.T, k *kanka, cal, text, day string) {
			if got, want := k.ok(t, "weather", "list", "--calendar", cal, "--from", text, "--sort", "date", "-o", "json", "--jq", `.[] | "\(.year)-\(.month)-\(.day)"`), daysFrom(day, true); got != want {
				t.Errorf("listed %q, want %q", got, want)
			}
		}},
		{"weather list --to", withThreeDays, func(t *testing.T, k *kanka, cal, text, day string) {
			if got, want := k.ok(t, "weather", "list", "--calendar", cal, "--to", text, "--sort", "date", "-o", "json", "--jq", `.[] | "\(.year)-\(.month)-\(.day)"`), daysFrom(day, false); got != want {
				t.Errorf("listed %q, want %q", got, want)
			}
		}},
		{"calendar show --date", nil, func(t *testing.T, k *kanka, cal, text, day string) {
			month := strings.Split(day, "-")[1]
			if got := k.ok(t, "calendar", "show", cal, "--date", text, "--no-weather", "-o", "json", "--jq", `"\(.year)-\(.month) today \(.today)"`); got != "1492-"+month+" today 1492-4-1\n" {
				t.Errorf("showed %q, want the month of %s", got, day)
			}
		}},
		{"calendar update --date", nil, func(t *testing.T, k *kanka, cal, text, day string) {
			k.ok(t, "calendar", "update", cal, "--date", text, "-q")
			if got := k.ok(t, "calendar", "get", cal, "-o", "json", "--jq", ".date"); got != day+"\n" {
				t.Errorf("the calendar is on %q, want %s", got, day)
			}
		}},
		{"calendar advance --to", nil, func(t *testing.T, k *kanka, cal, text, day string) {
			r := k.run(t, "calendar", "advance", cal, "--to", text)
			if day < "1492-4-1" {
				// Read as the day, and refused as the way back.
				if r.code != 2 || !strings.HasPrefix(r.stderr, "error: --to: "+day+" is before the current date 1492-4-1: advance moves forward") {
					t.Errorf("advance --to %s: %s", text, r)
				}
				return
			}
			if r.code != 0 || !strings.HasPrefix(r.stdout, "1492-4-1 -> "+day+" ") {
				t.Errorf("advance --to %s: %s", text, r)
			}
		}},
		{"calendar retreat --to", nil, func(t *testing.T, k *kanka, cal, text, day string) {
			r := k.run(t, "calendar", "retreat", cal, "--to", text)
			if day > "1492-4-1" {
				if r.code != 2 || !strings.HasPrefix(r.stderr, "error: --to: "+day+" is after the current date 1492-4-1: retreat moves back") {
					t.Errorf("retreat --to %s: %s", text, r)
				}
				return
			}
			if r.code != 0 || !strings.HasPrefix(r.stdout, "1492-4-1 -> "+day+" ") {
				t.Errorf("retreat --to %s: %s", text, r)
			}
		}},
		{"weather generate --from", nil, func(t *testing.T, k *kanka, cal, text, day string) {
			if got := k.ok(t, "weather", "generate", "--calendar", cal, "--from", text, "--days", "2", "--climate", "temperate", "--dry-run", "-o", "json", "--jq", ".from"); got != day+"\n" {
				t.Errorf("generated from %q, want %s", got, day)
			}
		}},
		{"weather generate --to", nil, func(t *testing.T, k *kanka, cal, text, day string) {
			if got := k.ok(t, "weather", "generate", "--calendar", cal, "--from", "1492-3-1", "--to", text, "--climate", "temperate", "--dry-run", "-o", "json", "--jq", ".to"); got != day+"\n" {
				t.Errorf("generated to %q, want %s", got, day)
			}
		}},
	} {
		t.Run(flag.name, func(t *testing.T) {
			t.Parallel()
			eachMode(t, func(t *testing.T, live bool) {
				for _, rel := range relativeDays {
					t.Run(rel.text, func(t *testing.T) {
						srv := startServer(t, sandbox.Options{Live: live}, nil)
						k := newKanka(t, srv)
						cal := createHarptos(t, k)
						if flag.before != nil {
							flag.before(t, k, cal)
						}
						flag.run(t, k, cal, rel.text, rel.day)
					})
				}
			})
		})
	}
}

// weather set without --date records the calendar's current day: the
// calendar read, the day's weather looked for, one POST of that date; and
// stderr says which day that was.
func TestE2EWeatherSetWithoutADateRecordsToday(t *testing.T) {
	t.Parallel()
	eachMode(t, func(t *testing.T, live bool) {
		srv := startSandbox(t, live)
		k := newKanka(t, srv)
		createHarptos(t, k)
		k.ok(t, "calendar", "advance", "1", "--days", "29", "-q") // 30 Ches 1492
		mark := srv.mark()
		r := k.run(t, "weather", "set", "--calendar", "1", "--weather", "rain", "-o", "id")
		want := "today is 1492-4-30 (30 Ches 1492) on calendar 1 \"Calendar of Harptos\"\ncreated weather 1 on 1492-4-30\n"
		if r.code != 0 || r.stdout != "1\n" || r.stderr != want {
			t.Errorf("weather set --weather rain: %s\nwant stderr %q", r, want)
		}
		wantRequests(t, srv.since(mark), append(append([]string{"GET calendars/1"}, seedWeatherGets(live)...), "POST "+seedWeatherPath(live))...)
		if got := weatherDates(t, k, "1"); got != "1492-4-30\n" {
			t.Errorf("recorded on %q, want 1492-4-30", got)
		}
		// The day after the month's last is the next month's first; set
		// again on it updates nothing else.
		r = k.run(t, "weather", "set", "--calendar", "1", "--date", "tomorrow", "--weather", "sun", "-o", "id")
		want = "tomorrow is 1492-5-1 (1 Tarsakh 1492) on calendar 1 \"Calendar of Harptos\"\ncreated weather 2 on 1492-5-1\n"
		if r.code != 0 || r.stdout != "2\n" || r.stderr != want {
			t.Errorf("weather set --date tomorrow: %s\nwant stderr %q", r, want)
		}
	})
}
