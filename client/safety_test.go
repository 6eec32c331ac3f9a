package client_test

import (
	"context"
	"errors"
	"net"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/kanka-cli/kanka/client"
)

// A DELETE whose answer was lost but which was applied meets a 404 on its
// retry: the record is gone, as asked, so that is success.
func TestDeleteAppliedBeforeALostAnswerSucceeds(t *testing.T) {
	var mu sync.Mutex
	attempts := 0
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		attempts++
		first := attempts == 1
		mu.Unlock()
		if first { // applied, then the connection drops
			conn, _, _ := w.(http.Hijacker).Hijack()
			conn.Close()
			return
		}
		w.WriteHeader(http.StatusNotFound)
		_, _ = w.Write([]byte(`{"code":404,"error":"No query results for model [App\\Models\\Calendar] 3"}`))
	}))
	defer srv.Close()
	c, _ := realClient(t, srv.URL)
	if err := c.DeleteCalendar(context.Background(), 3); err != nil {
		t.Errorf("DeleteCalendar after a lost answer and a 404: %v, want success", err)
	}
	if attempts != 2 {
		t.Errorf("%d attempts, want 2", attempts)
	}
}

// A 404 to a first DELETE is still an unknown record.
func TestDeleteOfAnUnknownRecordIsNotFound(t *testing.T) {
	api := newMockAPI(t)
	api.on("DELETE", "calendars/3", reply(404, `{"code":404,"error":"No query results"}`))
	c, _ := api.client()
	if err := c.DeleteCalendar(context.Background(), 3); !client.IsNotFound(err) {
		t.Errorf("err = %v, want not found", err)
	}
}

// A redirect to plain http on another host would carry the token in clear.
func TestRedirectToPlainHTTPIsRefused(t *testing.T) {
	var plain []string
	target := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		plain = append(plain, r.Header.Get("Authorization"))
	}))
	defer target.Close()
	// 127.0.0.2 is loopback too; name it so the host is not loopback.
	insecure := strings.Replace(target.URL, "127.0.0.1", "kanka-test.invalid", 1)
	srv := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, insecure+r.URL.Path, http.StatusFound)
	}))
	defer srv.Close()
	c, err := client.New(client.Config{BaseURL: srv.URL + "/api/1.0", Token: testToken, Campaign: 7,
		Transport: srv.Client().Transport, MaxRetries: -1})
	if err != nil {
		t.Fatal(err)
	}
	_, err = c.GetCalendar(context.Background(), 1)
	if err == nil || !strings.Contains(err.Error(), "refusing to follow a redirect to http://kanka-test.invalid") {
		t.Errorf("err = %v, want the redirect refused", err)
	}
	if len(plain) != 0 {
		t.Errorf("the plain http server got %d requests", len(plain))
	}
}

// A 200 that is an HTML page (a login page, a wrong API root) says so.
func TestHTMLAnswerSaysSo(t *testing.T) {
	api := newMockAPI(t)
	api.on("GET", "calendars", reply(200, "<!DOCTYPE html><html>Login</html>"))
	api.on("GET", "calendars/1", reply(200, "<html>Login</html>"))
	c, _ := api.client()
	want := "the server answered with an HTML page, not JSON (is the URL the API root?)"
	if _, err := c.ListCalendars(context.Background(), nil); err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("list: %v", err)
	}
	if _, err := c.GetCalendar(context.Background(), 1); err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("get: %v", err)
	}
}

// OnWait hears of the waits for the window (once per window, however many
// requests wait) and before retries.
func TestOnWaitIsToldOfWaits(t *testing.T) {
	api := newMockAPI(t)
	var told []string
	c, clock := api.client(func(cfg *client.Config) {
		cfg.OnWait = func(reason string, d time.Duration) { told = append(told, reason+" "+d.String()) }
	})
	srv := &budgetServer{clock: clock, limit: 2, window: time.Minute}
	api.handle("GET", "calendars/1", srv.serve)
	for range 4 {
		if _, err := c.GetCalendar(deadline(t), 1); err != nil {
			t.Fatal(err)
		}
	}
	if want := []string{"for the rate limit's next window 1m0s"}; !reflect.DeepEqual(told, want) {
		t.Errorf("told %q, want %q", told, want)
	}

	told = nil
	api = newMockAPI(t)
	c, _ = api.client(func(cfg *client.Config) {
		cfg.OnWait = func(reason string, d time.Duration) { told = append(told, reason+" "+d.String()) }
	})
	api.on("GET", "calendars/2", reply(503, `{"code":503,"error":"busy"}`), reply(200, `{"data":`+calendarJSON(2, "B")+`}`))
	if _, err := c.GetCalendar(context.Background(), 2); err != nil {
		t.Fatal(err)
	}
	if len(told) != 1 || !strings.HasPrefix(told[0], "before retrying after a 503 answer ") {
		t.Errorf("told %q, want one retry wait", told)
	}
}

