package calendar

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/kanka-cli/kanka/cmd/cmdutil/cmdtest"
	"github.com/kanka-cli/kanka/internal/cache"
)

// agendaAnswers are calendar 12 (today 1492-4-1) and its reminders
// (chesReminders), and Elminster, entity 50, whose birthday is among them.
func agendaAnswers() []cmdtest.Exchange {
	return append(noEntityAnswers(), answer("GET entities/50", `{"data":{"id":50,"name":"Elminster","type":"character","child_id":7}}`))
}

// noEntityAnswers are agendaAnswers for days without Elminster's birthday.
func noEntityAnswers() []cmdtest.Exchange {
	return append([]cmdtest.Exchange{answer("GET calendars/12", harptos("1492-4-1"))}, chesReminders()...)
}

var agendaRoutes = []string{"GET calendars/12", "GET calendars/12/reminders", "GET calendars/12/reminders?page=2", "GET entities/50"}

// The 30 days from the current date, piped: a row a day and reminder, by
// date and then id; whose each is (the entity read once); the day's moons
// and a season's start.
func TestAgendaOfTheNext30Days(t *testing.T) {
	env := newCTEnv(t, "", agendaAnswers()...)
	if err := env.run("agenda", "12"); err != nil {
		t.Fatal(err)
	}
	env.WantSent(agendaRoutes...)
	want := "" +
		"DATE       WEEKDAY      REMINDER               WHOSE                          MOONS                   SEASON  ID\n" +
		"1492-4-1   First-day    The fair (day 3 of 3)  Calendar of Harptos, calendar  Selûne full                     2\n" +
		"1492-4-1   First-day    Selûne is full         Calendar of Harptos, calendar  Selûne full                     3\n" +
		"1492-4-5   Fifth-day    Feast of the Claw      Calendar of Harptos, calendar  Selûne waning gibbous           1\n" +
		"1492-4-12  Second-day   Born                   Elminster, character                                           4\n" +
		"1492-4-20  Tenth-day    From the journal       post 7                         Selûne waxing crescent          5\n" +
		"1492-4-27  Seventh-day  Market day             Calendar of Harptos, calendar                                  16\n"
	if env.Out.String() != want {
		t.Errorf("agenda printed:\n%s\nwant:\n%s", env.Out, want)
	}
}

// -o json: an object a day and reminder, sorted by date and then id,
// with its weekday, owner, span, moons and season.
func TestAgendaJSON(t *testing.T) {
	env := newCTEnv(t, "json", noEntityAnswers()...)
	if err := env.run("agenda", "12", "--from", "1492-Alturiak-30", "--days", "2"); err != nil {
		t.Fatal(err)
	}
	env.WantSent(agendaRoutes[:3]...) // the calendar's own reminders only: no entity read
	var got bytes.Buffer
	if err := json.Compact(&got, env.Out.Bytes()); err != nil {
		t.Fatal(err)
	}
	own := `{"kind":"entity","id":40,"name":"Calendar of Harptos","type":"calendar"}`
	want := `[` +
		`{"date":"1492-3-30","weekday":"Tenth-day","reminder_id":2,"comment":"The fair","owner":` + own + `,` +
		`"span":{"start":"1492-3-29","end":"1492-4-1","day":2,"days":3},"moons":[],"season":"Winter","season_starts":false},` +
		`{"date":"1492-4-1","weekday":"First-day","reminder_id":2,"comment":"The fair","owner":` + own + `,` +
		`"span":{"start":"1492-3-29","end":"1492-4-1","day":3,"days":3},"moons":[{"name":"Selûne","phase":"full"}],"season":"Winter","season_starts":false},` +
		`{"date":"1492-4-1","weekday":"First-day","reminder_id":3,"comment":"Selûne is full","owner":` + own + `,` +
		`"span":{"start":"1492-4-1","end":"1492-4-1","day":1,"days":1},"moons":[{"name":"Selûne","phase":"full"}],"season":"Winter","season_starts":false}]`
	if got.String() != want {
		t.Errorf("agenda -o json:\n%s\nwant:\n%s", got.String(), want)
	}
}

