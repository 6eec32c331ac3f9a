package apply

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/sandbox"
)

// A directory is read for its seed files only: *.yaml, *.yml and *.json
// (in any case), in name order; a hidden file, an editor's lock (.#x, most
// often a dangling link), backup (x~) or auto-save (#x#) beside them is
// not read, nor is a directory, nor any other file.
func TestSeedDirectoryReadsOnlyItsSeedFiles(t *testing.T) {
	dir := t.TempDir()
	seedOf := func(name string) string { return "calendars:\n  - name: " + name + "\n" }
	for name, text := range map[string]string{
		"10-alpha.yaml":  seedOf("Alpha"),
		"20-beta.YML":    seedOf("Beta"),
		"30-gamma.json":  `{"calendars": [{"name": "Gamma"}]}`,
		".hidden.yaml":   seedOf("Hidden"),
		"backup.yaml~":   seedOf("Backup"),
		"#auto#.yaml":    seedOf("Auto"),
		"#draft.yaml#":   seedOf("Draft"),
		"notes.txt":      "not a seed",
		"15-broken.yaml": "", // replaced by a directory below
	} {
		if name == "15-broken.yaml" {
			if err := os.Mkdir(filepath.Join(dir, name), 0o700); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	// Emacs's lock: a link to nowhere, which no read could follow.
	if err := os.Symlink("user@host.1234:1700000000", filepath.Join(dir, ".#10-alpha.yaml")); err != nil {
		t.Fatal(err)
	}
	streams, _, _, _ := cmdutil.Test()
	seed, err := ReadSeed(context.Background(), streams, dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, c := range seed.Calendars {
		names = append(names, c.Input.Name+" @ "+filepath.Base(strings.SplitN(c.Where, ":", 2)[0]))
	}
	want := []string{"Alpha @ 10-alpha.yaml", "Beta @ 20-beta.YML", "Gamma @ 30-gamma.json"}
	if !reflect.DeepEqual(names, want) {
		t.Errorf("read %q, want %q", names, want)
	}
}

// A directory that holds only files apply does not read says so.
func TestSeedDirectoryWithOnlyLeftoversIsRefused(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{".hidden.yaml", "seed.yaml~", "#seed.yaml#"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte("calendars: []\n"), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	streams, _, _, _ := cmdutil.Test()
	_, err := ReadSeed(context.Background(), streams, dir)
	var usage *cmdutil.UsageError
	if !errors.As(err, &usage) || err.Error() != dir+": holds no seed file (*.yaml, *.yml or *.json, not hidden, not an editor's lock or backup)" {
		t.Errorf("err = %v", err)
	}
}

// hold passes the writes match picks on to the server, then keeps their
// answer until the run is interrupted, as a server whose answer is slow:
// each of them is in flight when Ctrl-C comes. It says on arrived when one
// has reached the server.
type hold struct {
	next    http.RoundTripper
	match   func(method, path, body string) bool
	arrived chan<- string
}

func (h hold) RoundTrip(req *http.Request) (*http.Response, error) {
	var body []byte
	if req.Body != nil {
		body, _ = io.ReadAll(req.Body)
		req.Body = io.NopCloser(bytes.NewReader(body))
	}
	if !h.match(req.Method, req.URL.Path, string(body)) {
		return h.next.RoundTrip(req)
	}
	resp, err := h.next.RoundTrip(req)
	if err == nil {
		resp.Body.Close()
	}
	h.arrived <- req.Method + " " + req.URL.Path
	<-req.Context().Done()
	return nil, req.Context().Err()
}

// Ctrl-C while writes are in flight: the run says of every write whether
// it was confirmed, was in flight (an update as much as a create: it may
// have been applied) or was not started, counts them exactly, and its
// error is the interrupt's (exit 130).
func TestInterruptedRunSaysWhatWasConfirmedInFlightAndNotStarted(t *testing.T) {
	cp := newCampaign(t, false)
	setup, _ := cp.client(sandbox.Options{}, nil)
	if _, err := run(t, setup, Seed{Calendars: []DesiredCalendar{{Input: harptos(), Weather: weatherDays(2, "seed.yaml")}}}, PlanOptions{}); err != nil {
		t.Fatal(err)
	}
	arrived := make(chan string, 4)
	c, _ := cp.client(sandbox.Options{}, func(next http.RoundTripper) http.RoundTripper {
		return hold{next: next, arrived: arrived, match: func(method, path, body string) bool {
			return method == http.MethodPut || method == http.MethodPost && strings.Contains(body, `"name":"Eberron"`)
		}}
	})
	changed := harptos()
	changed.Type = ptr("Lunar")
	weather := weatherDays(3, "seed.yaml")
	weather[1].Input.Temperature = ptr("5C")
	eberron := greyhawk()
	eberron.Name = "Eberron"
	seed := Seed{Calendars: []DesiredCalendar{
		{Input: changed, Weather: weather},
		{Input: greyhawk(), Weather: weatherDays(1, "seed.yaml")},
		{Input: eberron, Weather: weatherDays(1, "seed.yaml")},
	}}
	plan, _, err := planOf(t, c, seed, PlanOptions{})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go func() {
		// The update of Harptos and the create of Eberron (after
		// Greyhawk's, creates going one at a time) reach the server.
		for range 2 {
			select {
			case <-arrived:
			case <-time.After(10 * time.Second):
			}
		}
		cancel()
	}()
	err = Execute(ctx, c, plan, ExecOptions{Concurrency: 4})
	var runErr *RunError
	if !errors.As(err, &runErr) || !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want the interrupt's", err)
	}
	if runErr.Done != 1 || runErr.InFlight != 2 || runErr.Skipped != 4 || runErr.Failed != 0 || runErr.Unknown != 0 {
		t.Errorf("counts: %+v", runErr)
	}
	if want := "interrupted: 1 of 7 writes done, 2 in flight (may have been applied), 4 not started; run apply again to finish (nothing is made twice)"; err.Error() != want {
		t.Errorf("message %q\nwant    %q", err, want)
	}
	var b bytes.Buffer
	PrintOutcome(&b, plan, 0)
	want := `in flight (may have been applied): update calendar "Harptos" (id 1)
not started: update weather 1492-1-2 of calendar "Harptos" (id 1)
not started: create weather 1492-1-3 of calendar "Harptos" (id 1)
done: create calendar "Greyhawk" (id 2)
not started: create weather 1492-1-1 of calendar "Greyhawk" (id 2)
in flight (may have been applied): create calendar "Eberron"
not started: create weather 1492-1-1 of calendar "Eberron": calendar "Eberron" may have been created, but where is not known; the next run finds it by its name
Interrupted: 1 of 7 writes done, 0 failed, 0 may have been applied, 2 in flight, 4 not started.
`
	if b.String() != want {
		t.Errorf("outcome:\n%s\nwant:\n%s", b.String(), want)
	}
	got := jsonOutcomeOf(t, plan)
	if got.Outcome == nil || *got.Outcome != (jsonOutcome{Interrupted: true, Total: 7, Done: 1, InFlight: 2, Skipped: 4,
		Summary: "Interrupted: 1 of 7 writes done, 0 failed, 0 may have been applied, 2 in flight, 4 not started."}) {
		t.Errorf("-o json outcome: %+v", got.Outcome)
	}
	if s, e := got.Calendars[0].Status, got.Calendars[0].Error; s != Unknown || e != "in flight when the run was interrupted: it may have been applied; the next run finds it" {
		t.Errorf("-o json: Harptos's update %s %q", s, e)
	}
	if s, e := got.Calendars[1].Weather.Actions[0].Status, got.Calendars[1].Weather.Actions[0].Error; s != Skipped || e != "not started: the run was interrupted" {
		t.Errorf("-o json: Greyhawk's entry %s %q", s, e)
	}
	// A run after it finds what was in flight and finishes the job.
	good, _ := cp.client(sandbox.Options{}, nil)
	if _, err := run(t, good, seed, PlanOptions{}); err != nil {
		t.Fatal(err)
	}
	if state := cp.state(); len(state) != 3 || len(state["Harptos"]) != 3 || len(state["Eberron"]) != 1 {
		t.Errorf("state after the next run: %v", state)
	}
}

// lose passes the writes match picks on to the server and loses their
// answer: the connection dropped once the server had the request.
type lose struct {
	next  http.RoundTripper
	match func(method, path, body string) bool
}

func (l lose) RoundTrip(req *http.Request) (*http.Response, error) {
	var body []byte
	if req.Body != nil {
		body, _ = io.ReadAll(req.Body)
		req.Body = io.NopCloser(bytes.NewReader(body))
	}
	resp, err := l.next.RoundTrip(req)
	if err != nil || !l.match(req.Method, req.URL.Path, string(body)) {
		return resp, err
	}
	resp.Body.Close()
	return nil, io.ErrUnexpectedEOF
}

// One write refused (422) and one whose answer was lost: neither stops the
// others, each is reported with its reason, the counts are exact in the
// text and in -o json, and the error follows the worst (the 422: exit 5),
// never nil.
func TestRefusedAndLostWritesAreEachReportedWithTheirReason(t *testing.T) {
	cp := newCampaign(t, false)
	c, _ := cp.client(sandbox.Options{}, func(next http.RoundTripper) http.RoundTripper {
		return refuse{next: lose{next: next, match: func(method, _, body string) bool {
			return method == http.MethodPost && strings.Contains(body, `"day":3,`)
		}}, match: func(method, _, body string) bool {
			return method == http.MethodPost && strings.Contains(body, `"day":2,`)
		}}
	})
	seed := Seed{Calendars: []DesiredCalendar{{Input: greyhawk(), Weather: weatherDays(4, "seed.yaml")}}}
	plan, err := run(t, c, seed, PlanOptions{})
	var runErr *RunError
	if !errors.As(err, &runErr) || !client.IsValidation(err) {
		t.Fatalf("err = %v, want a run error that unwraps to the 422", err)
	}
	if runErr.Done != 3 || runErr.Failed != 1 || runErr.Unknown != 1 || runErr.InFlight != 0 || runErr.Skipped != 0 {
		t.Errorf("counts: %+v", runErr)
	}
	var b bytes.Buffer
	PrintOutcome(&b, plan, 0)
	want := `failed: create weather 1492-1-2 of calendar "Greyhawk" (id 1): creating weather in calendar 1: 422 The given data was invalid.
  weather: The weather is refused.
may have been applied (the next run finds it): create weather 1492-1-3 of calendar "Greyhawk" (id 1): creating weather in calendar 1: the server's answer was cut short; the request may have been applied, so it was not retried: check before trying again
Applied: 3 of 5 writes done, 1 failed, 1 may have been applied, 0 not tried.
`
	if b.String() != want {
		t.Errorf("outcome:\n%s\nwant:\n%s", b.String(), want)
	}
	got := jsonOutcomeOf(t, plan)
	if got.Outcome == nil || *got.Outcome != (jsonOutcome{Total: 5, Done: 3, Failed: 1, Unknown: 1,
		Summary: "Applied: 3 of 5 writes done, 1 failed, 1 may have been applied, 0 not tried."}) {
		t.Errorf("-o json outcome: %+v", got.Outcome)
	}
	for i, want := range []string{"", "The weather is refused.", "may have been applied", ""} {
		if e := got.Calendars[0].Weather.Actions[i].Error; want == "" && e != "" || !strings.Contains(e, want) {
			t.Errorf("-o json: entry %d's error %q, want it to hold %q", i+1, e, want)
		}
	}
}

// jsonOutcomeOf is the -o json report of an executed plan.
func jsonOutcomeOf(t *testing.T, plan *Plan) jsonReport {
	t.Helper()
	var b bytes.Buffer
	if err := PrintJSON(&b, plan, false); err != nil {
		t.Fatal(err)
	}
	var got jsonReport
	if err := json.Unmarshal(b.Bytes(), &got); err != nil {
		t.Fatalf("%v\n%s", err, b.String())
	}
	return got
}