// A negative page concurrency is the default, not a walk that never ends.
func TestNegativePageConcurrencyWalks(t *testing.T) {
	api := newMockAPI(t)
	api.handle("GET", "calendars", func(r *http.Request) (*http.Response, error) {
		page := r.URL.Query().Get("page")
		if page == "" {
			page = "1"
		}
		id := map[string]int{"1": 1, "2": 2}[page]
		return reply(200, pageJSON([]string{calendarJSON(id, "C")}, id, 2, 1, 2))(r)
	})
	c, _ := api.client(func(cfg *client.Config) { cfg.PageConcurrency = -1 })
	n := 0
	for _, err := range c.AllCalendars(context.Background(), nil) {
		if err != nil {
			t.Fatal(err)
		}
		n++
	}
	if n != 2 {
		t.Errorf("walked %d calendars, want 2", n)
	}
}

// A DELETE sent to a web page that redirects to its login (a wrong API
// root) is not followed as a GET and reported done.
func TestDeleteRedirectedToAPageIsNotDone(t *testing.T) {
	var seen []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		seen = append(seen, r.Method+" "+r.URL.Path)
		if r.URL.Path == "/login" {
			_, _ = w.Write([]byte("<html>Log in</html>"))
			return
		}
		http.Redirect(w, r, "/login", http.StatusFound)
	}))
	defer srv.Close()
	c, _ := realClient(t, srv.URL)
	err := c.DeleteCalendar(context.Background(), 3)
	var redirect *client.RedirectError
	if !errors.As(err, &redirect) || !strings.Contains(err.Error(), "turns DELETE into GET") {
		t.Errorf("err = %v, want the redirect refused", err)
	}
	if want := []string{"DELETE /api/1.0/campaigns/7/calendars/3"}; !reflect.DeepEqual(seen, want) {
		t.Errorf("requests %q, want %q (no retry, no GET)", seen, want)
	}
}

// A 2xx answer that is an HTML page did not delete anything.
func TestDeleteAnsweredWithAPageIsAnError(t *testing.T) {
	api := newMockAPI(t)
	api.on("DELETE", "calendars/3", reply(200, "<!DOCTYPE html><html>Welcome</html>"))
	c, _ := api.client()
	if err := c.DeleteCalendar(context.Background(), 3); err == nil || !strings.Contains(err.Error(), "HTML page") {
		t.Errorf("err = %v, want the HTML page explained", err)
	}
}

// A server that answered (500, 503) did not lose its answer: a 404 after
// it means the record never existed. A gateway's 502 or 504 may hide a
// delete that landed.
func TestDeleteNotFoundAfterA5xx(t *testing.T) {
	for first, wantOK := range map[int]bool{500: false, 503: false, 502: true, 504: true} {
		api := newMockAPI(t)
		api.on("DELETE", "calendars/3", reply(first, `{"code":500,"error":"x"}`), reply(404, `{"code":404,"error":"No query results"}`))
		c, _ := api.client()
		err := c.DeleteCalendar(context.Background(), 3)
		if ok := err == nil; ok != wantOK {
			t.Errorf("%d then 404: err = %v, want success %v", first, err, wantOK)
		}
		if !wantOK && !client.IsNotFound(err) {
			t.Errorf("%d then 404: err = %v, want not found", first, err)
		}
	}
}

// A POST cut off before the request was written (here: a TLS handshake
// that never ends) was not applied: it is not reported as maybe applied.
func TestPostNeverWrittenIsNotMaybeApplied(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	var conns atomic.Int32
	go func() {
		for {
			conn, err := ln.Accept()
			if err != nil {
				return
			}
			conns.Add(1)
			defer conn.Close() // accept, never speak TLS
		}
	}()
	c, err := client.New(client.Config{BaseURL: "https://" + ln.Addr().String() + "/api/1.0", Token: testToken,
		Campaign: 7, Timeout: 100 * time.Millisecond, MaxRetries: -1})
	if err != nil {
		t.Fatal(err)
	}
	_, err = c.CreateCalendar(context.Background(), client.CalendarInput{Name: "Harptos"})
	var maybe *client.NotAppliedUnknownError
	if err == nil || errors.As(err, &maybe) || !client.IsNetwork(err) {
		t.Errorf("err = %#v, want a network error that does not say it may have been applied", err)
	}
	if n := conns.Load(); n != 1 {
		t.Errorf("%d connections, want 1", n)
	}
}
