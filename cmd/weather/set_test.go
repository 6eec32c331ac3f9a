package weather

import (
	"fmt"
	"strings"
	"testing"

	"github.com/kanka-cli/kanka/cmd/cmdutil/cmdtest"
)

// calendarsNamedHarptos is the lookup of --calendar Harptos, which holds
// the record.
const calendarsNamedHarptos = "calendars?name=Harptos"

func harptosPage() string { return page(1, 1, harptosJSON) }

// wantSetUsage fails unless err is a usage error with exactly want.
func wantSetUsage(t *testing.T, err error, want string) {
	t.Helper()
	if !cmdtest.IsUsage(err) {
		t.Fatalf("error %v is not a usage error", err)
	}
	if err.Error() != want {
		t.Errorf("error\n%s\nwant\n%s", err, want)
	}
}

// No entry on the date: one POST with the fields given, after the calendar
// (one GET, by id) and the weather pages.
func TestSetCreatesWhenTheDateHasNoEntry(t *testing.T) {
	env := newTestEnv(t, "id")
	env.expect("GET "+calendarRoute, "", 200, one(harptosJSON))
	env.expect("GET "+weathersRoute, "", 200, page(1, 1, weatherJSON(40, 1492, 1, 2, "sun"), weatherJSON(42, 1491, 1, 3, "sun")))
	env.expect("POST "+weathersRoute, `{"year":1492,"month":1,"day":3,"weather":"snowflake","temperature":"-5°C"}`,
		201, one(weatherJSON(50, 1492, 1, 3, "snowflake")))
	if err := env.run("set", "--calendar", "5", "--date", "1492-Hammer-3", "--weather", "snowflake", "--temperature", "-5°C"); err != nil {
		t.Fatal(err)
	}
	env.WantSent("GET "+calendarRoute, "GET "+weathersRoute, "POST "+weathersRoute)
	if got := env.Out.String(); got != "50\n" {
		t.Errorf("stdout %q", got)
	}
	if got := env.ErrOut.String(); got != "created weather 50 on 1492-1-3\n" {
		t.Errorf("stderr %q", got)
	}
}

// An entry on the date: the whole entry is sent back with the fields given
// changed; the calendar came with its name's lookup.
func TestSetUpdatesTheEntryOfTheDate(t *testing.T) {
	env := newTestEnv(t, "id")
	env.expect("GET "+calendarsNamedHarptos, "", 200, harptosPage())
	env.expect("GET "+weathersRoute, "", 200, page(1, 1, weatherJSON(40, 1492, 1, 2, "sun"), fullWeatherJSON))
	env.expect("PUT "+weathersRoute+"/41", updateOfFullRecord(t, map[string]string{"weather": `"cloud-rain"`, "wind": `""`}),
		200, one(weatherJSON(41, 1492, 1, 3, "cloud-rain")))
	if err := env.run("set", "--calendar", "Harptos", "--date", "1492-1-3", "--weather", "cloud-rain", "--wind", ""); err != nil {
		t.Fatal(err)
	}
	env.WantSent("GET "+calendarsNamedHarptos, "GET "+weathersRoute, "PUT "+weathersRoute+"/41")
	if got := env.Out.String(); got != "41\n" {
		t.Errorf("stdout %q", got)
	}
	if got := env.ErrOut.String(); got != "updated weather 41 on 1492-1-3\n" {
		t.Errorf("stderr %q", got)
	}
}

// The fields given are what the entry has: nothing is written, the entry is
// printed, and stderr says so. --weather is not needed for an update.
func TestSetSendsNothingWhenNothingDiffers(t *testing.T) {
	for _, args := range [][]string{
		{"--weather", "snowflake", "--temperature", "-5°C"},
		{"--wind", "north, strong"},
		{},
	} {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			env := newTestEnv(t, "id")
			env.expect("GET "+calendarRoute, "", 200, one(harptosJSON))
			env.expect("GET "+weathersRoute, "", 200, page(1, 1, fullWeatherJSON))
			if err := env.run(append([]string{"set", "--calendar", "5", "--date", "1492-1-3"}, args...)...); err != nil {
				t.Fatal(err)
			}
			env.WantSent("GET "+calendarRoute, "GET "+weathersRoute)
			if got := env.Out.String(); got != "41\n" {
				t.Errorf("stdout %q", got)
			}
			if got := env.ErrOut.String(); got != "weather 41 already has these values; nothing was sent\n" {
				t.Errorf("stderr %q", got)
			}
		})
	}
}

