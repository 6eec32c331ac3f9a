package main

import (
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/kanka-cli/kanka/sandbox"
)

// Error paths of the built binary: the exit code a script branches on, the
// message a user reads, and what reached the server.

func TestE2EUsageErrorsSendNothing(t *testing.T) {
	t.Parallel()
	eachMode(t, func(t *testing.T, live bool) {
		srv := startSandbox(t, live)
		k := newKanka(t, srv)
		createHarptos(t, k)
		k.ok(t, "weather", "create", "--calendar", "1", "--date", "1492-1-1", "--weather", "sun")

		dir := t.TempDir()
		badKey := filepath.Join(dir, "bad-key.yaml")
		if err := os.WriteFile(badKey, []byte("name: Typo\nmonths:\n  - {name: A, length: 3}\n  - {name: B, length: 3}\nweekday: [x, y]\n"), 0o600); err != nil {
			t.Fatal(err)
		}

		tests := []struct {
			name   string
			args   []string
			stderr []string // each must appear in stderr
		}{
			{"bad output format", []string{"calendar", "list", "-o", "bogus"},
				[]string{`unknown output format "bogus"`}},
			{"bad date", []string{"weather", "create", "--calendar", "1", "--date", "1492-13", "--weather", "sun"},
				[]string{`"1492-13" is not a date`}},
			{"unknown file key", []string{"calendar", "create", "-f", badKey},
				[]string{"line 5", `unknown key "weekday"; did you mean "weekdays"?`}},
			{"fewer than 2 months", []string{"calendar", "create", "--name", "One month", "--month", "Only:30",
				"--weekday", "x", "--weekday", "y"}, []string{"months: at least 2 are required, 1 given"}},
			{"bad jq", []string{"calendar", "list", "--jq", ".["}, []string{"invalid --jq expression"}},
			{"calendar delete without --yes", []string{"calendar", "delete", "1"}, []string{"--yes"}},
			{"weather delete without --yes", []string{"weather", "delete", "--calendar", "1", "1"}, []string{"--yes"}},
			{"unknown flag", []string{"calendar", "list", "--bogus"}, []string{"unknown flag: --bogus"}},
			{"missing --calendar", []string{"weather", "list"}, []string{"calendar"}},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				mark := srv.mark()
				r := k.run(t, tt.args...)
				if r.code != 2 || r.stdout != "" {
					t.Errorf("want exit 2 and nothing on stdout; %s", r)
				}
				for _, s := range tt.stderr {
					if !strings.Contains(r.stderr, s) {
						t.Errorf("stderr lacks %q; %s", s, r)
					}
				}
				wantNoRequests(t, srv, mark)
			})
		}

		t.Run("date outside the calendar", func(t *testing.T) {
			// Checking the date needs the calendar's months: one read, no write.
			mark := srv.mark()
			r := k.run(t, "weather", "create", "--calendar", "1", "--date", "1492-1-31", "--weather", "sun")
			if r.code != 2 || !strings.Contains(r.stderr, "day 31 does not exist: Hammer has 30 days") {
				t.Errorf("want exit 2 naming the month; %s", r)
			}
			wantRequests(t, srv.since(mark), "GET calendars/1")
		})
		// Nothing above was deleted or created.
		if got := k.ok(t, "calendar", "list", "-o", "id"); got != "1\n" {
			t.Errorf("calendars after the refused commands: %q, want \"1\\n\"", got)
		}
		if got := k.ok(t, "weather", "list", "--calendar", "1", "-o", "id"); got != "1\n" {
			t.Errorf("weather after the refused commands: %q, want \"1\\n\"", got)
		}
	})
}

func TestE2EAuthenticationFailureExits3(t *testing.T) {
	t.Parallel()
	eachMode(t, func(t *testing.T, live bool) {
		srv := startSandbox(t, live)
		k := newKanka(t, srv).with("KANKA_TOKEN=not-the-token")
		mark := srv.mark()
		r := k.run(t, "calendar", "list")
		// The token comes from KANKA_TOKEN, which a login would not replace.
		if r.code != 3 || !strings.Contains(r.stderr, "unset KANKA_TOKEN or set it to a valid token") ||
			strings.Contains(r.stderr, "kanka auth login") || r.stdout != "" {
			t.Errorf("wrong token: want exit 3 and the advice to unset or fix KANKA_TOKEN, not to log in; %s", r)
		}
		if strings.Contains(r.stderr, "not-the-token") {
			t.Errorf("the token appears in the error: %s", r.stderr)
		}
		if sent := srv.since(mark); len(sent) != 1 || sent[0].Status != 401 {
			t.Errorf("wrong token: sent %v, want one request answered 401 (no retry)", sent)
		}
	})
}

