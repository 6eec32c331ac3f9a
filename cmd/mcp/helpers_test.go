package mcp_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	mcpcmd "github.com/kanka-cli/kanka/cmd/mcp"
	"github.com/kanka-cli/kanka/cmd/root"
	"github.com/kanka-cli/kanka/cmd/root/roottest"
	"github.com/kanka-cli/kanka/sandbox"
)

// The tests run kanka's MCP server in this process, over the SDK's
// in-memory transport, against a sandbox served over HTTP that records
// every request: a tool's result, and exactly what it sent.

// testToken is the token the sandbox accepts: long enough to be hidden.
const testToken = "mcp-test-token-7b1f0c2e9a44"

// campaignPath is the prefix of campaign 1's routes.
const campaignPath = "/api/1.0/campaigns/1/"

// rig is a server, its client session and the sandbox behind them.
type rig struct {
	t       *testing.T
	session *sdk.ClientSession
	// globals are the flags every call runs with: the sandbox's address.
	globals []string
	// data is the sandbox's state file.
	data string
	log  *syncBuffer

	mu       sync.Mutex
	requests []string
	progress []string
	// before runs before the sandbox answers a request.
	before func(r *http.Request)
	// sandbox is the sandbox itself, past the recorder.
	sandbox http.Handler
}

// rigOptions change a rig.
type rigOptions struct {
	live      bool
	latency   time.Duration
	readOnly  bool
	debug     bool
	heartbeat time.Duration
}

// newRig serves a fresh sandbox and connects a client to a server over
// it.
func newRig(t *testing.T, o rigOptions) *rig {
	t.Helper()
	roottest.Isolate(t)
	r := &rig{t: t, data: filepath.Join(t.TempDir(), "state.json"), log: &syncBuffer{}}
	sb, err := sandbox.New(sandbox.Options{Live: o.live, Token: testToken, Campaign: 1, DataPath: r.data, Latency: o.latency})
	if err != nil {
		t.Fatal(err)
	}
	r.sandbox = sb
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		line := req.Method + " " + strings.TrimPrefix(req.URL.Path, campaignPath)
		if req.URL.RawQuery != "" {
			line += "?" + req.URL.RawQuery
		}
		r.mu.Lock()
		r.requests = append(r.requests, line)
		before := r.before
		r.mu.Unlock()
		if before != nil {
			before(req)
		}
		sb.ServeHTTP(w, req)
	}))
	t.Cleanup(srv.Close)
	r.globals = []string{"--url=" + srv.URL + "/api/1.0", "--token=" + testToken, "--campaign=1", "--no-cache"}

	server := mcpcmd.NewServer(mcpcmd.Options{Run: root.Run, Globals: r.globals, ReadOnly: o.readOnly,
		Version: "test", Log: r.log, Debug: o.debug, Heartbeat: o.heartbeat})
	client := sdk.NewClient(&sdk.Implementation{Name: "test", Version: "1"}, &sdk.ClientOptions{
		ProgressNotificationHandler: func(_ context.Context, req *sdk.ProgressNotificationClientRequest) {
			r.mu.Lock()
			defer r.mu.Unlock()
			r.progress = append(r.progress, req.Params.Message)
		},
	})
	ct, st := sdk.NewInMemoryTransports()
	ctx := context.Background()
	ss, err := server.Connect(ctx, st, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = ss.Close() })
	r.session, err = client.Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = r.session.Close() })
	return r
}

// kanka runs a kanka command line against the rig's sandbox, stdin
// holding in, and fails the test unless it exits 0.
func (r *rig) kanka(in string, args ...string) string {
	r.t.Helper()
	res := roottest.Run(r.t, in, append(append([]string{}, r.globals...), args...)...)
	if res.Code != 0 {
		r.t.Fatalf("kanka %v: exit %d\n%s", args, res.Code, res.Stderr)
	}
	return res.Stdout
}

// direct sends a request to the sandbox itself, past the recorder (a
// change made elsewhere), and fails the test unless it succeeds.
func (r *rig) direct(method, path, body string) {
	req := httptest.NewRequest(method, campaignPath+path, strings.NewReader(body))
	req.Header.Set("Authorization", "Bearer "+testToken)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json")
	rec := httptest.NewRecorder()
	r.sandbox.ServeHTTP(rec, req)
	if rec.Code >= 300 {
		r.t.Errorf("%s %s: %d %s", method, path, rec.Code, rec.Body)
	}
}

// seedHarptos applies the example seed: the Calendar of Harptos on
// 1492-4-1, with the weather of 1492-4-1 to 4-5.
func (r *rig) seedHarptos() {
	r.t.Helper()
	seed, err := os.ReadFile("../../examples/harptos-seed.yaml")
	if err != nil {
		r.t.Fatal(err)
	}
	r.kanka(string(seed), "apply", "-f", "-")
}

