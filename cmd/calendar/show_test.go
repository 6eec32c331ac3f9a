package calendar

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/cmd/cmdutil/cmdtest"
)

// weatherEntry is a weather entry as the server sends it.
func weatherEntry(id, y, m, d int, weather string) string {
	return fmt.Sprintf(`{"id":%d,"calendar_id":12,"weather":%q,"temperature":"3°C","precipitation":null,"wind":"","effect":"","year":%d,"month":%d,"day":%d,"visibility_id":1,"name":null}`, id, weather, y, m, d)
}

// weatherPage is page n of last of a weather list.
func weatherPage(n, last int, entries ...string) string {
	return fmt.Sprintf(`{"data":[%s],"links":{"next":null},"meta":{"current_page":%d,"last_page":%d,"per_page":3,"total":%d}}`,
		strings.Join(entries, ","), n, last, 3*last)
}

// showAnswers serve calendar 12 (current date 1492-4-1), its weather on
// two pages: two entries in Ches 1492 (one day with two), one in Ches
// 1491, one in Hammer 1492, one on 19 Ches 1492; and no reminder.
func showAnswers() []cmdtest.Exchange {
	return append([]cmdtest.Exchange{answer("GET calendars/12", harptos("1492-4-1")), noReminders()}, weatherAnswers()...)
}

// noReminders is calendar 12's list of reminders, empty.
func noReminders() cmdtest.Exchange {
	return answer("GET calendars/12/reminders", `{"data":[],"links":{"next":null},"meta":{"current_page":1,"last_page":1,"per_page":15,"total":0}}`)
}

// weatherAnswers are the two pages of showAnswers' weather.
func weatherAnswers() []cmdtest.Exchange {
	return []cmdtest.Exchange{
		answer("GET calendars/12/calendar_weathers", weatherPage(1, 2,
			weatherEntry(1, 1492, 4, 3, "sun"), weatherEntry(2, 1492, 1, 1, "snowflake"), weatherEntry(3, 1492, 4, 3, "cloud"))),
		answer("GET calendars/12/calendar_weathers?page=2", weatherPage(2, 2,
			weatherEntry(4, 1491, 4, 5, "wind"), weatherEntry(5, 1492, 4, 19, "cloud-rain"))),
	}
}

// calendarOnly is showAnswers' read of the calendar alone (no weather walk).
func calendarOnly() cmdtest.Exchange { return answer("GET calendars/12", harptos("1492-4-1")) }

var showRoutes = []string{"GET calendars/12", "GET calendars/12/calendar_weathers", "GET calendars/12/calendar_weathers?page=2", "GET calendars/12/reminders"}

// asciiLocale makes the locale plain C for the test: ASCII symbols.
func asciiLocale(t *testing.T) {
	t.Setenv("LC_ALL", "C")
}

// ches1492 is Ches 1492 of the Calendar of Harptos as show writes it piped
// in an ASCII locale, with the weather of showAnswers.
const ches1492 = `      Ches (The Claw of the Sunsets) 1492 DR, Year of Three Ships Sailing
 Fir     Sec     Thi     Fou     Fif     Six     Sev     Eig     Nin     Ten
 [1] O    2       3 s     4       5       6       7       8       9  (   10
 11      12      13      14      15      16      17  @   18      19 r +  20
 21      22      23      24  )   25      26      27      28      29      30

[1]  today: 1 Ches, Year of Three Ships Sailing DR
O    full moon: Selûne
@    new moon: Selûne
)    first quarter: Selûne
(    last quarter: Selûne
+    season starts: Spring on 19 Ches

 3 s sun, cloud  3°C    19 r rain        3°C
`

func TestShowCurrentMonthWithWeather(t *testing.T) {
	asciiLocale(t)
	env := newCTEnv(t, "", showAnswers()...)
	if err := env.run("show", "12"); err != nil {
		t.Fatal(err)
	}
	env.WantSentAnyOrder(showRoutes...)
	if env.Out.String() != ches1492 {
		t.Errorf("show printed:\n%s\nwant:\n%s", env.Out, ches1492)
	}
}

