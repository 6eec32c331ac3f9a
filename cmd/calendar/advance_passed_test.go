package calendar

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/kanka-cli/kanka/cmd/cmdutil/cmdtest"
)

// What the days a move passes held: advance and retreat read the
// calendar's reminders and weather after the move, and say them.

// passedReads are the two reads that follow a move: every page of the
// calendar's reminders (chesReminders' when reminders, else none) and of
// its weather (one entry on 30 Alturiak 1492, one on 3 Ches).
func passedReads(reminders bool) []cmdtest.Exchange {
	var out []cmdtest.Exchange
	if reminders {
		out = chesReminders()
	} else {
		out = []cmdtest.Exchange{noReminders()}
	}
	return append(out, answer("GET calendars/12/calendar_weathers", weatherPage(1, 1,
		weatherEntry(1, 1492, 3, 30, "cloud-rain"), weatherEntry(2, 1492, 4, 3, "sun"), weatherEntry(3, 1491, 3, 30, "snowflake"))))
}

var passedRoutes = append(append([]string{}, reminderRoutes...), "GET calendars/12/calendar_weathers")

// movedWith are the requests of a move of calendar 12 from one date to y-m-d
// by one full update, and the reads of what the days passed held.
func movedWith(t *testing.T, from string, y, m, d int, reminders bool) []cmdtest.Exchange {
	return append(moveAnswers(t, from, y, m, d)[:2], passedReads(reminders)...)
}

func TestAdvanceSaysWhatTheDaysPassedHeld(t *testing.T) {
	env := newCTEnv(t, "", movedWith(t, "1492-3-28", 1492, 4, 2, true)...)
	if err := env.run("advance", "12", "--days", "4"); err != nil {
		t.Fatal(err)
	}
	env.WantSent(append([]string{"GET calendars/12", "PUT calendars/12"}, passedRoutes...)...)
	// 28 Alturiak, the old date, is not passed; 2 Ches, the new one, is
	// (it holds nothing). The fair is on each of its three days.
	want := `1492-3-28 -> 1492-4-2 (2 Ches, Year of Three Ships Sailing DR)
The days passed held:
  29 Alturiak 1492: The fair (day 1 of 3)
  30 Alturiak 1492: The fair (day 2 of 3); weather: rain, 3°C
  1 Ches 1492: The fair (day 3 of 3); Selûne is full
`
	if env.Out.String() != want || env.ErrOut.String() != "" {
		t.Errorf("stdout:\n%s\nstderr %q; want:\n%s", env.Out, env.ErrOut, want)
	}
}

func TestRetreatSaysWhatTheDaysGoneBackOverHeld(t *testing.T) {
	env := newCTEnv(t, "", movedWith(t, "1492-4-4", 1492, 3, 30, true)...)
	if err := env.run("retreat", "12", "--days", "4"); err != nil {
		t.Fatal(err)
	}
	env.WantSent(append([]string{"GET calendars/12", "PUT calendars/12"}, passedRoutes...)...)
	// From the new date (30 Alturiak) to the day before the old one (3 Ches).
	want := `1492-4-4 -> 1492-3-30 (30 Alturiak, Year of Three Ships Sailing DR)
The days gone back over held:
  30 Alturiak 1492: The fair (day 2 of 3); weather: rain, 3°C
  1 Ches 1492: The fair (day 3 of 3); Selûne is full
  3 Ches 1492: weather: sun, 3°C
`
	if env.Out.String() != want || env.ErrOut.String() != "" {
		t.Errorf("stdout:\n%s\nstderr %q; want:\n%s", env.Out, env.ErrOut, want)
	}
}

// Days that held nothing add nothing to the line.
func TestAdvanceOverEmptyDaysPrintsTheLineAlone(t *testing.T) {
	env := newCTEnv(t, "", movedWith(t, "1492-4-10", 1492, 4, 12, false)...)
	if err := env.run("advance", "12", "--days", "2"); err != nil {
		t.Fatal(err)
	}
	if want := "1492-4-10 -> 1492-4-12 (12 Ches, Year of Three Ships Sailing DR)\n"; env.Out.String() != want {
		t.Errorf("stdout %q, want %q", env.Out, want)
	}
}