// mark is the number of requests so far, for since.
func (r *rig) mark() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return len(r.requests)
}

// since are the requests after mark, "METHOD path?query" with the
// campaign's prefix left out.
func (r *rig) since(mark int) []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]string{}, r.requests[mark:]...)
}

// wantRequests fails unless the requests since mark are want.
func (r *rig) wantRequests(mark int, want ...string) {
	r.t.Helper()
	got := r.since(mark)
	for i := range got {
		if i < len(want) && strings.HasSuffix(want[i], "=*") && strings.HasPrefix(got[i], strings.TrimSuffix(want[i], "*")) {
			got[i] = want[i] // a time of the clock
		}
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		r.t.Errorf("requests:\n  %s\nwant:\n  %s", strings.Join(got, "\n  "), strings.Join(want, "\n  "))
	}
}

// call calls a tool with args and returns its result; a protocol error
// fails the test.
func (r *rig) call(name string, args any) *sdk.CallToolResult {
	r.t.Helper()
	res, err := r.callCtx(context.Background(), name, args)
	if err != nil {
		r.t.Fatalf("%s: %v", name, err)
	}
	return res
}

func (r *rig) callCtx(ctx context.Context, name string, args any) (*sdk.CallToolResult, error) {
	return r.session.CallTool(ctx, &sdk.CallToolParams{Name: name, Arguments: args, Meta: sdk.Meta{"progressToken": "p-" + name}})
}

// ok fails unless res succeeded, and returns its structured content and
// its summary (the first text).
func (r *rig) ok(res *sdk.CallToolResult) (map[string]any, string) {
	r.t.Helper()
	if res.IsError {
		r.t.Fatalf("want success, got an error: %s", texts(res))
	}
	return structured(r.t, res), texts(res)[0]
}

// failed fails unless res is an error, and returns its text.
func (r *rig) failed(res *sdk.CallToolResult) string {
	r.t.Helper()
	if !res.IsError {
		r.t.Fatalf("want an error, got: %s", texts(res))
	}
	return texts(res)[0]
}

// texts are the text contents of res.
func texts(res *sdk.CallToolResult) []string {
	var out []string
	for _, c := range res.Content {
		if tc, ok := c.(*sdk.TextContent); ok {
			out = append(out, tc.Text)
		}
	}
	return out
}

// structured is res's structured content as plain JSON values; its last
// text content must say the same.
func structured(t *testing.T, res *sdk.CallToolResult) map[string]any {
	t.Helper()
	b, err := json.Marshal(res.StructuredContent)
	if err != nil {
		t.Fatal(err)
	}
	var v map[string]any
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatalf("structured content %s: %v", b, err)
	}
	all := texts(res)
	var fromText map[string]any
	if err := json.Unmarshal([]byte(all[len(all)-1]), &fromText); err != nil {
		t.Fatalf("the last text is not the structured content as JSON: %v\n%s", err, all[len(all)-1])
	}
	if !jsonEqual(v, fromText) {
		t.Errorf("the structured content and its text differ:\n%s\n%s", b, all[len(all)-1])
	}
	return v
}

// jsonEqual compares two JSON values by their encoding.
func jsonEqual(a, b any) bool {
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	return bytes.Equal(x, y)
}

// wantJSON fails unless got encodes as want does (want is JSON text).
func wantJSON(t *testing.T, what string, got any, want string) {
	t.Helper()
	var w any
	if err := json.Unmarshal([]byte(want), &w); err != nil {
		t.Fatalf("bad want %s: %v", want, err)
	}
	if !jsonEqual(got, w) {
		g, _ := json.Marshal(got)
		t.Errorf("%s:\n got %s\nwant %s", what, g, want)
	}
}

// stateFile is the sandbox's state as stored.
type stateFile struct {
	Calendars []map[string]any `json:"calendars"`
	Weather   []map[string]any `json:"weather"`
	Reminders []map[string]any `json:"reminders"`
}

func (r *rig) state() stateFile {
	r.t.Helper()
	b, err := os.ReadFile(r.data)
	if err != nil {
		r.t.Fatal(err)
	}
	var st stateFile
	if err := json.Unmarshal(b, &st); err != nil {
		r.t.Fatal(err)
	}
	return st
}

// storedDate is a stored calendar's current date, year-month-day.
func storedDate(c map[string]any) string {
	return fmt.Sprintf("%v-%v-%v", c["current_year"], c["current_month"], c["current_day"])
}

// progressMessages are the progress messages received so far.
func (r *rig) progressMessages() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]string{}, r.progress...)
}

// syncBuffer is a buffer several goroutines write.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}