// The month may be named every way the almanac reads; all show Ches 1492.
func TestShowPicksTheMonth(t *testing.T) {
	asciiLocale(t)
	for _, args := range [][]string{
		{"--date", "1492-4-3"},
		{"--date", "1492-Ches-3"},
		{"--date", "3 Ches 1492"},
		{"--date", "3 ches, Year of Three Ships Sailing DR"},
		{"--year", "1492", "--month", "4"},
		{"--year", "1492", "--month", "CHES"},
		{"--year", "1492", "--month", "the claw of the sunsets"},
		{"--year", "1492", "--month", "ch"},
		{"--month", "Ches"},
		// The calendar's date is 1492-4-1.
		{"--date", "today"},
		{"--date", "tomorrow"},
		{"--date", "+29"},
	} {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			env := newCTEnv(t, "", showAnswers()...)
			if err := env.run(append([]string{"show", "12"}, args...)...); err != nil {
				t.Fatal(err)
			}
			env.WantSentAnyOrder(showRoutes...)
			if env.Out.String() != ches1492 {
				t.Errorf("show printed:\n%s\nwant:\n%s", env.Out, ches1492)
			}
		})
	}
}

// --no-weather and --no-reminders cost one request and mark neither.
func TestShowNoWeatherIsOneRequest(t *testing.T) {
	asciiLocale(t)
	env := newCTEnv(t, "", calendarOnly())
	if err := env.run("show", "12", "--year", "1492", "--month", "Midwinter", "--no-weather", "--no-reminders"); err != nil {
		t.Fatal(err)
	}
	env.WantSent("GET calendars/12")
	want := ` Midwinter 1492 DR, Year of Three Ships Sailing
               (outside the week)
                        1
`
	if env.Out.String() != want {
		t.Errorf("show printed:\n%q\nwant:\n%q", env.Out, want)
	}
}

// By name, the lookup returns the calendar: no GET of it follows.
func TestShowByNameReadsTheCalendarOnce(t *testing.T) {
	asciiLocale(t)
	lookup := answer("GET calendars?name=Calendar+of+Harptos",
		`{"data":[`+harptos("1492-4-1")+`],"links":{"next":null},"meta":{"current_page":1,"last_page":1,"per_page":45,"total":1}}`)
	env := newCTEnv(t, "", append(weatherAnswers(), lookup, noReminders())...)
	if err := env.run("show", "Calendar of Harptos"); err != nil {
		t.Fatal(err)
	}
	env.WantSentAnyOrder("GET calendars?name=Calendar+of+Harptos", showRoutes[1], showRoutes[2], showRoutes[3])
	if env.Out.String() != ches1492 {
		t.Errorf("show printed:\n%s\nwant:\n%s", env.Out, ches1492)
	}
}

// Today is in reverse video on a terminal, the width is the terminal's,
// and the symbols follow the locale.
func TestShowOnAUTF8Terminal(t *testing.T) {
	t.Setenv("LC_ALL", "")
	t.Setenv("LC_CTYPE", "en_US.UTF-8")
	env := newCTEnv(t, "", calendarOnly())
	env.F.IO.OutTTY, env.F.IO.TermWidth = true, 100
	if err := env.run("show", "12", "--no-weather", "--no-reminders"); err != nil {
		t.Fatal(err)
	}
	out := env.Out.String()
	if !strings.Contains(out, "  \x1b[7m1\x1b[0m ○    2") || !strings.Contains(out, "✦") || strings.Contains(out, "[1]") {
		t.Errorf("want today in reverse video and UTF-8 symbols:\n%q", out)
	}

	// A terminal too narrow for the week with its marks keeps the grid,
	// narrower (abbreviated cells); narrower still, a day a line.
	env = newCTEnv(t, "", calendarOnly())
	env.F.IO.OutTTY, env.F.IO.TermWidth = true, 40
	if err := env.run("show", "12", "--no-weather", "--no-reminders"); err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(env.Out.String(), "\n") {
		if len([]rune(line)) > 40+len("\x1b[7m\x1b[0m") {
			t.Errorf("a line wider than the 40-column terminal: %q", line)
		}
	}
	if !strings.Contains(env.Out.String(), "Fir Sec Thi") {
		t.Errorf("on 40 columns want the grid, weekdays abbreviated:\n%s", env.Out)
	}
	env = newCTEnv(t, "", calendarOnly())
	env.F.IO.OutTTY, env.F.IO.TermWidth = true, 30
	if err := env.run("show", "12", "--no-weather", "--no-reminders"); err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(env.Out.String(), "\n") {
		if len([]rune(line)) > 30+len("\x1b[7m\x1b[0m") {
			t.Errorf("a line wider than the 30-column terminal: %q", line)
		}
	}
	if !strings.Contains(env.Out.String(), "First-day") {
		t.Errorf("on 30 columns want a day a line with its weekday:\n%s", env.Out)
	}

	// NO_COLOR keeps the escape sequences out; the brackets say the same.
	env = newCTEnv(t, "", calendarOnly())
	env.F.IO.OutTTY, env.F.IO.NoColor = true, true
	if err := env.run("show", "12", "--no-weather", "--no-reminders"); err != nil {
		t.Fatal(err)
	}
	if out := env.Out.String(); strings.Contains(out, "\x1b") || !strings.Contains(out, "[1]○") {
		t.Errorf("with NO_COLOR want brackets and no escapes:\n%q", out)
	}
}

