package weather

import (
	"fmt"
	"strings"
	"testing"
)

// harptosOnMonthsEnd is harptosJSON on the last day of Hammer 1492.
var harptosOnMonthsEnd = strings.Replace(harptosJSON, `"id":5,`, `"id":5,"date":"1492-1-30",`, 1)

// weather set with no --date records the calendar's current day, and says
// on stderr which day that is.
func TestSetWithoutADateRecordsToday(t *testing.T) {
	env := newTestEnv(t, "id")
	env.expect("GET "+calendarRoute, "", 200, one(harptosOn2))
	env.expect("GET "+weathersRoute, "", 200, page(1, 1, weatherJSON(40, 1492, 1, 3, "sun")))
	env.expect("POST "+weathersRoute, `{"year":1492,"month":1,"day":2,"weather":"rain"}`, 201, one(weatherJSON(50, 1492, 1, 2, "rain")))
	if err := env.run("set", "--calendar", "5", "--weather", "rain"); err != nil {
		t.Fatal(err)
	}
	env.WantSent("GET "+calendarRoute, "GET "+weathersRoute, "POST "+weathersRoute)
	want := "today is 1492-1-2 (2 Hammer 1492) on calendar 5 \"Harptos\"\ncreated weather 50 on 1492-1-2\n"
	if got := env.ErrOut.String(); got != want {
		t.Errorf("stderr %q, want %q", got, want)
	}
	if got := env.Out.String(); got != "50\n" {
		t.Errorf("stdout %q", got)
	}
}

// --date today, +N and -N count with the calendar's days: the last day of
// Hammer +1 is the festival Midwinter, +2 the new year. An entry found on
// the day is updated.
func TestSetDateCountedFromToday(t *testing.T) {
	for _, tc := range []struct {
		text    string
		y, m, d int
		label   string
	}{
		{"today", 1492, 1, 30, "30 Hammer 1492"},
		{"+1", 1492, 2, 1, "1 Midwinter 1492"},
		{"+2", 1493, 1, 1, "1 Hammer 1493"},
		{"yesterday", 1492, 1, 29, "29 Hammer 1492"},
	} {
		t.Run(tc.text, func(t *testing.T) {
			env := newTestEnv(t, "id")
			env.expect("GET "+calendarRoute, "", 200, one(harptosOnMonthsEnd))
			env.expect("GET "+weathersRoute, "", 200, page(1, 1, weatherJSON(44, tc.y, tc.m, tc.d, "sun")))
			env.expect("PUT "+weathersRoute+"/44", updateOf(t, weatherJSON(44, tc.y, tc.m, tc.d, "sun"), map[string]string{"weather": `"bolt"`}),
				200, one(weatherJSON(44, tc.y, tc.m, tc.d, "bolt")))
			if err := env.run("set", "--calendar", "5", "--date", tc.text, "--weather", "bolt"); err != nil {
				t.Fatal(err)
			}
			date := fmt.Sprintf("%d-%d-%d", tc.y, tc.m, tc.d)
			want := tc.text + " is " + date + " (" + tc.label + ") on calendar 5 \"Harptos\"\nupdated weather 44 on " + date + "\n"
			if got := env.ErrOut.String(); got != want {
				t.Errorf("stderr %q, want %q", got, want)
			}
		})
	}
}

// weather create and update read --date today too; a file cannot say it.
func TestCreateAndUpdateCountFromToday(t *testing.T) {
	env := newTestEnv(t, "id")
	env.expect("GET "+calendarRoute, "", 200, one(harptosOnMonthsEnd))
	env.expect("GET "+weathersRoute, "", 200, page(1, 1))
	env.expect("POST "+weathersRoute, `{"year":1492,"month":2,"day":1,"weather":"sun"}`, 201, one(weatherJSON(51, 1492, 2, 1, "sun")))
	if err := env.run("create", "--calendar", "5", "--date", "tomorrow", "--weather", "sun"); err != nil {
		t.Fatal(err)
	}
	if got, want := env.ErrOut.String(), "tomorrow is 1492-2-1 (1 Midwinter 1492) on calendar 5 \"Harptos\"\ncreated weather 51 on 1492-2-1\n"; got != want {
		t.Errorf("create: stderr %q, want %q", got, want)
	}

	env = newTestEnv(t, "id")
	env.expect("GET "+weathersRoute+"/44", "", 200, one(weatherJSON(44, 1492, 1, 3, "sun")))
	env.expect("GET "+calendarRoute, "", 200, one(harptosOnMonthsEnd))
	env.expect("PUT "+weathersRoute+"/44", `{"year":1492,"month":1,"day":28,"weather":"sun"}`, 200, one(weatherJSON(44, 1492, 1, 28, "sun")))
	if err := env.run("update", "--calendar", "5", "44", "--date", "-2"); err != nil {
		t.Fatal(err)
	}
	if got, want := env.ErrOut.String(), "-2 is 1492-1-28 (28 Hammer 1492) on calendar 5 \"Harptos\"\n"; got != want {
		t.Errorf("update: stderr %q, want %q", got, want)
	}

	env = newTestEnv(t, "id")
	env.In.WriteString("date: today\nweather: sun\n")
	err := env.run("create", "--calendar", "5", "-f", "-")
	wantSetUsage(t, err, `standard input: line 1: date: "today" counts from the calendar's current date, so the file would mean another day each time the calendar's date moves: give the date itself (1492-4-3, 1492-Ches-3)`)
	env.WantSent()
}

// What can be no date is refused before any request, naming the flag.
func TestSetRefusesBadDatesBeforeAnyRequest(t *testing.T) {
	for text, want := range map[string]string{
		"+x":                    `"+x" is not a date: +N is N days after today, N a whole number (+3)`,
		"today+3":               `"today+3" is not a date: write +3 for 3 days after today`,
		"+99999999999999999999": `"+99999999999999999999" is more days from today than any calendar has (at most 2000000000000000000)`,
	} {
		env := newTestEnv(t, "id")
		err := env.run("set", "--calendar", "5", "--date", text, "--weather", "sun")
		if err == nil || !strings.Contains(err.Error(), "--date") || !strings.Contains(err.Error(), want) {
			t.Errorf("--date %s: error %v, want one naming --date and saying %s", text, err, want)
		}
		env.WantSent()
	}
}

// A date written day first names the order and the date meant.
func TestSetDayFirstDateSaysTheOrder(t *testing.T) {
	env := newTestEnv(t, "id")
	env.expect("GET "+calendarRoute, "", 200, one(harptosJSON))
	wantSetUsage(t, env.run("set", "--calendar", "5", "--date", "6-Hammer-1492", "--weather", "sun"),
		"the weather entry is not valid, nothing was sent:\n  date: day 1492 does not exist: Hammer has 30 days; dates are read year first (YEAR-MONTH-DAY): did you mean 1492-Hammer-6?")
	env.WantSent("GET " + calendarRoute)
}

// Without --date, a calendar that has no current date says what to do.
func TestSetWithoutADateOnACalendarWithoutOne(t *testing.T) {
	env := newTestEnv(t, "id")
	env.expect("GET "+calendarRoute, "", 200, one(harptosJSON))
	wantSetUsage(t, env.run("set", "--calendar", "5", "--weather", "rain"),
		"calendar 5 \"Harptos\" has no current date to record the weather of: give --date, or set one with `kanka calendar update 5 --date Y-M-D`")
	env.WantSent("GET " + calendarRoute)
}
