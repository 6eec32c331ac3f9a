package client_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"reflect"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/jarcoal/httpmock"

	"github.com/kanka-cli/kanka/client"
)

// budgetServer counts requests in fixed windows on the fake clock like the
// live service: a window starts at the first request after the last one
// ended; within it, limit requests pass with X-RateLimit-* headers and the
// rest meet the live 429 (a bare array, no headers).
type budgetServer struct {
	clock  *fakeClock
	limit  int
	window time.Duration

	mu          sync.Mutex
	windowStart time.Time
	used        int
	passed      int
	limited     int
}

func (s *budgetServer) serve(r *http.Request) (*http.Response, error) {
	s.mu.Lock()
	now := s.clock.Now()
	if s.windowStart.IsZero() || !now.Before(s.windowStart.Add(s.window)) {
		s.windowStart, s.used = now, 0
	}
	s.used++
	if s.used > s.limit {
		s.limited++
		s.mu.Unlock()
		return reply(429, `["Your account limit of 3 requests per minute has been reached."]`)(r)
	}
	s.passed++
	remaining := s.limit - s.used
	s.mu.Unlock()
	return reply(200, `{"data":`+calendarJSON(1, "Harptos")+`}`,
		"X-RateLimit-Limit", strconv.Itoa(s.limit), "X-RateLimit-Remaining", strconv.Itoa(remaining))(r)
}

// When the headers say the budget is spent, the next request waits for the
// window instead of meeting a 429.
func TestPacingWaitsForTheWindow(t *testing.T) {
	api := newMockAPI(t)
	c, clock := api.client()
	srv := &budgetServer{clock: clock, limit: 3, window: time.Minute}
	api.handle("GET", "calendars/1", srv.serve)

	ctx := deadline(t)
	for i := range 10 {
		if _, err := c.GetCalendar(ctx, 1); err != nil {
			t.Fatalf("request %d: %v", i+1, err)
		}
	}
	if srv.limited != 0 || srv.passed != 10 {
		t.Errorf("server let %d through and answered %d with 429, want 10 and 0", srv.passed, srv.limited)
	}
	want := []time.Duration{time.Minute, time.Minute, time.Minute}
	if got := clock.recordedWaits(); !reflect.DeepEqual(got, want) {
		t.Errorf("waits %v, want %v", got, want)
	}
}

// The same holds for a concurrent walk: requests in flight count against
// the budget before their answers arrive, and a budget smaller than the page
// concurrency is kept in every new window too.
func TestPacingConcurrentWalk(t *testing.T) {
	for _, limit := range []int{10, 3} {
		t.Run(fmt.Sprintf("%d a minute", limit), func(t *testing.T) {
			api := newMockAPI(t)
			c, clock := api.client()
			budget := &budgetServer{clock: clock, limit: limit, window: time.Minute}
			// Answers take a while, so that requests overlap, and later pages
			// answer first, so that an answer with an older, larger budget
			// arrives last.
			pages := &pageServer{total: 200, perPage: 10, delay: func(page int) time.Duration {
				return time.Duration(22-page) * 2 * time.Millisecond
			}}
			api.handle("GET", "calendars", func(r *http.Request) (*http.Response, error) {
				resp, _ := budget.serve(r)
				if resp.StatusCode != 200 {
					return resp, nil
				}
				page, _ := pages.serve(r)
				page.Header = resp.Header
				return page, nil
			})
			got, err := collect(c.AllCalendars(deadline(t), nil))
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, pageRange(1, 200)) {
				t.Errorf("yielded %v", got)
			}
			if budget.limited != 0 {
				t.Errorf("%d requests met a 429", budget.limited)
			}
			if want := time.Duration((20-1)/limit) * time.Minute; clock.elapsed() < want {
				t.Errorf("20 requests at %d a minute took %v, want at least %v", limit, clock.elapsed(), want)
			}
		})
	}
}

