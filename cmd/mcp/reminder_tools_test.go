package mcp_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"
)

// The reminders' tools: list_reminders, add_reminder, update_reminder and
// delete_reminder run kanka reminder list, create, update and delete:
// their requests, their checks and words, and nothing written when they
// refuse (a delete without confirm included).

// storedReminders are the reminders the sandbox holds, read from its
// state file.
func (r *rig) storedReminders() []map[string]any {
	r.t.Helper()
	b, err := os.ReadFile(r.data)
	if err != nil {
		r.t.Fatal(err)
	}
	var st struct {
		Reminders []map[string]any `json:"reminders"`
	}
	if err := json.Unmarshal(b, &st); err != nil {
		r.t.Fatal(err)
	}
	return st.Reminders
}

// addReminders creates reminders with kanka reminder create, each from
// its flags, on calendar 1.
func (r *rig) addReminders(each ...[]string) {
	r.t.Helper()
	for _, flags := range each {
		r.kanka("", append([]string{"reminder", "create", "--calendar=1"}, flags...)...)
	}
}

// storedFields are the keys of a stored reminder that the tools write,
// as JSON.
func storedFields(rm map[string]any) string {
	b, _ := json.Marshal(map[string]any{"year": rm["year"], "month": rm["month"], "day": rm["day"], "comment": rm["comment"],
		"recurring_periodicity": rm["recurring_periodicity"], "recurring_until": rm["recurring_until"], "length": rm["length"],
		"colour": rm["colour"], "type_id": rm["type_id"], "visibility_id": rm["visibility_id"]})
	return string(b)
}

// list_reminders gives every reminder of the calendar with its id, in
// date order (the service's list is in the order they were made).
func TestListReminders(t *testing.T) {
	r := newRig(t, rigOptions{})
	r.seedHarptos()
	r.addReminders(
		[]string{"--date=1492-Midsummer-1", "--comment=Midsummer feast", "--repeat=year"},
		[]string{"--date=1492-Ches-3", "--comment=Market day", "--length=2"},
		[]string{"--date=1492-Hammer-1", "--comment=Selûne is full", "--repeat=Selûne:full", "--until=1500"},
	)
	mark := r.mark()
	got, summary := r.ok(r.call("list_reminders", map[string]any{"calendar": "Calendar of Harptos"}))
	want := "3 reminders:\n" +
		"3: 1492-1-1 \"Selûne is full\", repeats at moon 1 full until 1500\n" +
		"2: 1492-4-3 \"Market day\", lasts 2 days\n" +
		"1: 1492-10-1 \"Midsummer feast\", repeats every year"
	if summary != want {
		t.Errorf("summary:\n%s\nwant:\n%s", summary, want)
	}
	list, _ := got["reminders"].([]any)
	var ids []any
	for _, item := range list {
		rm := item.(map[string]any)
		ids = append(ids, rm["id"])
		if rm["calendar_id"] != 1.0 || rm["remindable_id"] != 1.0 {
			t.Errorf("reminder %v", rm)
		}
	}
	wantJSON(t, "the ids in date order", ids, `[3,2,1]`)
	wantJSON(t, "the moon's reminder", list[0].(map[string]any)["recurring_periodicity"], `"1_f"`)
	r.wantRequests(mark, "GET calendars?name=Calendar+of+Harptos", "GET calendars/1/reminders")

	// A calendar with none: an empty list, never null.
	r.kanka("name: Empty\nmonths: [{name: One, length: 30}, {name: Two, length: 30}]\nweekdays: [A, B]\n", "calendar", "create", "-f", "-")
	got, summary = r.ok(r.call("list_reminders", map[string]any{"calendar": 2}))
	wantJSON(t, "no reminders", got, `{"reminders":[]}`)
	if summary != "0 reminders:" {
		t.Errorf("summary %q", summary)
	}
}

