package weather

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/kanka-cli/kanka/client"
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

// updateOf is the PUT body of an update of record (an entry as the server
// answers it): the fields the service requires on every write (Rebuilt in
// the table), as the client reads them from record, and the changes (key:
// JSON value) over them; no other field, so that a change made meanwhile
// to another field is not put back. A test spells out only the fields it
// changes; the wire format itself is pinned once, by TestWeatherEndpoints
// (client).
func updateOf(t *testing.T, record string, changes map[string]string) string {
	t.Helper()
	var read client.Weather
	if err := json.Unmarshal([]byte(record), &read); err != nil {
		t.Fatalf("the record is not a weather entry: %v", err)
	}
	required, err := json.Marshal(requiredOf(client.FromWeather(&read)))
	if err != nil {
		t.Fatal(err)
	}
	var body map[string]json.RawMessage
	if err := json.Unmarshal(required, &body); err != nil {
		t.Fatal(err)
	}
	for k, v := range changes {
		body[k] = json.RawMessage(v)
	}
	b, err := json.Marshal(body)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// requiredOf is the part of in an update of it always sends: the fields
// the service requires on every write (Rebuilt in the table).
func requiredOf(in client.WeatherInput) client.WeatherInput {
	var required client.Fields[client.WeatherInput]
	for _, f := range client.WeatherFields {
		if f.Rebuilt {
			required = append(required, f)
		}
	}
	return required.Clone(&in)
}
