package reminder

import (
	"strings"
	"testing"

	"github.com/kanka-cli/kanka/cmd/cmdutil/cmdtest"
)

// The service keeps no last year for a reminder that does not repeat (it
// drops it on every save): an update that gives one to such a reminder is
// refused, exit 2, once the reminder is read and before anything is sent;
// a reminder that repeats takes it.
func TestUpdateRefusesAnEndYearWithoutARepeat(t *testing.T) {
	env := newTestEnv(t, "id", ok("GET entities/50/reminders/7", "", cmdtest.One(reminderJSON(7, 1492, 1, 3, "Feast"))))
	err := env.run("update", "7", "--entity", "50", "--until", "1495")
	if !cmdtest.IsUsage(err) || !strings.Contains(err.Error(), "--until: reminder 7 does not repeat, and the service keeps a last year only for a reminder that repeats: give --repeat too") {
		t.Errorf("got %v", err)
	}

	env = newTestEnv(t, "id",
		ok("GET entities/50/reminders/7", "", cmdtest.One(reminderJSON(7, 1492, 1, 3, "Feast", `"is_recurring":true`, `"recurring_periodicity":"year"`))),
		ok("PATCH entities/50/reminders/7", `{"year":1492,"month":1,"day":3,"recurring_until":"1495"}`,
			cmdtest.One(reminderJSON(7, 1492, 1, 3, "Feast", `"is_recurring":true`, `"recurring_periodicity":"year"`, `"recurring_until":"1495"`))))
	if err := env.run("update", "7", "--entity", "50", "--until", "1495"); err != nil {
		t.Fatal(err)
	}
}

// An update by the calendar's name checks a new date with the calendar
// the name's lookup read: three requests, not a fourth GET of it.
func TestUpdateByCalendarNameReadsTheCalendarOnce(t *testing.T) {
	env := newTestEnv(t, "id",
		ok("GET calendars?name=Harptos", "", cmdtest.List(harptos)),
		ok("GET calendars/5/reminders", "", cmdtest.List(reminderJSON(7, 1492, 1, 3, "Feast"))),
		ok("PATCH entities/50/reminders/7", `{"year":1492,"month":1,"day":4}`, cmdtest.One(reminderJSON(7, 1492, 1, 4, "Feast"))))
	if err := env.run("update", "7", "--calendar", "Harptos", "--date", "1492-Hammer-4"); err != nil {
		t.Fatal(err)
	}
}
