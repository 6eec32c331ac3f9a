package reminder

import (
	"testing"

	"github.com/kanka-cli/kanka/cmd/cmdutil/cmdtest"
)

// A date written with a month's name that names the day the reminder is
// on already is no change: the calendar is read to know it, and nothing
// is sent (the same update twice writes once).
func TestUpdateWithTheSameDateByNameSendsNothing(t *testing.T) {
	env := newTestEnv(t, "id",
		ok("GET entities/50/reminders/7", "", cmdtest.One(reminderJSON(7, 1492, 1, 3, "Feast", `"is_recurring":true`, `"recurring_periodicity":"month"`))),
		ok("GET calendars/5", "", cmdtest.One(harptos)))
	if err := env.run("update", "7", "--entity", "50", "--date", "1492-Hammer-3", "--repeat", "month", "--comment", "Feast"); err != nil {
		t.Fatal(err)
	}
	if got, want := env.ErrOut.String(), "reminder 7 already has these values; nothing was sent\n"; got != want {
		t.Errorf("stderr %q, want %q", got, want)
	}
	if env.Out.String() != "7\n" {
		t.Errorf("stdout %q", env.Out)
	}
}
