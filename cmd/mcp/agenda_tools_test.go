package mcp_test

import (
	"slices"
	"strings"
	"testing"
)

// wantRequestsAnyOrder fails unless the requests since mark are want, in
// any order (reads made at once).
func (r *rig) wantRequestsAnyOrder(mark int, want ...string) {
	r.t.Helper()
	got := r.since(mark)
	want = slices.Clone(want)
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		r.t.Errorf("requests:\n  %s\nwant (in any order):\n  %s", strings.Join(got, "\n  "), strings.Join(want, "\n  "))
	}
}

// The agenda tool and what advance_date says of the days passed, over
// reminders made with `kanka reminder create`.

// addReminders makes, on the seeded Calendar of Harptos (1492-4-1), a
// fair of three days from 1492-4-2 and a feast every year on 1400-4-20.
func addReminders(r *rig) {
	r.t.Helper()
	r.kanka("", "reminder", "create", "--calendar", "1", "--date", "1492-4-2", "--length", "3", "--comment", "The fair")
	r.kanka("", "reminder", "create", "--calendar", "1", "--date", "1400-4-20", "--repeat", "year", "--comment", "Feast")
}

func TestAgendaTool(t *testing.T) {
	for _, live := range []bool{false, true} {
		t.Run(map[bool]string{false: "document", true: "live"}[live], func(t *testing.T) {
			r := newRig(t, rigOptions{live: live})
			r.seedHarptos()
			addReminders(r)

			mark := r.mark()
			got, summary := r.ok(r.call("agenda", map[string]any{"calendar": 1, "days": 3}))
			r.wantRequests(mark, "GET calendars/1", "GET calendars/1/reminders")
			entries, _ := got["agenda"].([]any)
			var dates []string
			for _, e := range entries {
				m, _ := e.(map[string]any)
				dates = append(dates, m["date"].(string)+" "+m["comment"].(string))
			}
			// 1492-4-1 to 4-3: the fair's first two days.
			if strings.Join(dates, ", ") != "1492-4-2 The fair, 1492-4-3 The fair" {
				t.Errorf("agenda %v", dates)
			}
			want := "2 reminder days:\n1492-4-2: The fair (day 1 of 3) (reminder 1)\n1492-4-3: The fair (day 2 of 3) (reminder 1)"
			if summary != want {
				t.Errorf("summary %q, want %q", summary, want)
			}

			got, _ = r.ok(r.call("agenda", map[string]any{"calendar": "Calendar of Harptos", "from": "1492-Ches-10", "to": "1493-4-20"}))
			if n := len(got["agenda"].([]any)); n != 2 { // the feast of 1492 and of 1493
				t.Errorf("%d entries from 10 Ches 1492 to 20 Ches 1493, want 2", n)
			}

			_, summary = r.ok(r.call("agenda", map[string]any{"calendar": 1, "from": "1492-5-1", "days": 2}))
			if summary != "no reminder falls on these days" {
				t.Errorf("empty agenda's summary %q", summary)
			}
		})
	}
}

// to and days exclude each other; a bad date is refused by the command,
// nothing written.
func TestAgendaToolRefusals(t *testing.T) {
	r := newRig(t, rigOptions{})
	r.seedHarptos()
	mark := r.mark()
	if text := r.failed(r.call("agenda", map[string]any{"calendar": 1, "to": "1492-5-1", "days": 3})); text != "agenda: give to or days, not both\n(nothing was sent)" {
		t.Errorf("error %q", text)
	}
	r.wantRequests(mark)
	if text := r.failed(r.call("agenda", map[string]any{"calendar": 1, "from": "1492-Nomonth-1"})); !strings.Contains(text, "--from") {
		t.Errorf("error %q", text)
	}
}

// advance_date returns what the days passed held, beside the calendar.
func TestAdvanceDateSaysWhatTheDaysPassedHeld(t *testing.T) {
	r := newRig(t, rigOptions{})
	r.seedHarptos()
	addReminders(r)
	got, summary := r.ok(r.call("advance_date", map[string]any{"calendar": 1, "days": 2, "keep_weeks": false}))
	passed, _ := got["days_passed"].([]any)
	if len(passed) != 2 {
		t.Fatalf("days_passed %v, want 1492-4-2 and 4-3", got["days_passed"])
	}
	day, _ := passed[0].(map[string]any)
	reminders, _ := day["reminders"].([]any)
	weather, _ := day["weather"].([]any)
	if day["date"] != "1492-4-2" || len(reminders) != 1 || len(weather) != 1 ||
		reminders[0].(map[string]any)["comment"] != "The fair" {
		t.Errorf("the first day passed: %v", day)
	}
	first, _, _ := strings.Cut(summary, "\n")
	if first != `calendar 1 "Calendar of Harptos" is now on 1492-4-3; the days passed held:` ||
		!strings.Contains(summary, "\n1492-4-2: The fair (day 1 of 3); weather: ") {
		t.Errorf("summary %q", summary)
	}
}
