package calexport_test

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/kanka-cli/kanka/almanac"
	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/internal/calexport"
)

// Reminders of every kind exported to each tool, and the days each tool
// shows them on by its own reading of the file (tool_reading_test.go)
// compared with the days Kanka shows them on (the almanac's occurrences),
// within reminderYears of the current date: where the tool shows other
// days, the export said so, naming the nearest day that differs (or that
// the reminder is not written); where it said nothing, every day agrees.

// reminderYears is how many years either side of the current date the
// days are compared.
const reminderYears = 12

// withMoonIDs is the calendar with its moons numbered from 1, as the
// service numbers them.
func withMoonIDs(in client.CalendarInput) client.CalendarInput {
	in.Moons = slices.Clone(in.Moons)
	for i := range in.Moons {
		id := i + 1
		in.Moons[i].ID = &id
	}
	return in
}

// reminderSample is a reminder and whether every tool must write it
// (some day of it shown), or none may (it falls on no day in Kanka).
type reminderSample struct {
	calexport.Reminder
	written bool // a tool that can hold its kind shows it
	never   bool // it falls on no day: no tool writes it
}

// sampleReminders are reminders of each kind near the current date of
// the calendar r counts: one-off days and spans, yearly ones (with an end,
// across a month's end, on a leap day), monthly ones (from a later month,
// across a month's end, on a day some months lack), moon repeats, another
// entity's, and three that fall on no day.
func sampleReminders(r *almanac.Reckoning, cur almanac.Date) []reminderSample {
	y0, m0 := cur.Year, cur.Month
	months := r.MonthCount()
	length := func(y, m int) int { n, _ := r.MonthLength(y, m); return n }
	rec := func(y, m, d, l int, repeat, until string) almanac.Recurrence {
		return almanac.Recurrence{Date: almanac.Date{Year: y, Month: m, Day: d}, Length: l, IsRecurring: repeat != "", Periodicity: repeat, Until: until}
	}
	var out []reminderSample
	add := func(id int, r almanac.Recurrence, colour string, visibility int, written bool) {
		out = append(out, reminderSample{Reminder: calexport.Reminder{ID: id, Recurrence: r, Comment: "R" + strconv.Itoa(id),
			Colour: colour, Visibility: visibility}, written: written})
	}
	exists := func(d almanac.Date) bool { return r.Check(d) == nil }
	add(1, rec(y0, m0, cur.Day, 1, "", ""), "", 1, true)
	add(2, rec(y0, m0, max(length(y0, m0)-1, 1), 4, "", ""), "#2e7d32", 2, true)
	add(3, rec(y0-3, m0, 1, 1, "year", strconv.Itoa(y0+5)), "#9b2c2c", 1, true)
	if last := (almanac.Date{Year: y0 - 1, Month: m0, Day: length(y0-1, m0)}); exists(last) {
		add(4, rec(last.Year, last.Month, last.Day, 3, "year", ""), "", 1, true)
	}
	if l := r.Calendar().Leap; l.Enabled && l.Amount > 0 && l.Month >= 1 && l.Month <= months {
		mo, _ := r.Month(l.Month)
		for y := y0 - 8; y < y0+8; y++ {
			if d := (almanac.Date{Year: y, Month: l.Month, Day: max(mo.Length, 1) + 1}); exists(d) {
				add(5, rec(d.Year, d.Month, d.Day, 1, "year", ""), "", 3, true)
				break
			}
		}
	}
	for m := max(m0, 2); m <= months; m++ {
		if length(y0, m) >= 2 {
			add(6, rec(y0, m, 2, 1, "month", strconv.Itoa(y0+3)), "red", 1, true)
			break
		}
	}
	if months > 1 {
		first := length(y0-2, 1)
		add(7, rec(y0-2, 1, max(first-2, 1), 3, "month", ""), "", 1, true)
	}
	for m := 1; m <= months; m++ {
		if length(y0-1, m) >= 31 {
			add(8, rec(y0-1, m, 31, 1, "month", ""), "", 1, true)
			break
		}
	}
	if len(r.Calendar().Moons) > 0 {
		add(9, rec(y0-1, 1, 1, 1, "1_f", ""), "", 1, true)
		add(10, rec(y0, 1, 1, 2, "1_waxing_crescent", ""), "", 1, true)
	}
	if len(r.Calendar().Moons) > 1 {
		add(11, rec(y0-2, 1, 1, 1, "2_n", strconv.Itoa(y0+2)), "", 1, true)
	}
	for _, bad := range []almanac.Recurrence{
		rec(y0, 1, length(y0, 1)+5, 1, "", ""),
		rec(y0, 1, 1, 1, "999_f", ""),
		rec(y0, 1, 1, 1, "year", strconv.Itoa(y0-5)),
	} {
		out = append(out, reminderSample{Reminder: calexport.Reminder{ID: 12 + len(out), Recurrence: bad, Comment: "R" + strconv.Itoa(12+len(out)), Visibility: 1}, never: true})
	}
	out = append(out, reminderSample{Reminder: calexport.Reminder{ID: 40, Recurrence: rec(y0+1, 1, 1, 1, "", ""), Comment: "R40",
		Colour: "#123456", Visibility: 5, Owner: "Elminster"}, written: true})
	return out
}

