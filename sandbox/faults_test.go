package sandbox

import (
	"context"
	"errors"
	"fmt"
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
	for _, o := range []Options{{FailRate: 1.5}, {DropRate: -0.1}, {RateLimit: -1}, {Campaign: -2}, {CalendarPageSize: -1}, {Latency: -time.Second},
		{OmitKeys: []string{"months", ""}}} {
		if _, err := New(o); err == nil {
			t.Errorf("New(%+v) accepted", o)
		}
	}
}

// OmitKeys leaves keys out of every calendar and weather object answered,
// in both modes: get, list, create, update.
func TestOmitKeys(t *testing.T) {
	for _, live := range []bool{false, true} {
		t.Run(fmt.Sprintf("live=%v", live), func(t *testing.T) {
			s := newServer(t, Options{Live: live, OmitKeys: []string{"updated_at", "months", "temperature", "name", "no_such_key"}})
			weather := base + "calendars/1/calendar_weather"
			answers := map[string]*httptest.ResponseRecorder{
				"create calendar": send(t, s, "POST", base+"calendars", calendarForWeather),
				"update calendar": send(t, s, "PUT", base+"calendars/1", calendarForWeather),
				"get calendar":    send(t, s, "GET", base+"calendars/1?related=1", ""),
				"create weather":  send(t, s, "POST", weather, `{"year":1,"month":1,"day":1,"weather":"sun","temperature":"cold","name":"N"}`),
				"update weather":  send(t, s, "PUT", weather+"/1", `{"year":1,"month":1,"day":2,"weather":"sun","temperature":"cold","name":"N"}`),
				"get weather":     send(t, s, "GET", weather+"/1", ""),
			}
			records := map[string]map[string]any{}
			for what, w := range answers {
				if w.Code >= 300 {
					t.Fatalf("%s: %d %s", what, w.Code, w.Body)
				}
				records[what] = dataOf(t, w)
			}
			for what, w := range map[string]*httptest.ResponseRecorder{
				"list calendars": send(t, s, "GET", base+"calendars", ""),
				"list weather":   send(t, s, "GET", weather, ""),
			} {
				expect(t, w, 200, "")
				records[what] = decode(t, w)["data"].([]any)[0].(map[string]any)
			}
			for what, d := range records {
				for _, k := range []string{"updated_at", "months", "temperature", "name"} {
					if v, ok := d[k]; ok {
						t.Errorf("%s answers %s: %v", what, k, v)
					}
				}
				if _, ok := d["created_at"]; !ok || d["id"] != 1.0 {
					t.Errorf("%s lost other keys: %v", what, d)
				}
			}
			// The weather object is the document's but for the omitted keys.
			want := `{"data":{"id":1,"calendar_id":1,"created_by":1,"weather":"sun","precipitation":"","wind":"","effect":"",
				"day":2,"month":1,"year":1,"created_at":"2026-11-22 10:00:00","visibility_id":1}}`
			if live {
				want = strings.NewReplacer(`""`, "null").Replace(want)
			}
			expect(t, answers["get weather"], 200, want)
			if live {
				if _, ok := records["get calendar"]["children"]; !ok {
					t.Errorf("related lists lost: %v", records["get calendar"])
				}
			}
		})
	}
}