func TestE2ENotFoundExits4(t *testing.T) {
	t.Parallel()
	eachMode(t, func(t *testing.T, live bool) {
		srv := startSandbox(t, live)
		k := newKanka(t, srv)
		createHarptos(t, k)
		weathers := "calendar_weathers"
		if live {
			weathers = "calendar_weather"
		}
		// The message names what was not found and where, in the user's
		// words; --debug adds the request and the server's own.
		calendar999 := "error: calendar 999 not found in campaign 1\n"
		for _, tt := range []struct {
			args   []string
			stderr string
		}{
			{[]string{"calendar", "get", "999"}, calendar999},
			{[]string{"calendar", "get", "No Such Calendar"}, "error: no calendar named \"No Such Calendar\"\n"},
			{[]string{"calendar", "update", "999", "--name", "X"}, calendar999},
			{[]string{"weather", "get", "--calendar", "1", "999"}, "error: weather 999 of calendar 1 not found in campaign 1\n"},
			{[]string{"weather", "list", "--calendar", "999"}, calendar999},
			{[]string{"-c", "999", "calendar", "list"}, "error: campaign 999 not found, or the token cannot see it (check -c/--campaign)\n"},
		} {
			mark := srv.mark()
			r := k.run(t, tt.args...)
			if r.code != 4 || r.stdout != "" || r.stderr != tt.stderr {
				t.Errorf("want exit 4 and stderr %q; %s", tt.stderr, r)
			}
			for _, w := range successfulWrites(srv.since(mark)) {
				t.Errorf("%s wrote %v", strings.Join(tt.args, " "), w)
			}
		}
		// --debug keeps the request and the server's text, under the message.
		r := k.run(t, "--debug", "weather", "get", "--calendar", "1", "999")
		want := "error: weather 999 of calendar 1 not found in campaign 1\n" +
			"debug: GET " + srv.Root + "/campaigns/1/calendars/1/" + weathers + "/999: 404 No query results for model [App\\Models\\CalendarWeather] 999\n"
		if r.code != 4 || !strings.HasSuffix(r.stderr, want) {
			t.Errorf("--debug: want exit 4 and stderr ending\n%s; %s", want, r)
		}
	})
}

// rejectFirstCalendarPOST answers the first calendar create with the live
// service's 422 for a missing second month name, a check the client leaves
// to the server.
func rejectFirstCalendarPOST(next http.Handler) http.Handler {
	var done atomic.Bool
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == "POST" && strings.HasSuffix(r.URL.Path, "/calendars") && done.CompareAndSwap(false, true) {
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusUnprocessableEntity)
			_, _ = w.Write([]byte(`{"code":422,"error":"The month name.1 field is required.","fields":{"month_name.1":["The month name.1 field is required."]}}`))
			return
		}
		next.ServeHTTP(w, r)
	})
}

func TestE2EValidationRejectedByTheServerExits5(t *testing.T) {
	t.Parallel()
	eachMode(t, func(t *testing.T, live bool) {
		srv := startServer(t, sandbox.Options{Live: live}, rejectFirstCalendarPOST)
		k := newKanka(t, srv)
		r := k.run(t, "calendar", "create", "-f", harptosFile)
		if r.code != 5 || r.stdout != "" {
			t.Errorf("want exit 5; %s", r)
		}
		// The server's month_name.1 is named as the user counts months, in
		// the summary and on the field's own line.
		want := "error: the server rejected the request: The month 2 name field is required.\n" +
			"  month 2 name: The month 2 name field is required.\n"
		if r.stderr != want {
			t.Errorf("stderr:\n%s\nwant:\n%s", r.stderr, want)
		}
		// The client does not retry a rejected write; the next one lands.
		if got := k.ok(t, "calendar", "list", "-o", "id"); got != "" {
			t.Errorf("after the rejected create, calendars %q, want none", got)
		}
		createHarptos(t, k)
	})
}