// A 429 that comes anyway is ridden out: with Retry-After the client waits
// that long (0 or a past date: not at all), without one (the live 429) or
// with one it cannot read, the rest of the window; POST, which the 429
// proves was not applied, included.
func TestRateLimitedRequestsWaitAndRetry(t *testing.T) {
	fakeNow := newFakeClock().Now()
	for _, tc := range []struct {
		name      string
		headers   []string
		window    time.Duration
		wantWaits []time.Duration
	}{
		{name: "Retry-After seconds", headers: []string{"Retry-After", "7"}, wantWaits: []time.Duration{7 * time.Second}},
		{name: "Retry-After date", headers: []string{"Retry-After", fakeNow.Add(30 * time.Second).Format(http.TimeFormat)}, wantWaits: []time.Duration{30 * time.Second}},
		{name: "Retry-After 0", headers: []string{"Retry-After", "0"}},
		{name: "Retry-After past date", headers: []string{"Retry-After", fakeNow.Add(-time.Hour).Format(http.TimeFormat)}},
		{name: "Retry-After negative", headers: []string{"Retry-After", "-5"}, wantWaits: []time.Duration{time.Minute}},
		{name: "Retry-After unreadable", headers: []string{"Retry-After", "soon"}, wantWaits: []time.Duration{time.Minute}},
		{name: "live bare 429", wantWaits: []time.Duration{time.Minute}},
		{name: "live bare 429, other window", window: 10 * time.Second, wantWaits: []time.Duration{10 * time.Second}},
	} {
		for _, method := range []string{"GET", "POST"} {
			t.Run(tc.name+" "+method, func(t *testing.T) {
				api := newMockAPI(t)
				limited := reply(429, `["Your account limit of 30 requests per minute has been reached."]`, tc.headers...)
				ok := reply(200, `{"data":`+calendarJSON(1, "Harptos")+`}`)
				api.on("GET", "calendars/1", limited, ok)
				api.on("POST", "calendars", limited, ok)
				c, clock := api.client(func(cfg *client.Config) { cfg.RateWindow = tc.window })
				var err error
				if method == "GET" {
					_, err = c.GetCalendar(deadline(t), 1)
				} else {
					_, err = c.CreateCalendar(deadline(t), client.CalendarInput{Name: "Harptos"})
				}
				if err != nil {
					t.Fatal(err)
				}
				if got := clock.recordedWaits(); !reflect.DeepEqual(got, tc.wantWaits) {
					t.Errorf("waits %v, want %v", got, tc.wantWaits)
				}
				reqs := api.requests()
				if len(reqs) != 2 || reqs[0].String() != reqs[1].String() || reqs[0].Body != reqs[1].Body {
					t.Errorf("requests %v, want the same one twice", api.sequence())
				}
			})
		}
	}
}

// After RateLimitRetries waits the 429 is returned; with none, at once.
func TestRateLimitRetriesRunOut(t *testing.T) {
	for _, tc := range []struct{ retries, wantAttempts int }{{0, 4}, {1, 2}, {5, 6}, {-1, 1}} {
		api := newMockAPI(t)
		api.on("GET", "calendars/1", reply(429, `["limit reached"]`))
		c, clock := api.client(func(cfg *client.Config) { cfg.RateLimitRetries = tc.retries })
		_, err := c.GetCalendar(deadline(t), 1)
		if !client.IsRateLimit(err) {
			t.Errorf("retries %d: err = %v, want a rate limit error", tc.retries, err)
		}
		if n := len(api.requests()); n != tc.wantAttempts {
			t.Errorf("retries %d: %d attempts, want %d", tc.retries, n, tc.wantAttempts)
		}
		if n := len(clock.recordedWaits()); n != tc.wantAttempts-1 {
			t.Errorf("retries %d: %d waits, want %d", tc.retries, n, tc.wantAttempts-1)
		}
	}
}

