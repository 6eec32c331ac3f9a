package apply

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"reflect"
	"strings"
	"testing"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/sandbox"
)

// A server that fails a fifth of the requests (500, nothing applied) and
// drops the answer of a third of the writes (applied, answer lost): apply
// is run again until it ends well, and the campaign then holds exactly the
// seed, nothing twice, nothing missing; one more run writes nothing.
func TestFaultyServerRerunUntilDoneMakesNoDuplicate(t *testing.T) {
	for _, m := range modes {
		for seed := uint64(1); seed <= 3; seed++ {
			t.Run(fmt.Sprintf("%s/seed%d", m.name, seed), func(t *testing.T) {
				cp := newCampaign(t, m.live)
				runs, unknown := 0, 0
				for ; runs < 40; runs++ {
					c, _ := cp.client(sandbox.Options{FailRate: 0.2, DropRate: 0.3, Seed: seed + uint64(runs)*100}, nil)
					plan, err := run(t, c, twoCalendars(), PlanOptions{Prune: true})
					if plan != nil {
						unknown += statusCount(plan, Unknown)
					}
					if err == nil {
						break
					}
				}
				if got := cp.state(); !reflect.DeepEqual(got, wantState(20, 10)) {
					t.Fatalf("after %d runs the state is %v", runs+1, got)
				}
				c, rec := cp.client(sandbox.Options{}, nil)
				if _, err := run(t, c, twoCalendars(), PlanOptions{Prune: true}); err != nil {
					t.Fatal(err)
				}
				if w := writes(rec.take()); len(w) != 0 {
					t.Errorf("a run after the state is reached wrote %q", w)
				}
				if unknown == 0 {
					t.Errorf("no write lost its answer: the test did not test that")
				}
				t.Logf("done after %d runs; %d creates lost their answer", runs+1, unknown)
			})
		}
	}
}

func statusCount(plan *Plan, s Status) int {
	n := 0
	for _, cp := range plan.Calendars {
		if cp.Result.Status == s {
			n++
		}
		for _, wp := range cp.Weather {
			if wp.Result.Status == s {
				n++
			}
		}
	}
	return n
}

