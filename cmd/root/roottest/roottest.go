// Package roottest runs the kanka command in tests, against a fake API
// server, with the environment and configuration file isolated from the
// developer's.
package roottest

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/cmd/root"
)

// Isolate clears every KANKA_* variable the developer's shell may set, points
// HOME, XDG_CONFIG_HOME and XDG_CACHE_HOME at empty directories and KANKA_CONFIG at a fresh
// path in a temporary directory, which it returns.
func Isolate(t *testing.T) string {
	t.Helper()
	for _, k := range []string{"KANKA_URL", "KANKA_TOKEN", "KANKA_CAMPAIGN", "KANKA_PROFILE", "KANKA_DEBUG", "KANKA_MAX_WAIT", "KANKA_LOCK_WAIT", "KANKA_NO_CACHE", "NO_COLOR"} {
		t.Setenv(k, "")
	}
	t.Setenv("HOME", t.TempDir())
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	t.Setenv("XDG_STATE_HOME", t.TempDir())
	// A test never reaches the system keyring of the machine it runs on.
	t.Setenv("KANKA_NO_KEYRING", "1")
	t.Setenv("KANKA_SANDBOX_DATA", filepath.Join(t.TempDir(), "sandbox.json"))
	path := filepath.Join(t.TempDir(), "kanka", "config.yaml")
	t.Setenv("KANKA_CONFIG", path)
	return path
}

// Result is what one run of kanka did.
type Result struct {
	Code           int
	Stdout, Stderr string
}

// Run runs kanka with args, stdin holding in, and no terminal anywhere.
func Run(t *testing.T, in string, args ...string) Result {
	t.Helper()
	return RunStreams(t, context.Background(), in, nil, args...)
}

// RunStreams is Run with a context, and a hook to change the streams (say,
// to pretend a terminal) before the run.
func RunStreams(t *testing.T, ctx context.Context, in string, setup func(*cmdutil.IOStreams), args ...string) Result {
	t.Helper()
	s, stdin, stdout, stderr := cmdutil.Test()
	stdin.WriteString(in)
	if setup != nil {
		setup(s)
	}
	code := root.Run(ctx, s, args)
	return Result{Code: code, Stdout: stdout.String(), Stderr: stderr.String()}
}

// Request is what the fake server received.
type Request struct {
	Method, Path, Query, Authorization, Accept, UserAgent string
	Body                                                  string
}

// Server is a fake API: one campaign, one accepted token, a list of
// calendars, and every request recorded.
type Server struct {
	*httptest.Server
	Token    string
	Campaign int
	// Calendars are the (id, name) pairs of the calendar list, on one page.
	Calendars [][2]any

	mu       sync.Mutex
	requests []Request
}

// NewServer starts a fake API accepting token for campaign.
func NewServer(t *testing.T, token string, campaign int) *Server {
	s := &Server{Token: token, Campaign: campaign}
	s.Server = httptest.NewServer(http.HandlerFunc(s.serve))
	t.Cleanup(s.Close)
	return s
}

// APIRoot is the URL to give to --url.
func (s *Server) APIRoot() string { return s.URL + "/api/1.0" }

// Requests returns the requests received so far.
func (s *Server) Requests() []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Request(nil), s.requests...)
}

func (s *Server) serve(w http.ResponseWriter, r *http.Request) {
	var body bytes.Buffer
	_, _ = body.ReadFrom(r.Body)
	s.mu.Lock()
	s.requests = append(s.requests, Request{Method: r.Method, Path: r.URL.Path, Query: r.URL.RawQuery,
		Authorization: r.Header.Get("Authorization"), Accept: r.Header.Get("Accept"),
		UserAgent: r.Header.Get("User-Agent"), Body: body.String()})
	s.mu.Unlock()

	w.Header().Set("Content-Type", "application/json")
	if r.Header.Get("Authorization") != "Bearer "+s.Token {
		w.WriteHeader(http.StatusUnauthorized)
		fmt.Fprint(w, `{"code":401,"error":"Invalid authentication token."}`)
		return
	}
	want := fmt.Sprintf("/api/1.0/campaigns/%d/calendars", s.Campaign)
	if r.URL.Path != want {
		w.WriteHeader(http.StatusNotFound)
		fmt.Fprint(w, `{"code":404,"error":"No query results for model [App\\Models\\Campaign]"}`)
		return
	}
	items := make([]string, len(s.Calendars))
	for i, c := range s.Calendars {
		items[i] = fmt.Sprintf(`{"id":%d,"name":%q}`, c[0], c[1])
	}
	fmt.Fprintf(w, `{"data":[%s],"links":{},"meta":{"current_page":1,"last_page":1,"per_page":100,"total":%d}}`,
		strings.Join(items, ","), len(items))
}

// WriteFile writes body at path, creating its directory, as a user's file.
func WriteFile(t *testing.T, path, body string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(body), 0o600); err != nil {
		t.Fatal(err)
	}
}

// ReadFile is the content of the file at path.
func ReadFile(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// AssertMode fails the test unless path has the permission bits want.
func AssertMode(t *testing.T, path string, want os.FileMode) {
	t.Helper()
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if got := fi.Mode().Perm(); got != want {
		t.Errorf("%s has mode %o, want %o", path, got, want)
	}
}
