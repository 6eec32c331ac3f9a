package weather

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/jarcoal/httpmock"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/output"
)

// apiPrefix is the path every request of the test client starts with.
const apiPrefix = "/api/1.0/campaigns/1/"

// testEnv is a Factory over buffers and an HTTP stub that answers only the
// requests a test expects, in order, and records them.
type testEnv struct {
	t       *testing.T
	f       *cmdutil.Factory
	in      *bytes.Buffer
	out     *bytes.Buffer
	errOut  *bytes.Buffer
	asked   []string
	answer  bool
	mu      sync.Mutex
	stubs   []stub
	sent    []string
	clients int
}

// stub is one expected request ("POST calendars/5/calendar_weathers" with
// the exact query and body) and its answer.
type stub struct {
	request string // "METHOD route?query", route under the campaign
	body    string // the exact JSON body expected; "" for none
	status  int
	answer  string
	// optional marks a request that may or may not come (a page a
	// concurrent walk may have started before it was stopped).
	optional bool
}

// newTestEnv builds the environment with -o format; no terminal anywhere.
func newTestEnv(t *testing.T, format string) *testEnv {
	t.Helper()
	env := &testEnv{t: t}
	streams, in, out, errOut := cmdutil.Test()
	env.in, env.out, env.errOut = in, out, errOut
	mock := httpmock.NewMockTransport()
	mock.RegisterNoResponder(env.respond)
	env.f = &cmdutil.Factory{
		IO:      streams,
		Globals: &cmdutil.Globals{Output: format},
		Client: func() (*client.Client, error) {
			env.clients++
			return client.New(client.Config{BaseURL: "http://localhost/api/1.0", Token: "t", Campaign: 1,
				Transport: mock, MaxRetries: -1})
		},
		Printer: func() (*output.Printer, error) {
			return output.New(out, output.Options{Format: output.Format(env.f.Globals.Output)})
		},
		Confirm: func(q string) (bool, error) {
			env.asked = append(env.asked, q)
			return env.answer, nil
		},
	}
	return env
}

// expect adds the next expected request and its answer.
func (env *testEnv) expect(request, body string, status int, answer string) {
	env.mu.Lock()
	defer env.mu.Unlock()
	env.stubs = append(env.stubs, stub{request: request, body: body, status: status, answer: answer})
}

// maybe adds a request that may come, and its answer.
func (env *testEnv) maybe(request string, status int, answer string) {
	env.mu.Lock()
	defer env.mu.Unlock()
	env.stubs = append(env.stubs, stub{request: request, status: status, answer: answer, optional: true})
}

// respond answers a request with the first stub expecting it, failing the
// test when there is none. The order of the requests is checked by the
// tests, on requests().
func (env *testEnv) respond(r *http.Request) (*http.Response, error) {
	env.mu.Lock()
	defer env.mu.Unlock()
	request := r.Method + " " + strings.TrimPrefix(r.URL.Path, apiPrefix)
	if r.URL.RawQuery != "" {
		request += "?" + r.URL.RawQuery
	}
	var body []byte
	if r.Body != nil {
		body, _ = io.ReadAll(r.Body)
	}
	env.sent = append(env.sent, request)
	i := slices.IndexFunc(env.stubs, func(s stub) bool { return s.request == request })
	if i < 0 {
		env.t.Errorf("unexpected request %s %s", request, body)
		return httpmock.NewStringResponse(599, "unexpected"), nil
	}
	next := env.stubs[i]
	env.stubs = slices.Delete(env.stubs, i, i+1)
	if string(body) != next.body {
		env.t.Errorf("%s: body\n  %s\nwant\n  %s", request, body, next.body)
	}
	if got := r.Header.Get("Authorization"); got != "Bearer t" {
		env.t.Errorf("%s: Authorization %q", request, got)
	}
	resp := httpmock.NewStringResponse(next.status, next.answer)
	if next.answer != "" {
		resp.Header.Set("Content-Type", "application/json")
	}
	return resp, nil
}

// done checks that every expected request was sent.
func (env *testEnv) done() {
	env.t.Helper()
	env.mu.Lock()
	defer env.mu.Unlock()
	for _, s := range env.stubs {
		if !s.optional {
			env.t.Errorf("expected request not sent: %s", s.request)
		}
	}
}

// requests are the requests sent, as "METHOD route?query".
func (env *testEnv) requests() []string {
	env.mu.Lock()
	defer env.mu.Unlock()
	return append([]string(nil), env.sent...)
}

// terminal puts stdin and stderr (and stdout) on a terminal.
func (env *testEnv) terminal() {
	env.f.IO.InTTY, env.f.IO.OutTTY, env.f.IO.ErrTTY = true, true, true
}

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

// run runs `kanka weather` with args on the environment.
func (env *testEnv) run(args ...string) error {
	cmd := NewCmdWeather(env.f)
	cmd.SetArgs(args)
	cmd.SetIn(env.in)
	cmd.SetOut(env.out)
	cmd.SetErr(env.errOut)
	cmd.SilenceErrors, cmd.SilenceUsage = true, true
	_, err := cmd.ExecuteC()
	return err
}

// isUsage reports whether err is a usage error (exit 2).
func isUsage(err error) bool {
	var u *cmdutil.UsageError
	return errors.As(err, &u)
}

var update = flag.Bool("update", false, "rewrite the golden files")

// assertGolden compares got with testdata/name (rewritten with -update).
func assertGolden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if got != string(want) {
		t.Errorf("output differs from %s:\n%s\nwant\n%s", path, got, want)
	}
}
