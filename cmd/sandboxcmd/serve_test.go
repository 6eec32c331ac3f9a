package sandboxcmd

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net"
	"net/http"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/sandbox"
	"github.com/spf13/cobra"
)

func TestServeFlags(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want ServeOptions
	}{
		{"defaults", nil, ServeOptions{Addr: "127.0.0.1:8080", Token: "sandbox-token", Campaign: 1}},
		{"the global -c", []string{"-c", "7"}, ServeOptions{Addr: "127.0.0.1:8080", Token: "sandbox-token", Campaign: 7}},
		{"everything", []string{"--addr", "127.0.0.1:0", "--data", "s.json", "--live", "--rate", "30/1m", "--latency", "250ms",
			"--fail-rate", "0.1", "--drop-rate", "0.2", "--token", "T", "--campaign", "7", "--page-size", "5", "--seed", "9",
			"--omit-keys", "updated_at,months"},
			ServeOptions{Addr: "127.0.0.1:0", DataPath: "s.json", Live: true, Rate: "30/1m", Latency: 250 * time.Millisecond,
				FailRate: 0.1, DropRate: 0.2, Token: "T", Campaign: 7, PageSize: 5, Seed: 9, OmitKeys: "updated_at,months"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			io, _, _, _ := cmdutil.Test()
			var got *ServeOptions
			g := &cmdutil.Globals{}
			cmd := underGlobals(g, NewCmdServe(&cmdutil.Factory{IO: io, Globals: g}, func(_ context.Context, o *ServeOptions) error {
				got = o
				return nil
			}))
			cmd.SetArgs(append([]string{"serve"}, tt.args...))
			if err := cmd.Execute(); err != nil {
				t.Fatal(err)
			}
			got.IO = nil
			if *got != tt.want {
				t.Fatalf("options %+v\nwant    %+v", *got, tt.want)
			}
		})
	}
}

func TestServeRejectsBadValuesAsUsageErrors(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"--rate", "thirty"}, `--rate must be N/WINDOW with N > 0 and a duration, such as 30/1m, or 0 for no limit, not "thirty"`},
		{[]string{"--rate", "30/soon"}, `--rate must be N/WINDOW`},
		{[]string{"--rate", "0/1m"}, `--rate must be N/WINDOW`},
		{[]string{"--fail-rate", "1.5"}, `--fail-rate must be between 0 and 1, not 1.5`},
		{[]string{"--drop-rate", "-0.5"}, `--drop-rate must be between 0 and 1, not -0.5`},
		{[]string{"--campaign", "0"}, `--campaign must be a positive id, not 0`},
		{[]string{"-c", "Waterdeep"}, `--campaign must be a positive id, not "Waterdeep"`},
		{[]string{"--page-size", "-1"}, `--page-size must be positive, not -1`},
		{[]string{"--latency", "-1s"}, `--latency must not be negative`},
		{[]string{"--token", ""}, `--token must not be empty`},
		{[]string{"--rate", "0/1m"}, `--rate must be N/WINDOW with N > 0 and a duration, such as 30/1m, or 0 for no limit, not "0/1m"`},
		{[]string{"--omit-keys", "updated_at,,months"}, `--omit-keys must be keys separated by commas, such as updated_at,months, not "updated_at,,months"`},
		{[]string{"--omit-keys", " "}, `--omit-keys must be keys separated by commas`},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			streams, _, out, _ := cmdutil.Test()
			g := &cmdutil.Globals{}
			cmd := underGlobals(g, NewCmdServe(&cmdutil.Factory{IO: streams, Globals: g}, nil))
			cmd.SetArgs(append(append([]string{"serve"}, tt.args...), "--addr", "127.0.0.1:0"))
			cmd.SetOut(io.Discard)
			cmd.SetErr(io.Discard)
			err := cmd.Execute()
			var usage *cmdutil.UsageError
			if !errors.As(err, &usage) || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("err %v, want a usage error containing %q", err, tt.want)
			}
			if out.Len() != 0 {
				t.Fatalf("printed %q before failing", out)
			}
		})
	}
}

