package weather

import (
	"slices"
	"strings"
	"testing"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/cmdutil/cmdtest"
)

// updateOfFullRecord is the PUT body of an update of fullWeatherJSON
// (updateOf).
func updateOfFullRecord(t *testing.T, changes map[string]string) string {
	t.Helper()
	return updateOf(t, fullWeatherJSON, changes)
}

func TestUpdateSendsTheDateTheWeatherAndTheChanges(t *testing.T) {
	env := newTestEnv(t, "id")
	env.expect("GET "+weathersRoute+"/41", "", 200, one(fullWeatherJSON))
	env.expect("PUT "+weathersRoute+"/41", updateOfFullRecord(t, map[string]string{"weather": `"cloud-rain"`, "wind": `""`}),
		200, one(weatherJSON(41, 1492, 1, 3, "cloud-rain")))
	if err := env.run("update", "--calendar", "5", "41", "--weather", "cloud-rain", "--wind", ""); err != nil {
		t.Fatal(err)
	}
	// The date did not change: the calendar was not read.
	if got := env.Sent(); !slices.Equal(got, []string{"GET " + weathersRoute + "/41", "PUT " + weathersRoute + "/41"}) {
		t.Errorf("requests %q", got)
	}
	if got := env.Out.String(); got != "41\n" {
		t.Errorf("stdout %q", got)
	}
}

func TestUpdateChecksANewDate(t *testing.T) {
	env := newTestEnv(t, "id")
	env.expect("GET "+weathersRoute+"/41", "", 200, one(fullWeatherJSON))
	env.expect("GET "+calendarRoute, "", 200, one(harptosJSON))
	err := env.run("update", "--calendar", "5", "41", "--date", "1492-1-31")
	if !cmdtest.IsUsage(err) {
		t.Fatalf("error %v is not a usage error", err)
	}
	if want := "the weather entry is not valid, nothing was sent:\n  date: day 31 does not exist: Hammer has 30 days"; err.Error() != want {
		t.Errorf("error\n%s\nwant\n%s", err, want)
	}

	env = newTestEnv(t, "id")
	env.expect("GET "+weathersRoute+"/41", "", 200, one(fullWeatherJSON))
	env.expect("GET "+calendarRoute, "", 200, one(harptosJSON))
	env.expect("PUT "+weathersRoute+"/41", updateOfFullRecord(t, map[string]string{"day": "30"}), 200, one(weatherJSON(41, 1492, 1, 30, "snowflake")))
	if err := env.run("update", "--calendar", "5", "41", "--date", "1492-1-30"); err != nil {
		t.Fatal(err)
	}
}

func TestUpdateByCalendarNameReusesTheCalendarFound(t *testing.T) {
	env := newTestEnv(t, "id")
	env.expect("GET calendars?name=Harptos", "", 200, page(1, 1, harptosJSON))
	env.expect("GET "+weathersRoute+"/41", "", 200, one(fullWeatherJSON))
	env.expect("PUT "+weathersRoute+"/41", updateOfFullRecord(t, map[string]string{"month": "2", "day": "1"}), 200, one(weatherJSON(41, 1492, 2, 1, "snowflake")))
	if err := env.run("update", "--calendar", "Harptos", "41", "--date", "1492-2-1"); err != nil {
		t.Fatal(err)
	}
}

func TestUpdateFromEditedYAMLWithFlagsOverIt(t *testing.T) {
	// `get -o yaml`, edited: a new temperature, the wind line removed (a
	// missing key leaves the field as it is), the name changed.
	path := writeFile(t, "entry.yaml", `id: 41
date: "1492-1-3"
weather: snowflake
temperature: -9°C
precipitation: light snow
effect: rivers freeze
name: Deep frost
visibility: self
`)
	env := newTestEnv(t, "id")
	env.expect("GET "+weathersRoute+"/41", "", 200, one(fullWeatherJSON))
	env.expect("PUT "+weathersRoute+"/41", updateOfFullRecord(t, map[string]string{"temperature": `"-9°C"`, "name": `"Deep frost"`, "visibility_id": "5"}),
		200, one(weatherJSON(41, 1492, 1, 3, "snowflake")))
	if err := env.run("update", "--calendar", "5", "41", "-f", path, "--visibility", "members"); err != nil {
		t.Fatal(err)
	}
}

func TestUpdateRefusesAList(t *testing.T) {
	path := writeFile(t, "days.yaml", "- date: 1492-1-3\n  weather: sun\n")
	env := newTestEnv(t, "id")
	err := env.run("update", "--calendar", "5", "41", "-f", path)
	if !cmdtest.IsUsage(err) || !strings.HasSuffix(err.Error(), "holds a list; update takes one entry") {
		t.Fatalf("error %v", err)
	}
	if got := env.Sent(); len(got) != 0 {
		t.Errorf("requests %q", got)
	}
}

func TestUpdateWithTheSameValuesSendsNoWrite(t *testing.T) {
	env := newTestEnv(t, "id")
	env.expect("GET "+weathersRoute+"/41", "", 200, one(fullWeatherJSON))
	if err := env.run("update", "--calendar", "5", "41", "--weather", "snowflake", "--date", "1492-1-3"); err != nil {
		t.Fatal(err)
	}
	if got := env.ErrOut.String(); got != "weather 41 already has these values; nothing was sent\n" {
		t.Errorf("stderr %q", got)
	}
	if got := env.Out.String(); got != "41\n" {
		t.Errorf("stdout %q", got)
	}
}

func TestUpdateUnknownEntryIsNotFound(t *testing.T) {
	env := newTestEnv(t, "id")
	env.expect("GET "+weathersRoute+"/99", "", 404, `{"code":404,"error":"No query results for model [App\\Models\\CalendarWeather] 99"}`)
	err := env.run("update", "--calendar", "5", "99", "--weather", "sun")
	if !client.IsNotFound(err) {
		t.Fatalf("error %v is not a not-found error", err)
	}
}

func TestUpdateRejectedByTheServerKeepsItsKind(t *testing.T) {
	env := newTestEnv(t, "id")
	env.expect("GET "+weathersRoute+"/41", "", 200, one(fullWeatherJSON))
	env.expect("PUT "+weathersRoute+"/41", updateOfFullRecord(t, map[string]string{"effect": `"fog"`}), 422,
		`{"code":422,"error":"The effect is invalid.","fields":{"effect":["The effect is invalid."]}}`)
	err := env.run("update", "--calendar", "5", "41", "--effect", "fog")
	if !client.IsValidation(err) {
		t.Fatalf("error %v is not a validation error", err)
	}
}
