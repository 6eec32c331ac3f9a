package calendar

import (
	"fmt"
	"strings"
	"testing"

	"github.com/kanka-cli/kanka/cmd/cmdutil/cmdtest"
)

// A server that refuses the reminders' list (a route it does not have, a
// member without the right) still shows the month, with its weather: the
// reminders alone are left out, and stderr says so.
func TestShowWithoutTheRemindersItMayNotRead(t *testing.T) {
	asciiLocale(t)
	for _, status := range []int{403, 404} {
		t.Run(fmt.Sprint(status), func(t *testing.T) {
			answers := append([]cmdtest.Exchange{answer("GET calendars/12", harptos("1492-4-1")),
				{Request: "GET calendars/12/reminders", Status: status, Answer: `{"message":"no"}`}}, weatherAnswers()...)
			env := newCTEnv(t, "", answers...)
			if err := env.run("show", "12"); err != nil {
				t.Fatal(err)
			}
			env.WantSentAnyOrder(showRoutes...)
			if env.Out.String() != ches1492 {
				t.Errorf("show printed:\n%s\nwant:\n%s", env.Out, ches1492)
			}
			want := "warning: the reminders of calendar 12 could not be read"
			if !strings.Contains(env.ErrOut.String(), want) {
				t.Errorf("stderr %q, want it to say %q", env.ErrOut, want)
			}
		})
	}
}
