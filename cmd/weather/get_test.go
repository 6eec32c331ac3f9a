package weather

import (
	"testing"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/cmdutil/cmdtest"
)

// fullWeatherJSON has every field set, and a key the client does not know.
const fullWeatherJSON = `{"id":41,"calendar_id":5,"created_by":9,"name":"First frost","weather":"snowflake","temperature":"-5°C","precipitation":"light snow","wind":"north, strong","effect":"rivers freeze","day":3,"month":1,"year":1492,"created_at":"2026-11-01 10:00:00","updated_at":"2026-11-02 11:00:00","visibility_id":4,"is_new":true}`

func TestGetJSONIsWhatTheServerSent(t *testing.T) {
	env := newTestEnv(t, "json")
	env.expect("GET "+weathersRoute+"/41", "", 200, one(fullWeatherJSON))
	if err := env.run("get", "--calendar", "5", "41"); err != nil {
		t.Fatal(err)
	}
	// Every key, in the server's order, unknown ones included.
	want := `{
  "id": 41,
  "calendar_id": 5,
  "created_by": 9,
  "name": "First frost",
  "weather": "snowflake",
  "temperature": "-5°C",
  "precipitation": "light snow",
  "wind": "north, strong",
  "effect": "rivers freeze",
  "day": 3,
  "month": 1,
  "year": 1492,
  "created_at": "2026-11-01 10:00:00",
  "updated_at": "2026-11-02 11:00:00",
  "visibility_id": 4,
  "is_new": true
}
`
	if got := env.Out.String(); got != want {
		t.Errorf("stdout\n%s\nwant\n%s", got, want)
	}
}

func TestGetYAMLIsTheFileShape(t *testing.T) {
	env := newTestEnv(t, "yaml")
	env.expect("GET "+weathersRoute+"/41", "", 200, one(fullWeatherJSON))
	if err := env.run("get", "--calendar", "5", "41"); err != nil {
		t.Fatal(err)
	}
	want := `id: 41
date: "1492-1-3"
weather: snowflake
temperature: -5°C
precipitation: light snow
wind: north, strong
effect: rivers freeze
name: First frost
visibility: self
calendar_id: 5
created_by: 9
created_at: "2026-11-01 10:00:00"
updated_at: "2026-11-02 11:00:00"
other_keys:
  is_new: true
`
	if got := env.Out.String(); got != want {
		t.Errorf("stdout\n%s\nwant\n%s", got, want)
	}
}

func TestGetTable(t *testing.T) {
	env := newTestEnv(t, "table")
	env.expect("GET "+weathersRoute+"/41", "", 200, one(fullWeatherJSON))
	if err := env.run("get", "--calendar", "5", "41"); err != nil {
		t.Fatal(err)
	}
	cmdtest.Golden(t, "get.golden", env.Out.String())
}

func TestGetUnknownEntryIsNotFound(t *testing.T) {
	env := newTestEnv(t, "json")
	env.expect("GET "+weathersRoute+"/99", "", 404, `{"code":404,"error":"No query results for model [App\\Models\\CalendarWeather] 99"}`)
	err := env.run("get", "--calendar", "5", "99")
	if !client.IsNotFound(err) {
		t.Fatalf("error %v is not a not-found error", err)
	}
}
