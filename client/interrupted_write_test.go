package client_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"testing"

	"github.com/kanka-cli/kanka/client"
)

// deleteCalendar is a write that is not a POST.
func deleteCalendar(ctx context.Context, c *client.Client) error { return c.DeleteCalendar(ctx, 1) }

// interruptedWrite is err as an *client.InterruptedWriteError, failing the
// test unless it is one and still reads as the context's error.
func interruptedWrite(t *testing.T, err error) *client.InterruptedWriteError {
	t.Helper()
	var iw *client.InterruptedWriteError
	if !errors.As(err, &iw) {
		t.Fatalf("err = %v (%T), want an *client.InterruptedWriteError", err, err)
	}
	if !errors.Is(err, context.Canceled) || err.Error() != context.Canceled.Error() {
		t.Errorf("err = %q, want it to read and unwrap as context.Canceled", err)
	}
	return iw
}

// Cancelled while the server holds a DELETE: it may have arrived, and the
// error says so (a caller such as apply reports it in flight).
func TestWriteCancelledInFlightMayHaveArrived(t *testing.T) {
	arrived, release := make(chan struct{}), make(chan struct{})
	srv, _ := waitingServer(t, func(http.ResponseWriter, *http.Request, int32) { close(arrived); <-release })
	defer close(release)
	c, _ := realClient(t, srv.URL)
	ctx, cancel := context.WithCancel(context.Background())
	go func() { <-arrived; cancel() }()
	iw := interruptedWrite(t, deleteCalendar(ctx, c))
	if !iw.MayHaveArrived || iw.Method != http.MethodDelete || iw.URL != srv.URL+"/api/1.0/campaigns/7/calendars/1" {
		t.Errorf("got %+v, want the DELETE of calendar 1, which may have arrived", *iw)
	}
}

// The wait before a retry ends at the cancel. After a 502 (a gateway that
// may have let the request through) the write may have arrived; after a
// 503 (the server answered and did nothing) or a 429 it did not.
func TestWriteCancelledInTheRetryWaitSaysWhetherAnAttemptArrived(t *testing.T) {
	for _, tc := range []struct {
		status  int
		arrived bool
		reason  string
	}{
		{http.StatusBadGateway, true, "before retrying after a 502 answer"},
		{http.StatusServiceUnavailable, false, "before retrying after a 503 answer"},
		{http.StatusTooManyRequests, false, "for the rate limit's next window"},
	} {
		t.Run(fmt.Sprint(tc.status), func(t *testing.T) {
			srv, requests := waitingServer(t, func(w http.ResponseWriter, _ *http.Request, _ int32) {
				w.Header().Set("Retry-After", "3600")
				w.Header().Set("Content-Type", "application/json")
				w.WriteHeader(tc.status)
				fmt.Fprint(w, `{"message":"later"}`)
			})
			took, err := cancelledDuringWait(t, srv, requests, tc.reason, deleteCalendar)
			wantCancelledPromptly(t, err, took)
			if iw := interruptedWrite(t, err); iw.MayHaveArrived != tc.arrived {
				t.Errorf("MayHaveArrived = %v, want %v", iw.MayHaveArrived, tc.arrived)
			}
		})
	}
}

// A write whose context ended before its first attempt never left; a read
// ended the same way is the context's error alone.
func TestRequestCancelledBeforeItsAttempt(t *testing.T) {
	srv, requests := waitingServer(t, func(w http.ResponseWriter, _ *http.Request, _ int32) { w.WriteHeader(204) })
	c, _ := realClient(t, srv.URL)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if iw := interruptedWrite(t, deleteCalendar(ctx, c)); iw.MayHaveArrived {
		t.Errorf("MayHaveArrived = true for a write never sent")
	}
	_, err := c.GetCalendar(ctx, 1)
	if err != context.Canceled {
		t.Errorf("GET: err = %v (%T), want context.Canceled itself", err, err)
	}
	if n := requests.Load(); n != 0 {
		t.Errorf("%d requests reached the server, want 0", n)
	}
}

// A server that answered 500 may have failed after it applied the write:
// an interrupt in the wait before the retry says it may have arrived.
func TestWriteCancelledAfterA500MayHaveArrived(t *testing.T) {
	srv, requests := waitingServer(t, func(w http.ResponseWriter, _ *http.Request, _ int32) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusInternalServerError)
		fmt.Fprint(w, `{"message":"Server Error"}`)
	})
	took, err := cancelledDuringWait(t, srv, requests, "before retrying after a 500 answer", deleteCalendar)
	wantCancelledPromptly(t, err, took)
	if iw := interruptedWrite(t, err); !iw.MayHaveArrived {
		t.Errorf("MayHaveArrived = false after a 500")
	}
}
