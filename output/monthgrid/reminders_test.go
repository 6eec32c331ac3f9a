package monthgrid

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/kanka-cli/kanka/almanac"
)

func text(s string) *string { return &s }

// remindersOf are the days of one occurrence of reminder id, from start
// for days days (within Ches 1492 or across its end), as the caller gives
// them.
func remindersOf(id int, comment string, owner Owner, start almanac.Date, days int) []Reminder {
	var out []Reminder
	end := start
	end.Day += days - 1
	for i := range days {
		d := start
		d.Day += i
		out = append(out, Reminder{Date: d, ID: id, Comment: text(comment), Owner: owner,
			Span: Span{Start: start, End: end, Day: int64(i + 1), Days: int64(days)}})
	}
	return out
}

var (
	ownEntity = Owner{Kind: "entity", ID: 1, Name: text("Calendar of Harptos"), Type: text("calendar"), Own: true}
	elminster = Owner{Kind: "entity", ID: 50, Name: text("Elminster"), Type: text("character")}
)

// chesReminders are Ches 1492's reminders: a festival on the 1st, a fair
// of three days from the 11th, Elminster's birthday on the 19th (a day
// with weather, a season start and a fair no more), a post's on the 24th
// whose name is not known, and a fair that began in Alturiak and a day of
// Tarsakh (neither shown).
func chesReminders() []Reminder {
	var rs []Reminder
	rs = append(rs, remindersOf(3, "Feast of the Claw", ownEntity, almanac.Date{Year: 1492, Month: 4, Day: 1}, 1)...)
	rs = append(rs, remindersOf(5, "The fair", ownEntity, almanac.Date{Year: 1492, Month: 4, Day: 11}, 3)...)
	rs = append(rs, remindersOf(9, "Born", elminster, almanac.Date{Year: 1492, Month: 4, Day: 19}, 1)...)
	rs = append(rs, remindersOf(12, "", Owner{Kind: "post", ID: 7}, almanac.Date{Year: 1492, Month: 4, Day: 24}, 1)...)
	rs = append(rs, Reminder{Date: almanac.Date{Year: 1492, Month: 3, Day: 30}, ID: 20, Comment: text("Winter's end"), Owner: ownEntity},
		Reminder{Date: almanac.Date{Year: 1492, Month: 5, Day: 1}, ID: 21, Comment: text("Tarsakh"), Owner: ownEntity})
	return rs
}

// With every mark and a reminder a Harptos cell is 8 columns: the week is
// 89. At each width the cells give way in the documented order, the
// number, the weather and the reminder staying to the last, where the
// reminder's mark takes the weather's place; the legend names every day's
// reminders in words.
func TestRemindersGiveWayInTheDocumentedOrder(t *testing.T) {
	for _, tc := range []struct {
		width int
		row   string // the week of the 11th to the 20th
		cell  string // the 19th's cell: weather, reminder, moon or season
	}{
		{89, " 11 ☂•   [12]☂•    13 ☼•    14 ☀     15 ☼     16 ≡     17 ☂ ●   18 ☂     19 ☂• ✦  20 ☂", " 19 ☂• ✦"},
		{88, " 11 ☂•  [12]☂•   13 ☼•   14 ☀    15 ☼    16 ≡    17 ☂ ●  18 ☂    19 ☂•✦  20 ☂", " 19 ☂•✦"},
		{79, " 11 ☂•  [12]☂•   13 ☼•   14 ☀    15 ☼    16 ≡    17 ☂ ●  18 ☂    19 ☂•✦  20 ☂", " 19 ☂•✦"},
		{78, " 11☂•   12☂•*  13☼•   14☀    15☼    16≡    17☂ ●  18☂    19☂•✦  20☂", " 19☂•✦"},
		{60, "11☂•  12☂•* 13☼•  14☀   15☼   16≡   17☂ ● 18☂   19☂•✦ 20☂", "19☂•✦"},
		{50, "11☂• 12*• 13☼• 14☀  15☼  16≡  17☂  18☂  19☂• 20☂", "19☂•"},
		{40, "11• 12* 13• 14☀ 15☼ 16≡ 17☂ 18☂ 19• 20☂", "19•"},
	} {
		t.Run(fmt.Sprint(tc.width), func(t *testing.T) {
			in := generatedChes(t)
			in.Reminders = chesReminders()
			got := mustGrid(t, in).Text(Options{Unicode: true, Width: tc.width})
			assertFits(t, got, tc.width)
			if !strings.Contains(got, "\n"+tc.row+"\n") {
				t.Errorf("the second week is not\n%q\nin\n%s", tc.row, got)
			}
			if !strings.Contains(got, tc.cell) {
				t.Errorf("no cell %q in\n%s", tc.cell, got)
			}
			for _, words := range []string{"1 •  Feast of the Claw", "11 •  The fair (day 1 of 3)", "12 •  The fair (day 2 of 3)",
				"13 •  The fair (day 3 of 3)", "19 •  Born (Elminster, character)", "24 •  reminder 12 (post 7)"} {
				if !strings.Contains(got, words) && tc.width >= 60 {
					t.Errorf("the legend does not say %q:\n%s", words, got)
				}
			}
			if strings.Contains(got, "Winter's end") || strings.Contains(got, "Tarsakh") {
				t.Errorf("a reminder of another month is in the legend:\n%s", got)
			}
		})
	}
}

