//go:build linux

package main

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"testing"
)

// The month shows its weather: after `weather generate`, `calendar show`
// on a terminal 60, 80 and 120 columns wide shows each day's weather as
// its mark in the day's cell, in UTF-8 and (the C locale) in ASCII, and
// the legend says it in words with the temperature; `--day` shows one day
// in full, and its JSON.

func TestE2EShowWeatherInEveryCell(t *testing.T) {
	t.Parallel()
	k := newKanka(t, startSandbox(t, false))
	cal := createHarptos(t, k)
	k.ok(t, "weather", "generate", "--calendar", cal, "--from", "1492-Ches-1", "--days", "30", "--climate", "temperate", "--seed", "7")

	// Each day's weather, as the service holds it.
	var entries []struct {
		Day         int    `json:"day"`
		Weather     string `json:"weather"`
		Temperature string `json:"temperature"`
	}
	if err := json.Unmarshal([]byte(k.ok(t, "weather", "list", "--calendar", cal, "-o", "json")), &entries); err != nil || len(entries) != 30 {
		t.Fatalf("%d entries, %v", len(entries), err)
	}
	marks := map[string][2]string{
		"sun": {"☀", "s"}, "cloud-sun": {"☼", "p"}, "cloud": {"☁", "c"}, "cloud-rain": {"☂", "r"},
		"cloud-sun-rain": {"☂", "r"}, "cloud-showers-heavy": {"☂", "r"}, "bolt": {"↯", "z"},
		"snowflake": {"❄", "x"}, "wind": {"≈", "~"}, "smog": {"≡", "="}, "meteor": {"☄", "m"},
	}
	words := map[string]string{"sun": "sun", "cloud-sun": "sun and cloud", "cloud": "cloud", "cloud-rain": "rain",
		"cloud-sun-rain": "showers", "cloud-showers-heavy": "heavy rain", "smog": "fog", "wind": "wind", "snowflake": "snow"}
	for _, cols := range []int{60, 80, 120} {
		for set, locale := range []string{"LANG=C.UTF-8", "LANG=C"} {
			r := k.with(locale).onTerminal(t, cols, "calendar", "show", cal)
			if r.code != 0 {
				t.Fatalf("at %d columns, %s: %s", cols, locale, r)
			}
			grid, legend, _ := strings.Cut(r.stdout, "\n\n")
			for _, e := range entries {
				mark := marks[e.Weather][set]
				cell := regexp.MustCompile(`(^|[^0-9])` + fmt.Sprint(e.Day) + `[] ]?` + regexp.QuoteMeta(mark))
				if mark == "" || !cell.MatchString(grid) {
					t.Errorf("at %d columns, %s: day %d (%s) does not show %q:\n%s", cols, locale, e.Day, e.Weather, mark, grid)
				}
				entry := regexp.MustCompile(`(^|\n| )` + fmt.Sprint(e.Day) + " " + regexp.QuoteMeta(mark) + " " +
					regexp.QuoteMeta(words[e.Weather]) + ` +` + regexp.QuoteMeta(e.Temperature) + `( |\n)`)
				if !entry.MatchString(legend) {
					t.Errorf("at %d columns, %s: the legend lacks day %d's %s %s:\n%s", cols, locale, e.Day, words[e.Weather], e.Temperature, legend)
				}
			}
			if strings.Contains(r.stdout, "weather recorded") {
				t.Errorf("at %d columns the old legend:\n%s", cols, r.stdout)
			}
		}
	}
}

// --day shows one day in full, every field of its weather; -o json its
// value; a day the calendar does not have is refused (exit 2) naming
// --day, after the calendar is read and before its weather is.
func TestE2EShowOneDay(t *testing.T) {
	eachMode(t, func(t *testing.T, live bool) {
		srv := startSandbox(t, live)
		k := newKanka(t, srv)
		cal := createHarptos(t, k)
		k.ok(t, "weather", "create", "--calendar", cal, "-f", hammerFile)

		r := k.with("LANG=C.UTF-8").run(t, "calendar", "show", cal, "--day", "1 Hammer 1492")
		want := "" +
			"Date:          1 Hammer, Year of Three Ships Sailing DR (1492-1-1)\n" +
			"Weekday:       First-day\n" +
			"Season:        Winter\n" +
			"Moons:         no phase falls on this day\n" +
			"Name:          The Hammer blizzard\n" +
			"Weather:       ❄ snow (snowflake)\n" +
			"Temperature:   -8°C\n" +
			"Precipitation: heavy snow\n" +
			"Wind:          north, strong\n" +
			"Effect:        roads closed, travel at half pace\n" +
			"Reminders:     none\n" // the calendar's reminders were read: none falls on it
		if r.code != 0 || r.stdout != want {
			t.Errorf("%s\nwant stdout:\n%s", r, want)
		}

		var day struct {
			Date    string `json:"date"`
			Weekday string `json:"weekday"`
			Month   string `json:"month_name"`
			Weather []struct {
				Effect string `json:"effect"`
			} `json:"weather"`
		}
		out := k.ok(t, "calendar", "show", cal, "--day", "1492-1-1", "-o", "json")
		if err := json.Unmarshal([]byte(out), &day); err != nil || day.Date != "1492-1-1" || day.Weekday != "First-day" ||
			day.Month != "Hammer" || len(day.Weather) != 1 || day.Weather[0].Effect != "roads closed, travel at half pace" {
			t.Errorf("-o json: %v\n%s", err, out)
		}

		mark := srv.mark()
		bad := k.fails(t, 2, "calendar", "show", cal, "--day", "1492-Hammer-31")
		if !strings.Contains(bad.stderr, "--day: ") || bad.stdout != "" {
			t.Errorf("a day the calendar does not have: %s", bad)
		}
		for _, req := range srv.since(mark) {
			if strings.Contains(req.Path, "weather") {
				t.Errorf("the weather was read for a day that does not exist: %s", req)
			}
		}
		k.fails(t, 2, "calendar", "show", cal, "--day", "1492-1-1", "--date", "1492-1-1")
	})
}