func TestUTF8Locale(t *testing.T) {
	cases := []struct {
		env  map[string]string
		want bool
	}{
		{map[string]string{}, false},
		{map[string]string{"LANG": "en_US.UTF-8"}, true},
		{map[string]string{"LANG": "de_DE.utf8"}, true},
		{map[string]string{"LANG": "C.UTF-8"}, true},
		{map[string]string{"LANG": "sr_RS.UTF-8@latin"}, true},
		{map[string]string{"LANG": "en_US.ISO-8859-1"}, false},
		{map[string]string{"LANG": "C"}, false},
		{map[string]string{"LANG": "POSIX"}, false},
		{map[string]string{"LC_CTYPE": "UTF-8"}, true}, // macOS
		{map[string]string{"LC_ALL": "C", "LANG": "en_US.UTF-8"}, false},
		{map[string]string{"LC_ALL": "", "LC_CTYPE": "C", "LANG": "en_US.UTF-8"}, false},
		{map[string]string{"LC_CTYPE": "", "LANG": "fr_FR.UTF-8"}, true},
		{map[string]string{"LC_ALL": "en_GB.UTF-8", "LC_CTYPE": "C"}, true},
	}
	for _, tc := range cases {
		if got := utf8Locale(func(k string) string { return tc.env[k] }); got != tc.want {
			t.Errorf("utf8Locale(%v) = %v, want %v", tc.env, got, tc.want)
		}
	}
}

// -o json prints the computed month; the weather entries are the server's.
func TestShowJSON(t *testing.T) {
	env := newCTEnv(t, "json", showAnswers()...)
	if err := env.run("show", "12", "--date", "3 Ches 1492"); err != nil {
		t.Fatal(err)
	}
	env.WantSentAnyOrder(showRoutes...)
	out := env.Out.String()
	wantHead := `{
  "calendar": {
    "id": 12,
    "name": "Calendar of Harptos"
  },
  "year": 1492,
  "year_name": "Year of Three Ships Sailing",
  "month": 4,
  "month_name": "Ches",
  "intercalary": false,
  "today": "1492-4-1",
  "days": [
    {
      "day": 1,
      "date": "1492-4-1",
      "weekday": "First-day",
      "moons": [
        {
          "name": "Selûne",
          "phase": "full"
        }
      ],
      "season": "Winter",
      "season_starts": false,
      "weather": [],
      "reminders": []
    },
`
	if !strings.HasPrefix(out, wantHead) {
		t.Errorf("-o json begins:\n%s\nwant:\n%s", out[:min(len(out), len(wantHead))], wantHead)
	}
	var month struct {
		Days []struct {
			Day          int               `json:"day"`
			Weekday      *string           `json:"weekday"`
			Season       *string           `json:"season"`
			SeasonStarts bool              `json:"season_starts"`
			Weather      []json.RawMessage `json:"weather"`
		} `json:"days"`
	}
	if err := json.Unmarshal([]byte(out), &month); err != nil {
		t.Fatal(err)
	}
	if len(month.Days) != 30 {
		t.Fatalf("%d days, want 30", len(month.Days))
	}
	third := month.Days[2]
	if len(third.Weather) != 2 || !cmdtest.SameJSON(string(third.Weather[0]), weatherEntry(1, 1492, 4, 3, "sun")) ||
		!cmdtest.SameJSON(string(third.Weather[1]), weatherEntry(3, 1492, 4, 3, "cloud")) {
		t.Errorf("3 Ches weather: %s", third.Weather)
	}
	d19 := month.Days[18]
	if !d19.SeasonStarts || *d19.Season != "Spring" || *d19.Weekday != "Ninth-day" || len(d19.Weather) != 1 {
		t.Errorf("19 Ches: season %v starts %v, weekday %v, weather %s", *d19.Season, d19.SeasonStarts, *d19.Weekday, d19.Weather)
	}
	for i, d := range month.Days {
		if i != 2 && i != 18 && len(d.Weather) != 0 {
			t.Errorf("day %d has weather %s", d.Day, d.Weather)
		}
	}
}

