package sandbox

import (
	"testing"
	"time"
)

func TestRateLimitDocument(t *testing.T) {
	now := clock
	s := newServer(t, Options{RateLimit: 3, RateWindow: time.Minute, Now: func() time.Time { return now }})
	for i, remaining := range []string{"2", "1", "0"} {
		now = clock.Add(time.Duration(i) * time.Second)
		w := send(t, s, "GET", base+"calendars", "")
		expect(t, w, 200, "")
		if w.Header().Get("X-RateLimit-Limit") != "3" || w.Header().Get("X-RateLimit-Remaining") != remaining {
			t.Fatalf("request %d: limit %q remaining %q", i+1, w.Header().Get("X-RateLimit-Limit"), w.Header().Get("X-RateLimit-Remaining"))
		}
	}
	now = clock.Add(20 * time.Second)
	w := send(t, s, "POST", base+"calendars", calendarForWeather)
	expect(t, w, 429, `{"code":429,"error":"Too Many Attempts."}`)
	for h, want := range map[string]string{"Retry-After": "40", "X-RateLimit-Limit": "3", "X-RateLimit-Remaining": "0"} {
		if got := w.Header().Get(h); got != want {
			t.Fatalf("%s %q, want %q", h, got, want)
		}
	}
	if n := len(s.store.(*memStore).st.Calendars); n != 0 {
		t.Fatal("a refused request was applied")
	}
	// The window opened at the first request; a minute later it is new.
	now = clock.Add(time.Minute)
	w = send(t, s, "GET", base+"calendars", "")
	expect(t, w, 200, "")
	if w.Header().Get("X-RateLimit-Remaining") != "2" {
		t.Fatalf("new window: remaining %q", w.Header().Get("X-RateLimit-Remaining"))
	}
}

func TestRateLimitLive(t *testing.T) {
	now := clock
	s := newServer(t, Options{Live: true, RateLimit: 1, Now: func() time.Time { return now }})
	expect(t, send(t, s, "GET", base+"calendars", ""), 200, "")
	w := send(t, s, "GET", base+"calendars", "")
	expect(t, w, 429, `["Your account limit of 1 requests per minute has been reached. Please wait before trying again."]`)
	for _, h := range []string{"Retry-After", "X-RateLimit-Limit", "X-RateLimit-Remaining"} {
		if v := w.Header().Get(h); v != "" {
			t.Fatalf("live 429 carries %s: %q", h, v)
		}
	}
}

func TestRateLimitCountsOnlyAuthenticatedRequestsToRoutes(t *testing.T) {
	s := newServer(t, Options{RateLimit: 1})
	send(t, s, "GET", base+"calendars", "", "Authorization", "Bearer wrong")
	send(t, s, "GET", base+"nothing", "")
	expect(t, send(t, s, "GET", base+"calendars", ""), 200, "")
	expect(t, send(t, s, "GET", base+"calendars", ""), 429, "")
}

// The zero Options do not limit, live ones neither: `serve --live` sets
// the live service's limit itself.
func TestNoRateLimitByDefault(t *testing.T) {
	for _, live := range []bool{false, true} {
		s := newServer(t, Options{Live: live})
		for range 200 {
			w := send(t, s, "GET", base+"calendars", "")
			expect(t, w, 200, "")
			if w.Header().Get("X-RateLimit-Limit") != "" {
				t.Fatalf("live=%v: limit headers without a limit", live)
			}
		}
	}
}