// alwaysRateLimited answers every request with the document's 429, asking
// the client to come back after retryAfter seconds; requests counts them.
func alwaysRateLimited(retryAfter string, requests *atomic.Int32) func(http.Handler) http.Handler {
	return func(http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			requests.Add(1)
			w.Header().Set("Retry-After", retryAfter)
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusTooManyRequests)
			_, _ = w.Write([]byte(`{"message":"Too Many Attempts."}`))
		})
	}
}

// rateLimitAttempts is the first request and the client's default
// RateLimitRetries (3) waits and tries again.
const rateLimitAttempts = 1 + 3

func TestE2ERateLimitNotRiddenOutExits6(t *testing.T) {
	t.Parallel()
	// Document mode only: the document's 429 carries Retry-After, which the
	// client honours. The live 429 has no headers, so the client waits for
	// the rate window (a minute), too long for this suite.
	t.Run("quiet when stderr is not a terminal", func(t *testing.T) {
		t.Parallel()
		var requests atomic.Int32
		srv := startServer(t, sandbox.Options{}, alwaysRateLimited("1", &requests))
		k := newKanka(t, srv)
		start := time.Now()
		r := k.run(t, "calendar", "list")
		took := time.Since(start)
		want := "error: listing the calendars of campaign 1: 429 Too Many Attempts.\n" +
			"The service's rate limit was still reached after waiting; try again later.\n"
		if r.code != 6 || r.stdout != "" || r.stderr != want {
			t.Errorf("want exit 6 and stderr %q; %s", want, r)
		}
		if n := requests.Load(); n != rateLimitAttempts {
			t.Errorf("the client tried %d times, want %d", n, rateLimitAttempts)
		}
		// Each retry waits out Retry-After from the 429 before it. The upper
		// bound is generous: it only catches a client ignoring Retry-After.
		if took < 3*time.Second || took > 10*time.Second {
			t.Errorf("giving up took %s; want the three Retry-After waits (1 s each)", took)
		}
	})
	t.Run("debug says why it waits", func(t *testing.T) {
		t.Parallel()
		// The pacer's wait is the time left until the window, a hair under
		// Retry-After: it is still announced as 1s.
		var requests atomic.Int32
		srv := startServer(t, sandbox.Options{}, alwaysRateLimited("1", &requests))
		k := newKanka(t, srv).with("KANKA_DEBUG=1")
		r := k.run(t, "calendar", "list")
		// The exchange log's lines ("> " sent, "< " received) carry
		// timings; what is left is what a user reads between them.
		var said []string
		for _, line := range strings.SplitAfter(r.stderr, "\n") {
			if !strings.HasPrefix(line, "> ") && !strings.HasPrefix(line, "< ") {
				said = append(said, line)
			}
		}
		notice := "waiting 1s for the rate limit's next window (Ctrl-C to stop)\n"
		want := notice + notice + notice +
			"error: listing the calendars of campaign 1: 429 Too Many Attempts.\n" +
			"debug: GET " + srv.Root + "/campaigns/1/calendars: 429 Too Many Attempts.\n" +
			"The service's rate limit was still reached after waiting; try again later.\n"
		if got := strings.Join(said, ""); r.code != 6 || r.stdout != "" || got != want {
			t.Errorf("want exit 6 and, besides the exchange log, stderr\n%s; %s", want, r)
		}
		if got := strings.Count(r.stderr, "< 429 in "); got != rateLimitAttempts {
			t.Errorf("the debug log shows %d answers, want %d", got, rateLimitAttempts)
		}
		if n := requests.Load(); n != rateLimitAttempts {
			t.Errorf("the client tried %d times, want %d", n, rateLimitAttempts)
		}
	})
}

func TestE2EDroppedWriteMayHaveBeenAppliedExits1(t *testing.T) {
	t.Parallel()
	eachMode(t, func(t *testing.T, live bool) {
		srv := startServer(t, sandbox.Options{Live: live, DropRate: 1}, nil)
		k := newKanka(t, srv)
		mark := srv.mark()
		r := k.run(t, "calendar", "create", "-f", harptosFile)
		if r.code != 1 || !strings.Contains(r.stderr, "may have been applied") {
			t.Errorf("want exit 1 and 'may have been applied'; %s", r)
		}
		// The name check (a read), then one POST, not retried: it did land.
		wantRequests(t, srv.since(mark), "GET calendars?name=Calendar+of+Harptos!", "POST calendars")
		if got := k.ok(t, "calendar", "list", "--jq", ".[].name"); got != "Calendar of Harptos\n" {
			t.Errorf("after the dropped create, calendars %q, want the one that landed", got)
		}
	})
}

