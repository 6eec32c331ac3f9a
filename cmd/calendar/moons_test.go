package calendar

import (
	"strings"
	"testing"
)

// reminderOn is a reminder of calendar 12 that repeats as periodicity.
func reminderOn(id int, periodicity string) string {
	return `{"id":` + string(rune('0'+id)) + `,"remindable_id":50,"remindable_type":"App\\Models\\Entity","calendar_id":12,"day":1,"month":1,"year":1492,` +
		`"comment":"c","is_recurring":true,"recurring_periodicity":"` + periodicity + `"}`
}

// An update that takes away a moon a reminder repeats on (here Selûne, id
// 9, replaced by Luna) is refused before anything is sent, naming the
// reminder; the calendar's reminders are read for it. --force sends it,
// with a warning.
func TestUpdateThatTakesAwayARemindersMoonIsRefused(t *testing.T) {
	record := readTestdata(t, "record.json")
	reminders := page(1, 1, 15, reminderOn(3, "9_f"), reminderOn(4, "year"))
	env := newTestEnv(t, "id",
		exchange{"GET", "calendars/12", "", 200, data(record)},
		exchange{"GET", "calendars/12/reminders", "", 200, reminders})
	err := env.run("update", "12", "--moon", "Luna:28")
	want := `calendar 12 "Harptos": this write takes away the moon ids that a reminder repeats on (reminder 3 on Selûne's full): ` +
		"they would fall on no moon, or on another. Nothing was sent: keep those moons with their ids (the file `kanka calendar get -o yaml` writes has them), or add --force"
	if err == nil || err.Error() != want {
		t.Fatalf("got %v\nwant %s", err, want)
	}
	forced := newTestEnv(t, "id",
		exchange{"GET", "calendars/12", "", 200, data(record)},
		exchange{"GET", "calendars/12/reminders", "", 200, reminders},
		exchange{"PUT", "calendars/12", putBody(t, map[string]any{"moon_name": []string{"Luna"}, "moon_fullmoon": []float64{28},
			"moon_offset": []int{0}, "moon_colour": []string{"grey"}, "moon_id": []any{nil}}), 200, data(record)})
	if err := forced.run("update", "12", "--moon", "Luna:28", "--force"); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(forced.ErrOut.String(), `warning: calendar 12 "Harptos": this write takes away the moon ids that a reminder repeats on`) {
		t.Errorf("stderr %q", forced.ErrOut)
	}
}

// A moon kept by name keeps its id: no reminder is read.
func TestUpdateThatKeepsTheMoonsReadsNoReminder(t *testing.T) {
	record := readTestdata(t, "record.json")
	env := newTestEnv(t, "id",
		exchange{"GET", "calendars/12", "", 200, data(record)},
		exchange{"PUT", "calendars/12", putBody(t, map[string]any{"moon_name": []string{"Selûne", "Luna"}, "moon_fullmoon": []float64{30, 28},
			"moon_offset": []int{0, 0}, "moon_colour": []string{"grey", "grey"}, "moon_id": []any{9, nil}}), 200, data(record)})
	if err := env.run("update", "12", "--moon", "Selûne:30", "--moon", "Luna:28"); err != nil {
		t.Fatal(err)
	}
}

// edit refuses the same, once the editor is closed, and keeps the edit in
// its file.
func TestEditThatTakesAwayARemindersMoonIsRefused(t *testing.T) {
	t.Setenv("TMPDIR", t.TempDir())
	scriptedEditor(t, `sed -i 's/name: Selûne/name: Luna/; /^    id: 9$/d' "$1"`)
	record := readTestdata(t, "record.json")
	env := newTestEnv(t, "id",
		exchange{"GET", "calendars/12", "", 200, data(record)},
		exchange{"GET", "calendars/12", "", 200, data(record)}, // read again: unchanged
		exchange{"GET", "calendars/12/reminders", "", 200, page(1, 1, 15, reminderOn(3, "9_n"))})
	err := env.run("edit", "12")
	if err == nil || !strings.Contains(err.Error(), "(reminder 3 on Selûne's new)") {
		t.Fatalf("got %v", err)
	}
	if !strings.Contains(env.ErrOut.String(), "Your edit is kept in ") {
		t.Errorf("stderr %q", env.ErrOut)
	}
}
