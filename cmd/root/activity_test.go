//go:build linux

package root_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/cmd/cmdutil/ptytest"
	"github.com/kanka-cli/kanka/cmd/root/roottest"
)

// slowAPI answers every calendar list after delay, with an empty page, or
// a 429 asking to wait retryAfter the first time when it is set.
func slowAPI(t *testing.T, delay time.Duration, retryAfter string) *httptest.Server {
	limited := retryAfter != ""
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		time.Sleep(delay)
		w.Header().Set("Content-Type", "application/json")
		if limited {
			limited = false
			w.Header().Set("Retry-After", retryAfter)
			w.WriteHeader(http.StatusTooManyRequests)
			_, _ = w.Write([]byte(`{"message":"Too Many Attempts."}`))
			return
		}
		_, _ = w.Write([]byte(`{"data":[],"links":{},"meta":{"current_page":1,"last_page":1,"per_page":45,"total":0}}`))
	}))
	t.Cleanup(srv.Close)
	return srv
}

// runOnTerminal runs kanka with stderr on the pseudo-terminal term (or on
// a pipe when term is nil) and returns the result and what term shows.
func runOnTerminal(t *testing.T, term *ptytest.Terminal, args ...string) roottest.Result {
	t.Helper()
	return roottest.RunStreams(t, context.Background(), "", func(s *cmdutil.IOStreams) {
		if term != nil {
			s.ErrTTY, s.ErrTerminal = true, term.Tty
		}
	}, args...)
}

// A request slower than 300 ms shows a spinner on a terminal's stderr, erased
// before the answer is printed; a quick one, -q, --debug or a pipe show none.
func TestSpinnerOnlyOnATerminalForASlowRequest(t *testing.T) {
	roottest.Isolate(t)
	slow := slowAPI(t, 900*time.Millisecond, "")
	args := []string{"--url", slow.URL + "/api/1.0", "--token", "tok", "-c", "3", "calendar", "list"}

	term := ptytest.Open(t)
	r := runOnTerminal(t, term, args...)
	time.Sleep(50 * time.Millisecond) // the reader of the terminal catches up
	drawn := term.Output()
	if r.Code != 0 || !strings.ContainsAny(drawn, "⣾⣽⣻⢿⡿⣟⣯⣷") {
		t.Errorf("slow request on a terminal: exit %d, drawn %q; want a spinner", r.Code, drawn)
	}
	if !strings.Contains(drawn, " listing the calendars of campaign 3") {
		t.Errorf("the spinner does not say what it waits for: %q", drawn)
	}
	if !strings.HasSuffix(drawn, "\x1b[?25h") && !strings.Contains(drawn, "\x1b[K") {
		t.Errorf("the spinner was not erased: %q", drawn)
	}
	if strings.ContainsAny(r.Stderr, "⣾⣽⣻⢿⡿⣟⣯⣷") {
		t.Errorf("the spinner went through the guarded stderr: %q", r.Stderr)
	}

	for _, tc := range []struct {
		name string
		args []string
	}{
		{"-q", append([]string{"-q"}, args...)},
		{"--debug", append([]string{"--debug"}, args...)},
	} {
		term := ptytest.Open(t)
		runOnTerminal(t, term, tc.args...)
		time.Sleep(50 * time.Millisecond)
		if drawn := term.Output(); drawn != "" {
			t.Errorf("%s: drawn %q; want nothing", tc.name, drawn)
		}
	}

	quick := slowAPI(t, 0, "")
	term = ptytest.Open(t)
	runOnTerminal(t, term, "--url", quick.URL+"/api/1.0", "--token", "tok", "-c", "3", "calendar", "list")
	time.Sleep(50 * time.Millisecond)
	if drawn := term.Output(); drawn != "" {
		t.Errorf("quick request: drawn %q; want nothing", drawn)
	}

	// Not a terminal: nothing anywhere but the empty-list message.
	r = runOnTerminal(t, nil, args...)
	if r.Code != 0 || r.Stderr != "no calendars found\n" {
		t.Errorf("piped: exit %d, stderr %q", r.Code, r.Stderr)
	}
}

// A wait for the rate limit counts down in place on a terminal, instead of
// the line printed elsewhere.
func TestRateLimitWaitCountsDownOnATerminal(t *testing.T) {
	roottest.Isolate(t)
	srv := slowAPI(t, 0, "2")
	term := ptytest.Open(t)
	r := runOnTerminal(t, term, "--url", srv.URL+"/api/1.0", "--token", "tok", "-c", "3", "calendar", "list")
	time.Sleep(50 * time.Millisecond)
	drawn := term.Output()
	if r.Code != 0 || !strings.Contains(drawn, " waiting 2s for the rate limit's next window (Ctrl-C to stop)") ||
		!strings.Contains(drawn, " waiting 1s for the rate limit's next window") {
		t.Errorf("exit %d, drawn %q; want a countdown from 2s", r.Code, drawn)
	}
	if strings.Contains(r.Stderr, "waiting") {
		t.Errorf("the wait was also printed as a line: %q", r.Stderr)
	}
}
