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

	for i := range 10 {
		if _, err := c.GetCalendar(context.Background(), 1); err != nil {
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
			got, err := collect(c.AllCalendars(context.Background(), nil))
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
// that long, without it (the live 429) the rest of the window; POST, which
// the 429 proves was not applied, included.
func TestRateLimitedRequestsWaitAndRetry(t *testing.T) {
	fakeNow := newFakeClock().Now()
	for _, tc := range []struct {
		name     string
		headers  []string
		window   time.Duration
		wantWait time.Duration
	}{
		{name: "Retry-After seconds", headers: []string{"Retry-After", "7"}, wantWait: 7 * time.Second},
		{name: "Retry-After date", headers: []string{"Retry-After", fakeNow.Add(30 * time.Second).Format(http.TimeFormat)}, wantWait: 30 * time.Second},
		{name: "live bare 429", wantWait: time.Minute},
		{name: "live bare 429, other window", window: 10 * time.Second, wantWait: 10 * time.Second},
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
					_, err = c.GetCalendar(context.Background(), 1)
				} else {
					_, err = c.CreateCalendar(context.Background(), client.CalendarInput{Name: "Harptos"})
				}
				if err != nil {
					t.Fatal(err)
				}
				if got := clock.recordedWaits(); !reflect.DeepEqual(got, []time.Duration{tc.wantWait}) {
					t.Errorf("waits %v, want [%v]", got, tc.wantWait)
				}
				reqs := api.requests()
				if len(reqs) != 2 || reqs[0].String() != reqs[1].String() || reqs[0].Body != reqs[1].Body {
					t.Errorf("requests %v, want the same one twice", api.sequence())
				}
			})
		}
	}
}

// After RateLimitRetries waits the 429 is returned.
func TestRateLimitRetriesRunOut(t *testing.T) {
	for _, tc := range []struct{ retries, wantAttempts int }{{0, 4}, {1, 2}, {5, 6}} {
		api := newMockAPI(t)
		api.on("GET", "calendars/1", reply(429, `["limit reached"]`))
		c, clock := api.client(func(cfg *client.Config) { cfg.RateLimitRetries = tc.retries })
		_, err := c.GetCalendar(context.Background(), 1)
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
				cfg.RateWindow = time.Hour
				cfg.BackoffBase, cfg.BackoffMax = time.Hour, time.Hour
			})
			ctx := context.Background()
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