func TestShowJSONOfAnIntercalaryMonthAndAWholeYear(t *testing.T) {
	env := newCTEnv(t, "json", calendarOnly())
	if err := env.run("show", "12", "--year", "1492", "--month", "midw", "--no-weather", "--no-reminders"); err != nil {
		t.Fatal(err)
	}
	want := `{"calendar":{"id":12,"name":"Calendar of Harptos"},"year":1492,"year_name":"Year of Three Ships Sailing",` +
		`"month":2,"month_name":"Midwinter","intercalary":true,"today":"1492-4-1",` +
		`"days":[{"day":1,"date":"1492-2-1","weekday":null,"moons":[],"season":"Winter","season_starts":false,"weather":[],"reminders":[]}]}`
	if !cmdtest.SameJSON(env.Out.String(), want) {
		t.Errorf("-o json:\n%s\nwant:\n%s", env.Out, want)
	}

	env = newCTEnv(t, "ndjson", showAnswers()...)
	if err := env.run("show", "12", "--year", "1491", "--whole-year"); err != nil {
		t.Fatal(err)
	}
	env.WantSentAnyOrder(showRoutes...)
	lines := strings.Split(strings.TrimSuffix(env.Out.String(), "\n"), "\n")
	if len(lines) != 17 {
		t.Fatalf("-o ndjson --whole-year printed %d lines, want a month a line", len(lines))
	}
	if !strings.HasPrefix(lines[3], `{"calendar":{"id":12,"name":"Calendar of Harptos"},"year":1491,"year_name":"Year of the Scarlet Witch","month":4,"month_name":"Ches",`) ||
		!strings.Contains(lines[3], `"weather":[{"id":4,`) {
		t.Errorf("month 4 of 1491: %s", lines[3])
	}

	env = newCTEnv(t, "", calendarOnly())
	env.F.Globals.JQ = `[.[] | .days | length] | add`
	if err := env.run("show", "12", "--year", "1492", "--whole-year", "--no-weather", "--no-reminders"); err != nil {
		t.Fatal(err)
	}
	if env.Out.String() != "366\n" {
		t.Errorf("--jq over the whole leap year printed %q, want 366", env.Out)
	}
}

func TestShowYAMLKeepsTheKeyOrder(t *testing.T) {
	env := newCTEnv(t, "yaml", calendarOnly())
	if err := env.run("show", "12", "--year", "1492", "--month", "2", "--no-weather", "--no-reminders"); err != nil {
		t.Fatal(err)
	}
	want := `calendar:
  id: 12
  name: Calendar of Harptos
year: 1492
year_name: Year of Three Ships Sailing
month: 2
month_name: Midwinter
intercalary: true
today: "1492-4-1"
days:
  - day: 1
    date: "1492-2-1"
    weekday: null
    moons: []
    season: Winter
    season_starts: false
    weather: []
    reminders: []
`
	if env.Out.String() != want {
		t.Errorf("-o yaml:\n%s\nwant:\n%s", env.Out, want)
	}
}

