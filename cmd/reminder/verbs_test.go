package reminder

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/cmd/cmdutil/cmdtest"
)

// list walks every page of the calendar's reminders (15 a page), in date
// order; on a terminal it names their months and moons from the calendar
// (one GET) and whose each is: the calendar's own entity by the calendar's
// name (no request), another entity's name and type, read once per entity
// however many reminders it has; a post's reminder, the post.
func TestListWalksEveryPageAndNamesTheOwners(t *testing.T) {
	first := make([]string, 15)
	for i := range first {
		first[i] = reminderJSON(i+1, 1492, 1, 15-i, "day "+string(rune('a'+i)))
	}
	post := reminderJSON(16, 1491, 2, 1, "Posted", `"remindable_id":3`, `"remindable_type":"App\\Models\\Post"`)
	moon := reminderJSON(17, 1493, 1, 1, "Full", `"remindable_id":42`, `"is_recurring":true`, `"recurring_periodicity":"3_f"`)
	env := newTestEnv(t, "table",
		ok("GET calendars/5", "", cmdtest.One(harptos)),
		ok("GET calendars/5/reminders", "", page(1, 2, 17, first...)),
		ok("GET calendars/5/reminders?page=2", "", page(2, 2, 17, post, moon)),
		ok("GET entities/42", "", cmdtest.One(`{"id":42,"name":"Elminster","type":"character"}`)))
	env.Terminal()
	if err := env.run("list", "--calendar", "5"); err != nil {
		t.Fatal(err)
	}
	cmdtest.Golden(t, "list.txt", env.Out.String())
	// Piped, and as JSON, the list is the service's, and nothing else is read.
	env = newTestEnv(t, "json", ok("GET calendars/5/reminders", "", page(1, 2, 17, first...)),
		ok("GET calendars/5/reminders?page=2", "", page(2, 2, 17, post, moon)))
	if err := env.run("list", "--calendar", "5"); err != nil {
		t.Fatal(err)
	}
	var got []struct{ ID int }
	if err := json.Unmarshal(env.Out.Bytes(), &got); err != nil || len(got) != 17 || got[0].ID != 1 || got[16].ID != 17 {
		t.Errorf("json %v: %s", err, env.Out)
	}
}

// A reminder is read under an entity: the one --entity names.
func TestGetByEntity(t *testing.T) {
	env := newTestEnv(t, "yaml", ok("GET entities/50/reminders/7", "", cmdtest.One(reminderJSON(7, 1492, 1, 3, "Feast",
		`"is_recurring":true`, `"recurring_periodicity":"year"`, `"recurring_until":"1500"`))))
	if err := env.run("get", "7", "--entity", "50"); err != nil {
		t.Fatal(err)
	}
	want := `id: 7
date: "1492-1-3"
calendar_id: 5
length: 1
comment: Feast
recurring_periodicity: year
recurring_until: "1500"
visibility: all
remindable_id: 50
remindable_type: App\Models\Entity
is_recurring: true
created_at: "2026-08-20T10:00:00.000000Z"
created_by: 1
updated_at: "2026-08-20T10:00:00.000000Z"
updated_by: null
`
	if got := env.Out.String(); got != want {
		t.Errorf("yaml:\n%s\nwant\n%s", got, want)
	}
}

// --calendar finds a reminder the local cache does not know in that
// calendar's list, whose record is then not read again; one the list does
// not hold is said to be missing (exit 4). Without either, nothing is sent.
func TestGetFindsTheReminderInTheCalendarsList(t *testing.T) {
	env := newTestEnv(t, "id", ok("GET calendars/5/reminders", "", page(1, 1, 2, reminderJSON(7, 1492, 1, 3, "a"), reminderJSON(9, 1492, 1, 4, "b"))))
	if err := env.run("get", "9", "--calendar", "5"); err != nil || env.Out.String() != "9\n" {
		t.Fatalf("%v %q", err, env.Out)
	}
	env = newTestEnv(t, "id", ok("GET calendars/5/reminders", "", page(1, 1, 1, reminderJSON(7, 1492, 1, 3, "a"))))
	err := env.run("get", "8", "--calendar", "5")
	var nf *cmdutil.NotFoundError
	if !errorsAs(err, &nf) || err.Error() != "reminder 8 is not in the reminders of calendar 5" {
		t.Errorf("got %v", err)
	}
	env = newTestEnv(t, "id")
	if err := env.run("get", "8"); !cmdtest.IsUsage(err) || !strings.Contains(err.Error(), "reminder 8 is not in the local cache: give --calendar CAL") {
		t.Errorf("got %v", err)
	}
}

// An update reads the reminder, and sends its date and what changed
// (PATCH): the service keeps what is left out. It recomputes is_recurring
// and answers recurring_until as a string.
func TestUpdateSendsTheDateAndWhatChanged(t *testing.T) {
	env := newTestEnv(t, "json",
		ok("GET entities/50/reminders/7", "", cmdtest.One(reminderJSON(7, 1492, 1, 3, "Feast", `"colour":"red"`))),
		ok("GET calendars/5", "", cmdtest.One(harptos)),
		ok("PATCH entities/50/reminders/7", `{"year":1492,"month":1,"day":3,"recurring_periodicity":"month","recurring_until":"1495"}`,
			cmdtest.One(reminderJSON(7, 1492, 1, 3, "Feast", `"colour":"red"`, `"is_recurring":true`, `"recurring_periodicity":"month"`, `"recurring_until":"1495"`))))
	if err := env.run("update", "7", "--entity", "50", "--repeat", "month", "--until", "1495"); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(env.Out.String(), `"is_recurring": true`) || !strings.Contains(env.Out.String(), `"recurring_until": "1495"`) {
		t.Errorf("stdout %s", env.Out)
	}
	// Nothing that differs: nothing is sent.
	env = newTestEnv(t, "id", ok("GET entities/50/reminders/7", "", cmdtest.One(reminderJSON(7, 1492, 1, 3, "Feast"))))
	if err := env.run("update", "7", "--entity", "50", "--comment", "Feast"); err != nil || env.ErrOut.String() != "reminder 7 already has these values; nothing was sent\n" {
		t.Errorf("%v %q", err, env.ErrOut)
	}
}

// A delete answers 204, with no body.
func TestDeleteByEntity(t *testing.T) {
	env := newTestEnv(t, "table", cmdtest.Exchange{Request: "DELETE entities/50/reminders/7", Status: 204})
	if err := env.run("delete", "7", "--entity", "50", "--yes"); err != nil {
		t.Fatal(err)
	}
	if got := env.ErrOut.String(); got != "deleted reminder 7\n" {
		t.Errorf("stderr %q", got)
	}
}
