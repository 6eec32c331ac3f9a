package calendar

import (
	"errors"
	"fmt"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/cmd/cmdutil/cmdtest"
)

// The calendar tests run on the shared harness (cmdtest); these are the
// calendar's records and shorthands.

// exchange is one expected request ("GET", "calendars?page=2") and its answer.
type exchange struct {
	method, route, body string
	status              int
	answer              string
}

type testEnv struct{ *cmdtest.Env }

func newTestEnv(t *testing.T, format string, want ...exchange) *testEnv {
	t.Helper()
	env := &testEnv{cmdtest.New(t, format)}
	for _, e := range want {
		env.Expect(cmdtest.Exchange{Request: e.method + " " + e.route, Body: e.body, Status: e.status, Answer: e.answer})
	}
	return env
}

// run executes `kanka calendar args...` as a user would.
func (env *testEnv) run(args ...string) error { return env.Run(NewCmdCalendar(env.F), args...) }

func readTestdata(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return strings.TrimSpace(string(b))
}

// page wraps records in a list answer.
func page(n, last, perPage int, records ...string) string {
	return fmt.Sprintf(`{"data":[%s],"links":{"first":"x","last":"x","prev":null,"next":null},"meta":{"current_page":%d,"from":1,"last_page":%d,"per_page":%d,"to":1,"total":%d}}`,
		strings.Join(records, ","), n, last, perPage, last*perPage)
}

// data wraps one record as the live service does: {"data": record}.
func data(record string) string { return `{"data":` + record + `}` }

// small is a calendar record with few fields, for lists.
func small(id int, name string) string {
	return fmt.Sprintf(`{"id":%d,"name":%q,"type":"","date":"1-1-1","is_private":false,"months":[{"name":"A","length":10,"type":"standard"},{"name":"B","length":10,"type":"standard"}],"weekdays":["X","Y"],"years":[],"seasons":[],"moons":[],"updated_at":"2026-01-02T03:04:05.000000Z"}`, id, name)
}

func wantUsage(t *testing.T, err error, want string) {
	t.Helper()
	var usage *cmdutil.UsageError
	if err == nil || !errors.As(err, &usage) {
		t.Fatalf("error %v is not a usage error", err)
	}
	if want != "" && err.Error() != want {
		t.Errorf("error:\n got  %q\n want %q", err.Error(), want)
	}
}

// withDate is the calendar record with its date replaced: what a server
// answers to a write of that date.
func withDate(record, date string) string {
	return regexp.MustCompile(`"date":("[^"]*"|null)`).ReplaceAllString(record, `"date":"`+date+`"`)
}
