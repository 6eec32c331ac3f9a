package weather

import (
	"slices"
	"testing"

	"github.com/kanka-cli/kanka/cmd/cmdutil/cmdtest"
)

// Months by name in --date and in files: resolved with the calendar the
// command reads anyway to check the dates; what is sent is the number.

func TestCreateWithAMonthNameCostsNoExtraRequest(t *testing.T) {
	for _, date := range []string{"1492-Midwinter-1", "1492-mid-1", "1 MIDWINTER 1492"} {
		t.Run(date, func(t *testing.T) {
			env := newTestEnv(t, "id")
			env.expect("GET "+calendarRoute, "", 200, one(harptosJSON))
			env.expect("GET "+weathersRoute, "", 200, page(1, 1)) // the check that the day has no weather
			env.expect("POST "+weathersRoute, `{"day":1,"month":2,"weather":"sun","year":1492}`, 201, one(weatherJSON(41, 1492, 2, 1, "sun")))
			if err := env.run("create", "--calendar", "5", "--date", date, "--weather", "sun"); err != nil {
				t.Fatal(err)
			}
			if got := env.Sent(); len(got) != 3 {
				t.Errorf("requests %q", got)
			}
		})
	}
}

func TestCreateWithAnUnknownMonthSaysTheNearest(t *testing.T) {
	env := newTestEnv(t, "id")
	env.expect("GET "+calendarRoute, "", 200, one(harptosJSON))
	err := env.run("create", "--calendar", "5", "--date", "1492-Hamer-3", "--weather", "sun")
	if !cmdtest.IsUsage(err) {
		t.Fatalf("error %v is not a usage error", err)
	}
	if want := `--date: month "Hamer" does not exist in this calendar; did you mean "Hammer"?`; err.Error() != want {
		t.Errorf("error %q, want %q", err, want)
	}
	if got := env.Sent(); !slices.Equal(got, []string{"GET " + calendarRoute}) {
		t.Errorf("requests %q", got)
	}
}

func TestCreateListWithMonthNames(t *testing.T) {
	path := writeFile(t, "days.yaml", "- {date: 1492-hammer-2, weather: sun}\n- {year: 1492, month: Midwinter, day: 1, weather: cloud}\n- {date: 1492-Ches-1, weather: wind}\n- {year: 1492, month: Tarsakh, day: 1, weather: wind}\n")
	env := newTestEnv(t, "id")
	env.expect("GET "+calendarRoute, "", 200, one(harptosJSON))
	err := env.run("create", "--calendar", "5", "-f", path)
	if !cmdtest.IsUsage(err) {
		t.Fatalf("error %v is not a usage error", err)
	}
	want := path + `: line 3: [3].date: month "Ches" does not exist in this calendar; the months are 1 Hammer, 2 Midwinter` + "\n" +
		path + `: line 4: [4].month: month "Tarsakh" does not exist in this calendar; the months are 1 Hammer, 2 Midwinter`
	if err.Error() != want {
		t.Errorf("error\n%s\nwant\n%s", err, want)
	}

	// Fixed, the numbers are sent.
	path = writeFile(t, "days.yaml", "- {date: 1492-hammer-2, weather: sun}\n- {year: 1492, month: Midwinter, day: 1, weather: cloud}\n")
	env = newTestEnv(t, "id")
	env.expect("GET "+calendarRoute, "", 200, one(harptosJSON))
	env.expect("GET "+weathersRoute, "", 200, page(1, 1)) // the check that no day has weather
	env.expect("POST "+weathersRoute, `{"day":2,"month":1,"weather":"sun","year":1492}`, 201, one(weatherJSON(41, 1492, 1, 2, "sun")))
	env.expect("POST "+weathersRoute, `{"day":1,"month":2,"weather":"cloud","year":1492}`, 201, one(weatherJSON(42, 1492, 2, 1, "cloud")))
	if err := env.run("create", "--calendar", "5", "-f", path); err != nil {
		t.Fatal(err)
	}
}

// On update a month by name reads the calendar (by id it was not read);
// a date by number that does not change reads nothing more.
func TestUpdateWithAMonthName(t *testing.T) {
	env := newTestEnv(t, "id")
	env.expect("GET "+weathersRoute+"/41", "", 200, one(fullWeatherJSON))
	env.expect("GET "+calendarRoute, "", 200, one(harptosJSON))
	env.expect("PUT "+weathersRoute+"/41", updateOfFullRecord(t, map[string]string{"month": "2", "day": "1"}), 200, one(weatherJSON(41, 1492, 2, 1, "snowflake")))
	if err := env.run("update", "--calendar", "5", "41", "--date", "1492-midwinter-1"); err != nil {
		t.Fatal(err)
	}

	// By name, the same date: nothing is written.
	env = newTestEnv(t, "id")
	env.expect("GET "+weathersRoute+"/41", "", 200, one(fullWeatherJSON))
	env.expect("GET "+calendarRoute, "", 200, one(harptosJSON))
	if err := env.run("update", "--calendar", "5", "41", "--date", "3 Hammer 1492"); err != nil {
		t.Fatal(err)
	}
	if got := env.ErrOut.String(); got != "weather 41 already has these values; nothing was sent\n" {
		t.Errorf("stderr %q", got)
	}
}

// -o yaml keeps numbers, so a round trip is exact.
func TestYAMLOutputKeepsNumbers(t *testing.T) {
	env := newTestEnv(t, "yaml")
	env.expect("GET "+calendarRoute, "", 200, one(harptosJSON))
	env.expect("GET "+weathersRoute, "", 200, page(1, 1)) // the check that the day has no weather
	env.expect("POST "+weathersRoute, `{"day":1,"month":2,"weather":"sun","year":1492}`, 201, one(weatherJSON(41, 1492, 2, 1, "sun")))
	if err := env.run("create", "--calendar", "5", "--date", "1492-Midwinter-1", "--weather", "sun"); err != nil {
		t.Fatal(err)
	}
	if got, want := env.Out.String(), "id: 41\ndate: \"1492-2-1\"\nweather: sun\nvisibility: all\n"+serverKeys; got != want {
		t.Errorf("stdout\n%s\nwant\n%s", got, want)
	}
}
