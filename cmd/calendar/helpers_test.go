package calendar

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/kanka-cli/kanka/client"
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

// sentBack is the body of an update that sends record (a calendar as the
// server answers it) back with changes (wire keys and their values) put
// over it. The rest of the body is the record as the client reads it,
// written by the field table: a test spells out only the fields it is
// about, so that a field added to the table breaks only the tests about
// it. The wire format itself is pinned once, by TestCalendarInputBody
// (client).
func sentBack(t *testing.T, record string, changes map[string]any) string {
	t.Helper()
	var read client.Calendar
	if err := json.Unmarshal([]byte(record), &read); err != nil {
		t.Fatalf("the record is not a calendar: %v", err)
	}
	body, err := json.Marshal(client.FromCalendar(&read))
	if err != nil {
		t.Fatal(err)
	}
	return withKeys(t, string(body), changes)
}

// putBody is the update of testdata/record.json: the record sent back,
// with changes.
func putBody(t *testing.T, changes map[string]any) string {
	t.Helper()
	return sentBack(t, readTestdata(t, "record.json"), changes)
}

// withKeys is the JSON object body with keys added or replaced.
func withKeys(t *testing.T, body string, keys map[string]any) string {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal([]byte(body), &m); err != nil {
		t.Fatal(err)
	}
	for k, v := range keys {
		m[k] = v
	}
	b, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// dateKeys are the wire keys of the date y-m-d.
func dateKeys(y, m, d int) map[string]any {
	return map[string]any{"current_year": y, "current_month": m, "current_day": d}
}

func ptr[T any](v T) *T { return &v }
