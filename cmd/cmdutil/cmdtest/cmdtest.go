// Package cmdtest is the one test harness of the command packages: a
// Factory on buffers, a fake API that answers only the requests a test
// expects and records them in order, a run that maps errors as the root
// command does, and golden files rewritten with -update.
package cmdtest

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"io"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jarcoal/httpmock"
	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/output"
	"github.com/spf13/cobra"
)

// APIPrefix is the path every request of the test client starts with.
const APIPrefix = "/api/1.0/campaigns/1/"

// Exchange is one request the fake API expects and its answer.
type Exchange struct {
	// Request is "METHOD route?query", the route under the campaign; the
	// order of query keys does not matter.
	Request string
	// Body is the JSON the request must carry (compared as JSON); "" for none.
	Body   string
	Status int
	Answer string
	// Optional marks a request that may or may not come (a page a
	// concurrent walk may have started before it was stopped).
	Optional bool
}

// Env is a Factory over buffers talking to a fake API.
type Env struct {
	t               *testing.T
	F               *cmdutil.Factory
	In, Out, ErrOut *bytes.Buffer
	// Asked are the confirmation questions, Answer the reply to them.
	Asked  []string
	Answer bool

	mock    *httpmock.MockTransport
	mu      sync.Mutex
	pending []Exchange
	sent    []string
}

// New builds the environment with -o format; no terminal anywhere. Every
// expected request must be sent by the end of the test.
func New(t *testing.T, format string, want ...Exchange) *Env {
	t.Helper()
	streams, in, out, errOut := cmdutil.Test()
	env := &Env{t: t, In: in, Out: out, ErrOut: errOut, mock: httpmock.NewMockTransport(), pending: want}
	env.mock.RegisterNoResponder(env.respond)
	globals := &cmdutil.Globals{Output: format}
	env.F = &cmdutil.Factory{
		IO:      streams,
		Globals: globals,
		Client: func() (*client.Client, error) {
			return client.New(client.Config{BaseURL: "http://localhost/api/1.0", Token: "t", Campaign: 1, Transport: env.mock, MaxRetries: -1})
		},
		Printer: func() (*output.Printer, error) {
			// The width says "a terminal" to the printer, as at the root;
			// relative timestamps then count from a fixed clock.
			return output.New(streams.Out, output.Options{Format: output.Format(globals.Output), JQ: globals.JQ, Template: globals.Template,
				NoHeaders: globals.NoHeaders, Width: streams.TermWidth, Now: func() time.Time { return Now }})
		},
		Confirm: func(q string) (bool, error) {
			env.Asked = append(env.Asked, q)
			return env.Answer, nil
		},
	}
	t.Cleanup(env.done)
	return env
}

// Expect adds expected requests.
func (env *Env) Expect(want ...Exchange) {
	env.mu.Lock()
	defer env.mu.Unlock()
	env.pending = append(env.pending, want...)
}

// Now is the clock of the printer's relative timestamps on a terminal.
var Now = time.Date(2026, 1, 9, 0, 0, 0, 0, time.UTC)

// TerminalWidth is the width of the terminal Terminal gives stdout.
const TerminalWidth = 120

// Terminal puts stdin, stdout and stderr on a terminal TerminalWidth wide
// (a width already set is kept), guarded as the root guards them: what
// reaches Out and ErrOut is escaped as a terminal shows it.
func (env *Env) Terminal() {
	env.F.IO.InTTY, env.F.IO.OutTTY, env.F.IO.ErrTTY = true, true, true
	if env.F.IO.TermWidth == 0 {
		env.F.IO.TermWidth = TerminalWidth
	}
	env.F.IO.Guard()
}

// Sent are the requests sent, in order, as "METHOD route?query".
func (env *Env) Sent() []string {
	env.mu.Lock()
	defer env.mu.Unlock()
	return append([]string(nil), env.sent...)
}

// WantSent fails unless exactly want were sent ("METHOD route?query"), in
// this order.
func (env *Env) WantSent(want ...string) {
	env.t.Helper()
	env.wantSent(env.Sent(), want)
}

// WantSentAnyOrder fails unless exactly want were sent, in any order (the
// pages of a concurrent walk).
func (env *Env) WantSentAnyOrder(want ...string) {
	env.t.Helper()
	got := env.Sent()
	want = append([]string(nil), want...)
	sort.Strings(got)
	sort.Strings(want)
	env.wantSent(got, want)
}

func (env *Env) wantSent(got, want []string) {
	env.t.Helper()
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		env.t.Errorf("requests:\n  %s\nwant:\n  %s", strings.Join(got, "\n  "), strings.Join(want, "\n  "))
	}
}

// Calls is the number of requests sent.
func (env *Env) Calls() int { return len(env.Sent()) }

func (env *Env) done() {
	env.mu.Lock()
	defer env.mu.Unlock()
	for _, e := range env.pending {
		if !e.Optional {
			env.t.Errorf("expected request not sent: %s", e.Request)
		}
	}
}

