package weather

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/cmdutil/cmdtest"
)

const calendarRoute = "calendars/5"

func TestCreateFromFlagsChecksTheDateAgainstTheCalendarOnce(t *testing.T) {
	env := newTestEnv(t, "json")
	env.expect("GET "+calendarRoute, "", 200, one(harptosJSON))
	env.expect("GET "+weathersRoute, "", 200, page(1, 1)) // the check that the day has no weather
	env.expect("POST "+weathersRoute, `{"day":3,"month":1,"temperature":"-5°C","visibility_id":4,"weather":"snowflake","year":1492}`,
		201, one(weatherJSON(41, 1492, 1, 3, "snowflake")))
	err := env.run("create", "--calendar", "5", "--date", "1492-1-3", "--weather", "snowflake", "--temperature", "-5°C", "--visibility", "self")
	if err != nil {
		t.Fatal(err)
	}
	want := `{
  "id": 41,
  "calendar_id": 5,
  "created_by": 9,
  "name": null,
  "weather": "snowflake",
  "temperature": "",
  "precipitation": "",
  "wind": "",
  "effect": "",
  "day": 3,
  "month": 1,
  "year": 1492,
  "created_at": "2026-11-01 10:00:00",
  "updated_at": "2026-11-02 11:00:00",
  "visibility_id": 1
}
`
	if got := env.Out.String(); got != want {
		t.Errorf("stdout\n%s\nwant\n%s", got, want)
	}
	if got := env.ErrOut.String(); got != "created weather 41 on 1492-1-3\n" {
		t.Errorf("stderr %q", got)
	}
}

func TestCreateByCalendarNameUsesTheCalendarFound(t *testing.T) {
	env := newTestEnv(t, "id")
	env.expect("GET calendars?name=Harptos", "", 200, page(1, 1, harptosJSON))
	env.expect("GET "+weathersRoute, "", 200, page(1, 1)) // the check that the day has no weather
	env.expect("POST "+weathersRoute, `{"day":1,"month":2,"weather":"sun","year":1492}`, 201, one(weatherJSON(41, 1492, 2, 1, "sun")))
	if err := env.run("create", "--calendar", "Harptos", "--date", "1492-2-1", "--weather", "sun"); err != nil {
		t.Fatal(err)
	}
	if got := env.Out.String(); got != "41\n" {
		t.Errorf("stdout %q", got)
	}
}

func TestCreateRefusesADayTheCalendarDoesNotHave(t *testing.T) {
	tests := []struct{ date, want string }{
		{"1492-1-31", "date: day 31 does not exist: Hammer has 30 days"},
		{"1492-2-2", "date: day 2 does not exist: Midwinter has 1 day"},
		{"1492-13-40", "date: month 13 does not exist: the calendar has 2 months"},
	}
	for _, tt := range tests {
		t.Run(tt.date, func(t *testing.T) {
			env := newTestEnv(t, "json")
			env.expect("GET "+calendarRoute, "", 200, one(harptosJSON))
			err := env.run("create", "--calendar", "5", "--date", tt.date, "--weather", "sun")
			if !cmdtest.IsUsage(err) {
				t.Fatalf("error %v is not a usage error", err)
			}
			if !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %q does not say %q", err, tt.want)
			}
			if got := env.Sent(); !slices.Equal(got, []string{"GET " + calendarRoute}) {
				t.Errorf("requests %q: only the calendar may be read", got)
			}
		})
	}
}

// A weather code of only what the service trims away (a zero-width space)
// would be stored as none, which the service refuses: refused here, exit 2,
// nothing sent.
func TestCreateWithAZeroWidthWeatherSendsNothing(t *testing.T) {
	env := newTestEnv(t, "json")
	err := env.run("create", "--calendar", "5", "--date", "1492-1-1", "--weather", "\u200b")
	if !cmdtest.IsUsage(err) {
		t.Fatalf("error %v is not a usage error", err)
	}
	if want := "the weather entry is not valid, nothing was sent:\n  weather: is required"; err.Error() != want {
		t.Errorf("error\n%s\nwant\n%s", err, want)
	}
	if got := env.Sent(); len(got) != 0 {
		t.Errorf("requests %q", got)
	}
}

func TestCreateWithoutDateOrWeatherSendsNothing(t *testing.T) {
	env := newTestEnv(t, "json")
	err := env.run("create", "--calendar", "5", "--temperature", "mild")
	if !cmdtest.IsUsage(err) {
		t.Fatalf("error %v is not a usage error", err)
	}
	want := "the weather entry is not valid, nothing was sent:\n" +
		"  date: is required (--date Y-M-D, or date: Y-M-D or year, month and day in a file)\n" +
		"  weather: is required"
	if err.Error() != want {
		t.Errorf("error\n%s\nwant\n%s", err, want)
	}
	if got := env.Sent(); len(got) != 0 {
		t.Errorf("requests %q", got)
	}
}