// A season's start, an intercalary day (no weekday), -o ndjson and -o
// yaml.
func TestAgendaSeasonsAndOtherFormats(t *testing.T) {
	festival := storedReminder(1, 12, 40, "1490-2-1", 1, "Midwinter", "year", "")
	spring := storedReminder(2, 12, 40, "1492-4-19", 1, "Spring fair", "", "")
	answers := func() []cmdtest.Exchange {
		return []cmdtest.Exchange{answer("GET calendars/12", harptos("1492-4-1")),
			answer("GET calendars/12/reminders", reminderPage(1, 1, 2, festival, spring))}
	}
	env := newCTEnv(t, "ndjson", answers()...)
	if err := env.run("agenda", "12", "--from", "1492-1-1", "--to", "1492-Ches-30"); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(env.Out.String(), "\n"), "\n")
	if len(lines) != 2 || !strings.HasPrefix(lines[0], `{"date":"1492-2-1","weekday":null,"reminder_id":1,`) ||
		!strings.HasSuffix(lines[1], `"season":"Spring","season_starts":true}`) {
		t.Errorf("ndjson:\n%s", env.Out)
	}
	env = newCTEnv(t, "yaml", answers()...)
	if err := env.run("agenda", "12", "--from", "1492-Ches-19", "--days", "1"); err != nil {
		t.Fatal(err)
	}
	want := `- date: "1492-4-19"
  weekday: Ninth-day
  reminder_id: 2
  comment: Spring fair
  owner:
    kind: entity
    id: 40
    name: Calendar of Harptos
    type: calendar
  span:
    start: "1492-4-19"
    end: "1492-4-19"
    day: 1
    days: 1
  moons: []
  season: Spring
  season_starts: true
`
	if env.Out.String() != want {
		t.Errorf("-o yaml:\n%s\nwant:\n%s", env.Out, want)
	}
}

// On a terminal the dates name their months and the table fits the
// width; an agenda with nothing in it says so on stderr.
func TestAgendaOnATerminal(t *testing.T) {
	env := newCTEnv(t, "", noEntityAnswers()...)
	env.F.IO.TermWidth = 60
	env.Terminal()
	if err := env.run("agenda", "12", "--days", "5"); err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(strings.TrimSuffix(env.Out.String(), "\n"), "\n") {
		if n := len([]rune(strings.NewReplacer("\x1b[1m", "", "\x1b[0m", "").Replace(line))); n > 60 {
			t.Errorf("a line of %d columns: %q", n, line)
		}
	}
	if !strings.Contains(env.Out.String(), "1 Ches 1492") || !strings.Contains(env.Out.String(), "Feast of the Claw") {
		t.Errorf("agenda on a terminal:\n%s", env.Out)
	}

	env = newCTEnv(t, "", answer("GET calendars/12", harptos("1492-4-1")), noReminders())
	env.Terminal()
	if err := env.run("agenda", "12", "--days", "7"); err != nil {
		t.Fatal(err)
	}
	if env.Out.String() != "" || env.ErrOut.String() != "no reminder falls on the days from 1 Ches 1492 to 7 Ches 1492\n" {
		t.Errorf("empty agenda: stdout %q, stderr %q", env.Out, env.ErrOut)
	}
	env = newCTEnv(t, "json", answer("GET calendars/12", harptos("1492-4-1")), noReminders())
	if err := env.run("agenda", "12"); err != nil {
		t.Fatal(err)
	}
	if env.Out.String() != "[]\n" || env.ErrOut.String() != "" {
		t.Errorf("empty agenda -o json: stdout %q, stderr %q", env.Out, env.ErrOut)
	}
}

// The window: --from in the one grammar (today, +N, month names), --to
// included, --days from --from or from the current date.
func TestAgendaWindow(t *testing.T) {
	for _, tc := range []struct {
		args       []string
		first, end string
	}{
		{nil, "1492-4-1", "1492-4-30"},
		{[]string{"--days", "1"}, "1492-4-1", "1492-4-1"},
		{[]string{"--from", "tomorrow", "--days", "3"}, "1492-4-2", "1492-4-4"},
		{[]string{"--from", "+30"}, "1492-5-1", "1492-5-30"},
		{[]string{"--from", "3 Alturiak 1492", "--to", "1492-Ches-2"}, "1492-3-3", "1492-4-2"},
		{[]string{"--to", "+2"}, "1492-4-1", "1492-4-3"},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			daily := storedReminder(1, 12, 40, "1400-1-1", 100000, "Every day", "", "")
			env := newCTEnv(t, "json", answer("GET calendars/12", harptos("1492-4-1")),
				answer("GET calendars/12/reminders", reminderPage(1, 1, 1, daily)))
			env.F.Globals.JQ = `[first.date, last.date] | join(" ")`
			if err := env.run(append([]string{"agenda", "12"}, tc.args...)...); err != nil {
				t.Fatal(err)
			}
			if got := strings.TrimSpace(env.Out.String()); got != tc.first+" "+tc.end {
				t.Errorf("window %q, want %s %s", got, tc.first, tc.end)
			}
		})
	}
}

