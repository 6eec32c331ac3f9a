package weather

import (
	"strings"
	"testing"

	"github.com/kanka-cli/kanka/cmd/cmdutil/cmdtest"
)

// datesPages are the weather of calendar 5 (harptosJSON) on two pages, in
// the server's order (by id), not in date order.
func datesPages(env *testEnv) {
	env.expect("GET "+weathersRoute, "", 200, page(1, 2,
		weatherJSON(1, 1492, 2, 1, "snowflake"), weatherJSON(2, 1492, 1, 3, "sun"), weatherJSON(3, 1491, 1, 30, "cloud")))
	env.expect("GET "+weathersRoute+"?page=2", "", 200, page(2, 2,
		weatherJSON(4, 1492, 1, 3, "wind"), weatherJSON(5, 1492, 1, 1, "fog"), weatherJSON(6, 1492, 1, 4, "rain")))
}

var datesWalk = []string{"GET " + weathersRoute, "GET " + weathersRoute + "?page=2"}

const calendarGet = "GET calendars/5"

// The date filters, by number (no request for the calendar) and by name
// (one GET of it), keep the right entries, in the server's order (-o id).
func TestListDateFilters(t *testing.T) {
	cases := []struct {
		name string
		args []string
		// getsCalendar: a name needs the calendar's months.
		getsCalendar bool
		want         string
	}{
		{"default: every entry, in the server's order", nil, false, "1\n2\n3\n4\n5\n6\n"},
		{"--sort id: the server's order", []string{"--sort", "id"}, false, "1\n2\n3\n4\n5\n6\n"},
		{"--date numeric", []string{"--date", "1492-1-3"}, false, "2\n4\n"},
		{"--date year-first by name", []string{"--date", "1492-Hammer-3"}, true, "2\n4\n"},
		{"--date day-first", []string{"--date", "3 hammer 1492"}, true, "2\n4\n"},
		{"--from alone, inclusive", []string{"--from", "1492-1-3"}, false, "1\n2\n4\n6\n"},
		{"--to alone, inclusive", []string{"--to", "1492-Ham-3"}, true, "2\n3\n4\n5\n"},
		{"--from and --to", []string{"--from", "1491-1-30", "--to", "1492-1-1"}, false, "3\n5\n"},
		{"--month by name", []string{"--month", "Hammer"}, true, "2\n3\n4\n5\n6\n"},
		{"--month by prefix, with --year", []string{"--month", "mid", "--year", "1492"}, true, "1\n"},
		{"--month by number", []string{"--month", "2"}, false, "1\n"},
		{"--month and --sort id", []string{"--month", "Hammer", "--sort", "id"}, true, "2\n3\n4\n5\n6\n"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			env := newTestEnv(t, "id")
			want := datesWalk
			if tc.getsCalendar {
				env.expect(calendarGet, "", 200, one(harptosJSON))
				want = append([]string{calendarGet}, datesWalk...)
			}
			datesPages(env)
			if err := env.run(append([]string{"list", "--calendar", "5"}, tc.args...)...); err != nil {
				t.Fatal(err)
			}
			if got := env.Out.String(); got != tc.want {
				t.Errorf("stdout %q, want %q", got, tc.want)
			}
			env.WantSent(want...)
		})
	}
}

// By name, the lookup holds the calendar: a month name costs nothing more.
func TestListMonthNameWithCalendarByName(t *testing.T) {
	env := newTestEnv(t, "id")
	env.expect("GET calendars?name=Harptos", "", 200, page(1, 1, harptosJSON))
	datesPages(env)
	if err := env.run("list", "--calendar", "Harptos", "--month", "midwinter"); err != nil {
		t.Fatal(err)
	}
	if got := env.Out.String(); got != "1\n" {
		t.Errorf("stdout %q", got)
	}
	env.WantSent(append([]string{"GET calendars?name=Harptos"}, datesWalk...)...)
}

// -o ndjson prints the entries kept, in the server's order.
func TestListNDJSONInDateOrder(t *testing.T) {
	env := newTestEnv(t, "ndjson")
	datesPages(env)
	if err := env.run("list", "--calendar", "5", "--from", "1492-1-3", "--to", "1492-1-3"); err != nil {
		t.Fatal(err)
	}
	want := weatherJSON(2, 1492, 1, 3, "sun") + "\n" + weatherJSON(4, 1492, 1, 3, "wind") + "\n"
	if got := env.Out.String(); got != want {
		t.Errorf("stdout\n%s\nwant\n%s", got, want)
	}
}

