package apply

import (
	"bytes"
	"context"
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/kanka-cli/kanka/sandbox"
)

// Ctrl-C before the first write: the outcome names every write "not
// started" and nothing more (no reason of its own: a calendar's weather
// was not held back by a failure, the run was cut short), and the error
// is the interrupt's (exit 130).
func TestCtrlCBeforeTheFirstWriteNamesEveryWriteNotStarted(t *testing.T) {
	cp := newCampaign(t, false)
	c, rec := cp.client(sandbox.Options{}, nil)
	seed := Seed{Calendars: []DesiredCalendar{{Input: greyhawk(), Weather: weatherDays(2, "seed.yaml")}}}
	plan, _, err := planOf(t, c, seed, PlanOptions{})
	if err != nil {
		t.Fatal(err)
	}
	rec.take()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	err = Execute(ctx, c, plan, ExecOptions{Concurrency: 4})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want the interrupt's (exit 130)", err)
	}
	if want := "interrupted: 0 of 3 writes done, 0 in flight (may have been applied), 3 not started; run apply again to finish (nothing is made twice)"; err.Error() != want {
		t.Errorf("error:\n%s\nwant:\n%s", err, want)
	}
	var b bytes.Buffer
	PrintOutcome(&b, plan, 0)
	want := `not started: create calendar "Greyhawk"
not started: create weather 1492-1-1 of calendar "Greyhawk"
not started: create weather 1492-1-2 of calendar "Greyhawk"
Interrupted: 0 of 3 writes done, 0 failed, 0 may have been applied, 0 in flight, 3 not started.
`
	if b.String() != want {
		t.Errorf("outcome:\n%s\nwant:\n%s", b.String(), want)
	}
	if w := rec.take(); len(w) != 0 {
		t.Errorf("sent after the interrupt: %q", w)
	}
}

// Ctrl-C while an entry's update is in flight, after the calendar's
// update was refused: the entry may have been applied (an update as much
// as a create), the refused update is counted failed, and the run still
// ends as interrupted (exit 130, not the refusal's 5).
func TestCtrlCWinsOverARefusedWriteAndCountsAnUpdateInFlight(t *testing.T) {
	cp := newCampaign(t, false)
	setup, _ := cp.client(sandbox.Options{}, nil)
	if _, err := run(t, setup, Seed{Calendars: []DesiredCalendar{{Input: greyhawk(), Weather: weatherDays(1, "seed.yaml")}}}, PlanOptions{}); err != nil {
		t.Fatal(err)
	}
	arrived := make(chan string, 1)
	c, _ := cp.client(sandbox.Options{}, func(next http.RoundTripper) http.RoundTripper {
		held := hold{next: next, arrived: arrived, match: func(method, path, _ string) bool {
			return method == http.MethodPut && strings.Contains(path, "/calendar_weathers/")
		}}
		return refuse{next: held, match: func(method, path, _ string) bool {
			return method == http.MethodPut && strings.HasSuffix(path, "/calendars/1")
		}}
	})
	in := greyhawk()
	in.Type = ptr("Lunar")
	weather := weatherDays(1, "seed.yaml")
	weather[0].Input.Temperature = ptr("5C")
	plan, _, err := planOf(t, c, Seed{Calendars: []DesiredCalendar{{Input: in, Weather: weather}}}, PlanOptions{})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go func() {
		select {
		case <-arrived:
		case <-time.After(10 * time.Second):
		}
		cancel()
	}()
	err = Execute(ctx, c, plan, ExecOptions{Concurrency: 4})
	var runErr *RunError
	if !errors.As(err, &runErr) || !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want the interrupt's (exit 130)", err)
	}
	if want := "interrupted: 0 of 2 writes done, 1 in flight (may have been applied), 0 not started, 1 failed; run apply again to finish (nothing is made twice)"; err.Error() != want {
		t.Errorf("error:\n%s\nwant:\n%s", err, want)
	}
	var b bytes.Buffer
	PrintOutcome(&b, plan, 0)
	want := `failed: update calendar "Greyhawk" (id 1): updating calendar 1: 422 The given data was invalid.
  weather: The weather is refused.
in flight (may have been applied): update weather 1492-1-1 of calendar "Greyhawk" (id 1)
Interrupted: 0 of 2 writes done, 1 failed, 0 may have been applied, 1 in flight, 0 not started.
`
	if b.String() != want {
		t.Errorf("outcome:\n%s\nwant:\n%s", b.String(), want)
	}
}