func TestAddReminder(t *testing.T) {
	for _, live := range []bool{false, true} {
		t.Run(fmt.Sprintf("live=%v", live), func(t *testing.T) {
			r := newRig(t, rigOptions{live: live})
			r.seedHarptos()
			mark := r.mark()
			got, summary := r.ok(r.call("add_reminder", map[string]any{"calendar": "Calendar of Harptos", "date": "3 Ches 1492",
				"comment": "The fair", "repeat": "Selûne:full", "until": 1500, "length": 3, "colour": "#aa0000",
				"visibility": "members", "type": "founded"}))
			want := "reminder 1 of calendar 1: 1492-4-3 \"The fair\", repeats at moon 1 full until 1500, lasts 3 days\n" +
				"created reminder 1 on 1492-4-3"
			if summary != want {
				t.Errorf("summary:\n%s\nwant:\n%s", summary, want)
			}
			rm, _ := got["reminder"].(map[string]any)
			if rm["id"] != 1.0 || rm["date"] != "1492-4-3" || rm["is_recurring"] != true {
				t.Errorf("reminder %v", rm)
			}
			r.wantRequests(mark, "GET calendars?name=Calendar+of+Harptos", "POST entities/1/reminders")
			stored := r.storedReminders()
			if len(stored) != 1 {
				t.Fatalf("%d reminders stored", len(stored))
			}
			if got, want := storedFields(stored[0]), `{"colour":"#aa0000","comment":"The fair","day":3,"length":3,"month":4,"recurring_periodicity":"1_f","recurring_until":"1500","type_id":5,"visibility_id":5,"year":1492}`; got != want {
				t.Errorf("stored %s\n  want %s", got, want)
			}

			// Only the date: a one-day reminder of the calendar, nothing
			// else sent.
			got, _ = r.ok(r.call("add_reminder", map[string]any{"calendar": 1, "date": "+2"}))
			rm, _ = got["reminder"].(map[string]any)
			if rm["date"] != "1492-4-3" || rm["comment"] != nil || rm["recurring_periodicity"] != nil {
				t.Errorf("reminder %v", rm)
			}
		})
	}
}

// What reminder create refuses is an error in its words, nothing written:
// what needs no calendar before any request, a date or a moon after the
// one read of the calendar.
func TestAddReminderRefusalsWriteNothing(t *testing.T) {
	r := newRig(t, rigOptions{})
	r.seedHarptos()
	const usage = "\n(kanka exit 2: invalid input: nothing was sent)"
	for _, tt := range []struct {
		name     string
		args     map[string]any
		want     string
		requests []string
	}{
		{"a day that does not exist", map[string]any{"calendar": 1, "date": "1492-13-40", "comment": "x"},
			"error: the reminder is not valid, nothing was sent:\n  date: day 40 does not exist: Highharvestide has 1 day" + usage,
			[]string{"GET calendars/1"}},
		{"a moon the calendar does not have", map[string]any{"calendar": 1, "date": "1492-4-3", "repeat": "Selune:full"},
			"error: --repeat: calendar 1 has no moon named \"Selune\"; did you mean \"Selûne\"?" + usage,
			[]string{"GET calendars/1"}},
		{"a repeat that is none", map[string]any{"calendar": 1, "date": "1492-4-3", "repeat": "weekly"},
			"error: --repeat: \"weekly\" is not a repeat: give year, month or MOON:PHASE (Selûne:full)" + usage, nil},
		{"a comment too long", map[string]any{"calendar": 1, "date": "1492-4-3", "comment": strings.Repeat("x", 192)},
			"error: the reminder is not valid, nothing was sent:\n  comment: has 192 characters; at most 191 are allowed" + usage, nil},
		{"a length under 1", map[string]any{"calendar": 1, "date": "1492-4-3", "length": 0},
			"error: the reminder is not valid, nothing was sent:\n  length: must be at least 1 day" + usage, nil},
		{"a colour too long", map[string]any{"calendar": 1, "date": "1492-4-3", "colour": "verylongcolour"},
			"error: the reminder is not valid, nothing was sent:\n  colour: has 14 characters; at most 7 are allowed" + usage, nil},
		{"a type that is none", map[string]any{"calendar": 1, "date": "1492-4-3", "type": "wedding"},
			"error: --type \"wedding\": not birth, death, date or founded" + usage, nil},
		{"a bad visibility", map[string]any{"calendar": 1, "date": "1492-4-3", "visibility": "everyone"},
			"error: --visibility: \"everyone\" is not a visibility: use all, admin, admin-self, self, members or 1 to 5" + usage, nil},
		{"a blank calendar", map[string]any{"calendar": " ", "date": "1492-4-3"},
			"calendar: give an id or a name\n(nothing was sent)", nil},
		{"a blank date", map[string]any{"calendar": 1, "date": ""},
			"error: the reminder is not valid, nothing was sent:\n  date: is required (--date Y-M-D, or date: Y-M-D or year, month and day in a file)" + usage, nil},
	} {
		t.Run(tt.name, func(t *testing.T) {
			mark := r.mark()
			if text := r.failed(r.call("add_reminder", tt.args)); text != tt.want {
				t.Errorf("error:\n%s\nwant:\n%s", text, tt.want)
			}
			r.wantRequests(mark, tt.requests...)
		})
	}
	// The schema's refusals: no date, a length that is no number.
	mark := r.mark()
	for _, args := range []map[string]any{{"calendar": 1}, {"calendar": 1, "date": "1492-4-3", "length": "two"}} {
		if text := r.failed(r.call("add_reminder", args)); !strings.Contains(text, "date") && !strings.Contains(text, "length") {
			t.Errorf("%v: %q does not name the field", args, text)
		}
	}
	r.wantRequests(mark)
	if n := len(r.storedReminders()); n != 0 {
		t.Errorf("%d reminders stored after refusals", n)
	}
}