func (env *Env) respond(r *http.Request) (*http.Response, error) {
	var body []byte
	if r.Body != nil {
		body, _ = io.ReadAll(r.Body)
	}
	request := r.Method + " " + strings.TrimPrefix(r.URL.Path, APIPrefix)
	if r.URL.RawQuery != "" {
		request += "?" + r.URL.RawQuery
	}
	env.mu.Lock()
	defer env.mu.Unlock()
	env.sent = append(env.sent, request)
	for i, e := range env.pending {
		if !sameRequest(e.Request, request) {
			continue
		}
		env.pending = append(env.pending[:i], env.pending[i+1:]...)
		if e.Body != "" && !SameJSON(e.Body, string(body)) {
			env.t.Errorf("%s body:\n got  %s\n want %s", request, body, e.Body)
		} else if e.Body == "" && len(body) > 0 {
			env.t.Errorf("%s: unexpected body %s", request, body)
		}
		if got := r.Header.Get("Authorization"); got != "Bearer t" {
			env.t.Errorf("%s: Authorization %q", request, got)
		}
		resp := httpmock.NewStringResponse(e.Status, e.Answer)
		if e.Answer != "" {
			resp.Header.Set("Content-Type", "application/json")
		}
		return resp, nil
	}
	env.t.Errorf("unexpected request %s %s", request, body)
	return httpmock.NewStringResponse(599, "unexpected request in test"), nil
}

// sameRequest compares methods, paths and queries, ignoring the order of
// query keys.
func sameRequest(want, got string) bool {
	wm, wr, _ := strings.Cut(want, " ")
	gm, gr, _ := strings.Cut(got, " ")
	w, err1 := url.Parse(wr)
	g, err2 := url.Parse(gr)
	if wm != gm || err1 != nil || err2 != nil {
		return false
	}
	return w.Path == g.Path && reflect.DeepEqual(w.Query(), g.Query())
}

// SameJSON reports whether two JSON texts hold the same value (texts that
// are not JSON are compared as they are).
func SameJSON(want, got string) bool {
	var w, g any
	if json.Unmarshal([]byte(want), &w) != nil || json.Unmarshal([]byte(got), &g) != nil {
		return want == got
	}
	return reflect.DeepEqual(w, g)
}

// Run executes group (`calendar`, `weather`) with args as the root command
// would: under a parent with the global --yes, and with cobra's argument,
// flag and required-flag errors made usage errors (exit 2).
func (env *Env) Run(group *cobra.Command, args ...string) error {
	return Execute(env.F, env.In, group, args...)
}

// Execute runs group under a root that has the global flags the commands
// read (-y, -q) and maps flag, argument and required-flag errors to usage
// errors (exit 2) as kanka's root does. args may start with the group's
// name or not.
func Execute(f *cmdutil.Factory, in io.Reader, group *cobra.Command, args ...string) error {
	root := &cobra.Command{Use: "kanka", SilenceErrors: true, SilenceUsage: true}
	g := f.Globals
	root.PersistentFlags().BoolVarP(&g.Yes, "yes", "y", g.Yes, "")
	root.PersistentFlags().BoolVarP(&g.Quiet, "quiet", "q", g.Quiet, "")
	root.SetFlagErrorFunc(func(_ *cobra.Command, err error) error { return &cmdutil.UsageError{Err: cmdutil.FlagValueError(err)} })
	root.PersistentPreRunE = func(c *cobra.Command, _ []string) error {
		if err := c.ValidateRequiredFlags(); err != nil {
			return &cmdutil.UsageError{Err: err}
		}
		if err := output.Unsupported(c.Annotations, g.Output, g.JQ, g.Template); err != nil {
			return &cmdutil.UsageError{Err: err}
		}
		return nil
	}
	root.AddCommand(group)
	MarkUsageErrors(root)
	root.SetArgs(args)
	if len(args) == 0 || args[0] != group.Name() {
		root.SetArgs(append([]string{group.Name()}, args...))
	}
	root.SetIn(in)
	root.SetOut(io.Discard)
	root.SetErr(io.Discard)
	return root.Execute()
}

// MarkUsageErrors makes every argument error a usage error, worded from
// the Use line, as the root does (cmdutil.NamedArgs).
func MarkUsageErrors(cmd *cobra.Command) {
	for _, c := range cmd.Commands() {
		MarkUsageErrors(c)
	}
	if check := cmd.Args; check != nil {
		cmd.Args = cmdutil.NamedArgs(check)
	}
}

// IsUsage reports whether err is a usage error (exit 2).
func IsUsage(err error) bool {
	var u *cmdutil.UsageError
	return errors.As(err, &u)
}

var update = flag.Bool("update", false, "rewrite the golden files")

// Golden compares got with testdata/name, rewriting it with -update.
func Golden(t *testing.T, name, got string) {
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
