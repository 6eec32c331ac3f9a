package weather

import (
	"errors"
	"strings"
	"testing"

	"github.com/kanka-cli/kanka/cmd/cmdutil"
)

// Create refuses a day that has weather already (exit 5, nothing created),
// with one walk of the weather pages for the whole file; --allow-duplicate
// creates anyway, without the walk.

// wantConflict fails unless err is a ConflictError saying want.
func wantConflict(t *testing.T, err error, want string) {
	t.Helper()
	var conflict *cmdutil.ConflictError
	if !errors.As(err, &conflict) {
		t.Fatalf("error %v is not a ConflictError", err)
	}
	if err.Error() != want {
		t.Errorf("error\n%s\nwant\n%s", err, want)
	}
}

func TestCreateRefusesADayThatHasWeather(t *testing.T) {
	env := newTestEnv(t, "id")
	env.expect("GET "+calendarRoute, "", 200, one(harptosJSON))
	env.expect("GET "+weathersRoute, "", 200, page(1, 2, weatherJSON(44, 1492, 1, 3, "sun"), weatherJSON(40, 1492, 1, 2, "sun")))
	env.expect("GET "+weathersRoute+"?page=2", "", 200, page(2, 2, weatherJSON(41, 1492, 1, 3, "cloud")))
	err := env.run("create", "--calendar", "5", "--date", "1492-Hammer-3", "--weather", "snowflake")
	wantConflict(t, err, `calendar 5 "Harptos" already has weather on 1492-1-3 (ids 41, 44): nothing was created. `+
		"To change that day's weather use `kanka weather set`, which updates the day's entry; to add another entry on that day pass --allow-duplicate")
	env.WantSent("GET "+calendarRoute, "GET "+weathersRoute, "GET "+weathersRoute+"?page=2")
	if got := env.Out.String(); got != "" {
		t.Errorf("stdout %q", got)
	}
}

func TestCreateOnAFreeDayIgnoresAnotherCalendarsEntry(t *testing.T) {
	env := newTestEnv(t, "id")
	env.expect("GET "+calendarRoute, "", 200, one(harptosJSON))
	// An entry the list holds that says it is of calendar 6 is on no day
	// of calendar 5.
	other := `{"id":50,"calendar_id":6,"weather":"sun","day":3,"month":1,"year":1492}`
	env.expect("GET "+weathersRoute, "", 200, page(1, 1, other, weatherJSON(40, 1492, 1, 2, "sun")))
	env.expect("POST "+weathersRoute, `{"day":3,"month":1,"weather":"snowflake","year":1492}`, 201, one(weatherJSON(41, 1492, 1, 3, "snowflake")))
	if err := env.run("create", "--calendar", "5", "--date", "1492-1-3", "--weather", "snowflake"); err != nil {
		t.Fatal(err)
	}
	if got := env.Out.String(); got != "41\n" {
		t.Errorf("stdout %q", got)
	}
}

func TestCreateAllowDuplicateSkipsTheCheck(t *testing.T) {
	env := newTestEnv(t, "id")
	env.expect("GET "+calendarRoute, "", 200, one(harptosJSON))
	env.expect("POST "+weathersRoute, `{"day":3,"month":1,"weather":"snowflake","year":1492}`, 201, one(weatherJSON(45, 1492, 1, 3, "snowflake")))
	if err := env.run("create", "--calendar", "5", "--date", "1492-1-3", "--weather", "snowflake", "--allow-duplicate"); err != nil {
		t.Fatal(err)
	}
	env.WantSent("GET "+calendarRoute, "POST "+weathersRoute)
	if got := env.Out.String(); got != "45\n" {
		t.Errorf("stdout %q", got)
	}
}