// update_reminder reads the reminder (found in its calendar's list),
// checks a new date with the calendar and sends the date and what
// changed; the same call again sends nothing.
func TestUpdateReminder(t *testing.T) {
	r := newRig(t, rigOptions{})
	r.seedHarptos()
	r.addReminders([]string{"--date=1492-Ches-3", "--comment=Market day", "--colour=red"})

	mark := r.mark()
	args := map[string]any{"id": 1, "calendar": 1, "date": "1492-Ches-4", "comment": "Market day (postponed)", "repeat": "month"}
	got, summary := r.ok(r.call("update_reminder", args))
	if want := "reminder 1 of calendar 1: 1492-4-4 \"Market day (postponed)\", repeats every month"; summary != want {
		t.Errorf("summary %q, want %q", summary, want)
	}
	rm, _ := got["reminder"].(map[string]any)
	if rm["date"] != "1492-4-4" || rm["colour"] != "red" || rm["recurring_periodicity"] != "month" {
		t.Errorf("reminder %v", rm)
	}
	r.wantRequests(mark, "GET calendars/1/reminders", "GET calendars/1", "PATCH entities/1/reminders/1")
	if got, want := storedFields(r.storedReminders()[0]), `{"colour":"red","comment":"Market day (postponed)","day":4,"length":1,"month":4,"recurring_periodicity":"month","recurring_until":null,"type_id":null,"visibility_id":1,"year":1492}`; got != want {
		t.Errorf("stored %s\n  want %s", got, want)
	}

	// Again: nothing differs (the month's name read with the calendar),
	// nothing is sent.
	mark = r.mark()
	_, summary = r.ok(r.call("update_reminder", args))
	if !strings.HasSuffix(summary, "\nreminder 1 already has these values; nothing was sent") {
		t.Errorf("summary %q", summary)
	}
	r.wantRequests(mark, "GET calendars/1/reminders", "GET calendars/1")

	// By its entity, without the calendar's list.
	mark = r.mark()
	got, _ = r.ok(r.call("update_reminder", map[string]any{"id": 1, "entity": 1, "length": 2}))
	if rm, _ := got["reminder"].(map[string]any); rm["length"] != 2.0 {
		t.Errorf("reminder %v", rm)
	}
	r.wantRequests(mark, "GET entities/1/reminders/1", "PATCH entities/1/reminders/1")
}