// Several entries on the date (made before set existed): the lowest id is
// updated, and a warning names them all. Every page is read.
func TestSetUpdatesTheLowestIDOfSeveral(t *testing.T) {
	env := newTestEnv(t, "id")
	env.expect("GET "+calendarRoute, "", 200, one(harptosJSON))
	env.expect("GET "+weathersRoute, "", 200, page(1, 2, weatherJSON(47, 1492, 1, 3, "sun"), weatherJSON(40, 1492, 1, 2, "sun")))
	env.expect("GET "+weathersRoute+"?page=2", "", 200, page(2, 2, weatherJSON(44, 1492, 1, 3, "cloud"), weatherJSON(45, 1492, 1, 4, "sun")))
	env.expect("PUT "+weathersRoute+"/44", updateOf(t, weatherJSON(44, 1492, 1, 3, "cloud"), map[string]string{"weather": `"bolt"`}),
		200, one(weatherJSON(44, 1492, 1, 3, "bolt")))
	if err := env.run("set", "--calendar", "5", "--date", "1492-1-3", "--weather", "bolt"); err != nil {
		t.Fatal(err)
	}
	env.WantSentAnyOrder("GET "+calendarRoute, "GET "+weathersRoute, "GET "+weathersRoute+"?page=2", "PUT "+weathersRoute+"/44")
	want := "warning: calendar 5 has 2 weather entries on 1492-1-3 (ids 44, 47); updating the lowest, 44\nupdated weather 44 on 1492-1-3\n"
	if got := env.ErrOut.String(); got != want {
		t.Errorf("stderr %q, want %q", got, want)
	}
}

// To create, the weather is required: said after the pages, nothing written.
func TestSetNeedsTheWeatherToCreate(t *testing.T) {
	env := newTestEnv(t, "id")
	env.expect("GET "+calendarRoute, "", 200, one(harptosJSON))
	env.expect("GET "+weathersRoute, "", 200, page(1, 1, weatherJSON(40, 1492, 1, 2, "sun")))
	wantSetUsage(t, env.run("set", "--calendar", "5", "--date", "1492-1-3", "--temperature", "cold"),
		"calendar 5 has no weather on 1492-1-3 yet: give --weather to create it; nothing was sent")
	env.WantSent("GET "+calendarRoute, "GET "+weathersRoute)
}

// A day the calendar does not have is refused after reading the calendar,
// before the weather pages.
func TestSetChecksTheDateAgainstTheCalendar(t *testing.T) {
	env := newTestEnv(t, "id")
	env.expect("GET "+calendarRoute, "", 200, one(harptosJSON))
	wantSetUsage(t, env.run("set", "--calendar", "5", "--date", "1492-1-31", "--weather", "sun"),
		"the weather entry is not valid, nothing was sent:\n  date: day 31 does not exist: Hammer has 30 days")
	env.WantSent("GET " + calendarRoute)

	env = newTestEnv(t, "id")
	env.expect("GET "+calendarRoute, "", 200, one(harptosJSON))
	wantSetUsage(t, env.run("set", "--calendar", "5", "--date", "1492-Ches-1", "--weather", "sun"),
		`--date: month "Ches" does not exist in this calendar; the months are 1 Hammer, 2 Midwinter`)
	env.WantSent("GET " + calendarRoute)
}