// Every entry of a list on a taken day, or on the day of an earlier entry,
// is named; nothing is created; the weather pages are walked once.
func TestCreateListNamesEveryTakenDayAndCreatesNothing(t *testing.T) {
	path := writeFile(t, "days.yaml", `- {date: 1492-1-1, weather: sun}
- {date: 1492-hammer-2, weather: cloud}
- {date: 1492-1-3, weather: wind}
- {date: 1492-1-1, weather: smog}
- {date: 1492-1-3, weather: cloud}
- {date: 1492-2-1, weather: sun}
`)
	env := newTestEnv(t, "id")
	env.expect("GET "+calendarRoute, "", 200, one(harptosJSON))
	env.expect("GET "+weathersRoute, "", 200, page(1, 2, weatherJSON(40, 1492, 1, 2, "sun")))
	env.expect("GET "+weathersRoute+"?page=2", "", 200, page(2, 2, weatherJSON(47, 1492, 2, 1, "cloud"), weatherJSON(46, 1492, 2, 1, "sun")))
	err := env.run("create", "--calendar", "5", "-f", path)
	wantConflict(t, err, `calendar 5 "Harptos": 4 weather entries are on a day that has weather already; nothing was created:
  entry 2 (1492-1-2): the calendar has weather on that day (id 40)
  entry 4 (1492-1-1): on the same day as entry 1 (1492-1-1)
  entry 5 (1492-1-3): on the same day as entry 3 (1492-1-3)
  entry 6 (1492-2-1): the calendar has weather on that day (ids 46, 47)
To change a day's weather use `+"`kanka weather set`"+`, which updates the day's entry; to create these entries anyway pass --allow-duplicate`)
	env.WantSent("GET "+calendarRoute, "GET "+weathersRoute, "GET "+weathersRoute+"?page=2")
	if got := env.Out.String(); got != "" {
		t.Errorf("stdout %q: nothing was created", got)
	}
	if got := env.ErrOut.String(); got != "" {
		t.Errorf("stderr %q", got)
	}
}

func TestCreateListOfOneTakenDayIsAList(t *testing.T) {
	path := writeFile(t, "days.yaml", "- {date: 1492-1-2, weather: cloud}\n")
	env := newTestEnv(t, "id")
	env.expect("GET "+calendarRoute, "", 200, one(harptosJSON))
	env.expect("GET "+weathersRoute, "", 200, page(1, 1, weatherJSON(40, 1492, 1, 2, "sun")))
	err := env.run("create", "--calendar", "5", "-f", path)
	wantConflict(t, err, `calendar 5 "Harptos": 1 weather entry is on a day that has weather already; nothing was created:
  entry 1 (1492-1-2): the calendar has weather on that day (id 40)
To change a day's weather use `+"`kanka weather set`"+`, which updates the day's entry; to create these entries anyway pass --allow-duplicate`)
}

func TestCreateListAllowDuplicateCreatesEveryEntry(t *testing.T) {
	path := writeFile(t, "days.yaml", "- {date: 1492-1-2, weather: cloud}\n- {date: 1492-1-2, weather: sun}\n")
	env := newTestEnv(t, "id")
	env.expect("GET "+calendarRoute, "", 200, one(harptosJSON))
	env.expect("POST "+weathersRoute, `{"day":2,"month":1,"weather":"cloud","year":1492}`, 201, one(weatherJSON(41, 1492, 1, 2, "cloud")))
	env.expect("POST "+weathersRoute, `{"day":2,"month":1,"weather":"sun","year":1492}`, 201, one(weatherJSON(42, 1492, 1, 2, "sun")))
	if err := env.run("create", "--calendar", "5", "-f", path, "--allow-duplicate"); err != nil {
		t.Fatal(err)
	}
	if got := env.Out.String(); got != "41\n42\n" {
		t.Errorf("stdout %q", got)
	}
}

// A walk that fails stops the create before any POST, saying what it was
// checking.
func TestCreateWhoseCheckFailsCreatesNothing(t *testing.T) {
	env := newTestEnv(t, "id")
	env.expect("GET "+calendarRoute, "", 200, one(harptosJSON))
	env.expect("GET "+weathersRoute, "", 403, `{"code":403,"error":"Forbidden"}`)
	err := env.run("create", "--calendar", "5", "--date", "1492-1-3", "--weather", "snowflake")
	if err == nil {
		t.Fatal("no error")
	}
	if want := "checking that calendar 5 has no weather on those days yet: "; !strings.HasPrefix(err.Error(), want) {
		t.Errorf("error %q does not start with %q", err, want)
	}
	env.WantSent("GET "+calendarRoute, "GET "+weathersRoute)
}