func TestUpdateReminderRefusalsWriteNothing(t *testing.T) {
	r := newRig(t, rigOptions{})
	r.seedHarptos()
	r.addReminders([]string{"--date=1492-Ches-3", "--comment=Market day"})
	before := storedFields(r.storedReminders()[0])
	const usage = "\n(kanka exit 2: invalid input: nothing was sent)"
	for _, tt := range []struct {
		name     string
		args     map[string]any
		want     string
		requests []string
	}{
		{"no field to change", map[string]any{"id": 1, "calendar": 1},
			"error: nothing to change: give -f FILE or a field flag such as --comment or --date\nRun 'kanka reminder update --help' for usage." + usage, nil},
		{"an id that is none", map[string]any{"id": 0, "calendar": 1, "comment": "x"},
			"error: \"0\" is not a reminder id: ids are positive whole numbers" + usage, nil},
		{"a reminder the list does not hold", map[string]any{"id": 9, "calendar": 1, "comment": "x"},
			"error: reminder 9 is not in the reminders of calendar 1\n(kanka exit 4: not found)", []string{"GET calendars/1/reminders"}},
		{"neither its calendar nor its entity", map[string]any{"id": 1, "comment": "x"},
			"error: reminder 1 is not in the local cache: give --calendar CAL, the calendar whose list holds it, or --entity ID" + usage, nil},
		{"a day that does not exist", map[string]any{"id": 1, "calendar": 1, "date": "1492-Ches-31"},
			"error: the reminder is not valid, nothing was sent:\n  date: day 31 does not exist: Ches has 30 days" + usage,
			[]string{"GET calendars/1/reminders", "GET calendars/1"}},
		{"a comment too long", map[string]any{"id": 1, "calendar": 1, "comment": strings.Repeat("x", 192)},
			"error: the reminder is not valid, nothing was sent:\n  comment: has 192 characters; at most 191 are allowed" + usage, nil},
	} {
		t.Run(tt.name, func(t *testing.T) {
			mark := r.mark()
			if text := r.failed(r.call("update_reminder", tt.args)); text != tt.want {
				t.Errorf("error:\n%s\nwant:\n%s", text, tt.want)
			}
			r.wantRequests(mark, tt.requests...)
		})
	}
	if after := storedFields(r.storedReminders()[0]); after != before {
		t.Errorf("the reminder changed: %s, was %s", after, before)
	}
}

// Deleting needs confirm: true. Without it the result is the reminder
// that would go, read and nothing else; with it, it goes.
func TestDeleteReminderOnlyWhenConfirmed(t *testing.T) {
	r := newRig(t, rigOptions{})
	r.seedHarptos()
	r.addReminders([]string{"--date=1492-Ches-3", "--comment=Market day"}, []string{"--date=1492-Ches-4", "--comment=Fair"})

	mark := r.mark()
	got, summary := r.ok(r.call("delete_reminder", map[string]any{"id": 1, "calendar": "Calendar of Harptos"}))
	if want := "Nothing was deleted: delete_reminder needs confirm: true. It would delete reminder 1 of calendar 1: 1492-4-3 \"Market day\""; summary != want {
		t.Errorf("summary %q, want %q", summary, want)
	}
	if got["id"] != 1.0 || got["deleted"] != false || got["confirm_required"] != true {
		t.Errorf("result %v", got)
	}
	if rm, _ := got["reminder"].(map[string]any); rm["comment"] != "Market day" {
		t.Errorf("the reminder that would go: %v", got["reminder"])
	}
	r.wantRequests(mark, "GET calendars?name=Calendar+of+Harptos", "GET calendars/1/reminders")
	if n := len(r.storedReminders()); n != 2 {
		t.Fatalf("%d reminders after an unconfirmed delete", n)
	}

	mark = r.mark()
	got, summary = r.ok(r.call("delete_reminder", map[string]any{"id": 1, "calendar": 1, "confirm": true}))
	wantJSON(t, "result", got, `{"id":1,"deleted":true}`)
	if want := "deleted reminder 1"; summary != want {
		t.Errorf("summary %q, want %q", summary, want)
	}
	r.wantRequests(mark, "GET calendars/1/reminders", "DELETE entities/1/reminders/1")
	stored := r.storedReminders()
	if len(stored) != 1 || stored[0]["id"] != 2.0 {
		t.Errorf("stored %v", stored)
	}

	// Gone: the command's not found, nothing sent but the list.
	mark = r.mark()
	for _, confirm := range []bool{false, true} {
		text := r.failed(r.call("delete_reminder", map[string]any{"id": 1, "calendar": 1, "confirm": confirm}))
		if !strings.HasPrefix(text, "error: ") || !strings.Contains(text, "reminder 1 is not in the reminders of calendar 1") ||
			!strings.HasSuffix(text, "\n(kanka exit 4: not found)") {
			t.Errorf("confirm %v: %q", confirm, text)
		}
	}
	r.wantRequests(mark, "GET calendars/1/reminders", "GET calendars/1/reminders")

	// Neither calendar nor entity, an id that is none: refused, nothing
	// sent.
	mark = r.mark()
	for _, args := range []map[string]any{{"id": 2, "confirm": true}, {"id": -3, "calendar": 1, "confirm": true}} {
		if text := r.failed(r.call("delete_reminder", args)); !strings.HasSuffix(text, "(kanka exit 2: invalid input: nothing was sent)") {
			t.Errorf("%v: %q", args, text)
		}
	}
	r.wantRequests(mark)
	if n := len(r.storedReminders()); n != 1 {
		t.Errorf("%d reminders stored, want 1", n)
	}
}

