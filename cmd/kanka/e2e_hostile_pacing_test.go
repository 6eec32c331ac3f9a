package main

import (
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"sync/atomic"
	"testing"
	"time"
)

// Hostile rate limits: a server whose Retry-After or X-RateLimit-* headers
// would have kanka wait for an hour, for ever, or freeze a shell's Tab.

// limitedHandler answers every request with the live service's 429 and the
// headers given as "Key", "Value" pairs.
func limitedHandler(headers ...string) http.HandlerFunc {
	return func(w http.ResponseWriter, _ *http.Request) {
		for i := 0; i+1 < len(headers); i += 2 {
			w.Header().Set(headers[i], headers[i+1])
		}
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusTooManyRequests)
		fmt.Fprint(w, `["Your account limit of 30 requests per minute has been reached."]`)
	}
}

// pagesHandler serves a calendar list of last pages, one calendar a page,
// every answer with X-RateLimit-Limit and X-RateLimit-Remaining as given.
func pagesHandler(last int, limit, remaining string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		page, err := strconv.Atoi(r.URL.Query().Get("page"))
		if err != nil {
			page = 1
		}
		w.Header().Set("X-RateLimit-Limit", limit)
		w.Header().Set("X-RateLimit-Remaining", remaining)
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprintf(w, `{"data":[{"id":%d,"name":"Calendar %d"}],"links":{},"meta":{"current_page":%d,"last_page":%d,"per_page":1,"total":%d}}`,
			page, page, page, last, last)
	}
}

// waitTooLong matches the one line of a wait longer than --max-wait; its
// groups are the wait, the max and the time to try again after.
var waitTooLong = regexp.MustCompile(`^error: the rate limit asks to wait (\S+), more than --max-wait (\S+); try again after ([0-9: -]+) \(or raise --max-wait\)\n$`)

// wantWaitTooLong checks r is exit 6 with that line, asking to wait one of
// waits beyond max, and returns the time it says to try again after.
func wantWaitTooLong(t *testing.T, r result, max string, waits ...string) string {
	t.Helper()
	wantNoSecret(t, r)
	m := waitTooLong.FindStringSubmatch(r.stderr)
	if r.code != 6 || r.stdout != "" || m == nil {
		t.Fatalf("want exit 6 and the wait refused; %s", r)
	}
	if m[2] != max {
		t.Errorf("max %s, want %s; %s", m[2], max, r)
	}
	for _, w := range waits {
		if m[1] == w {
			return m[3]
		}
	}
	t.Errorf("wait %s, want one of %v; %s", m[1], waits, r)
	return m[3]
}

// A 429 asking to wait an hour, as seconds or as a date, ends the command
// at once (exit 6) with when to try again, instead of an hour's silence;
// a Retry-After beyond what a duration holds neither overflows nor waits.
func TestE2EHostilePacingRetryAfterBeyondMaxWait(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name       string
		retryAfter func() string
		waits      []string
		again      *regexp.Regexp
	}{
		{name: "seconds", retryAfter: func() string { return "3600" }, waits: []string{"1h0m0s"},
			again: regexp.MustCompile(`^\d\d:\d\d:\d\d$|^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$`)},
		{name: "HTTP date", retryAfter: func() string { return time.Now().Add(2 * time.Hour).UTC().Format(http.TimeFormat) }, waits: []string{"1h59m59s", "2h0m0s"},
			again: regexp.MustCompile(`^\d\d:\d\d:\d\d$|^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$`)},
		{name: "absurd", retryAfter: func() string { return "99999999999999" }, waits: []string{"876000h0m0s"},
			again: regexp.MustCompile(`^21\d\d-\d\d-\d\d \d\d:\d\d:\d\d$`)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			srv := startHostile(t, func(w http.ResponseWriter, r *http.Request) {
				limitedHandler("Retry-After", tc.retryAfter())(w, r)
			})
			k := newHostileKanka(t, srv).with("TZ=UTC")
			mark := srv.mark()
			start := time.Now().UTC()
			r := k.runWithin(t, 10*time.Second, "", "calendar", "list")
			again := wantWaitTooLong(t, r, "2m0s", tc.waits...)
			if !tc.again.MatchString(again) {
				t.Errorf("try again after %q", again)
			}
			if tc.name == "seconds" && len(again) == 8 {
				// The time of day an hour from now, give or take the run.
				at, _ := time.Parse("15:04:05", again)
				want := start.Add(time.Hour)
				got := time.Date(want.Year(), want.Month(), want.Day(), at.Hour(), at.Minute(), at.Second(), 0, time.UTC)
				if d := got.Sub(want); d < -2*time.Second || d > 12*time.Second {
					t.Errorf("try again after %s, want about %s", again, want.Format("15:04:05"))
				}
			}
			wantRequests(t, srv.since(mark), "GET calendars")
		})
	}
}

// X-RateLimit-Limit: -1 with X-RateLimit-Remaining: 0 used to let one
// request through and then wait for ever: headers that make no sense are
// ignored, and a list of several pages ends.
func TestE2EHostilePacingNonsenseHeadersDoNotStall(t *testing.T) {
	t.Parallel()
	srv := startHostile(t, pagesHandler(3, "-1", "0"))
	k := newHostileKanka(t, srv)
	mark := srv.mark()
	r := k.runWithin(t, 15*time.Second, "", "calendar", "list", "-o", "id")
	if r.code != 0 || r.stdout != "1\n2\n3\n" || r.stderr != "" {
		t.Fatalf("want exit 0 and the three calendars; %s", r)
	}
	wantNoSecret(t, r)
	// Pages 2 and 3 are fetched at once, in either order.
	got := srv.since(mark)
	sort.Slice(got, func(i, j int) bool { return got[i].String() < got[j].String() })
	wantRequests(t, got, "GET calendars", "GET calendars?page=2", "GET calendars?page=3")
}