// Dates and months the almanac refuses are exit 2 with its message, after
// the one read and before the weather walk.
func TestShowRefusesBadDatesBeforeTheWeather(t *testing.T) {
	cases := []struct {
		date string
		args []string
		want string
	}{
		{"1492-4-1", []string{"--date", "1492-4-31"}, "--date: day 31 does not exist: Ches has 30 days"},
		{"1492-4-1", []string{"--date", "1491-Midsummer-2"}, "--date: day 2 of Midsummer exists only in leap years"},
		{"", []string{"--date", "tomorrow"}, `--date: "tomorrow" counts from the calendar's current date, and the calendar has none`},
		{"1492-4-1", []string{"--date", "6-Ches-1492"}, "--date: day 1492 does not exist: Ches has 30 days; dates are read year first (YEAR-MONTH-DAY): did you mean 1492-Ches-6?"},
		{"1492-4-1", []string{"--month", "Thaw"}, `--month: month "Thaw" does not exist in this calendar`},
		{"1492-4-1", []string{"--year", "1492", "--month", "18"}, "--month: month 18 does not exist: the calendar has 17 months"},
		{"1492-4-1", []string{"--year", "1492", "--month", "m"}, `--month: month "m" is ambiguous: it may be Midwinter (month 2), Mirtul (The Melting, month 7), Midsummer (month 10), Marpenoth (Leaffall, month 14)`},
		{"1492-4-1", []string{"--year", "2000000000000", "--whole-year"}, "year 2000000000000 is out of range: years go from -1000000000000 to 1000000000000"},
		{"", nil, "calendar \"Calendar of Harptos\" has no current date: give --date or --year, or set one with `kanka calendar update --date`"},
		{"", []string{"--month", "Ches"}, "calendar \"Calendar of Harptos\" has no current date: give --date or --year, or set one with `kanka calendar update --date`"},
	}
	for _, tc := range cases {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			env := newCTEnv(t, "", answer("GET calendars/12", harptos(tc.date)))
			wantUsage(t, env.run(append([]string{"show", "12"}, tc.args...)...), tc.want)
			env.WantSent("GET calendars/12")
		})
	}
}

// Flags that contradict each other cost nothing.
func TestShowRefusesBadFlagsBeforeAnyRequest(t *testing.T) {
	cases := []struct {
		format string
		args   []string
		want   string
	}{
		{"", []string{"--date", "1492-4-1", "--year", "1492"}, "--date cannot be used with --year, --month or --whole-year"},
		{"", []string{"--date", "1492-4-1", "--whole-year"}, "--date cannot be used with --year, --month or --whole-year"},
		{"", []string{"--year", "1492", "--month", "4", "--whole-year"}, "--month and --whole-year cannot be used together"},
		{"", []string{"--year", "1492"}, "--year needs --month M or --whole-year"},
		{"", []string{"--month", ""}, "--month: no month given"},
		{"", []string{"--date", "+x"}, `--date: "+x" is not a date: +N is N days after today, N a whole number (+3)`},
		{"", []string{"--date", "Ches 3"}, `--date: "Ches 3" is not a date: write YEAR-MONTH-DAY (1492-4-3, 1492-Ches-3) or DAY MONTH YEAR (3 Ches 1492)`},
		{"id", nil, "calendar show prints a month as a grid, or with -o json, yaml or ndjson, not -o id"},
		{"wide", nil, "calendar show prints a month as a grid, or with -o json, yaml or ndjson, not -o wide"},
		{"xml", nil, `unknown output format "xml": use one of table, wide, json, yaml, ndjson or id`},
	}
	for _, tc := range cases {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			env := newCTEnv(t, tc.format)
			wantUsage(t, env.run(append([]string{"show", "12"}, tc.args...)...), tc.want)
			env.WantSent()
		})
	}
}

// A calendar with fewer than 2 weekdays has no grid: a failure (exit 1)
// after the read, with no weather walk.
func TestShowRefusesACalendarWithoutAWeek(t *testing.T) {
	cal := `{"id":12,"name":"Odd","date":"1-1-1","months":[{"name":"A","length":3},{"name":"B","length":3}],"weekdays":["Only"],"years":[],"seasons":[],"moons":[]}`
	env := newCTEnv(t, "", answer("GET calendars/12", cal))
	err := env.run("show", "12")
	var usage *cmdutil.UsageError
	if err == nil || errors.As(err, &usage) || err.Error() != "calendar 12 cannot be shown as a grid: a week needs at least 2 weekdays, it has 1" {
		t.Errorf("error %v", err)
	}
	env.WantSent("GET calendars/12")
}