// Bad input: exit 2, naming the flag; nothing sent before the calendar's
// read when only the calendar can tell.
func TestAgendaRefusesBadInput(t *testing.T) {
	for _, tc := range []struct {
		args []string
		read bool // the calendar is read first
		want string
	}{
		{[]string{"--to", "1492-4-3", "--days", "3"}, false, "--to and --days cannot be used together: give one"},
		{[]string{"--days", "0"}, false, "--days must be 1 or more, not 0"},
		{[]string{"--from", "Ches 3"}, false, `--from: "Ches 3" is not a date: write YEAR-MONTH-DAY (1492-4-3, 1492-Ches-3) or DAY MONTH YEAR (3 Ches 1492)`},
		{[]string{"--from", "1492-Ches-31"}, true, "--from: day 31 does not exist: Ches has 30 days"},
		{[]string{"--from", "1492-4-5", "--to", "1492-4-4"}, true, "--from 5 Ches 1492 is after --to 4 Ches 1492: no day is in between"},
		{[]string{"--to", "1492-Thaw-1"}, true, `--to: month "Thaw" does not exist in this calendar`},
		{[]string{"--days", "2000000000000000"}, true, "--days: "},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			var answers []cmdtest.Exchange
			if tc.read {
				answers = append(answers, answer("GET calendars/12", harptos("1492-4-1")))
			}
			env := newCTEnv(t, "", answers...)
			err := env.run(append([]string{"agenda", "12"}, tc.args...)...)
			if strings.HasSuffix(tc.want, ": ") {
				wantUsage(t, err, "")
				if !strings.HasPrefix(err.Error(), tc.want) {
					t.Errorf("error %q", err)
				}
				return
			}
			wantUsage(t, err, tc.want)
		})
	}
	env := newCTEnv(t, "", answer("GET calendars/12", harptos("")))
	wantUsage(t, env.run("agenda", "12"), "calendar \"Calendar of Harptos\" has no current date: give --from, or set one with `kanka calendar update 12 --date Y-M-D`")
}

// Warm, the agenda asks for the reminders' tail page and no entity the
// cache read in the last hour.
func TestAgendaFromTheCache(t *testing.T) {
	k := cache.Open(cache.Options{Root: t.TempDir(), Profile: "p", Host: "h", Campaign: 1, Token: "a token no answer holds"})
	for i, answers := range [][]cmdtest.Exchange{agendaAnswers(), {answer("GET calendars/12", harptos("1492-4-1")), chesReminders()[1]}} {
		env := newCTEnv(t, "id", answers...)
		env.F.Globals.Output = ""
		env.F.Cache = func() *cache.Cache { return k }
		if err := env.run("agenda", "12"); err != nil {
			t.Fatal(err)
		}
		if i == 1 {
			env.WantSent("GET calendars/12", "GET calendars/12/reminders?page=2")
		}
		if !strings.Contains(env.Out.String(), "Elminster, character") {
			t.Errorf("run %d:\n%s", i+1, env.Out)
		}
	}
}

// A window whose reminders fall on too many days asks for fewer (exit 2)
// and prints nothing.
func TestAgendaOfTooManyDays(t *testing.T) {
	daily := storedReminder(1, 12, 40, "1400-1-1", 1000000, "Every day", "", "")
	env := newCTEnv(t, "json", answer("GET calendars/12", harptos("1492-4-1")),
		answer("GET calendars/12/reminders", reminderPage(1, 1, 1, daily)))
	err := env.run("agenda", "12", "--days", "100001")
	wantUsage(t, err, "the reminders fall on more than 100000 days from 1492-4-1 to 1765-17-13: ask for fewer days")
	if env.Out.String() != "" {
		t.Errorf("printed %s", env.Out)
	}
}

// --refresh reads the calendar and every page of its reminders again,
// whatever the cache holds.
func TestAgendaRefreshReadsEveryPage(t *testing.T) {
	k := cache.Open(cache.Options{Root: t.TempDir(), Profile: "p", Host: "h", Campaign: 1, Token: "a token no answer holds"})
	for i, args := range [][]string{{"agenda", "12"}, {"agenda", "12", "--refresh"}} {
		answers := agendaAnswers()
		if i == 1 {
			answers = noEntityAnswers()
		}
		env := newCTEnv(t, "id", answers...)
		env.F.Globals.Output = ""
		env.F.Cache = func() *cache.Cache { return k }
		if err := env.run(args...); err != nil {
			t.Fatal(err)
		}
		if i == 1 {
			env.WantSent(agendaRoutes[:3]...)
		}
	}
}

// A year whose reminders fall on too many days is refused by show as by
// agenda: a usage error (exit 2), nothing printed.
func TestShowOfTooManyReminderDays(t *testing.T) {
	long := make([]string, 300)
	for i := range long {
		long[i] = storedReminder(i+1, 12, 40, "1400-1-1", 1000000, "Always", "", "")
	}
	env := newCTEnv(t, "json", answer("GET calendars/12", harptos("1492-4-1")),
		answer("GET calendars/12/reminders", reminderPage(1, 1, len(long), long...)))
	err := env.run("show", "12", "--year", "1492", "--whole-year", "--no-weather")
	wantUsage(t, err, "")
	if !strings.Contains(err.Error(), "ask for fewer days") {
		t.Errorf("error %q", err)
	}
	if env.Out.String() != "" {
		t.Errorf("printed %s", env.Out)
	}
}