// The pacer's own wait for the next window is bounded too: with --max-wait
// 0 a spent budget ends a walk at once rather than waiting a minute.
func TestE2EHostilePacingSpentBudgetWithNoWait(t *testing.T) {
	t.Parallel()
	srv := startHostile(t, pagesHandler(3, "30", "0"))
	k := newHostileKanka(t, srv)
	mark := srv.mark()
	r := k.runWithin(t, 10*time.Second, "", "--max-wait", "0", "calendar", "list", "-o", "id")
	// Page 1 is printed before page 2 is refused.
	if r.stdout != "1\n" {
		t.Errorf("stdout %q, want page 1's calendar", r.stdout)
	}
	r.stdout = ""
	wantWaitTooLong(t, r, "0s", "1m0s", "59s")
	wantRequests(t, srv.since(mark), "GET calendars")
}

// --max-wait, KANKA_MAX_WAIT and a profile's max_wait set the longest wait,
// in that order: a wait within it is waited (and the retry succeeds), a
// longer one is exit 6 at once.
func TestE2EHostilePacingMaxWaitSettings(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, profile, env string
		flags              []string
		retryAfter         string
		wantMax            string // "" when the wait is waited
	}{
		{name: "profile", profile: "1s", retryAfter: "2", wantMax: "1s"},
		{name: "environment", env: "1s", retryAfter: "2", wantMax: "1s"},
		{name: "flag", flags: []string{"--max-wait", "1s"}, retryAfter: "2", wantMax: "1s"},
		{name: "environment over profile", profile: "1s", env: "1m", retryAfter: "2"},
		{name: "flag over environment", env: "1s", flags: []string{"--max-wait=3s"}, retryAfter: "2"},
		{name: "flag 0 never waits", flags: []string{"--max-wait", "0"}, retryAfter: "1", wantMax: "0s"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			var answered atomic.Bool
			srv := startHostile(t, func(w http.ResponseWriter, r *http.Request) {
				if !answered.Swap(true) {
					limitedHandler("Retry-After", tc.retryAfter)(w, r)
					return
				}
				pagesHandler(1, "30", "29")(w, r)
			})
			k := newHostileKanka(t, srv)
			if tc.env != "" {
				k = k.with("KANKA_MAX_WAIT=" + tc.env)
			}
			if tc.profile != "" {
				config := filepath.Join(k.home, "config", "kanka", "config.yaml")
				if err := os.MkdirAll(filepath.Dir(config), 0o700); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(config, []byte("profiles:\n  default:\n    max_wait: "+tc.profile+"\n"), 0o600); err != nil {
					t.Fatal(err)
				}
			}
			mark := srv.mark()
			r := k.runWithin(t, 10*time.Second, "", append(tc.flags, "calendar", "list", "-o", "id")...)
			if tc.wantMax != "" {
				wantWaitTooLong(t, r, tc.wantMax, tc.retryAfter+"s")
				wantRequests(t, srv.since(mark), "GET calendars")
				return
			}
			if r.code != 0 || r.stdout != "1\n" || r.stderr != "" {
				t.Fatalf("want the wait waited, then the list; %s", r)
			}
			wantNoSecret(t, r)
			wantRequests(t, srv.since(mark), "GET calendars", "GET calendars")
		})
	}
}

// A shell completion never waits for the rate limit, never retries and
// gives up after 2 seconds: a rate-limited, hanging or failing server gets
// one request, the shell no candidates at once, and nothing of kanka's on
// stderr even with KANKA_DEBUG (only cobra's own directive note, which the
// completion scripts discard).
func TestE2EHostilePacingCompletionNeverWaits(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name    string
		handler http.HandlerFunc
	}{
		{name: "429 Retry-After 60", handler: limitedHandler("Retry-After", "60")},
		{name: "bare 429", handler: limitedHandler()},
		{name: "hangs", handler: func(_ http.ResponseWriter, r *http.Request) {
			select {
			case <-r.Context().Done():
			case <-time.After(time.Minute):
			}
		}},
		{name: "500", handler: func(w http.ResponseWriter, _ *http.Request) {
			w.WriteHeader(http.StatusInternalServerError)
			fmt.Fprint(w, `{"code":500,"error":"Unhandled API error"}`)
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			srv := startHostile(t, tc.handler)
			k := newHostileKanka(t, srv).with("KANKA_DEBUG=1")
			mark := srv.mark()
			start := time.Now()
			r := k.runWithin(t, 4*time.Second, "", "__complete", "calendar", "get", "")
			took := time.Since(start)
			if r.code != 0 || r.stdout != ":4\n" || r.stderr != "Completion ended with directive: ShellCompDirectiveNoFileComp\n" {
				t.Errorf("want no candidates and nothing on stderr; %s", r)
			}
			if took > 2500*time.Millisecond {
				t.Errorf("took %v, want about 1 s at most", took)
			}
			wantNoSecret(t, r)
			wantRequests(t, srv.since(mark), "GET calendars")
		})
	}
}