// The whole legend at 80 columns, piped in ASCII: the reminders between
// the marks and the weather, in columns read down.
func TestRemindersLegendGolden(t *testing.T) {
	in := generatedChes(t)
	in.Reminders = chesReminders()
	for _, unicode := range []bool{true, false} {
		name := "reminders-ches-1492-80.golden"
		if !unicode {
			name = "reminders-ches-1492-80-ascii.golden"
		}
		got := mustGrid(t, in).Text(Options{Unicode: unicode, Width: 80})
		assertFits(t, got, 80)
		assertGolden(t, name, got)
	}
}

// A grid with reminders and no weather: the reminder's slot alone, kept
// when the moons leave the cell.
func TestRemindersWithoutWeather(t *testing.T) {
	in := ches1492(t)
	in.Weather = nil
	in.Reminders = chesReminders()
	got := mustGrid(t, in).Text(Options{Width: 40})
	assertFits(t, got, 40)
	if !strings.Contains(got, "\n 1!  2   3   4   5   6   7   8   9  10\n") || !strings.Contains(got, "\n11! 12* 13! 14  15  16  17  18  19! 20\n") {
		t.Errorf("at 40 columns:\n%s", got)
	}
}

// A whole year's legend names each reminder's month.
func TestRemindersOfAWholeYear(t *testing.T) {
	in := ches1492(t)
	in.WholeYear, in.Weather = true, nil
	in.Reminders = chesReminders()
	got := mustGrid(t, in).Text(Options{Width: 80})
	for _, words := range []string{"\n30 Alturiak !  Winter's end\n", "\n     1 Ches !  Feast of the Claw\n", "\n  1 Tarsakh !  Tarsakh\n"} {
		if !strings.Contains(got, words) {
			t.Errorf("no %q in\n%s", words, got)
		}
	}
}

// The JSON lists each day's reminders after its weather: id, comment (null
// when none), owner, the span of the occurrence.
func TestRemindersInTheJSON(t *testing.T) {
	in := ches1492(t)
	in.Reminders = chesReminders()
	m := mustGrid(t, in).Value().(Month)
	b, err := json.Marshal(m.Days[11])
	if err != nil {
		t.Fatal(err)
	}
	want := `{"day":12,"date":"1492-4-12","weekday":"Second-day","moons":[],"season":"Winter","season_starts":false,` +
		`"weather":[{"id":12,"weather":"cloud","day":12,"month":4,"year":1492,"temperature":""},{"id":13,"weather":"wind","day":12,"month":4,"year":1492,"temperature":""}],` +
		`"reminders":[{"reminder_id":5,"comment":"The fair","owner":{"kind":"entity","id":1,"name":"Calendar of Harptos","type":"calendar"},` +
		`"span":{"start":"1492-4-11","end":"1492-4-13","day":2,"days":3}}]}`
	if string(b) != want {
		t.Errorf("day 12:\n%s\nwant\n%s", b, want)
	}
	b, _ = json.Marshal(m.Days[23].Reminders)
	if want := `[{"reminder_id":12,"comment":"","owner":{"kind":"post","id":7,"name":null,"type":null},"span":{"start":"1492-4-24","end":"1492-4-24","day":1,"days":1}}]`; string(b) != want {
		t.Errorf("day 24's reminders: %s\nwant %s", b, want)
	}
}

// A day in full lists its reminders after its weather, a span's days
// written out; a day without one says so once they were read.
func TestRemindersOfADayInFull(t *testing.T) {
	in := ches1492(t)
	in.Reminders, in.RemindersRead = chesReminders(), true
	g := mustGrid(t, in)
	got := fieldsText(g.DayFields(almanac.Date{Year: 1492, Month: 4, Day: 12}, false))
	if !strings.HasSuffix(got, "Weather: ~ wind\nReminder: The fair (day 2 of 3: 1492-4-11 to 1492-4-13)\n") {
		t.Errorf("the 12th:\n%s", got)
	}
	got = fieldsText(g.DayFields(almanac.Date{Year: 1492, Month: 4, Day: 19}, false))
	if !strings.HasSuffix(got, "Weather: none recorded\nReminder: Born (Elminster, character)\n") {
		t.Errorf("the 19th:\n%s", got)
	}
	got = fieldsText(g.DayFields(almanac.Date{Year: 1492, Month: 4, Day: 2}, false))
	if !strings.HasSuffix(got, "Weather: none recorded\nReminders: none\n") {
		t.Errorf("the 2nd:\n%s", got)
	}
	in.RemindersRead = false
	if got := fieldsText(mustGrid(t, in).DayFields(almanac.Date{Year: 1492, Month: 4, Day: 2}, false)); strings.Contains(got, "Reminder") {
		t.Errorf("reminders not read, yet:\n%s", got)
	}
}

// A comment from the server is made safe and one line, as every name is.
func TestReminderCommentsAreSanitized(t *testing.T) {
	in := ches1492(t)
	in.Reminders = remindersOf(1, "Feast\x1b[2J\nof fools", Owner{Kind: "entity", ID: 9, Name: text("Bad\x1b]0;x\a"), Type: text("npc")},
		almanac.Date{Year: 1492, Month: 4, Day: 2}, 1)
	got := mustGrid(t, in).Text(Options{Width: 80})
	if strings.ContainsAny(got, "\x1b\a") || !strings.Contains(got, "Feast^[[2J of fools (Bad^[]0;x^G, npc)") {
		t.Errorf("%q", got)
	}
}