// -o json is the server's record with one key more, days_passed: a day
// that held something an object, in date order.
func TestAdvanceJSONAddsTheDaysPassed(t *testing.T) {
	env := newCTEnv(t, "json", movedWith(t, "1492-3-28", 1492, 4, 2, true)...)
	if err := env.run("advance", "12", "--days", "4"); err != nil {
		t.Fatal(err)
	}
	var got map[string]json.RawMessage
	if err := json.Unmarshal(env.Out.Bytes(), &got); err != nil {
		t.Fatalf("-o json printed %s: %v", env.Out, err)
	}
	passed := got["days_passed"]
	delete(got, "days_passed")
	rest, _ := json.Marshal(got)
	if !cmdtest.SameJSON(string(rest), harptos("1492-4-2")) {
		t.Errorf("-o json without days_passed\n%s\nwant the server's record", rest)
	}
	own := `"owner":{"kind":"entity","id":40,"name":"Calendar of Harptos","type":"calendar"}`
	fair := func(d, n int) string {
		return fmt.Sprintf(`{"reminder_id":2,"comment":"The fair",%s,"span":{"start":"1492-3-29","end":"1492-4-1","day":%d,"days":3}}`, own, n)
	}
	want := `[{"date":"1492-3-29","reminders":[` + fair(29, 1) + `],"weather":[]},` +
		`{"date":"1492-3-30","reminders":[` + fair(30, 2) + `],"weather":[` + weatherEntry(1, 1492, 3, 30, "cloud-rain") + `]},` +
		`{"date":"1492-4-1","reminders":[` + fair(1, 3) + `,{"reminder_id":3,"comment":"Selûne is full",` + own +
		`,"span":{"start":"1492-4-1","end":"1492-4-1","day":1,"days":1}}],"weather":[]}]`
	if !cmdtest.SameJSON(string(passed), want) {
		t.Errorf("days_passed\n%s\nwant\n%s", passed, want)
	}
	// The key comes last, after the server's own.
	if out := env.Out.String(); strings.Index(out, `"days_passed"`) < strings.Index(out, `"leap_year_start"`) {
		t.Errorf("-o json printed days_passed before the server's keys:\n%s", out)
	}
}

// A move to the current date passes no day and reads nothing more.
func TestAdvanceToTheCurrentDateJSONPassesNoDay(t *testing.T) {
	env := newCTEnv(t, "json", answer("GET calendars/12", harptos("1492-4-1")))
	if err := env.run("advance", "12", "--to", "1492-4-1"); err != nil {
		t.Fatal(err)
	}
	env.WantSent("GET calendars/12")
	want := strings.TrimSuffix(harptos("1492-4-1"), "}") + `,"days_passed":[]}`
	if !cmdtest.SameJSON(env.Out.String(), want) {
		t.Errorf("-o json printed\n%s\nwant\n%s", env.Out, want)
	}
}

// Many days are bounded: ten lines, then how many more.
func TestAdvanceOverManyDaysSaysHowManyMore(t *testing.T) {
	long := storedReminder(1, 12, 40, "1492-4-2", 25, "Siege", "", "")
	reads := []cmdtest.Exchange{answer("GET calendars/12/reminders", reminderPage(1, 1, 1, long)),
		answer("GET calendars/12/calendar_weathers", weatherPage(1, 1))}
	env := newCTEnv(t, "", append(moveAnswers(t, "1492-4-1", 1492, 5, 1)[:2], reads...)...)
	if err := env.run("advance", "12", "--to", "1492-5-1"); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(env.Out.String(), "\n"), "\n")
	if len(lines) != 13 || lines[2] != "  2 Ches 1492: Siege (day 1 of 25)" || lines[11] != "  11 Ches 1492: Siege (day 10 of 25)" ||
		lines[12] != "  and 15 more days (-o json lists them all)" {
		t.Errorf("stdout:\n%s", env.Out)
	}
}

