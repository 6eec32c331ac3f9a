package client_test

import (
	"context"
	"errors"
	"net"
	"net/http"
	"sync/atomic"
	"testing"

	"github.com/kanka-cli/kanka/client"
)

// roundTripFunc is a transport that reports nothing of its connections, as
// the in-process sandbox and test doubles do: the client judges a failure
// by its error alone.
type roundTripFunc func(*http.Request) (*http.Response, error)

func (f roundTripFunc) RoundTrip(r *http.Request) (*http.Response, error) { return f(r) }

// timeoutErr is the error of a dial that timed out.
type timeoutErr struct{}

func (timeoutErr) Error() string   { return "i/o timeout" }
func (timeoutErr) Timeout() bool   { return true }
func (timeoutErr) Temporary() bool { return true }

// A POST whose dial failed (timed out: not a refused connection) was never
// written: it is retried, and lands once.
func TestPostIsRetriedAfterAFailedDial(t *testing.T) {
	api := newMockAPI(t)
	api.on("POST", "calendars", reply(201, `{"data":`+calendarJSON(3, "Harptos")+`}`))
	var dials atomic.Int32
	failDial := roundTripFunc(func(r *http.Request) (*http.Response, error) {
		dials.Add(1)
		return nil, &net.OpError{Op: "dial", Net: "tcp", Err: timeoutErr{}}
	})
	c, clock := api.client(func(cfg *client.Config) {
		cfg.Transport = &refuseFirst{n: 2, refused: failDial, next: api.mt}
	})
	cal, err := c.CreateCalendar(context.Background(), client.CalendarInput{Name: "Harptos"})
	var maybe *client.NotAppliedUnknownError
	if err != nil || errors.As(err, &maybe) {
		t.Fatalf("err = %v, want the POST retried", err)
	}
	if cal.ID != 3 || dials.Load() != 2 || len(clock.recordedWaits()) != 2 {
		t.Errorf("calendar %d after %d failed dials and %d waits, want 3 after 2 and 2", cal.ID, dials.Load(), len(clock.recordedWaits()))
	}
	equalStrings(t, "server saw", api.sequence(), []string{"POST " + prefix + "calendars"})
}