// toolReading is a format, as its tool reads the export, and the sample
// reminders it holds exactly: no loss may be said of them where the tool
// holds the calendar's days as Kanka does.
type toolReading struct {
	name  string
	notes bool
	read  func(t *testing.T, r *almanac.Reckoning, res calexport.Result, cur int64, days []day) shown
	exact []int
}

var toolReadings = []toolReading{
	{name: "fantasy-calendar", exact: []int{1, 2, 3, 4, 5, 6, 7, 8, 40}, read: func(t *testing.T, r *almanac.Reckoning, res calexport.Result, cur int64, days []day) shown {
		return fcShown(t, r, decode(t, res.Data), cur, days)
	}},
	{name: "simple-calendar", exact: []int{1, 2, 40}, read: func(t *testing.T, r *almanac.Reckoning, res calexport.Result, _ int64, days []day) shown {
		return scShown(t, r, decode(t, res.Data), days)
	}},
	{name: "calendarium", exact: []int{1, 2, 3, 5, 6, 8, 40}, read: func(t *testing.T, _ *almanac.Reckoning, res calexport.Result, _ int64, days []day) shown {
		return cmShown(cmEventsOf(t, decode(t, res.Data)), days)
	}},
	{name: "calendarium", notes: true, exact: []int{1, 2, 3, 5, 40}, read: func(t *testing.T, r *almanac.Reckoning, res calexport.Result, _ int64, days []day) shown {
		if events := cmEventsOf(t, decode(t, res.Data)); len(events) > 0 {
			t.Errorf("with notes, the calendar holds %d events too: Calendarium would show each twice", len(events))
		}
		var events []cmEvent
		for _, n := range res.Notes {
			if e, ok := cmNoteEvent(t, r, idOf(t, n.Name), string(n.Data)); ok {
				events = append(events, e)
			} else {
				t.Errorf("Calendarium drops note %s:\n%s", n.Name, n.Data)
			}
		}
		return cmShown(events, days)
	}},
}

func decode(t *testing.T, data []byte) map[string]any {
	t.Helper()
	var v map[string]any
	if err := json.Unmarshal(data, &v); err != nil {
		t.Fatalf("not JSON: %v", err)
	}
	return v
}

func TestRemindersShowOnKankasDaysOrSaySo(t *testing.T) {
	for _, s := range samples(t) {
		in := withMoonIDs(s.cal)
		r, err := in.Reckoning()
		if err != nil {
			t.Fatal(err)
		}
		reminders := sampleReminders(r, *in.Date)
		var plain []calexport.Reminder
		for _, rs := range reminders {
			plain = append(plain, rs.Reminder)
		}
		for _, tr := range toolReadings {
			name := s.name + " " + tr.name
			if tr.notes {
				name += " notes"
			}
			t.Run(name, func(t *testing.T) {
				t.Parallel()
				var res calexport.Result
				var err error
				if tr.notes {
					res, err = calexport.ExportNotes(&client.Calendar{ID: 7, CalendarInput: in}, plain)
				} else {
					res, err = calexport.Export(&client.Calendar{ID: 7, CalendarInput: in}, plain, calexport.Format(tr.name))
				}
				if err != nil {
					t.Fatal(err)
				}
				compareReminderDays(t, r, *in.Date, reminders, res, tr)
			})
		}
	}
}

