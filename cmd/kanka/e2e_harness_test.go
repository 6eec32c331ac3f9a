package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/kanka-cli/kanka/sandbox"
)

// The end-to-end harness: a sandbox served over HTTP that records every
// request it receives, and runs of the built binary against it in an
// isolated environment. Request counts are what a user of the live service
// pays for (30 a minute), so the scenarios assert them.

// modes are the sandbox's two behaviours; every scenario runs in both.
var modes = []struct {
	name string
	live bool
}{{"document", false}, {"live", true}}

// eachMode runs scenario as a parallel subtest per mode.
func eachMode(t *testing.T, scenario func(t *testing.T, live bool)) {
	t.Helper()
	for _, mode := range modes {
		t.Run(mode.name, func(t *testing.T) {
			t.Parallel()
			scenario(t, mode.live)
		})
	}
}

// request is what the server saw of one request, and its answer's status
// (0 when the connection was dropped instead).
type request struct {
	Method, Path, Query string
	Status              int
}

func (r request) String() string {
	if r.Query == "" {
		return r.Method + " " + r.Path
	}
	return r.Method + " " + r.Path + "?" + r.Query
}

// apiServer is a sandbox behind an httptest server, recording requests.
type apiServer struct {
	// Root is the API root to give as KANKA_URL.
	Root string

	mu       sync.Mutex
	requests []request
}

// campaignPath is the path prefix of campaign 1's resources.
const campaignPath = "/api/1.0/campaigns/1/"

// startSandbox serves a fresh in-memory sandbox in the given mode.
func startSandbox(t *testing.T, live bool) *apiServer {
	t.Helper()
	return startServer(t, sandbox.Options{Live: live}, nil)
}

// startServer serves a sandbox with opts; wrap, when set, sits between the
// recorder and the sandbox to change some answers.
func startServer(t *testing.T, opts sandbox.Options, wrap func(http.Handler) http.Handler) *apiServer {
	t.Helper()
	sb, err := sandbox.New(opts)
	if err != nil {
		t.Fatal(err)
	}
	var handler http.Handler = sb
	if wrap != nil {
		handler = wrap(handler)
	}
	s := &apiServer{}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.mu.Lock()
		i := len(s.requests)
		s.requests = append(s.requests, request{Method: r.Method, Path: r.URL.Path, Query: r.URL.RawQuery})
		s.mu.Unlock()
		sw := &statusWriter{ResponseWriter: w}
		defer func() { // also when the sandbox drops the connection with a panic
			s.mu.Lock()
			s.requests[i].Status = sw.status
			s.mu.Unlock()
		}()
		handler.ServeHTTP(sw, r)
	}))
	t.Cleanup(srv.Close)
	s.Root = srv.URL + "/api/1.0"
	return s
}

// statusWriter notes the status of an answer and lets the sandbox hijack
// the connection to drop it.
type statusWriter struct {
	http.ResponseWriter
	status int
}

func (w *statusWriter) WriteHeader(code int) {
	if w.status == 0 {
		w.status = code
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *statusWriter) Write(b []byte) (int, error) {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	return w.ResponseWriter.Write(b)
}

func (w *statusWriter) Hijack() (net.Conn, *bufio.ReadWriter, error) {
	return http.NewResponseController(w.ResponseWriter).Hijack()
}

// mark is the number of requests so far, to pass to since.
func (s *apiServer) mark() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.requests)
}

// since returns the requests received after mark.
func (s *apiServer) since(mark int) []request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]request(nil), s.requests[mark:]...)
}

// kanka is an isolated user environment: its own HOME, XDG directories,
// configuration file and sandbox state, and the KANKA_* settings of a server.
type kanka struct {
	home string
	env  []string
}

// newKanka prepares an environment pointed at srv (nil: no server settings).
// Its local cache is off (KANKA_NO_CACHE=1), so that a scenario's requests
// are the protocol's own whatever ran before it; withCache turns it on.
func newKanka(t *testing.T, srv *apiServer) *kanka {
	t.Helper()
	home := t.TempDir()
	k := &kanka{home: home, env: []string{
		"HOME=" + home,
		"PATH=" + os.Getenv("PATH"),
		"XDG_CONFIG_HOME=" + filepath.Join(home, "config"),
		"XDG_DATA_HOME=" + filepath.Join(home, "data"),
		"KANKA_CONFIG=" + filepath.Join(home, "config", "kanka", "config.yaml"),
		"NO_COLOR=1",
		"KANKA_NO_CACHE=1",
		"KANKA_NO_KEYRING=1", // never the developer's own keychain
		// An edit that fails keeps its file for the user: in the test's
		// home, not the machine's temporary directory.
		"TMPDIR=" + home,
		"GOCOVERDIR=" + coverDir,
		raceOptions,
	}}
	if srv != nil {
		k.env = append(k.env,
			"KANKA_URL="+srv.Root,
			"KANKA_TOKEN="+sandbox.DefaultToken,
			"KANKA_CAMPAIGN=1",
		)
	}
	return k
}

// with returns a copy of k with more environment (later entries win).
func (k *kanka) with(vars ...string) *kanka {
	return &kanka{home: k.home, env: append(append([]string(nil), k.env...), vars...)}
}

