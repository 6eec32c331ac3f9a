package client_test

import (
	"context"
	"net/http"
	"testing"
	"time"

	"github.com/kanka-cli/kanka/client"
)

// A request is bounded by Config.Timeout, 30 seconds when it is zero: the
// transport gets a request whose context ends then, so a server that never
// answers ends the request instead of hanging the command.
func TestRequestsAreBoundedByTheTimeout(t *testing.T) {
	for _, tc := range []struct {
		name    string
		timeout time.Duration
		want    time.Duration
	}{
		{"default", 0, 30 * time.Second},
		{"chosen", 5 * time.Second, 5 * time.Second},
	} {
		t.Run(tc.name, func(t *testing.T) {
			api := newMockAPI(t)
			var left time.Duration
			ok := false
			api.on("GET", "calendars/1", func(r *http.Request) (*http.Response, error) {
				var deadline time.Time
				deadline, ok = r.Context().Deadline()
				left = time.Until(deadline)
				return reply(200, `{"data":`+calendarJSON(1, "Harptos")+`}`)(r)
			})
			c, _ := api.client(func(cfg *client.Config) { cfg.Timeout = tc.timeout })
			if _, err := c.GetCalendar(context.Background(), 1); err != nil {
				t.Fatal(err)
			}
			// A few seconds of slack for a slow machine.
			if !ok || left > tc.want || left < tc.want-3*time.Second {
				t.Errorf("the request ends in %v (deadline set: %v), want %v", left, ok, tc.want)
			}
		})
	}
}

// A retry due at once (a backoff that rounds to nothing) is no wait: the
// clock is not asked to wait and nobody is told of one.
func TestRetryDueAtOnceDoesNotWait(t *testing.T) {
	api := newMockAPI(t)
	api.on("GET", "calendars/1", reply(503, `{"code":503,"error":"busy"}`), reply(200, `{"data":`+calendarJSON(1, "Harptos")+`}`))
	var told []time.Duration
	c, clock := api.client(func(cfg *client.Config) {
		cfg.BackoffBase, cfg.BackoffMax = time.Nanosecond, time.Nanosecond
		cfg.OnWait = func(_ string, d time.Duration) { told = append(told, d) }
	})
	if _, err := c.GetCalendar(context.Background(), 1); err != nil {
		t.Fatal(err)
	}
	if n := len(api.requests()); n != 2 {
		t.Errorf("%d requests, want 2", n)
	}
	if waits := clock.recordedWaits(); len(waits) != 0 || len(told) != 0 {
		t.Errorf("waited %v, told of %v; want neither", waits, told)
	}
}
