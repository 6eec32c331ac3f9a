package sandbox

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

func TestFailRateAnswers500WithoutApplying(t *testing.T) {
	s := newServer(t, Options{FailRate: 1})
	expect(t, send(t, s, "POST", base+"calendars", calendarForWeather), 500,
		`{"code":500,"error":"Unhandled API error... (injected failure)","hint":"The sandbox failed to answer; try again.","trace":null}`)
	if n := len(s.store.(*memStore).st.Calendars); n != 0 {
		t.Fatalf("a failed request was applied: %d calendars", n)
	}
}

func TestFailRateIsDeterministicWithASeed(t *testing.T) {
	pattern := func() string {
		s := newServer(t, Options{FailRate: 0.5, Seed: 42})
		var b strings.Builder
		for range 40 {
			if send(t, s, "GET", base+"calendars", "").Code == 500 {
				b.WriteByte('x')
			} else {
				b.WriteByte('.')
			}
		}
		return b.String()
	}
	first, second := pattern(), pattern()
	if first != second {
		t.Fatalf("same seed, different faults:\n%s\n%s", first, second)
	}
	fails := strings.Count(first, "x")
	if fails < 8 || fails > 32 {
		t.Fatalf("%d of 40 failed at rate 0.5: %s", fails, first)
	}
}

func TestDropRateAppliesThenDropsTheConnection(t *testing.T) {
	s := newServer(t, Options{DropRate: 1})
	ts := httptest.NewServer(s)
	defer ts.Close()
	req, _ := http.NewRequest("POST", ts.URL+base+"calendars", strings.NewReader(calendarForWeather))
	req.Header.Set("Authorization", "Bearer "+DefaultToken)
	resp, err := ts.Client().Do(req)
	if err == nil {
		resp.Body.Close()
		t.Fatalf("a dropped write was answered %d", resp.StatusCode)
	}
	// Reads are never dropped, and show the write was applied.
	req, _ = http.NewRequest("GET", ts.URL+base+"calendars/1", nil)
	req.Header.Set("Authorization", "Bearer "+DefaultToken)
	resp, err = ts.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 200 {
		t.Fatalf("the dropped create was not applied: GET %d", resp.StatusCode)
	}
	// A write that fails validation is answered: nothing was applied.
	req, _ = http.NewRequest("POST", ts.URL+base+"calendars", strings.NewReader(`{}`))
	req.Header.Set("Authorization", "Bearer "+DefaultToken)
	resp, err = ts.Client().Do(req)
	if err != nil {
		t.Fatalf("a refused write was dropped: %v", err)
	}
	resp.Body.Close()
	if resp.StatusCode != 422 {
		t.Fatalf("status %d", resp.StatusCode)
	}
}

func TestLatencyIsAddedAndCutShortByTheClient(t *testing.T) {
	s := newServer(t, Options{Latency: 80 * time.Millisecond})
	start := time.Now()
	expect(t, send(t, s, "GET", base+"calendars", ""), 200, "")
	if took := time.Since(start); took < 80*time.Millisecond {
		t.Fatalf("answered in %v with 80ms latency", took)
	}

	rt, err := InProcess(Options{Latency: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, "GET", "http://x"+base+"calendars", nil)
	req.Header.Set("Authorization", "Bearer "+DefaultToken)
	start = time.Now()
	_, err = rt.RoundTrip(req)
	if !errors.Is(err, context.DeadlineExceeded) || time.Since(start) > 5*time.Second {
		t.Fatalf("err %v after %v", err, time.Since(start))
	}
}

func TestOptionsAreChecked(t *testing.T) {
	for _, o := range []Options{{FailRate: 1.5}, {DropRate: -0.1}, {RateLimit: -1}, {Campaign: -2}, {CalendarPageSize: -1}, {Latency: -time.Second}} {
		if _, err := New(o); err == nil {
			t.Errorf("New(%+v) accepted", o)
		}
	}
}