// hammerPosts are the requests creating examples/weather-1492-hammer.yaml.
var hammerPosts = []string{
	`{"day":1,"effect":"roads closed, travel at half pace","month":1,"name":"The Hammer blizzard","precipitation":"heavy snow","temperature":"-8°C","visibility_id":1,"weather":"snowflake","wind":"north, strong","year":1492}`,
	`{"day":2,"month":1,"precipitation":"none","temperature":"-10°C","visibility_id":1,"weather":"cloud","wind":"north, light","year":1492}`,
	`{"day":3,"effect":"bitter frost at night","month":1,"precipitation":"none","temperature":"-14°C","visibility_id":1,"weather":"sun","wind":"calm","year":1492}`,
	`{"day":4,"effect":"ships stay in harbour","month":1,"precipitation":"drifting snow","temperature":"-6°C","visibility_id":1,"weather":"wind","wind":"north-east, gale","year":1492}`,
	`{"day":5,"month":1,"precipitation":"freezing fog","temperature":"-3°C","visibility_id":5,"weather":"smog","wind":"calm","year":1492}`,
}

var hammerWeathers = []string{"snowflake", "cloud", "sun", "wind", "smog"}

const hammerFile = "../../examples/weather-1492-hammer.yaml"

func expectHammer(env *testEnv, upTo int) {
	env.expect("GET "+calendarRoute, "", 200, one(harptosJSON))
	env.expect("GET "+weathersRoute, "", 200, page(1, 1)) // the check that no day has weather
	for i := range upTo {
		env.expect("POST "+weathersRoute, hammerPosts[i], 201, one(weatherJSON(101+i, 1492, 1, i+1, hammerWeathers[i])))
	}
}

func TestCreateListWithoutTerminalShowsNoProgress(t *testing.T) {
	env := newTestEnv(t, "id")
	expectHammer(env, 5)
	if err := env.run("create", "--calendar", "5", "-f", hammerFile); err != nil {
		t.Fatal(err)
	}
	if got := env.Out.String(); got != "101\n102\n103\n104\n105\n" {
		t.Errorf("stdout %q", got)
	}
	if got := env.ErrOut.String(); got != "created 5 weather entries\n" {
		t.Errorf("stderr %q", got)
	}
}

func TestCreateListOnTerminalShowsProgress(t *testing.T) {
	env := newTestEnv(t, "id")
	env.F.IO.ErrTTY = true
	expectHammer(env, 5)
	if err := env.run("create", "--calendar", "5", "-f", hammerFile); err != nil {
		t.Fatal(err)
	}
	// One line redrawn in place (\r, erase to the end), cleared at the end.
	const redraw = "\r\x1b[K"
	want := redraw + "[1/5] creating 1492-1-1 snowflake" + redraw + "[2/5] creating 1492-1-2 cloud" + redraw +
		"[3/5] creating 1492-1-3 sun" + redraw + "[4/5] creating 1492-1-4 wind" + redraw +
		"[5/5] creating 1492-1-5 smog" + redraw + "created 5 weather entries\n"
	if got := env.ErrOut.String(); got != want {
		t.Errorf("stderr\n%s\nwant\n%s", got, want)
	}
}

func TestCreateListQuietSaysNothing(t *testing.T) {
	env := newTestEnv(t, "id")
	env.F.IO.ErrTTY = true
	env.F.Globals.Quiet = true
	expectHammer(env, 5)
	if err := env.run("create", "--calendar", "5", "-f", hammerFile); err != nil {
		t.Fatal(err)
	}
	if got := env.ErrOut.String(); got != "" {
		t.Errorf("stderr %q", got)
	}
}

func TestCreateListStopsAtTheFirstFailureAndSaysWhatWasDone(t *testing.T) {
	env := newTestEnv(t, "id")
	expectHammer(env, 2)
	env.expect("POST "+weathersRoute, hammerPosts[2], 422,
		`{"code":422,"error":"The weather may not be greater than 20 characters.","fields":{"weather":["The weather may not be greater than 20 characters."]}}`)
	err := env.run("create", "--calendar", "5", "-f", hammerFile)
	if !client.IsValidation(err) {
		t.Fatalf("error %v is not the server's validation error", err)
	}
	if got, want := env.ErrOut.String(), "created 2 of 5 (ids 101, 102); entry 3 (1492-1-3) failed:\n"; got != want {
		t.Errorf("stderr %q, want %q", got, want)
	}
	// The entries created before the failure are printed, for scripts.
	if got, want := env.Out.String(), "101\n102\n"; got != want {
		t.Errorf("stdout %q, want %q", got, want)
	}
}

