package main

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
)

// A server that redirects to another port of its own host: the token goes
// only to the API's scheme, host and port, so the redirect is followed, as
// one to another host is, without it.

func TestE2EHostileRedirectToAnotherPortLosesTheToken(t *testing.T) {
	t.Parallel()
	var mu sync.Mutex
	var seen []string // "METHOD Authorization" of each request the other port received
	other := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		seen = append(seen, r.Method+" "+r.Header.Get("Authorization"))
		mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprintf(w, `{"data":%s}`, calendarJSON(1, "from the other port"))
	}))
	t.Cleanup(other.Close)
	srv := startHostile(t, func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, other.URL+r.URL.Path, http.StatusTemporaryRedirect)
	})
	if !strings.HasPrefix(srv.Root, "http://127.0.0.1:") || !strings.HasPrefix(other.URL, "http://127.0.0.1:") {
		t.Fatalf("%s and %s: the test needs both on 127.0.0.1", srv.Root, other.URL)
	}
	k := newHostileKanka(t, srv)

	r := k.runWithin(t, secretsBound, "", "calendar", "get", "1", "-o", "id")
	wantRun(t, r, 0, "1\n", "")
	r = k.runWithin(t, secretsBound, "", "api", "-X", "PUT", "calendars/1", "-f", "name=x", "--silent")
	wantRun(t, r, 0, "", "")
	mu.Lock()
	defer mu.Unlock()
	if want := []string{"GET ", "PUT "}; strings.Join(seen, "|") != strings.Join(want, "|") {
		t.Errorf("the other port received %q, want %q: no Authorization", seen, want)
	}
}