// The rate limit: --live alone is the live service's 30 a minute, --rate
// sets another, --rate 0 none; without --live there is none unless --rate
// sets one. --omit-keys reaches the options as a list.
func TestServeSandboxOptions(t *testing.T) {
	tests := []struct {
		opts   ServeOptions
		limit  int
		window time.Duration
		omit   []string
	}{
		{ServeOptions{Live: true}, 30, time.Minute, nil},
		{ServeOptions{Live: true, Rate: "0"}, 0, 0, nil},
		{ServeOptions{Live: true, Rate: " 0 "}, 0, 0, nil},
		{ServeOptions{Live: true, Rate: "90/1m"}, 90, time.Minute, nil},
		{ServeOptions{Live: true, Rate: "5/2s"}, 5, 2 * time.Second, nil},
		{ServeOptions{}, 0, 0, nil},
		{ServeOptions{Rate: "0"}, 0, 0, nil},
		{ServeOptions{Rate: "30"}, 30, time.Minute, nil},
		{ServeOptions{OmitKeys: "updated_at, months"}, 0, 0, []string{"updated_at", "months"}},
	}
	for _, tt := range tests {
		tt.opts.Token, tt.opts.Campaign = "T", 1
		so, err := tt.opts.sandboxOptions()
		if err != nil || so.RateLimit != tt.limit || so.RateWindow != tt.window || !slices.Equal(so.OmitKeys, tt.omit) {
			t.Errorf("%+v: limit %d window %v omit %q (%v), want %d %v %q", tt.opts, so.RateLimit, so.RateWindow, so.OmitKeys, err, tt.limit, tt.window, tt.omit)
		}
	}
}

func TestParseRate(t *testing.T) {
	for _, tt := range []struct {
		in     string
		n      int
		window time.Duration
	}{{"30/1m", 30, time.Minute}, {"90/60s", 90, time.Minute}, {"5/2s", 5, 2 * time.Second}, {"30", 30, time.Minute}} {
		n, w, err := parseRate(tt.in)
		if err != nil || n != tt.n || w != tt.window {
			t.Errorf("%s: %d %v %v", tt.in, n, w, err)
		}
	}
}

// syncBuffer is a buffer the serving goroutine writes while the test reads.
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

// startServe runs `sandbox serve args...` until the returned cancel is
// called; it returns the printed KANKA_URL and a channel with the command's
// error.
func startServe(t *testing.T, args ...string) (url string, out, errOut *syncBuffer, cancel func(), done chan error) {
	t.Helper()
	out, errOut = &syncBuffer{}, &syncBuffer{}
	streams := &cmdutil.IOStreams{In: strings.NewReader(""), Out: out, ErrOut: errOut}
	g := &cmdutil.Globals{}
	cmd := underGlobals(g, NewCmdSandbox(&cmdutil.Factory{IO: streams, Globals: g}))
	cmd.SetArgs(append([]string{"sandbox", "serve", "--addr", "127.0.0.1:0"}, args...))
	ctx, cancel := context.WithCancel(context.Background())
	done = make(chan error, 1)
	go func() { done <- cmd.ExecuteContext(ctx) }()
	t.Cleanup(cancel)

	deadline := time.Now().Add(5 * time.Second)
	urlLine := regexp.MustCompile(`(?m)^export KANKA_URL=(http://127\.0\.0\.1:\d+/api/1\.0)$`)
	for time.Now().Before(deadline) {
		if m := urlLine.FindStringSubmatch(out.String()); m != nil && strings.Contains(out.String(), "KANKA_CAMPAIGN") {
			return m[1], out, errOut, cancel, done
		}
		select {
		case err := <-done:
			t.Fatalf("serve ended early: %v; stdout %q stderr %q", err, out, errOut)
		case <-time.After(10 * time.Millisecond):
		}
	}
	t.Fatalf("no URL printed; stdout %q", out)
	return
}