// A wait for the window ends at once when the context is done: Ctrl-C must
// not sit out a minute.
func TestCancellationStopsWaits(t *testing.T) {
	for _, tc := range []struct {
		name  string
		first func() (route string, answer func(*http.Request) (*http.Response, error))
	}{
		{name: "pacing wait", first: func() (string, func(*http.Request) (*http.Response, error)) {
			return "calendars/1", reply(200, `{"data":{"id":1}}`, "X-RateLimit-Limit", "30", "X-RateLimit-Remaining", "0")
		}},
		{name: "429 wait", first: func() (string, func(*http.Request) (*http.Response, error)) {
			return "calendars/1", reply(429, `["limit reached"]`)
		}},
		{name: "backoff wait", first: func() (string, func(*http.Request) (*http.Response, error)) {
			return "calendars/1", reply(503, "")
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			api := newMockAPI(t)
			route, answer := tc.first()
			api.on("GET", route, answer)
			c, _ := api.client(func(cfg *client.Config) {
				cfg.Clock = nil // the real one
				cfg.RateWindow, cfg.MaxWait = time.Hour, 2*time.Hour
				cfg.BackoffBase, cfg.BackoffMax = time.Hour, time.Hour
			})
			ctx := deadline(t)
			if tc.name == "pacing wait" {
				if _, err := c.GetCalendar(ctx, 1); err != nil {
					t.Fatal(err)
				}
			}
			ctx, cancel := context.WithTimeout(ctx, 50*time.Millisecond)
			defer cancel()
			start := time.Now()
			_, err := c.GetCalendar(ctx, 1)
			if took := time.Since(start); took > 2*time.Second {
				t.Errorf("returned after %v", took)
			}
			if !errors.Is(err, context.DeadlineExceeded) {
				t.Errorf("err = %v, want the context's", err)
			}
		})
	}
}

// deadline is a context that ends a few seconds from now, for every test
// that waits on the pacer: a window that never rolls over then fails the
// test at once instead of hanging the suite until its timeout.
func deadline(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	t.Cleanup(cancel)
	return ctx
}

// Rate-limit headers that make no sense are ignored: no request waits for
// them. X-RateLimit-Limit: -1 with Remaining: 0 used to let one request
// through and then wait for ever.
func TestPacingIgnoresNonsenseHeaders(t *testing.T) {
	for _, tc := range []struct{ limit, remaining string }{
		{"-1", "0"},
		{"0", "0"},
		{"30", "-1"},
		{"abc", "0"},
		{"30", "many"},
		{"5", "10"},
		{"99999999999999999999", "0"},
		{"1000000", "0"},
	} {
		t.Run(tc.limit+"/"+tc.remaining, func(t *testing.T) {
			api := newMockAPI(t)
			api.on("GET", "calendars/1", reply(200, `{"data":`+calendarJSON(1, "Harptos")+`}`,
				"X-RateLimit-Limit", tc.limit, "X-RateLimit-Remaining", tc.remaining))
			c, clock := api.client()
			ctx := deadline(t)
			for i := range 5 {
				if _, err := c.GetCalendar(ctx, 1); err != nil {
					t.Fatalf("request %d: %v", i+1, err)
				}
			}
			if n := len(api.requests()); n != 5 {
				t.Errorf("%d requests, want 5", n)
			}
			if waits := clock.recordedWaits(); len(waits) != 0 {
				t.Errorf("waited %v, want no wait", waits)
			}
		})
	}
}