// compareReminderDays checks each reminder of res against what the tool
// shows (tr's reading), as the test's doc says.
func compareReminderDays(t *testing.T, r *almanac.Reckoning, curDate almanac.Date, reminders []reminderSample, res calexport.Result, tr toolReading) {
	t.Helper()
	cur, _ := r.Ordinal(curDate)
	first, last := r.OrdinalRange()
	lo, hi := first, last
	if o, err := r.Ordinal(almanac.Date{Year: curDate.Year - reminderYears, Month: 1, Day: 1}); err == nil {
		lo = max(o, first)
	}
	if o, err := r.Ordinal(almanac.Date{Year: curDate.Year + reminderYears + 1, Month: 1, Day: 1}); err == nil {
		hi = min(o-1, last)
	}
	// The calendar's own losses: within the distance of the nearest day
	// whose year it says differs (a leap day, year 0), the tool's days are
	// Kanka's; a moon's phases matter to the moon repeats only, weekdays
	// to none.
	limit, moonLimit := int64(1<<62), int64(1<<62)
	for _, l := range res.Losses {
		if l.Differs == nil || strings.HasPrefix(l.Text, "reminder ") {
			continue
		}
		o, err := r.Ordinal(*l.Differs)
		if err != nil {
			o, _ = r.Ordinal(almanac.Date{Year: l.Differs.Year, Month: l.Differs.Month, Day: l.Differs.Day - 1})
		}
		switch {
		case strings.HasPrefix(l.Text, "moon "):
			moonLimit = min(moonLimit, abs(o-cur))
		case strings.HasPrefix(l.Text, "leap years:"), strings.HasPrefix(l.Text, "year 0:"):
			limit = min(limit, abs(o-cur))
		}
	}
	days := walkDays(t, r, max(lo-400, first), hi)
	got := tr.read(t, r, res, cur, days)
	for _, rs := range reminders {
		rm := rs.Reminder
		near := limit
		if strings.Contains(rm.Recurrence.Periodicity, "_") {
			near = min(limit, moonLimit)
		}
		inside := func(o int64) bool { return o >= lo && o <= hi && abs(o-cur) < near }
		kanka := map[int64]bool{}
		for o := range r.Days(rm.Recurrence, lo, hi) {
			kanka[o] = true
		}
		var differs *int64
		shownAny := false
		for o := lo; o <= hi; o++ {
			shownAny = shownAny || got[rm.ID][o]
			if !inside(o) || kanka[o] == got[rm.ID][o] {
				continue
			}
			if differs == nil || abs(o-cur) < abs(*differs-cur) || abs(o-cur) == abs(*differs-cur) && o > *differs {
				differs = &o
			}
		}
		var said []calexport.Loss
		for _, l := range res.Losses {
			if strings.HasPrefix(l.Text, fmt.Sprintf("reminder %d ", rm.ID)) {
				said = append(said, l)
			}
		}
		notWritten := slices.ContainsFunc(said, func(l calexport.Loss) bool { return strings.Contains(l.Text, ": not written: ") })
		if slices.Contains(tr.exact, rm.ID) && limit == 1<<62 && len(said) > 0 {
			t.Errorf("reminder %d (%+v): the tool holds it, yet: %v", rm.ID, rm.Recurrence, texts(said))
		}
		switch {
		case rs.never:
			if !notWritten || shownAny {
				t.Errorf("reminder %d falls on no day in Kanka: shown %v, losses %v", rm.ID, shownAny, texts(said))
			}
		case rs.written && !notWritten && !shownAny:
			t.Errorf("reminder %d is written but shown on no day within %d years", rm.ID, reminderYears)
		case differs != nil:
			d, _ := r.DateOf(*differs)
			named := slices.ContainsFunc(said, func(l calexport.Loss) bool { return l.Differs != nil && *l.Differs == d })
			if !named && !notWritten {
				t.Errorf("reminder %d (%+v): the tool shows %s otherwise (Kanka %v), and no loss names it: %v",
					rm.ID, rm.Recurrence, d, kanka[*differs], texts(said))
			}
		default:
			for _, l := range said {
				if o, err := r.Ordinal(derefDate(l.Differs)); l.Differs != nil && err == nil && inside(o) {
					t.Errorf("reminder %d: every day within %d years agrees, yet a loss names %s: %s", rm.ID, reminderYears, l.Differs, l.Text)
				}
			}
		}
	}
}

func derefDate(d *almanac.Date) almanac.Date {
	if d == nil {
		return almanac.Date{}
	}
	return *d
}

func texts(ls []calexport.Loss) []string {
	out := make([]string, len(ls))
	for i, l := range ls {
		out[i] = l.Text
	}
	return out
}

func abs(x int64) int64 {
	if x < 0 {
		return -x
	}
	return x
}
