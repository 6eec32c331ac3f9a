package calendar

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/cmdutil/cmdtest"
	"github.com/kanka-cli/kanka/internal/cache"
)

// storedReminder is a reminder as the service lists it: of calendar cal, of
// entity entity (the Calendar of Harptos is entity 40), or of a post when
// entity is negative.
func storedReminder(id, cal, entity int, date string, length int, comment, periodicity, until string) string {
	on, err := client.ParseDate(date)
	if err != nil {
		panic(date)
	}
	y, m, d := on.Year, on.Month, on.Day
	of := `App\\Models\\Entity`
	if entity < 0 {
		of, entity = `App\\Models\\Post`, -entity
	}
	opt := func(s string) string {
		if s == "" {
			return "null"
		}
		return fmt.Sprintf("%q", s)
	}
	return fmt.Sprintf(`{"id":%d,"remindable_id":%d,"remindable_type":"%s","calendar_id":%d,"date":"%s","day":%d,"month":%d,"year":%d,`+
		`"length":%d,"comment":%s,"is_recurring":%v,"recurring_until":%s,"recurring_periodicity":%s,"colour":null,"type_id":null,"visibility_id":1,`+
		`"created_at":"2026-01-02T03:04:05.000000Z","created_by":1,"updated_at":"2026-01-02T03:04:05.000000Z","updated_by":null}`,
		id, entity, of, cal, date, d, m, y, length, opt(comment), periodicity != "", opt(until), opt(periodicity))
}

// reminderPage is page n of last of calendar 12's reminders, 15 a page.
func reminderPage(n, last, total int, reminders ...string) string {
	return fmt.Sprintf(`{"data":[%s],"links":{"next":null},"meta":{"current_page":%d,"last_page":%d,"per_page":15,"total":%d}}`,
		strings.Join(reminders, ","), n, last, total)
}

// chesReminders are calendar 12's reminders on two pages: a yearly feast
// (1492-4-5), a fair of three days across the end of Alturiak, a repeat
// on Selûne's full moon (1 Ches), Elminster's birthday (12 Ches), a
// post's (20 Ches), another calendar's and a "yearly" one (the service
// gives them no day), ten of 1491, and on page 2 a monthly market until
// 1492 (27 Ches).
func chesReminders() []cmdtest.Exchange {
	first := []string{
		storedReminder(1, 12, 40, "1400-4-5", 1, "Feast of the Claw", "year", ""),
		storedReminder(2, 12, 40, "1492-3-29", 3, "The fair", "", ""),
		storedReminder(3, 12, 40, "1490-1-1", 1, "Selûne is full", "9_f", ""),
		storedReminder(4, 12, 50, "1350-4-12", 1, "Born", "year", ""),
		storedReminder(5, 12, -7, "1492-4-20", 1, "From the journal", "", ""),
		storedReminder(6, 13, 40, "1492-4-7", 1, "Another calendar's", "", ""),
		storedReminder(7, 12, 40, "1492-4-8", 1, "Documented yearly", "yearly", ""),
	}
	for id := 8; id <= 15; id++ {
		first = append(first, storedReminder(id, 12, 40, fmt.Sprintf("1491-4-%d", id), 1, "Last year", "", ""))
	}
	return []cmdtest.Exchange{
		answer("GET calendars/12/reminders", reminderPage(1, 2, 16, first...)),
		answer("GET calendars/12/reminders?page=2", reminderPage(2, 2, 16, storedReminder(16, 12, 40, "1492-1-27", 1, "Market day", "month", "1492"))),
	}
}

// chesWithReminders is Ches 1492 piped in ASCII with showAnswers' weather
// and chesReminders: the reminder's slot after the weather's, the moon and
// the season sharing one (80 columns).
const chesWithReminders = `      Ches (The Claw of the Sunsets) 1492 DR, Year of Three Ships Sailing
 Fir     Sec     Thi     Fou     Fif     Six     Sev     Eig     Nin     Ten
 [1] !O   2       3 s     4       5  !    6       7       8       9   (  10
 11      12  !   13      14      15      16      17   @  18      19 r +  20  !
 21      22      23      24   )  25      26      27  !   28      29      30

[1]  today: 1 Ches, Year of Three Ships Sailing DR
O    full moon: Selûne
@    new moon: Selûne
)    first quarter: Selûne
(    last quarter: Selûne
+    season starts: Spring on 19 Ches

 1 !  The fair (day 3 of 3)        12 !  Born (entity 50)
 1 !  Selûne is full               20 !  From the journal (post 7)
 5 !  Feast of the Claw            27 !  Market day

 3 s sun, cloud  3°C    19 r rain        3°C
`

var reminderRoutes = []string{"GET calendars/12/reminders", "GET calendars/12/reminders?page=2"}

func showWithRemindersAnswers() []cmdtest.Exchange {
	return append(append([]cmdtest.Exchange{answer("GET calendars/12", harptos("1492-4-1"))}, wholeWeather()...), chesReminders()...)
}

// wholeWeather is weatherAnswers with its true total (5), which the cache
// keeps.
func wholeWeather() []cmdtest.Exchange {
	out := weatherAnswers()
	for i := range out {
		out[i].Answer = strings.Replace(out[i].Answer, `"total":6`, `"total":5`, 1)
	}
	return out
}

func TestShowMarksTheDaysRemindersFallOn(t *testing.T) {
	asciiLocale(t)
	env := newCTEnv(t, "", showWithRemindersAnswers()...)
	if err := env.run("show", "12"); err != nil {
		t.Fatal(err)
	}
	env.WantSentAnyOrder(append(showRoutes[:3:3], reminderRoutes...)...)
	if env.Out.String() != chesWithReminders {
		t.Errorf("show printed:\n%s\nwant:\n%s", env.Out, chesWithReminders)
	}
}