// What needs no calendar is refused before any request.
func TestSetRefusesBadInputBeforeSending(t *testing.T) {
	for _, tt := range []struct {
		args []string
		want string
	}{
		// --date is optional (today), but not empty.
		{[]string{"--calendar", "5", "--date", "", "--weather", "sun"}, ""},
		{[]string{"--date", "1492-1-3", "--weather", "sun"}, `required flag(s) "calendar" not set`},
		{[]string{"--calendar", "5", "--date", "1492-1", "--weather", "sun"}, ""},
		{[]string{"--calendar", "5", "--date", "1492-1-3", "--weather", strings.Repeat("w", 21)},
			"the weather entry is not valid, nothing was sent:\n  weather: has 21 characters; at most 20 are allowed"},
		{[]string{"--calendar", "5", "--date", "1492-1-3", "--visibility", "everyone"}, ""},
		{[]string{"--calendar", "5", "--date", "1492-1-3", "extra"}, ""},
	} {
		t.Run(fmt.Sprint(tt.args), func(t *testing.T) {
			env := newTestEnv(t, "id")
			err := env.run(append([]string{"set"}, tt.args...)...)
			if !cmdtest.IsUsage(err) {
				t.Fatalf("error %v is not a usage error", err)
			}
			if tt.want != "" && err.Error() != tt.want {
				t.Errorf("error\n%s\nwant\n%s", err, tt.want)
			}
			if env.Calls() != 0 {
				t.Errorf("%d requests sent", env.Calls())
			}
		})
	}
}

// An entry the calendar's list holds that says it is of another calendar
// is never updated: set warns and creates the day's entry of this one.
func TestSetIgnoresEntriesOfAnotherCalendar(t *testing.T) {
	env := newTestEnv(t, "id")
	foreign := strings.Replace(weatherJSON(44, 1492, 1, 3, "sun"), `"calendar_id":5`, `"calendar_id":9`, 1)
	env.expect("GET "+calendarRoute, "", 200, one(harptosJSON))
	env.expect("GET "+weathersRoute, "", 200, page(1, 1, foreign))
	env.expect("POST "+weathersRoute, `{"year":1492,"month":1,"day":3,"weather":"snowflake"}`,
		201, one(weatherJSON(50, 1492, 1, 3, "snowflake")))
	if err := env.run("set", "--calendar", "5", "--date", "1492-1-3", "--weather", "snowflake"); err != nil {
		t.Fatal(err)
	}
	want := "warning: the weather list of calendar 5 holds entry 44, which says it is of calendar 9; it is ignored\ncreated weather 50 on 1492-1-3\n"
	if got := env.ErrOut.String(); got != want {
		t.Errorf("stderr %q, want %q", got, want)
	}
}

// The entry of the date was answered without its weather (null): an
// update must send one, so set refuses unless --weather gives it. Its
// name, null in the answer, is not sent back.
func TestSetNeverSendsWhatItDidNotRead(t *testing.T) {
	noWeather := strings.Replace(weatherJSON(41, 1492, 1, 3, "sun"), `"weather":"sun"`, `"weather":null`, 1)
	env := newTestEnv(t, "id")
	env.expect("GET "+calendarRoute, "", 200, one(harptosJSON))
	env.expect("GET "+weathersRoute, "", 200, page(1, 1, noWeather))
	err := env.run("set", "--calendar", "5", "--date", "1492-1-3", "--wind", "calm")
	if err == nil || err.Error() != "weather 41 of calendar 5: the server's answer did not give weather (left out or null); an update must send it, and sending it without it would clear it there. Nothing was sent. Give them with --date and --weather (or in the file)." {
		t.Errorf("error %v", err)
	}

	env = newTestEnv(t, "id")
	env.expect("GET "+calendarRoute, "", 200, one(harptosJSON))
	env.expect("GET "+weathersRoute, "", 200, page(1, 1, noWeather))
	env.expect("PUT "+weathersRoute+"/41", updateOf(t, noWeather, map[string]string{"weather": `"cloud"`, "wind": `"calm"`}),
		200, one(weatherJSON(41, 1492, 1, 3, "cloud")))
	if err := env.run("set", "--calendar", "5", "--date", "1492-1-3", "--wind", "calm", "--weather", "cloud"); err != nil {
		t.Fatal(err)
	}
}