func request(t *testing.T, method, url, token, body string) (int, string) {
	t.Helper()
	req, _ := http.NewRequest(method, url, strings.NewReader(body))
	req.Header.Set("Authorization", "Bearer "+token)
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

func stop(t *testing.T, cancel func(), done chan error) {
	t.Helper()
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("serve ended with %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("serve did not stop after its context was cancelled")
	}
}

const calendarBody = `{"name":"Harptos","month_name":["Hammer","Alturiak"],"month_length":[30,30],"weekday":["A","B"]}`

func TestServePrintsTheEnvironmentServesAndStops(t *testing.T) {
	url, out, errOut, cancel, done := startServe(t)
	port := strings.TrimSuffix(strings.TrimPrefix(url, "http://127.0.0.1:"), "/api/1.0")
	if want := "export KANKA_URL=http://127.0.0.1:" + port + "/api/1.0\nexport KANKA_TOKEN=sandbox-token\nexport KANKA_CAMPAIGN=1\n"; out.String() != want || port == "0" {
		t.Fatalf("stdout %q, want %q", out, want)
	}
	if !strings.Contains(errOut.String(), "Press Ctrl-C to stop.") {
		t.Fatalf("stderr %q", errOut)
	}

	status, body := request(t, "POST", url+"/campaigns/1/calendars", "sandbox-token", calendarBody)
	if status != 200 || !strings.Contains(body, `"name":"Harptos"`) {
		t.Fatalf("create: %d %s", status, body)
	}
	status, body = request(t, "GET", url+"/campaigns/1/calendars", "sandbox-token", "")
	if status != 200 || !strings.Contains(body, `"path":"`+url+`/campaigns/1/calendars"`) {
		t.Fatalf("list: %d %s", status, body)
	}
	if status, _ := request(t, "GET", url+"/campaigns/1/calendars", "wrong", ""); status != 401 {
		t.Fatalf("wrong token: %d", status)
	}

	stop(t, cancel, done)
	if !strings.HasSuffix(errOut.String(), "Sandbox stopped.\n") {
		t.Fatalf("stderr %q", errOut)
	}
	if _, err := http.Get(url + "/campaigns/1/calendars"); err == nil {
		t.Fatal("still answering after the context was cancelled")
	}
}

func TestServeLiveWithTokenCampaignRateAndData(t *testing.T) {
	data := filepath.Join(t.TempDir(), "state", "sandbox.json")
	url, out, _, cancel, done := startServe(t, "--live", "--token", "it's mine", "--campaign", "4", "--rate", "2/1h", "--data", data)
	if !strings.Contains(out.String(), "export KANKA_TOKEN='it'\\''s mine'\nexport KANKA_CAMPAIGN=4\n") {
		t.Fatalf("stdout %q", out)
	}
	status, body := request(t, "POST", url+"/campaigns/4/calendars", "it's mine", calendarBody)
	if status != 201 {
		t.Fatalf("live create: %d %s", status, body)
	}
	if status, _ := request(t, "GET", url+"/campaigns/4/calendars/1/calendar_weathers", "it's mine", ""); status != 404 {
		t.Fatalf("plural weather path live: %d", status)
	}
	// The 404 of a route that does not exist is not counted: this is the
	// second request of the window, the next one the third.
	if status, _ := request(t, "GET", url+"/campaigns/4/calendars", "it's mine", ""); status != 200 {
		t.Fatalf("second request: %d", status)
	}
	status, body = request(t, "GET", url+"/campaigns/4/calendars", "it's mine", "")
	if status != 429 || !strings.HasPrefix(body, `["Your account limit of 2 requests`) {
		t.Fatalf("third request: %d %s", status, body)
	}
	stop(t, cancel, done)

	// The state outlived the server.
	s, err := sandbox.New(sandbox.Options{DataPath: data, Campaign: 4})
	if err != nil {
		t.Fatal(err)
	}
	req, _ := http.NewRequest("GET", "/api/1.0/campaigns/4/calendars/1", nil)
	req.Header.Set("Authorization", "Bearer "+sandbox.DefaultToken)
	rec := &recorder{header: http.Header{}}
	s.ServeHTTP(rec, req)
	if rec.status != 200 || !strings.Contains(rec.body.String(), `"name":"Harptos"`) {
		t.Fatalf("after restart: %d %s", rec.status, rec.body.String())
	}
}

func TestServeFailsWhenThePortIsTaken(t *testing.T) {
	url, _, _, cancel, done := startServe(t)
	addr := strings.TrimSuffix(strings.TrimPrefix(url, "http://"), "/api/1.0")
	streams, _, out, _ := cmdutil.Test()
	cmd := NewCmdServe(&cmdutil.Factory{IO: streams, Globals: &cmdutil.Globals{}}, nil)
	cmd.SetArgs([]string{"--addr", addr})
	cmd.SetOut(io.Discard)
	cmd.SetErr(io.Discard)
	err := cmd.ExecuteContext(context.Background())
	if err == nil || !strings.Contains(err.Error(), "cannot listen on "+addr) || out.Len() != 0 {
		t.Fatalf("err %v, stdout %q", err, out)
	}
	stop(t, cancel, done)
}

// recorder is a minimal ResponseWriter.
type recorder struct {
	header http.Header
	status int
	body   bytes.Buffer
}

func (r *recorder) Header() http.Header         { return r.header }
func (r *recorder) WriteHeader(s int)           { r.status = s }
func (r *recorder) Write(b []byte) (int, error) { return r.body.Write(b) }

func TestReachableAddr(t *testing.T) {
	tests := []struct {
		addr net.Addr
		want string
	}{
		{&net.TCPAddr{IP: net.IPv4zero, Port: 8080}, "127.0.0.1:8080"},
		{&net.TCPAddr{IP: net.IPv6unspecified, Port: 9}, "127.0.0.1:9"},
		{&net.TCPAddr{IP: net.IPv6loopback, Port: 9}, "[::1]:9"},
		{&net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 1}, "127.0.0.1:1"},
	}
	for _, tt := range tests {
		if got := reachableAddr(tt.addr); got != tt.want {
			t.Errorf("%v: %s, want %s", tt.addr, got, tt.want)
		}
	}
}

