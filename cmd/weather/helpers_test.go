package weather

import (
	"fmt"
	"strings"
	"testing"

	"github.com/kanka-cli/kanka/cmd/cmdutil/cmdtest"
)

// The weather tests run on the shared harness (cmdtest); these are the
// weather's records and shorthands.

type testEnv struct{ *cmdtest.Env }

// newTestEnv builds the environment with -o format; no terminal anywhere.
func newTestEnv(t *testing.T, format string) *testEnv {
	t.Helper()
	return &testEnv{cmdtest.New(t, format)}
}

// expect adds the next expected request ("POST calendars/5/calendar_weathers")
// and its answer.
func (env *testEnv) expect(request, body string, status int, answer string) {
	env.Expect(cmdtest.Exchange{Request: request, Body: body, Status: status, Answer: answer})
}

// maybe adds a request that may come, and its answer.
func (env *testEnv) maybe(request string, status int, answer string) {
	env.Expect(cmdtest.Exchange{Request: request, Status: status, Answer: answer, Optional: true})
}

// run runs `kanka weather` with args on the environment.
func (env *testEnv) run(args ...string) error { return env.Run(NewCmdWeather(env.F), args...) }

// weatherJSON is an entry as the server sends it.
func weatherJSON(id, year, month, day int, weather string) string {
	return fmt.Sprintf(`{"id":%d,"calendar_id":5,"created_by":9,"name":null,"weather":%q,"temperature":"","precipitation":"","wind":"","effect":"","day":%d,"month":%d,"year":%d,"created_at":"2026-11-01 10:00:00","updated_at":"2026-11-02 11:00:00","visibility_id":1}`,
		id, weather, day, month, year)
}

// one wraps an object as a single-record answer.
func one(obj string) string { return `{"data":` + obj + `}` }

// page is one page of a list answer.
func page(n, last int, items ...string) string {
	return fmt.Sprintf(`{"data":[%s],"links":{"first":"x","last":"x","prev":null,"next":null},"meta":{"current_page":%d,"from":1,"last_page":%d,"per_page":%d,"to":1,"total":%d}}`,
		strings.Join(items, ","), n, last, len(items), len(items)*last)
}

// harptosJSON is a calendar of two months: Hammer (30 days) and Midwinter
// (1 day, intercalary).
const harptosJSON = `{"id":5,"name":"Harptos","months":[{"name":"Hammer","length":30,"type":"standard"},{"name":"Midwinter","length":1,"type":"intercalary"}],"weekdays":["I","II"],"years":[],"has_leap_year":false}`

// serverKeys are the keys of the test entries that only the server sets,
// as the file form prints them after the writable fields.
const serverKeys = "calendar_id: 5\ncreated_by: 9\ncreated_at: \"2026-11-01 10:00:00\"\nupdated_at: \"2026-11-02 11:00:00\"\n"
