package client_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/kanka-cli/kanka/client"
)

// Ctrl-C or SIGTERM cancels the run's context while the client waits: for a
// 429's Retry-After, before retrying a 503, for the rate limit's next
// window between the pages of a list. Each wait here is an hour long, on
// the real clock; cancelled once it has started, the call must end at once
// with the context's error, having sent nothing more.

// cancelBound is how soon a cancelled wait must end: far below the hour
// waited, far above what a busy machine needs.
const cancelBound = 10 * time.Second

// waitingServer answers with handle on loopback and counts the requests.
func waitingServer(t *testing.T, handle func(w http.ResponseWriter, r *http.Request, n int32)) (*httptest.Server, *atomic.Int32) {
	t.Helper()
	var requests atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		handle(w, r, requests.Add(1))
	}))
	t.Cleanup(srv.Close)
	return srv, &requests
}

// cancelledDuringWait runs call on a client of srv with the real clock and
// hour-long waits, cancels its context as soon as the client says it
// waits, and fails the test unless the wait was the one named by reason
// and no request came to srv after the cancel (requests counts them). It
// returns how long after the cancel call ended, and its error.
func cancelledDuringWait(t *testing.T, srv *httptest.Server, requests *atomic.Int32, reason string, call func(ctx context.Context, c *client.Client) error) (time.Duration, error) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	waiting := make(chan string, 10)
	c, _ := realClient(t, srv.URL, func(cfg *client.Config) {
		cfg.Clock = nil // the real one
		cfg.RateWindow, cfg.MaxWait = time.Hour, 2*time.Hour
		cfg.BackoffBase, cfg.BackoffMax = time.Hour, time.Hour
		cfg.OnWait = func(reason string, d time.Duration) { waiting <- fmt.Sprintf("%s (%s)", reason, d) }
	})
	done := make(chan error, 1)
	go func() { done <- call(ctx, c) }()
	select {
	case got := <-waiting:
		if !strings.HasPrefix(got, reason) {
			t.Errorf("waited %s, want %s", got, reason)
		}
	case err := <-done:
		t.Fatalf("ended without waiting: %v", err)
	case <-time.After(cancelBound):
		t.Fatal("never waited")
	}
	sent, cancelled := requests.Load(), time.Now()
	cancel()
	select {
	case err := <-done:
		took := time.Since(cancelled)
		if n := requests.Load(); n != sent {
			t.Errorf("%d requests after the cancel", n-sent)
		}
		return took, err
	case <-time.After(cancelBound):
		t.Fatalf("still waiting %s after the cancel", cancelBound)
		return 0, nil
	}
}

func wantCancelledPromptly(t *testing.T, err error, took time.Duration) {
	t.Helper()
	if !errors.Is(err, context.Canceled) {
		t.Errorf("err = %v, want the context's", err)
	}
	if took > cancelBound/2 {
		t.Errorf("ended %s after the cancel", took)
	}
}

func getCalendar(ctx context.Context, c *client.Client) error {
	_, err := c.GetCalendar(ctx, 1)
	return err
}

// A 429 or 503 with a Retry-After of an hour: the wait before the retry
// ends at the cancel, and nothing is retried.
func TestRetryWaitEndsWhenCancelled(t *testing.T) {
	for _, status := range []int{http.StatusTooManyRequests, http.StatusServiceUnavailable} {
		t.Run(http.StatusText(status), func(t *testing.T) {
			srv, requests := waitingServer(t, func(w http.ResponseWriter, _ *http.Request, _ int32) {
				w.Header().Set("Retry-After", "3600")
				w.Header().Set("Content-Type", "application/json")
				w.WriteHeader(status)
				fmt.Fprint(w, `{"message":"later"}`)
			})
			reason := map[int]string{
				http.StatusTooManyRequests:    "for the rate limit's next window",
				http.StatusServiceUnavailable: "before retrying after a 503 answer",
			}[status]
			took, err := cancelledDuringWait(t, srv, requests, reason, getCalendar)
			wantCancelledPromptly(t, err, took)
			if n := requests.Load(); n != 1 {
				t.Errorf("%d requests, want 1", n)
			}
		})
	}
}

// walkAll reads every calendar, as `calendar list` does.
func walkAll(ctx context.Context, c *client.Client) error {
	for _, err := range c.AllCalendars(ctx, nil) {
		if err != nil {
			return err
		}
	}
	return nil
}

// calendarPage is page n of pages, each of one calendar; byNext leaves out
// the last page, as a simple paginator does, so that the walk goes by
// links.next.
func calendarPage(n, pages int32, byNext bool) string {
	last, next := fmt.Sprint(pages), "null"
	if byNext {
		last = "null"
	}
	if n < pages {
		next = fmt.Sprintf(`"/api/1.0/campaigns/7/calendars?page=%d"`, n+1)
	}
	return fmt.Sprintf(`{"data":[%s],"links":{"next":%s},"meta":{"current_page":%d,"last_page":%s,"per_page":1,"total":%d}}`,
		calendarJSON(int(n), fmt.Sprintf("Calendar %d", n)), next, n, last, pages)
}

// Between the pages of a list: page 1 spends the rate limit's budget (the
// pages after it wait for the window), or page 2 of 2 fails with a 503 (it
// waits to be asked again), and the walk's wait ends at the cancel with
// the context's error.
func TestWalkWaitBetweenPagesEndsWhenCancelled(t *testing.T) {
	for _, tc := range []struct {
		name   string
		byNext bool
		// page2Fails: page 2 answers 503; else page 1 says no request is
		// left in the window.
		page2Fails bool
	}{
		{name: "rate limit, pages by number"},
		{name: "rate limit, pages by links.next", byNext: true},
		{name: "503 on page 2", page2Fails: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv, requests := waitingServer(t, func(w http.ResponseWriter, r *http.Request, _ int32) {
				page := int32(1)
				if p := r.URL.Query().Get("page"); p != "" {
					fmt.Sscan(p, &page)
				}
				w.Header().Set("Content-Type", "application/json")
				if page == 2 && tc.page2Fails {
					w.WriteHeader(http.StatusServiceUnavailable)
					fmt.Fprint(w, `{"message":"later"}`)
					return
				}
				if !tc.page2Fails {
					w.Header().Set("X-RateLimit-Limit", "30")
					w.Header().Set("X-RateLimit-Remaining", "0")
				}
				pages := int32(3)
				if tc.page2Fails {
					pages = 2 // no page 3 whose request may be under way at the cancel
				}
				fmt.Fprint(w, calendarPage(page, pages, tc.byNext))
			})
			reason := "for the rate limit's next window"
			if tc.page2Fails {
				reason = "before retrying after a 503 answer"
			}
			took, err := cancelledDuringWait(t, srv, requests, reason, walkAll)
			wantCancelledPromptly(t, err, took)
			if n := requests.Load(); !tc.page2Fails && n != 1 {
				t.Errorf("%d requests, want page 1 only", n)
			}
			if err != nil && !strings.Contains(err.Error(), "context canceled") {
				t.Errorf("err = %v", err)
			}
		})
	}
}