// A create whose answer was lost is found by its key on the next run: the
// calendar by its name, its weather by date, and nothing is created twice.
func TestLostCreateIsFoundByItsKeyOnTheNextRun(t *testing.T) {
	for _, m := range modes {
		t.Run(m.name, func(t *testing.T) {
			cp := newCampaign(t, m.live)
			seed := Seed{Calendars: []DesiredCalendar{{Input: greyhawk(), Weather: weatherDays(3, "seed.yaml")}}}
			lossy, _ := cp.client(sandbox.Options{DropRate: 1}, nil)
			plan, err := run(t, lossy, seed, PlanOptions{})
			var runErr *RunError
			if !errors.As(err, &runErr) || runErr.Unknown != 1 || runErr.Skipped != 3 {
				t.Fatalf("err = %v", err)
			}
			if plan.Calendars[0].Result.Status != Unknown || plan.Calendars[0].Weather[0].Result.Status != Skipped {
				t.Errorf("statuses: calendar %s, weather %s", plan.Calendars[0].Result.Status, plan.Calendars[0].Weather[0].Result.Status)
			}
			c, rec := cp.client(sandbox.Options{}, nil)
			plan, err = run(t, c, seed, PlanOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if a := plan.Calendars[0].Action; a != Unchanged {
				t.Errorf("the calendar whose create lost its answer is planned %s", a)
			}
			if got := writes(rec.take()); len(got) != 3 || !strings.HasPrefix(got[0], "POST calendars/1/") {
				t.Errorf("writes = %q, want the 3 weather creates only", got)
			}
			if got := cp.state(); !reflect.DeepEqual(got, map[string][]string{"Greyhawk": wantState(0, 3)["Greyhawk"]}) {
				t.Errorf("state = %v", got)
			}
		})
	}
}

// refuse answers 422 to the writes match picks and passes the rest on.
type refuse struct {
	next  http.RoundTripper
	match func(method, path, body string) bool
}

func (r refuse) RoundTrip(req *http.Request) (*http.Response, error) {
	var body []byte
	if req.Body != nil {
		body, _ = io.ReadAll(req.Body)
		req.Body = io.NopCloser(bytes.NewReader(body))
	}
	if r.match(req.Method, req.URL.Path, string(body)) {
		return &http.Response{StatusCode: 422, Header: http.Header{"Content-Type": {"application/json"}}, Request: req,
			Body: io.NopCloser(strings.NewReader(`{"message":"The given data was invalid.","errors":{"weather":["The weather is refused."]}}`))}, nil
	}
	return r.next.RoundTrip(req)
}

// A write the server refuses does not stop the others; every failure is
// reported on its item; the run's error counts them and unwraps to the
// worst (here a 422: exit 5).
func TestRefusedWriteDoesNotStopTheOthers(t *testing.T) {
	cp := newCampaign(t, false)
	c, _ := cp.client(sandbox.Options{}, func(next http.RoundTripper) http.RoundTripper {
		return refuse{next: next, match: func(method, path, body string) bool {
			return method == http.MethodPost && strings.Contains(body, `"day":3,`)
		}}
	})
	seed := Seed{Calendars: []DesiredCalendar{{Input: greyhawk(), Weather: weatherDays(5, "seed.yaml")}}}
	plan, err := run(t, c, seed, PlanOptions{})
	var runErr *RunError
	if !errors.As(err, &runErr) || runErr.Done != 5 || runErr.Failed != 1 || !client.IsValidation(err) {
		t.Fatalf("err = %v (done %d, failed %d)", err, runErr.Done, runErr.Failed)
	}
	if !strings.HasPrefix(err.Error(), "5 of 6 writes done, 1 failed; run apply again") {
		t.Errorf("message = %q", err)
	}
	if wp := plan.Calendars[0].Weather[2]; wp.Result.Status != Failed || wp.Date.Day != 3 {
		t.Errorf("entry 3: %s %s", wp.Date, wp.Result.Status)
	}
	if got := cp.state()["Greyhawk"]; len(got) != 4 {
		t.Errorf("weather = %v, want the 4 others", got)
	}
}

// The exit code follows the worst failure: authentication over a refused
// record over a missing one over the rate limit over anything else.
func TestSeverityOrdersFailures(t *testing.T) {
	status := func(code int) error { return &client.Error{StatusCode: code} }
	order := []error{errors.New("boom"), status(429), status(404), status(422), status(401), context.Canceled}
	for i := 1; i < len(order); i++ {
		if severity(order[i]) <= severity(order[i-1]) {
			t.Errorf("%v is not worse than %v", order[i], order[i-1])
		}
	}
}

// Ctrl-C before the writes: nothing is sent, every write is Skipped, and
// the error is the interrupt's (exit 130).
func TestInterruptedRunSaysWhatItDid(t *testing.T) {
	cp := newCampaign(t, false)
	c, rec := cp.client(sandbox.Options{}, nil)
	seed := twoCalendars()
	act, err := Read(context.Background(), c, seed, 4)
	if err != nil {
		t.Fatal(err)
	}
	plan, err := MakePlan(seed, act, PlanOptions{})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	err = Execute(ctx, c, plan, ExecOptions{Concurrency: 4})
	var runErr *RunError
	if !errors.As(err, &runErr) || !errors.Is(err, context.Canceled) || runErr.Skipped != 32 || runErr.Done != 0 {
		t.Fatalf("err = %v", err)
	}
	if w := writes(rec.take()); len(w) != 0 {
		t.Errorf("writes after the interrupt: %q", w)
	}
}

// noID answers a calendar create with a record that has no id.
type noID struct{ next http.RoundTripper }

func (n noID) RoundTrip(req *http.Request) (*http.Response, error) {
	if req.Method == http.MethodPost && strings.HasSuffix(req.URL.Path, "/calendars") {
		if _, err := n.next.RoundTrip(req); err != nil {
			return nil, err
		}
		return &http.Response{StatusCode: 201, Header: http.Header{"Content-Type": {"application/json"}}, Request: req,
			Body: io.NopCloser(strings.NewReader(`{"data":{"name":"Greyhawk"}}`))}, nil
	}
	return n.next.RoundTrip(req)
}

// A create answered without an id is not known to be where its weather
// can go: the weather waits for the next run, which finds the calendar by
// its name; nothing is sent to a calendar 0.
func TestCreateAnsweredWithoutAnIDHoldsItsWeather(t *testing.T) {
	cp := newCampaign(t, false)
	c, rec := cp.client(sandbox.Options{}, func(next http.RoundTripper) http.RoundTripper { return noID{next} })
	seed := Seed{Calendars: []DesiredCalendar{{Input: greyhawk(), Weather: weatherDays(2, "seed.yaml")}}}
	plan, err := run(t, c, seed, PlanOptions{})
	var runErr *RunError
	if !errors.As(err, &runErr) || runErr.Unknown != 1 || runErr.Skipped != 2 {
		t.Fatalf("err = %v", err)
	}
	if r := plan.Calendars[0].Result; r.Status != Unknown || r.Err.Error() != `the server's answer to creating calendar "Greyhawk" has no id` {
		t.Errorf("calendar result %s %v", r.Status, r.Err)
	}
	if got := writes(rec.take()); !reflect.DeepEqual(got, []string{"POST calendars"}) {
		t.Errorf("writes = %q, want the calendar create only", got)
	}
	good, rec := cp.client(sandbox.Options{}, nil)
	if _, err := run(t, good, seed, PlanOptions{}); err != nil {
		t.Fatal(err)
	}
	if got := writes(rec.take()); len(got) != 2 || !strings.HasPrefix(got[0], "POST calendars/1/") {
		t.Errorf("the next run's writes = %q, want the 2 weather creates", got)
	}
}

// The weather of a calendar whose update failed while it was changing its
// months waits: its dates were checked against the months planned, which
// the server does not have. A failed update that leaves the days alone
// does not hold its weather.
func TestFailedUpdateOfTheDaysHoldsTheWeather(t *testing.T) {
	for _, tc := range []struct {
		name   string
		change func(*client.CalendarInput)
		held   bool
	}{
		{"months", func(in *client.CalendarInput) {
			in.Months = append(in.Months, client.Month{Name: "Coldeven", Length: 28})
		}, true},
		{"type", func(in *client.CalendarInput) { in.Type = ptr("Lunar") }, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cp := newCampaign(t, false)
			setup, _ := cp.client(sandbox.Options{}, nil)
			if _, err := run(t, setup, Seed{Calendars: []DesiredCalendar{{Input: greyhawk()}}}, PlanOptions{}); err != nil {
				t.Fatal(err)
			}
			c, rec := cp.client(sandbox.Options{}, func(next http.RoundTripper) http.RoundTripper {
				return refuse{next: next, match: func(method, path, _ string) bool { return method == http.MethodPut }}
			})
			in := greyhawk()
			tc.change(&in)
			seed := Seed{Calendars: []DesiredCalendar{{Input: in, Weather: weatherDays(2, "seed.yaml")}}}
			plan, err := run(t, c, seed, PlanOptions{})
			if err == nil || !client.IsValidation(err) {
				t.Fatalf("err = %v", err)
			}
			posts := 0
			for _, w := range writes(rec.take()) {
				if strings.HasPrefix(w, "POST ") {
					posts++
				}
			}
			status := plan.Calendars[0].Weather[0].Result.Status
			if tc.held && (posts != 0 || status != Skipped) {
				t.Errorf("weather sent (%d POSTs, status %s) though the months it was checked against were refused", posts, status)
			}
			if !tc.held && (posts != 2 || status != Done) {
				t.Errorf("%d POSTs, status %s: the weather should not wait for a refused type", posts, status)
			}
		})
	}
}