func TestE2ENoTokenOverPlainHTTPToAnotherHost(t *testing.T) {
	t.Parallel()
	// No server is needed: the binary must refuse before dialling.
	k := newKanka(t, nil).with("KANKA_URL=http://kanka.invalid/api/1.0", "KANKA_TOKEN=a-token", "KANKA_CAMPAIGN=1")
	r := k.run(t, "calendar", "list")
	if r.code != 2 || !strings.Contains(r.stderr, "refusing to send the token over plain http to kanka.invalid") ||
		strings.Contains(r.stderr, "a-token") {
		t.Errorf("plain http to a remote host: want exit 2 and a refusal; %s", r)
	}
}

func TestE2EServerErrorsRetryReadsNotWrites(t *testing.T) {
	t.Parallel()
	eachMode(t, func(t *testing.T, live bool) {
		srv := startServer(t, sandbox.Options{Live: live, FailRate: 1}, nil)
		k := newKanka(t, srv)

		// A read is safe to repeat: retried with backoff, then exit 1.
		mark := srv.mark()
		r := k.run(t, "calendar", "list")
		if r.code != 1 || !strings.Contains(r.stderr, "500") {
			t.Errorf("a list meeting only 500s: want exit 1 naming the status; %s", r)
		}
		if sent := srv.since(mark); len(sent) != 4 {
			t.Errorf("a list meeting only 500s sent %d requests, want 1 and 3 retries: %v", len(sent), sent)
		}

		// A write that met a 500 may have landed: never repeated. (Without
		// --allow-duplicate the name check, a read, would meet the 500s first.)
		mark = srv.mark()
		r = k.run(t, "calendar", "create", "-f", harptosFile, "--allow-duplicate")
		if r.code != 1 || !strings.Contains(r.stderr, "may have been applied") {
			t.Errorf("a create meeting a 500: want exit 1 and 'may have been applied'; %s", r)
		}
		wantRequests(t, srv.since(mark), "POST calendars")
	})
}

// applyThenHang applies every weather POST but answers the nth that
// succeeds only with silence, after telling applied: the user's Ctrl-C then
// meets a write that has landed.
func applyThenHang(n int32, applied chan<- struct{}) func(http.Handler) http.Handler {
	var created atomic.Int32
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.Method != "POST" || !strings.Contains(r.URL.Path, "/calendar_weather") {
				next.ServeHTTP(w, r)
				return
			}
			rec := httptest.NewRecorder()
			next.ServeHTTP(rec, r)
			if rec.Code < 300 && created.Add(1) == n {
				applied <- struct{}{}
				<-r.Context().Done()
				return
			}
			for key, values := range rec.Header() {
				w.Header()[key] = values
			}
			w.WriteHeader(rec.Code)
			_, _ = w.Write(rec.Body.Bytes())
		})
	}
}

func TestE2EInterruptedListCreateSaysTheWriteInFlightMayHaveLanded(t *testing.T) {
	t.Parallel()
	eachMode(t, func(t *testing.T, live bool) {
		applied := make(chan struct{}, 1)
		srv := startServer(t, sandbox.Options{Live: live}, applyThenHang(3, applied))
		k := newKanka(t, srv)
		createHarptos(t, k)

		cmd, _, stderr := k.command("", "weather", "create", "--calendar", "1", "-f", hammerFile, "-o", "id")
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		select {
		case <-applied:
		case <-time.After(10 * time.Second):
			_ = cmd.Process.Kill()
			t.Fatal("entry 3 never arrived")
		}
		if err := cmd.Process.Signal(syscall.SIGINT); err != nil {
			t.Fatal(err)
		}
		if sig := killedBy(t, cmd.Wait()); sig != syscall.SIGINT {
			t.Errorf("ended by signal %d after Ctrl-C, want death by SIGINT; stderr %q", sig, stderr)
		}
		if got := k.ok(t, "weather", "list", "--calendar", "1", "-o", "id"); got != "1\n2\n3\n" {
			t.Fatalf("weather after the interrupted create: %q, want entries 1 to 3", got)
		}
		if !strings.Contains(stderr.String(), "may have been applied") || strings.Contains(stderr.String(), "entry 3 (1492-1-3) failed") {
			t.Errorf("the summary should warn that entry 3 may have been applied; stderr:\n%s", stderr)
		}
	})
}