// What the server wrote is shown without its control characters.
func TestAdvanceShowsServerTextSafely(t *testing.T) {
	hostile := strings.Replace(storedReminder(1, 12, 40, "1492-4-2", 1, "Fair ESC", "", ""), "ESC", `\u001b[2J\nday`, 1)
	weather := strings.Replace(weatherEntry(1, 1492, 4, 2, "BEL"), "BEL", `\u0007hail\u001b]0;x\u0007`, 1)
	reads := []cmdtest.Exchange{answer("GET calendars/12/reminders", reminderPage(1, 1, 1, hostile)),
		answer("GET calendars/12/calendar_weathers", weatherPage(1, 1, weather))}
	env := newCTEnv(t, "", append(moveAnswers(t, "1492-4-1", 1492, 4, 2)[:2], reads...)...)
	if err := env.run("advance", "12"); err != nil {
		t.Fatal(err)
	}
	out := env.Out.String()
	if strings.ContainsAny(out, "\x1b\x07") || strings.Count(out, "\n") != 3 || !strings.Contains(out, "2 Ches 1492: Fair") {
		t.Errorf("stdout %q", out)
	}
}

// A failure to read what the days held comes after the move: the date
// moved, so the run says so and succeeds (a retry would move it again),
// with a warning; -o json's days_passed is then null.
func TestAdvanceWhoseDaysCannotBeReadStillSaysItMoved(t *testing.T) {
	for _, format := range []string{"", "json"} {
		t.Run("format "+format, func(t *testing.T) {
			env := newCTEnv(t, format, append(moveAnswers(t, "1492-4-1", 1492, 4, 2)[:2],
				cmdtest.Exchange{Request: "GET calendars/12/reminders", Status: 500, Answer: `{"message":"Server Error"}`},
				cmdtest.Exchange{Request: "GET calendars/12/calendar_weathers", Status: 200, Answer: weatherPage(1, 1), Optional: true})...)
			if err := env.run("advance", "12"); err != nil {
				t.Fatalf("error %v: the date moved", err)
			}
			if !strings.HasPrefix(env.ErrOut.String(), "warning: the date moved, but what the days passed held could not be read: ") {
				t.Errorf("stderr %q", env.ErrOut)
			}
			if format == "" {
				if want := "1492-4-1 -> 1492-4-2 (2 Ches, Year of Three Ships Sailing DR)\n"; env.Out.String() != want {
					t.Errorf("stdout %q", env.Out)
				}
				return
			}
			want := strings.TrimSuffix(harptos("1492-4-2"), "}") + `,"days_passed":null}`
			if !cmdtest.SameJSON(env.Out.String(), want) {
				t.Errorf("-o json printed\n%s\nwant\n%s", env.Out, want)
			}
		})
	}
}

// -o yaml stays the calendar's file form, which -f reads back: no key of
// kanka's own.
func TestAdvanceYAMLIsTheFileForm(t *testing.T) {
	env := newCTEnv(t, "yaml", movedWith(t, "1492-3-28", 1492, 4, 2, true)...)
	if err := env.run("advance", "12", "--days", "4"); err != nil {
		t.Fatal(err)
	}
	if out := env.Out.String(); !strings.Contains(out, "\ndate: \"1492-4-2\"\n") || strings.Contains(out, "days_passed") {
		t.Errorf("-o yaml printed\n%s", out)
	}
}

// Days passed that hold more reminder days than a run expands are not
// listed: the move stands, a warning says why and what lists them.
func TestAdvanceOverTooManyReminderDaysSaysSo(t *testing.T) {
	siege := storedReminder(1, 12, 40, "1492-4-2", 150_000, "The long siege", "", "")
	reads := []cmdtest.Exchange{answer("GET calendars/12/reminders", reminderPage(1, 1, 1, siege)),
		{Request: "GET calendars/12/calendar_weathers", Status: 200, Answer: weatherPage(1, 1), Optional: true}}
	env := newCTEnv(t, "json", append(moveAnswers(t, "1492-4-1", 1992, 4, 1)[:2], reads...)...)
	if err := env.run("advance", "12", "--years", "500"); err != nil {
		t.Fatal(err)
	}
	if want := "warning: the date moved; the days passed hold reminders on more than 100000 days, too many to list: `kanka calendar agenda 12 --from 1492-4-2 --to 1992-4-1` lists them\n"; env.ErrOut.String() != want {
		t.Errorf("stderr %q, want %q", env.ErrOut, want)
	}
	if want := strings.TrimSuffix(harptos("1992-4-1"), "}") + `,"days_passed":null}`; !cmdtest.SameJSON(env.Out.String(), want) {
		t.Errorf("-o json printed\n%s", env.Out)
	}
}