func TestCreateListWithAnInvalidEntrySendsNothing(t *testing.T) {
	path := writeFile(t, "days.yaml", `- date: 1492-1-1
  weather: sun
- date: 1492-1-2
  temperature: cold
- year: 1492
  month: 1
  weather: this weather name is far too long
- date: 1492-1-4
  weather: wind
  visibility: 7
`)
	env := newTestEnv(t, "id")
	err := env.run("create", "--calendar", "5", "-f", path)
	if !cmdtest.IsUsage(err) {
		t.Fatalf("error %v is not a usage error", err)
	}
	want := "days.yaml: line 10: [4].visibility: \"7\" is not a visibility: use all, admin, admin-self, self, members or 1 to 5"
	if !strings.HasSuffix(err.Error(), want) {
		t.Errorf("error\n%s\nwant it to end\n%s", err, want)
	}
	if got := env.Sent(); len(got) != 0 {
		t.Errorf("requests %q", got)
	}

	// With the visibility fixed, every other problem is named with its entry.
	if err := os.WriteFile(path, []byte(strings.Replace(mustRead(t, path), "visibility: 7", "visibility: 1", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	err = env.run("create", "--calendar", "5", "-f", path)
	if !cmdtest.IsUsage(err) {
		t.Fatalf("error %v is not a usage error", err)
	}
	// Each problem at its line in the file.
	want = "2 weather entries are not valid, nothing was sent:\n" +
		"  " + path + ": line 3: [2].weather: is required\n" +
		"  " + path + ": line 5: [3].date: is required (--date Y-M-D, or date: Y-M-D or year, month and day in a file)\n" +
		"  " + path + ": line 7: [3].weather: has 33 characters; at most 20 are allowed"
	if err.Error() != want {
		t.Errorf("error\n%s\nwant\n%s", err, want)
	}
	if got := env.Sent(); len(got) != 0 {
		t.Errorf("requests %q", got)
	}
}

func TestCreateListWithADayOutsideTheCalendarSendsNoWrite(t *testing.T) {
	path := writeFile(t, "days.yaml", "- {date: 1492-1-30, weather: sun}\n- {date: 1492-1-31, weather: sun}\n- {date: 1492-3-1, weather: sun}\n")
	env := newTestEnv(t, "id")
	env.expect("GET "+calendarRoute, "", 200, one(harptosJSON))
	err := env.run("create", "--calendar", "5", "-f", path)
	if !cmdtest.IsUsage(err) {
		t.Fatalf("error %v is not a usage error", err)
	}
	want := "2 weather entries are not valid, nothing was sent:\n" +
		"  " + path + ": line 2: [2].date: day 31 does not exist: Hammer has 30 days\n" +
		"  " + path + ": line 3: [3].date: month 3 does not exist: the calendar has 2 months"
	if err.Error() != want {
		t.Errorf("error\n%s\nwant\n%s", err, want)
	}
}

func TestCreateFileUnknownKeyNamesItsLine(t *testing.T) {
	path := writeFile(t, "day.yaml", "date: 1492-1-1\nweather: sun\ntemprature: cold\n")
	env := newTestEnv(t, "id")
	err := env.run("create", "--calendar", "5", "-f", path)
	if !cmdtest.IsUsage(err) {
		t.Fatalf("error %v is not a usage error", err)
	}
	if want := path + `: line 3: unknown key "temprature"; did you mean "temperature"?`; err.Error() != want {
		t.Errorf("error %q, want %q", err, want)
	}
	if got := env.Sent(); len(got) != 0 {
		t.Errorf("requests %q", got)
	}
}

func TestCreateFileDateAndPartsTogetherIsRefused(t *testing.T) {
	path := writeFile(t, "day.yaml", "date: 1492-1-1\nday: 2\nweather: sun\n")
	env := newTestEnv(t, "id")
	err := env.run("create", "--calendar", "5", "-f", path)
	if !cmdtest.IsUsage(err) || !strings.Contains(err.Error(), "date: give date: Y-M-D or year, month and day, not both") {
		t.Fatalf("error %v", err)
	}
}

func TestCreateOneEntryFromStdinWithFlagsOverTheFile(t *testing.T) {
	env := newTestEnv(t, "yaml")
	// What `get -o yaml` printed, read back: id is ignored.
	env.In.WriteString("id: 41\ndate: 1492-1-3\nweather: snowflake\ntemperature: -5°C\nvisibility: self-admin\n")
	env.expect("GET "+calendarRoute, "", 200, one(harptosJSON))
	env.expect("GET "+weathersRoute, "", 200, page(1, 1)) // the check that the day has no weather
	env.expect("POST "+weathersRoute, `{"day":3,"month":1,"temperature":"-5°C","visibility_id":3,"weather":"sun","year":1493}`,
		201, one(weatherJSON(77, 1493, 1, 3, "sun")))
	if err := env.run("create", "--calendar", "5", "-f", "-", "--weather", "sun", "--date", "1493-1-3"); err != nil {
		t.Fatal(err)
	}
	// One entry in, one entry out (not a list).
	if got, want := env.Out.String(), "id: 77\ndate: \"1493-1-3\"\nweather: sun\nvisibility: all\n"+serverKeys; got != want {
		t.Errorf("stdout\n%s\nwant\n%s", got, want)
	}
}

func TestCreateAcceptsTheServersJSON(t *testing.T) {
	// `get -o json` of one calendar, sent to another: the server's keys are
	// accepted, visibility_id included.
	path := writeFile(t, "day.json", fullWeatherJSONWithoutExtras)
	env := newTestEnv(t, "id")
	env.expect("GET "+calendarRoute, "", 200, one(harptosJSON))
	env.expect("GET "+weathersRoute, "", 200, page(1, 1)) // the check that the day has no weather
	env.expect("POST "+weathersRoute, `{"day":3,"effect":"rivers freeze","month":1,"name":"First frost","precipitation":"light snow","temperature":"-5°C","visibility_id":4,"weather":"snowflake","wind":"north, strong","year":1492}`,
		201, one(weatherJSON(78, 1492, 1, 3, "snowflake")))
	if err := env.run("create", "--calendar", "5", "-f", path); err != nil {
		t.Fatal(err)
	}
}

// fullWeatherJSONWithoutExtras is fullWeatherJSON with only the keys of the
// interface and the live service.
const fullWeatherJSONWithoutExtras = `{
  "id": 41, "calendar_id": 5, "created_by": 9, "name": "First frost", "weather": "snowflake",
  "temperature": "-5°C", "precipitation": "light snow", "wind": "north, strong", "effect": "rivers freeze",
  "day": 3, "month": 1, "year": 1492, "created_at": "2026-11-01 10:00:00", "updated_at": "2026-11-02 11:00:00",
  "visibility_id": 4
}`

func TestCreateEmptyListIsRefused(t *testing.T) {
	path := writeFile(t, "days.yaml", "[]\n")
	env := newTestEnv(t, "id")
	err := env.run("create", "--calendar", "5", "-f", path)
	if !cmdtest.IsUsage(err) || !strings.HasSuffix(err.Error(), "the list holds no entries") {
		t.Fatalf("error %v", err)
	}
}

func writeFile(t *testing.T, name, content string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func mustRead(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// The calendar create reads anyway names the month of the new entry on a
// terminal, at no extra request.
func TestCreateOnATerminalNamesTheMonth(t *testing.T) {
	env := newTestEnv(t, "")
	env.Terminal()
	env.expect("GET "+calendarRoute, "", 200, one(harptosJSON))
	env.expect("GET "+weathersRoute, "", 200, page(1, 1)) // the check that the day has no weather
	env.expect("POST "+weathersRoute, `{"day":3,"month":1,"weather":"snowflake","year":1492}`, 201, one(weatherJSON(41, 1492, 1, 3, "snowflake")))
	if err := env.run("create", "--calendar", "5", "--date", "1492-1-3", "--weather", "snowflake"); err != nil {
		t.Fatal(err)
	}
	if got := env.Out.String(); !strings.Contains(got, "\nDate:          3 Hammer 1492 (1492-1-3)\n") {
		t.Errorf("stdout\n%s", got)
	}
}

// A create of one entry says on stderr what it made, as weather set says
// it, whatever -o prints on stdout; -q silences it.
func TestCreateOfOneSaysWhatItCreatedOnStderr(t *testing.T) {
	for _, quiet := range []bool{false, true} {
		env := newTestEnv(t, "id")
		env.F.Globals.Quiet = quiet
		env.expect("GET "+calendarRoute, "", 200, one(harptosJSON))
		env.expect("GET "+weathersRoute, "", 200, page(1, 1))
		env.expect("POST "+weathersRoute, `{"day":3,"month":1,"weather":"sun","year":1492}`, 201, one(weatherJSON(41, 1492, 1, 3, "sun")))
		if err := env.run("create", "--calendar", "5", "--date", "1492-1-3", "--weather", "sun"); err != nil {
			t.Fatal(err)
		}
		want := "created weather 41 on 1492-1-3\n"
		if quiet {
			want = ""
		}
		if got := env.ErrOut.String(); got != want || env.Out.String() != "41\n" {
			t.Errorf("quiet %v: stdout %q, stderr %q, want %q", quiet, env.Out.String(), got, want)
		}
	}
}