// withCache returns a copy of k with the local cache on, in k's HOME.
func (k *kanka) withCache() *kanka { return k.with("KANKA_NO_CACHE=0") }

// result is what one run of the binary left.
type result struct {
	args           []string
	stdout, stderr string
	code           int
}

func (r result) String() string {
	return fmt.Sprintf("kanka %s: exit %d\nstdout:\n%s\nstderr:\n%s", strings.Join(r.args, " "), r.code, r.stdout, r.stderr)
}

// command prepares a run with stdin (nil: no input, as under cron).
func (k *kanka) command(stdin string, args ...string) (*exec.Cmd, *bytes.Buffer, *bytes.Buffer) {
	cmd := exec.Command(binary, args...)
	cmd.Env = k.env
	cmd.Dir = k.home
	cmd.Stdin = strings.NewReader(stdin)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	return cmd, &stdout, &stderr
}

// runIn runs the binary with stdin and waits for it.
func (k *kanka) runIn(t *testing.T, stdin string, args ...string) result {
	t.Helper()
	cmd, stdout, stderr := k.command(stdin, args...)
	code := exitCode(t, cmd.Run())
	return result{args: args, stdout: stdout.String(), stderr: stderr.String(), code: code}
}

// run runs the binary with empty stdin.
func (k *kanka) run(t *testing.T, args ...string) result {
	t.Helper()
	return k.runIn(t, "", args...)
}

// ok runs the binary, fails the test unless it exits 0, and returns stdout.
func (k *kanka) ok(t *testing.T, args ...string) string {
	t.Helper()
	r := k.run(t, args...)
	if r.code != 0 {
		t.Fatalf("want exit 0; %s", r)
	}
	return r.stdout
}

// fails runs the binary and fails the test unless it exits with code.
func (k *kanka) fails(t *testing.T, code int, args ...string) result {
	t.Helper()
	r := k.run(t, args...)
	if r.code != code {
		t.Fatalf("want exit %d; %s", code, r)
	}
	return r
}

// Paths of the examples, from the package directory where tests run.
var (
	harptosFile = absPath("../../examples/harptos.yaml")
	hammerFile  = absPath("../../examples/weather-1492-hammer.yaml")
)

func absPath(p string) string {
	abs, err := filepath.Abs(p)
	if err != nil {
		panic(err)
	}
	return abs
}

// createHarptos creates the example calendar and returns its id.
func createHarptos(t *testing.T, k *kanka) string {
	t.Helper()
	id := strings.TrimSpace(k.ok(t, "calendar", "create", "-f", harptosFile, "-o", "id"))
	if id == "" {
		t.Fatal("calendar create -o id printed no id")
	}
	return id
}

// decodeObject decodes a JSON object printed by the binary.
func decodeObject(t *testing.T, out string) map[string]any {
	t.Helper()
	var v map[string]any
	if err := json.Unmarshal([]byte(out), &v); err != nil {
		t.Fatalf("not a JSON object: %v\n%s", err, out)
	}
	return v
}

// withoutKeys returns a copy of obj without keys.
func withoutKeys(obj map[string]any, keys ...string) map[string]any {
	c := make(map[string]any, len(obj))
	for k, v := range obj {
		c[k] = v
	}
	for _, k := range keys {
		delete(c, k)
	}
	return c
}

// wantRequests fails unless got are exactly want ("METHOD path?query", with
// the campaign prefix left out of the path).
func wantRequests(t *testing.T, got []request, want ...string) {
	t.Helper()
	short := make([]string, len(got))
	for i, r := range got {
		r.Path = strings.TrimPrefix(r.Path, campaignPath)
		short[i] = canonical(r.String())
	}
	wanted := make([]string, len(want))
	for i, w := range want {
		wanted[i] = canonical(w)
	}
	if strings.Join(short, "\n") != strings.Join(wanted, "\n") {
		t.Errorf("requests:\n  %s\nwant:\n  %s", strings.Join(short, "\n  "), strings.Join(wanted, "\n  "))
	}
}

// canonical rewrites the query of "METHOD path?query" in one encoding, so
// that name=A+B and name=A%20B compare equal: only the decoded values
// matter to the server. A lastSync time (apply's check of what changed
// since its read, which depends on the clock) reads "T".
func canonical(s string) string {
	head, query, ok := strings.Cut(s, "?")
	if !ok {
		return s
	}
	values, err := url.ParseQuery(query)
	if err != nil {
		return s
	}
	if _, err := time.Parse(time.RFC3339, values.Get("lastSync")); err == nil {
		values.Set("lastSync", "T")
	}
	return head + "?" + values.Encode()
}

// changedCheck is apply's one request, before its first write, for the
// calendars changed since it read them.
const changedCheck = "GET calendars?lastSync=T"

// wantNoRequests fails if anything reached the server since mark.
func wantNoRequests(t *testing.T, srv *apiServer, mark int) {
	t.Helper()
	if got := srv.since(mark); len(got) != 0 {
		t.Errorf("nothing should have been sent; the server received %v", got)
	}
}