// A wait for the rate limit longer than MaxWait (2 minutes by default) is
// never started: the request ends at once with a WaitTooLongError that says
// how long and until when, whichever wait it is.
func TestWaitsLongerThanMaxWaitEndTheRequest(t *testing.T) {
	fakeNow := newFakeClock().Now()
	limited := func(headers ...string) httpmock.Responder {
		return reply(429, `["Your account limit of 30 requests per minute has been reached."]`, headers...)
	}
	spent := reply(200, `{"data":`+calendarJSON(1, "Harptos")+`}`, "X-RateLimit-Limit", "30", "X-RateLimit-Remaining", "0")
	for _, tc := range []struct {
		name     string
		answers  []httpmock.Responder
		calls    int // GetCalendar calls: one request, then the failing call
		edit     func(*client.Config)
		wantWait time.Duration
		wantMax  time.Duration
	}{
		{name: "Retry-After an hour", answers: []httpmock.Responder{limited("Retry-After", "3600")}, calls: 1,
			wantWait: time.Hour, wantMax: 2 * time.Minute},
		{name: "Retry-After an hour as a date", answers: []httpmock.Responder{limited("Retry-After", fakeNow.Add(time.Hour).Format(http.TimeFormat))}, calls: 1,
			wantWait: time.Hour, wantMax: 2 * time.Minute},
		{name: "Retry-After beyond a time.Duration", answers: []httpmock.Responder{limited("Retry-After", "99999999999999")}, calls: 1,
			wantWait: 100 * 365 * 24 * time.Hour, wantMax: 2 * time.Minute},
		{name: "Retry-After beyond an int64", answers: []httpmock.Responder{limited("Retry-After", "99999999999999999999999")}, calls: 1,
			wantWait: 100 * 365 * 24 * time.Hour, wantMax: 2 * time.Minute},
		{name: "bare 429, long window", answers: []httpmock.Responder{limited()}, calls: 1,
			edit: func(cfg *client.Config) { cfg.RateWindow = 5 * time.Minute }, wantWait: 5 * time.Minute, wantMax: 2 * time.Minute},
		{name: "pacing, long window", answers: []httpmock.Responder{spent}, calls: 2,
			edit: func(cfg *client.Config) { cfg.RateWindow = 5 * time.Minute }, wantWait: 5 * time.Minute, wantMax: 2 * time.Minute},
		{name: "Retry-After above a chosen max", answers: []httpmock.Responder{limited("Retry-After", "31")}, calls: 1,
			edit: func(cfg *client.Config) { cfg.MaxWait = 30 * time.Second }, wantWait: 31 * time.Second, wantMax: 30 * time.Second},
		{name: "no wait allowed", answers: []httpmock.Responder{limited("Retry-After", "1")}, calls: 1,
			edit: func(cfg *client.Config) { cfg.MaxWait = -1 }, wantWait: time.Second},
	} {
		t.Run(tc.name, func(t *testing.T) {
			api := newMockAPI(t)
			api.on("GET", "calendars/1", tc.answers...)
			var told []time.Duration
			c, clock := api.client(func(cfg *client.Config) {
				cfg.OnWait = func(_ string, d time.Duration) { told = append(told, d) }
				if tc.edit != nil {
					tc.edit(cfg)
				}
			})
			ctx := deadline(t)
			var err error
			for range tc.calls {
				_, err = c.GetCalendar(ctx, 1)
			}
			var tooLong *client.WaitTooLongError
			if !errors.As(err, &tooLong) {
				t.Fatalf("err = %v, want a WaitTooLongError", err)
			}
			want := client.WaitTooLongError{Wait: tc.wantWait, Max: tc.wantMax, Until: fakeNow.Add(tc.wantWait)}
			if *tooLong != want {
				t.Errorf("err = %+v, want %+v", *tooLong, want)
			}
			if n := len(api.requests()); n != 1 {
				t.Errorf("%d requests, want 1", n)
			}
			if waits := clock.recordedWaits(); len(waits) != 0 || len(told) != 0 {
				t.Errorf("waited %v (told of %v), want no wait", waits, told)
			}
		})
	}
}

// A wait within MaxWait is waited.
func TestWaitsWithinMaxWaitAreWaited(t *testing.T) {
	api := newMockAPI(t)
	api.on("GET", "calendars/1", reply(429, `["limit"]`, "Retry-After", "3600"), reply(200, `{"data":`+calendarJSON(1, "Harptos")+`}`))
	c, clock := api.client(func(cfg *client.Config) { cfg.MaxWait = time.Hour })
	if _, err := c.GetCalendar(deadline(t), 1); err != nil {
		t.Fatal(err)
	}
	if got := clock.recordedWaits(); !reflect.DeepEqual(got, []time.Duration{time.Hour}) {
		t.Errorf("waits %v, want [1h0m0s]", got)
	}
}
