package calendar

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"reflect"
	"strings"
	"sync"
	"testing"

	"github.com/jarcoal/httpmock"
	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/output"
)

const apiRoot = "http://localhost/api/1.0/campaigns/1/"

// exchange is one request the fake API expects and its answer.
type exchange struct {
	method string
	// route is relative to the campaign, with its query: "calendars?page=2".
	route string
	// body is the JSON the request must carry; empty for none.
	body   string
	status int
	answer string
}

// fakeAPI answers the expected exchanges, each once and in any order (a
// walk fetches pages concurrently); any other request fails the test.
type fakeAPI struct {
	t    *testing.T
	mock *httpmock.MockTransport

	mu      sync.Mutex
	pending []exchange
	seen    []string
}

func newFakeAPI(t *testing.T, want ...exchange) *fakeAPI {
	t.Helper()
	api := &fakeAPI{t: t, mock: httpmock.NewMockTransport(), pending: want}
	api.mock.RegisterNoResponder(api.respond)
	t.Cleanup(func() {
		api.mu.Lock()
		defer api.mu.Unlock()
		for _, e := range api.pending {
			t.Errorf("expected request not sent: %s %s", e.method, e.route)
		}
	})
	return api
}

func (api *fakeAPI) respond(r *http.Request) (*http.Response, error) {
	var body []byte
	if r.Body != nil {
		body, _ = io.ReadAll(r.Body)
	}
	route := strings.TrimPrefix(r.URL.String(), apiRoot)
	api.mu.Lock()
	defer api.mu.Unlock()
	api.seen = append(api.seen, r.Method+" "+route)
	for i, e := range api.pending {
		if e.method != r.Method || !sameRoute(e.route, route) {
			continue
		}
		api.pending = append(api.pending[:i], api.pending[i+1:]...)
		if e.body != "" {
			if !sameJSON(e.body, string(body)) {
				api.t.Errorf("%s %s body:\n got  %s\n want %s", r.Method, route, body, e.body)
			}
		} else if len(body) > 0 {
			api.t.Errorf("%s %s: unexpected body %s", r.Method, route, body)
		}
		resp := httpmock.NewStringResponse(e.status, e.answer)
		if e.answer != "" {
			resp.Header.Set("Content-Type", "application/json")
		}
		return resp, nil
	}
	api.t.Errorf("unexpected request %s %s %s", r.Method, route, body)
	return httpmock.NewStringResponse(599, "no route in test"), nil
}

// sameRoute compares paths and queries, ignoring the order of query keys.
func sameRoute(want, got string) bool {
	w, err1 := url.Parse(want)
	g, err2 := url.Parse(got)
	if err1 != nil || err2 != nil {
		return false
	}
	return w.Path == g.Path && reflect.DeepEqual(w.Query(), g.Query())
}

func sameJSON(want, got string) bool {
	var w, g any
	if json.Unmarshal([]byte(want), &w) != nil || json.Unmarshal([]byte(got), &g) != nil {
		return false
	}
	return reflect.DeepEqual(w, g)
}

// testEnv is a Factory on buffers, talking to a fake API.
type testEnv struct {
	f               *cmdutil.Factory
	api             *fakeAPI
	in, out, errOut *bytes.Buffer
	questions       []string
	confirmAnswer   bool
}

func newTestEnv(t *testing.T, format string, want ...exchange) *testEnv {
	t.Helper()
	io, in, out, errOut := cmdutil.Test()
	env := &testEnv{api: newFakeAPI(t, want...), in: in, out: out, errOut: errOut}
	globals := &cmdutil.Globals{Output: format}
	env.f = &cmdutil.Factory{
		IO:      io,
		Globals: globals,
		Client: func() (*client.Client, error) {
			return client.New(client.Config{BaseURL: "http://localhost/api/1.0", Token: "t", Campaign: 1, Transport: env.api.mock, MaxRetries: -1})
		},
		Printer: func() (*output.Printer, error) {
			return output.New(out, output.Options{Format: output.Format(globals.Output), JQ: globals.JQ, Template: globals.Template, NoHeaders: globals.NoHeaders})
		},
		Confirm: func(q string) (bool, error) {
			env.questions = append(env.questions, q)
			return env.confirmAnswer, nil
		},
	}
	return env
}

// run executes `calendar args...` as a user would.
func (env *testEnv) run(args ...string) error {
	cmd := NewCmdCalendar(env.f)
	cmd.SetArgs(args)
	cmd.SetIn(env.in)
	cmd.SetOut(io.Discard)
	cmd.SetErr(io.Discard)
	cmd.SilenceUsage, cmd.SilenceErrors = true, true
	return cmd.Execute()
}

// calls is the number of requests the transport saw.
func (env *testEnv) calls() int { return env.api.mock.GetTotalCallCount() }

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
