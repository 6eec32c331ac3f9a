package reminder

import (
	"strings"
	"testing"

	"github.com/kanka-cli/kanka/cmd/cmdutil/cmdtest"
)

// A terminal prints a write's answer with what the write read (the
// calendar's month names) and what the local cache knows of its owner:
// another entity's name is not read for it, so create and update send
// only their own requests.
func TestAWritesAnswerOnATerminalSendsNoRequestForItsOwner(t *testing.T) {
	rm := func(day int) string { return reminderJSON(7, 1492, 1, day, "Feast", `"remindable_id":42`) }
	for _, tc := range []struct {
		name string
		args []string
		want []cmdtest.Exchange
	}{
		{"update", []string{"update", "7", "--entity", "42", "--date", "1492-1-4"}, []cmdtest.Exchange{
			ok("GET entities/42/reminders/7", "", cmdtest.One(rm(3))),
			ok("GET calendars/5", "", cmdtest.One(harptos)),
			ok("PATCH entities/42/reminders/7", `{"year":1492,"month":1,"day":4}`, cmdtest.One(rm(4)))}},
		{"create", []string{"create", "--calendar", "5", "--entity", "42", "--date", "1492-1-4", "--comment", "Feast"}, []cmdtest.Exchange{
			ok("GET calendars/5", "", cmdtest.One(harptos)),
			cmdtest.Created("POST entities/42/reminders", `{"calendar_id":5,"year":1492,"month":1,"day":4,"comment":"Feast"}`, cmdtest.One(rm(4)))}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			env := newTestEnv(t, "table", tc.want...)
			env.Terminal()
			if err := env.run(tc.args...); err != nil {
				t.Fatal(err)
			}
			for _, want := range []string{"4 Hammer 1492", "entity 42"} {
				if !strings.Contains(env.Out.String(), want) {
					t.Errorf("stdout lacks %q:\n%s", want, env.Out)
				}
			}
		})
	}
}