// --read-only offers list_reminders, and no tool that writes a reminder.
func TestReadOnlyRemindersAreListedOnly(t *testing.T) {
	r := newRig(t, rigOptions{readOnly: true})
	r.seedHarptos()
	r.addReminders([]string{"--date=1492-Ches-3", "--comment=Market day"})
	r.ok(r.call("list_reminders", map[string]any{"calendar": 1}))
	mark := r.mark()
	for name, args := range map[string]map[string]any{
		"add_reminder":    {"calendar": 1, "date": "1492-4-5"},
		"update_reminder": {"id": 1, "calendar": 1, "comment": "x"},
		"delete_reminder": {"id": 1, "calendar": 1, "confirm": true},
	} {
		if _, err := r.callCtx(context.Background(), name, args); err == nil {
			t.Errorf("%s answered under --read-only", name)
		}
	}
	r.wantRequests(mark)
	if n := len(r.storedReminders()); n != 1 {
		t.Errorf("%d reminders stored", n)
	}
}

// A reminder's comment from the server reaches the assistant with the
// token hidden and its control and bidi characters escaped.
func TestReminderResultsAreRedactedAndSanitised(t *testing.T) {
	r := newRig(t, rigOptions{})
	r.seedHarptos()
	comment := "Leak " + testToken + " \x1b[31mred\u202eevil"
	body, _ := json.Marshal(map[string]any{"calendar_id": 1, "year": 1492, "month": 4, "day": 3, "comment": comment})
	r.direct("POST", "entities/1/reminders", string(body))
	for _, call := range []struct {
		tool string
		args map[string]any
	}{
		{"list_reminders", map[string]any{"calendar": 1}},
		{"delete_reminder", map[string]any{"id": 1, "calendar": 1}},
		{"update_reminder", map[string]any{"id": 1, "calendar": 1, "length": 2}},
	} {
		res := r.call(call.tool, call.args)
		if res.IsError {
			t.Fatalf("%s: %v", call.tool, texts(res))
		}
		wire, _ := json.Marshal(res)
		var decoded any
		if err := json.Unmarshal(wire, &decoded); err != nil {
			t.Fatal(err)
		}
		all := fmt.Sprint(decoded)
		for _, bad := range []string{testToken, "\x1b", "\u202e"} {
			if strings.Contains(all, bad) {
				t.Errorf("%s: the result holds %q: %.400s", call.tool, bad, wire)
			}
		}
		if !strings.Contains(all, "Leak [redacted] ^[[31mred<U+202E>evil") {
			t.Errorf("%s: the comment is not shown redacted and escaped: %.400s", call.tool, wire)
		}
	}
}