// --limit takes the first entries in the server's order and asks for no
// further page; -o id prints them in that order.
func TestListLimitTakesTheServersFirst(t *testing.T) {
	env := newTestEnv(t, "id")
	env.expect("GET "+weathersRoute, "", 200, page(1, 2,
		weatherJSON(1, 1492, 2, 1, "snowflake"), weatherJSON(2, 1492, 1, 3, "sun"), weatherJSON(3, 1491, 1, 30, "cloud")))
	env.maybe("GET "+weathersRoute+"?page=2", 200, page(2, 2))
	if err := env.run("list", "--calendar", "5", "--limit", "2"); err != nil {
		t.Fatal(err)
	}
	if got := env.Out.String(); got != "1\n2\n" {
		t.Errorf("stdout %q", got)
	}
}

// Bad values are exit 2: numbers before any request, names with the
// almanac's message after the one read of the calendar, never a page of
// weather.
func TestListRefusesBadDates(t *testing.T) {
	cases := []struct {
		args         []string
		getsCalendar bool
		want         string
	}{
		{[]string{"--date", "1492-1-3", "--from", "1492-1-1"}, false, "--date cannot be used with --from or --to: give one day, or a span"},
		{[]string{"--from", "1492-1-4", "--to", "1492-1-3"}, false, "--from 1492-1-4 is after --to 1492-1-3: no day is in between"},
		{[]string{"--sort", "name"}, false, `--sort "name": sort by date or id`},
		{[]string{"--month", "0"}, false, `--month: the month "0" is not a month number (1 is the first) or name`},
		{[]string{"--month", " "}, false, "--month: no month given"},
		{[]string{"--date", ""}, false, "--date: no date given"},
		{[]string{"--date", "1492-0-3"}, false, "--date: month 0 does not exist: months are counted from 1"},
		{[]string{"--to", "1492-1-0"}, false, "--to: day 0 does not exist: days are counted from 1"},
		{[]string{"--month", "Ches"}, true, `--month: month "Ches" does not exist in this calendar`},
		{[]string{"--date", "1492-Midwinter-2"}, true, "--date: day 2 does not exist: Midwinter has 1 day"},
		{[]string{"--from", "yesterdy"}, false, `--from: "yesterdy" is not a date: write YEAR-MONTH-DAY (1492-4-3, 1492-Ches-3) or DAY MONTH YEAR (3 Ches 1492); did you mean "yesterday"?`},
		{[]string{"--to", "+x"}, false, `--to: "+x" is not a date: +N is N days after today, N a whole number (+3)`},
		{[]string{"--date", "today+3"}, false, `--date: "today+3" is not a date: write +3 for 3 days after today`},
		{[]string{"--date", "+99999999999999999999"}, false, `--date: "+99999999999999999999" is more days from today than any calendar has (at most 2000000000000000000)`},
		// harptosJSON has no current date.
		{[]string{"--from", "yesterday"}, true, `--from: "yesterday" counts from the calendar's current date, and the calendar has none`},
		{[]string{"--from", "2 Hammer 1492", "--to", "1 Hammer 1492"}, true, "--from 1492-1-2 is after --to 1492-1-1: no day is in between"},
	}
	for _, tc := range cases {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			env := newTestEnv(t, "id")
			var want []string
			if tc.getsCalendar {
				env.expect(calendarGet, "", 200, one(harptosJSON))
				want = []string{calendarGet}
			}
			err := env.run(append([]string{"list", "--calendar", "5"}, tc.args...)...)
			if !cmdtest.IsUsage(err) || err.Error() != tc.want {
				t.Errorf("error %v, want the usage error %q", err, tc.want)
			}
			env.WantSent(want...)
		})
	}
}