// The fault, latency, page-size and seed flags are only worth something if
// they reach the server: these tests run the real command and talk HTTP to it.

// post sends a calendar POST and returns the raw outcome, so that a dropped
// connection can be told apart from an answer.
func post(t *testing.T, url, body string) (*http.Response, error) {
	t.Helper()
	req, err := http.NewRequest("POST", url+"/campaigns/1/calendars", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Authorization", "Bearer sandbox-token")
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err == nil {
		_, _ = io.ReadAll(resp.Body)
		resp.Body.Close()
	}
	return resp, err
}

// calendarNames lists the calendars a server holds, by name.
func calendarNames(t *testing.T, url string) []string {
	t.Helper()
	status, body := request(t, "GET", url+"/campaigns/1/calendars", "sandbox-token", "")
	if status != 200 {
		t.Fatalf("list: %d %s", status, body)
	}
	var list struct {
		Data []struct {
			Name string `json:"name"`
		} `json:"data"`
	}
	if err := json.Unmarshal([]byte(body), &list); err != nil {
		t.Fatalf("list body %s: %v", body, err)
	}
	names := []string{}
	for _, c := range list.Data {
		names = append(names, c.Name)
	}
	return names
}

func TestServeFailRateOneAnswers500AndAppliesNothing(t *testing.T) {
	// Every request of the failing server fails, its list too: a second,
	// healthy server on the same state file tells what was applied.
	data := filepath.Join(t.TempDir(), "sandbox.json")
	url, _, _, cancel, done := startServe(t, "--fail-rate", "1", "--data", data)
	status, body := request(t, "POST", url+"/campaigns/1/calendars", "sandbox-token", calendarBody)
	if status != 500 {
		t.Fatalf("create with --fail-rate 1: %d %s, want 500", status, body)
	}
	stop(t, cancel, done)

	url, _, _, cancel, done = startServe(t, "--data", data)
	if names := calendarNames(t, url); len(names) != 0 {
		t.Fatalf("calendars after a failed create: %v, want none", names)
	}
	stop(t, cancel, done)
}

func TestServeDropRateOneAppliesThenDropsTheConnection(t *testing.T) {
	url, _, _, cancel, done := startServe(t, "--drop-rate", "1")
	resp, err := post(t, url, calendarBody)
	if err == nil {
		t.Fatalf("create with --drop-rate 1 answered %d, want a dropped connection", resp.StatusCode)
	}
	// Reads are never dropped, so the list shows what the write did.
	if names := calendarNames(t, url); len(names) != 1 || names[0] != "Harptos" {
		t.Fatalf("calendars after a dropped create: %v, want [Harptos]", names)
	}
	stop(t, cancel, done)
}

func TestServePageSize(t *testing.T) {
	url, _, _, cancel, done := startServe(t, "--page-size", "1")
	for range 2 {
		if status, body := request(t, "POST", url+"/campaigns/1/calendars", "sandbox-token", calendarBody); status != 200 {
			t.Fatalf("create: %d %s", status, body)
		}
	}
	status, body := request(t, "GET", url+"/campaigns/1/calendars", "sandbox-token", "")
	var list struct {
		Data []json.RawMessage `json:"data"`
		Meta struct {
			PerPage  int `json:"per_page"`
			LastPage int `json:"last_page"`
		} `json:"meta"`
	}
	if err := json.Unmarshal([]byte(body), &list); status != 200 || err != nil {
		t.Fatalf("list: %d %s %v", status, body, err)
	}
	if list.Meta.PerPage != 1 || list.Meta.LastPage != 2 || len(list.Data) != 1 {
		t.Fatalf("per_page %d, last_page %d, %d items; want 1, 2, 1", list.Meta.PerPage, list.Meta.LastPage, len(list.Data))
	}
	stop(t, cancel, done)
}

func TestServeLatency(t *testing.T) {
	const latency = 150 * time.Millisecond
	url, _, _, cancel, done := startServe(t, "--latency", latency.String())
	start := time.Now()
	if status, body := request(t, "GET", url+"/campaigns/1/calendars", "sandbox-token", ""); status != 200 {
		t.Fatalf("list: %d %s", status, body)
	}
	if took := time.Since(start); took < latency {
		t.Fatalf("answered in %v, want at least %v", took, latency)
	}
	stop(t, cancel, done)
}

func TestServeSeedRepeatsTheFaults(t *testing.T) {
	// statuses sends the same 32 requests to a new server and returns what
	// it answered. With a share of 0.5, two random seeds agree on all of
	// them once in 2^32 runs.
	statuses := func(seed string) []int {
		url, _, _, cancel, done := startServe(t, "--fail-rate", "0.5", "--seed", seed)
		defer stop(t, cancel, done)
		var got []int
		for range 32 {
			status, _ := request(t, "GET", url+"/campaigns/1/calendars", "sandbox-token", "")
			got = append(got, status)
		}
		return got
	}
	first, second := statuses("42"), statuses("42")
	if !slices.Equal(first, second) {
		t.Fatalf("same seed, different answers:\n%v\n%v", first, second)
	}
	if !slices.Contains(first, 200) || !slices.Contains(first, 500) {
		t.Fatalf("answers %v, want both 200 and 500 with --fail-rate 0.5", first)
	}
}

// underGlobals puts cmd under a root that has the global flags serve reads
// (--token, -c/--campaign), bound to g as kanka's root binds them.
func underGlobals(g *cmdutil.Globals, cmd *cobra.Command) *cobra.Command {
	root := &cobra.Command{Use: "kanka", SilenceUsage: true, SilenceErrors: true}
	root.PersistentFlags().StringVar(&g.Token, "token", "", "")
	root.PersistentFlags().StringVarP(&g.Campaign, "campaign", "c", "", "")
	root.AddCommand(cmd)
	return root
}

// get sends a GET and returns the status, the rate limit headers and the
// body.
func get(t *testing.T, url string) (status int, limit, remaining, body string) {
	t.Helper()
	req, _ := http.NewRequest("GET", url, nil)
	req.Header.Set("Authorization", "Bearer sandbox-token")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, resp.Header.Get("X-RateLimit-Limit"), resp.Header.Get("X-RateLimit-Remaining"), string(b)
}

func TestServeLiveLimitsTo30AMinuteUnlessRateSaysOtherwise(t *testing.T) {
	tests := []struct {
		args             []string
		limit, remaining []string // of the first two answers
	}{
		{[]string{"--live"}, []string{"30", "30"}, []string{"29", "28"}},
		{[]string{"--live", "--rate", "0"}, []string{"", ""}, []string{"", ""}},
		{[]string{"--live", "--rate", "5/1h"}, []string{"5", "5"}, []string{"4", "3"}},
		{nil, []string{"", ""}, []string{"", ""}},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			url, _, _, cancel, done := startServe(t, tt.args...)
			for i := range 2 {
				status, limit, remaining, body := get(t, url+"/campaigns/1/calendars")
				if status != 200 || limit != tt.limit[i] || remaining != tt.remaining[i] {
					t.Fatalf("answer %d: %d, X-RateLimit-Limit %q, X-RateLimit-Remaining %q, want 200 %q %q; %s",
						i+1, status, limit, remaining, tt.limit[i], tt.remaining[i], body)
				}
			}
			stop(t, cancel, done)
		})
	}
}

func TestServeOmitKeys(t *testing.T) {
	url, _, _, cancel, done := startServe(t, "--omit-keys", "updated_at,months")
	status, body := request(t, "POST", url+"/campaigns/1/calendars", "sandbox-token", calendarBody)
	if status != 200 || strings.Contains(body, `"updated_at"`) || strings.Contains(body, `"months"`) || !strings.Contains(body, `"created_at"`) {
		t.Fatalf("create with --omit-keys updated_at,months: %d %s", status, body)
	}
	if _, _, _, body := get(t, url+"/campaigns/1/calendars"); strings.Contains(body, `"updated_at"`) || !strings.Contains(body, `"weekdays"`) {
		t.Fatalf("list with --omit-keys updated_at,months: %s", body)
	}
	stop(t, cancel, done)
}