// -o json: each day's reminders after its weather, with its id, comment,
// owner (the calendar's own by its name; another entity by id when its
// name is not known) and span.
func TestShowJSONCarriesTheReminders(t *testing.T) {
	env := newCTEnv(t, "json", showWithRemindersAnswers()...)
	if err := env.run("show", "12"); err != nil {
		t.Fatal(err)
	}
	var month struct {
		Days []struct {
			Reminders []json.RawMessage `json:"reminders"`
		} `json:"days"`
	}
	if err := json.Unmarshal(env.Out.Bytes(), &month); err != nil {
		t.Fatal(err)
	}
	got := map[int][]string{}
	for i, d := range month.Days {
		for _, r := range d.Reminders {
			var b bytes.Buffer
			if err := json.Compact(&b, r); err != nil {
				t.Fatal(err)
			}
			got[i+1] = append(got[i+1], b.String())
		}
	}
	own := `{"kind":"entity","id":40,"name":"Calendar of Harptos","type":"calendar"}`
	want := map[int][]string{
		1: {`{"reminder_id":2,"comment":"The fair","owner":` + own + `,"span":{"start":"1492-3-29","end":"1492-4-1","day":3,"days":3}}`,
			`{"reminder_id":3,"comment":"Selûne is full","owner":` + own + `,"span":{"start":"1492-4-1","end":"1492-4-1","day":1,"days":1}}`},
		5:  {`{"reminder_id":1,"comment":"Feast of the Claw","owner":` + own + `,"span":{"start":"1492-4-5","end":"1492-4-5","day":1,"days":1}}`},
		12: {`{"reminder_id":4,"comment":"Born","owner":{"kind":"entity","id":50,"name":null,"type":null},"span":{"start":"1492-4-12","end":"1492-4-12","day":1,"days":1}}`},
		20: {`{"reminder_id":5,"comment":"From the journal","owner":{"kind":"post","id":7,"name":null,"type":null},"span":{"start":"1492-4-20","end":"1492-4-20","day":1,"days":1}}`},
		27: {`{"reminder_id":16,"comment":"Market day","owner":` + own + `,"span":{"start":"1492-4-27","end":"1492-4-27","day":1,"days":1}}`},
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("reminders by day:\n%v\nwant\n%v", got, want)
	}
}

// --day lists the day's reminders after its weather.
func TestShowDayListsItsReminders(t *testing.T) {
	asciiLocale(t)
	env := newCTEnv(t, "", showWithRemindersAnswers()...)
	if err := env.run("show", "12", "--day", "1492-Ches-1"); err != nil {
		t.Fatal(err)
	}
	want := "" +
		"Date:     1 Ches, Year of Three Ships Sailing DR (1492-4-1), today\n" +
		"Weekday:  First-day\n" +
		"Season:   Winter\n" +
		"Moons:    Selûne full\n" +
		"Weather:  none recorded\n" +
		"Reminder: The fair (day 3 of 3: 1492-3-29 to 1492-4-1)\n" +
		"Reminder: Selûne is full\n"
	if env.Out.String() != want {
		t.Errorf("--day printed:\n%s\nwant:\n%s", env.Out, want)
	}
}

// --no-reminders reads none and marks none.
func TestShowNoReminders(t *testing.T) {
	asciiLocale(t)
	env := newCTEnv(t, "", append([]cmdtest.Exchange{answer("GET calendars/12", harptos("1492-4-1"))}, weatherAnswers()...)...)
	if err := env.run("show", "12", "--no-reminders"); err != nil {
		t.Fatal(err)
	}
	env.WantSentAnyOrder(showRoutes[:3]...)
	if env.Out.String() != ches1492 {
		t.Errorf("show printed:\n%s\nwant:\n%s", env.Out, ches1492)
	}
}

// With the local cache, a warm show asks for the page of each list's
// tail: the calendar, the weather's page 2 and the reminders' page 2.
// --refresh walks every page again.
func TestShowRemindersFromTheCache(t *testing.T) {
	asciiLocale(t)
	root := t.TempDir()
	k := cache.Open(cache.Options{Root: root, Profile: "p", Host: "h", Campaign: 1, Token: "a token no answer holds"})
	run := func(t *testing.T, args []string, answers ...cmdtest.Exchange) *testEnv {
		t.Helper()
		env := newCTEnv(t, "", answers...)
		env.F.Cache = func() *cache.Cache { return k }
		if err := env.run(append([]string{"show", "12"}, args...)...); err != nil {
			t.Fatal(err)
		}
		if env.Out.String() != chesWithReminders {
			t.Errorf("show printed:\n%s\nwant:\n%s", env.Out, chesWithReminders)
		}
		return env
	}
	env := run(t, nil, showWithRemindersAnswers()...)
	env.WantSentAnyOrder(append(showRoutes[:3:3], reminderRoutes...)...)

	weatherTail := wholeWeather()[1]
	remindersTail := chesReminders()[1]
	env = run(t, nil, answer("GET calendars/12", harptos("1492-4-1")), weatherTail, remindersTail)
	env.WantSentAnyOrder("GET calendars/12", "GET calendars/12/calendar_weathers?page=2", "GET calendars/12/reminders?page=2")

	env = run(t, []string{"--refresh"}, showWithRemindersAnswers()...)
	env.WantSentAnyOrder(append(showRoutes[:3:3], reminderRoutes...)...)
}
