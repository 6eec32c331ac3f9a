package mcp_test

import "testing"

// add_reminder and update_reminder refuse a repeat by a moon's name that
// two moons of the calendar have, as reminder create and update do:
// after the calendar's read, nothing written.
func TestReminderToolsRefuseAMoonNameTwoMoonsShare(t *testing.T) {
	r := newRig(t, rigOptions{})
	r.kanka(`calendars:
  - name: Twin
    date: 1-1-1
    months: [{name: First, length: 30}, {name: Second, length: 30}]
    weekdays: [One, Two]
    moons: [{name: Luna, fullmoon: 10}, {name: Luna, fullmoon: 7, offset: 3}]
`, "apply", "-f", "-")
	r.addReminders([]string{"--date=1-1-1", "--comment=Second luna full", "--repeat=2_f"})
	const refused = "error: --repeat: calendar 1 has 2 moons named \"Luna\" (ids 1, 2): give the one meant by its id and the phase, {id}_{phase}, such as 2_n" +
		"\n(kanka exit 2: invalid input: nothing was sent)"

	mark := r.mark()
	if text := r.failed(r.call("add_reminder", map[string]any{"calendar": 1, "date": "1-1-2", "repeat": "Luna:new"})); text != refused {
		t.Errorf("add_reminder:\n%s\nwant:\n%s", text, refused)
	}
	r.wantRequests(mark, "GET calendars/1")

	mark = r.mark()
	if text := r.failed(r.call("update_reminder", map[string]any{"id": 1, "calendar": 1, "repeat": "Luna:new"})); text != refused {
		t.Errorf("update_reminder:\n%s\nwant:\n%s", text, refused)
	}
	for _, req := range r.since(mark) {
		if req[:4] != "GET " {
			t.Errorf("update_reminder sent %s", req)
		}
	}
	if rms := r.storedReminders(); len(rms) != 1 || rms[0]["recurring_periodicity"] != "2_f" {
		t.Errorf("stored %v", rms)
	}
}