// A calendar at hand (a name lookup) checks numeric dates too, for free.
func TestListChecksNumericDatesWhenTheCalendarIsAtHand(t *testing.T) {
	for flag, want := range map[string]string{
		"--date": "--date: day 31 does not exist: Hammer has 30 days",
		"--from": "--from: day 31 does not exist: Hammer has 30 days",
		"--to":   "--to: day 31 does not exist: Hammer has 30 days",
	} {
		t.Run(flag, func(t *testing.T) {
			env := newTestEnv(t, "id")
			env.expect("GET calendars?name=Harptos", "", 200, page(1, 1, harptosJSON))
			err := env.run("list", "--calendar", "Harptos", flag, "1492-1-31")
			if !cmdtest.IsUsage(err) || err.Error() != want {
				t.Errorf("error %v, want %q", err, want)
			}
			env.WantSent("GET calendars?name=Harptos")
		})
	}
}

// On a terminal the table names the months, at the cost of one GET of the
// calendar given by id; piped, no GET and numbers (list.golden).
func TestListTableOnATerminalNamesMonths(t *testing.T) {
	env := newTestEnv(t, "table")
	env.Terminal()
	env.expect(calendarGet, "", 200, one(harptosJSON))
	datesPages(env)
	if err := env.run("list", "--calendar", "5", "--month", "Midwinter"); err != nil {
		t.Fatal(err)
	}
	env.WantSent(append([]string{calendarGet}, datesWalk...)...)
	want := `ID  DATE              WEATHER    TEMPERATURE  PRECIPITATION  WIND  EFFECT  VISIBILITY
1   1 Midwinter 1492  snowflake                                            all
`
	if got := env.Out.String(); got != want {
		t.Errorf("stdout\n%s\nwant\n%s", got, want)
	}

	env = newTestEnv(t, "table")
	env.Terminal()
	env.expect("GET calendars?name=Harptos", "", 200, page(1, 1, harptosJSON))
	datesPages(env)
	if err := env.run("list", "--calendar", "Harptos", "--to", "1491-1-30"); err != nil {
		t.Fatal(err)
	}
	env.WantSent(append([]string{"GET calendars?name=Harptos"}, datesWalk...)...)
	cmdtest.Golden(t, "list-terminal.golden", env.Out.String())
}

// On a terminal `get` shows the date by name beside the number.
func TestGetOnATerminalNamesTheMonth(t *testing.T) {
	env := newTestEnv(t, "table")
	env.Terminal()
	env.expect("GET "+weathersRoute+"/41", "", 200, one(fullWeatherJSON))
	env.expect(calendarGet, "", 200, one(harptosJSON))
	if err := env.run("get", "--calendar", "5", "41"); err != nil {
		t.Fatal(err)
	}
	cmdtest.Golden(t, "get-terminal.golden", env.Out.String())
}

// harptosOn2 is harptosJSON with its current date on 1492-1-2.
var harptosOn2 = strings.Replace(harptosJSON, `"id":5,`, `"id":5,"date":"1492-1-2",`, 1)

// Dates counted from today count from the calendar's current date
// (1492-1-2), read once before the weather, with its days: two days back
// is the festival Midwinter of 1491.
func TestListDatesCountedFromToday(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--from", "-1", "--to", "+3"}, "2\n4\n5\n6\n"},
		{[]string{"--date", "tomorrow"}, "2\n4\n"},
		{[]string{"--date", "today"}, ""},
		{[]string{"--to", "-2"}, "3\n"},
		{[]string{"--from", "yesterday", "--to", "1492-Hammer-1"}, "5\n"},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			env := newTestEnv(t, "id")
			env.expect(calendarGet, "", 200, one(harptosOn2))
			datesPages(env)
			if err := env.run(append([]string{"list", "--calendar", "5"}, tc.args...)...); err != nil {
				t.Fatal(err)
			}
			if got := env.Out.String(); got != tc.want {
				t.Errorf("stdout %q, want %q", got, tc.want)
			}
			env.WantSent(append([]string{calendarGet}, datesWalk...)...)
		})
	}
	// The span is checked once the days are known: nothing of the weather
	// is asked for.
	env := newTestEnv(t, "id")
	env.expect(calendarGet, "", 200, one(harptosOn2))
	err := env.run("list", "--calendar", "5", "--from", "+1", "--to", "today")
	if want := "--from 1492-1-3 is after --to 1492-1-2: no day is in between"; !cmdtest.IsUsage(err) || err.Error() != want {
		t.Errorf("error %v, want the usage error %q", err, want)
	}
	env.WantSent(calendarGet)
}
