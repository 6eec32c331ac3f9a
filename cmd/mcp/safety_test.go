package mcp_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// What an assistant receives is safe: no token in any spelling, no
// control or bidi character of a server's text; writes that arrive at
// once are serialised by the campaign's lock; long calls say how they go,
// and a cancelled one stops as Ctrl-C stops a command.

func TestResultsHideTheTokenAndEscapeControlCharacters(t *testing.T) {
	r := newRig(t, rigOptions{})
	name := "Leak " + testToken + " \x1b[31mred\u202eevil"
	body, _ := json.Marshal(map[string]any{"name": name, "month_name": []string{"A", "B"}, "month_length": []int{30, 30},
		"weekday": []string{"x", "y"}, "current_year": 1, "current_month": 1, "current_day": 1})
	r.direct("POST", "calendars", string(body))

	for _, call := range []struct {
		tool string
		args map[string]any
	}{
		{"list_calendars", map[string]any{}},
		{"get_calendar", map[string]any{"calendar": 1}},
		{"show_month", map[string]any{"calendar": 1, "date": "1-1-1"}},
		{"get_calendar", map[string]any{"calendar": "x " + testToken}}, // an error that names it
	} {
		t.Run(call.tool, func(t *testing.T) {
			res := r.call(call.tool, call.args)
			wire, err := json.Marshal(res)
			if err != nil {
				t.Fatal(err)
			}
			var decoded any // the strings as the client reads them
			if err := json.Unmarshal(wire, &decoded); err != nil {
				t.Fatal(err)
			}
			all := fmt.Sprint(decoded)
			for _, bad := range []string{testToken, "\x1b", "\u202e"} {
				if strings.Contains(all, bad) {
					t.Errorf("the result holds %q: %.400s", bad, wire)
				}
			}
			if !strings.Contains(all, "[redacted]") {
				t.Errorf("the token is not shown as [redacted]: %.400s", wire)
			}
			if !res.IsError && (!strings.Contains(all, "^[[31mred<U+202E>evil")) {
				t.Errorf("the control characters are not escaped: %.400s", wire)
			}
		})
	}
}

// Calls that arrive at once, all setting the weather of one day that has
// none: the campaign's lock lets one create it and the others update it.
func TestParallelSetWeatherMakesOneEntry(t *testing.T) {
	r := newRig(t, rigOptions{latency: 20 * time.Millisecond})
	r.seedHarptos()
	weathers := []string{"sun", "cloud", "wind", "snowflake"}
	var wg sync.WaitGroup
	errs := make([]string, len(weathers))
	for i, w := range weathers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			res, err := r.callCtx(context.Background(), "set_weather", map[string]any{"calendar": 1, "date": "1492-4-20", "weather": w})
			switch {
			case err != nil:
				errs[i] = err.Error()
			case res.IsError:
				errs[i] = texts(res)[0]
			}
		}()
	}
	wg.Wait()
	for i, e := range errs {
		if e != "" {
			t.Errorf("call %d: %s", i, e)
		}
	}
	var onThatDay []string
	for _, e := range r.state().Weather {
		if e["year"] == 1492.0 && e["month"] == 4.0 && e["day"] == 20.0 {
			onThatDay = append(onThatDay, fmt.Sprint(e["id"], " ", e["weather"]))
		}
	}
	if len(onThatDay) != 1 {
		t.Errorf("%d entries on 1492-4-20, want 1: %v", len(onThatDay), onThatDay)
	}
}

// A client that gives a progress token hears of each request, and of the
// call still working while a request is slow.
func TestProgressNotifications(t *testing.T) {
	r := newRig(t, rigOptions{latency: 150 * time.Millisecond, heartbeat: 40 * time.Millisecond})
	r.seedHarptos()
	r.ok(r.call("list_weather", map[string]any{"calendar": 1}))
	got := r.progressMessages()
	if len(got) < 2 || got[0] != "request 1: listing the weather of calendar 1" {
		t.Fatalf("progress %q", got)
	}
	still := false
	for _, m := range got[1:] {
		still = still || m == "still working: 1 request sent"
	}
	if !still {
		t.Errorf("no heartbeat in %q", got)
	}
}

// A cancelled apply_seed stops as Ctrl-C stops apply: no new write is
// started, the run ends as interrupted, and the server's log says what
// was written, which is what the server holds.
func TestCancelledApplySeedStopsAndSaysWhatWasWritten(t *testing.T) {
	r := newRig(t, rigOptions{})
	var seed strings.Builder
	seed.WriteString("calendars:\n  - name: Greyhawk\n    date: 591-1-1\n    months: [{name: Fireseek, length: 28}, {name: Readying, length: 28}]\n" +
		"    weekdays: [Starday, Sunday, Moonday]\n    weather:\n")
	for d := 1; d <= 12; d++ {
		fmt.Fprintf(&seed, "      - {date: 591-1-%d, weather: sun}\n", d)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	posts := 0
	r.mu.Lock()
	r.before = func(req *http.Request) {
		if req.Method == "POST" && strings.HasSuffix(req.URL.Path, "/calendar_weathers") {
			posts++
			if posts == 3 {
				cancel()
				time.Sleep(50 * time.Millisecond) // the cancellation reaches the run first
			}
		}
	}
	r.mu.Unlock()
	if _, err := r.callCtx(ctx, "apply_seed", map[string]any{"seed": seed.String()}); err == nil {
		t.Fatal("the cancelled call returned no error")
	}
	deadline := time.Now().Add(20 * time.Second)
	for !strings.Contains(r.log.String(), ": exit 130\n") {
		if time.Now().After(deadline) {
			t.Fatalf("the server logged no end of the call:\n%s", r.log)
		}
		time.Sleep(20 * time.Millisecond)
	}
	log := r.log.String()
	// The calendar and the entries done are stored; one in flight may be.
	m := regexp.MustCompile(`\n  Interrupted: (\d+) of 13 writes done, 0 failed, 0 may have been applied, (\d) in flight, (\d+) not started\.\n`).FindStringSubmatch(log)
	if m == nil || !strings.Contains(log, "\n  interrupted\n") {
		t.Fatalf("the log does not say what was written:\n%s", log)
	}
	done, _ := strconv.Atoi(m[1])
	inFlight, _ := strconv.Atoi(m[2])
	stored := len(r.state().Weather) + len(r.state().Calendars)
	if stored < done || stored > done+inFlight || done < 3 || done > 4 {
		t.Errorf("%d records stored; the log says %d done and %d in flight", stored, done, inFlight)
	}
	t.Logf("the server's log:\n%s", log)
}
