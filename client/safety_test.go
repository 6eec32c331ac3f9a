package client_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strings"
	"sync"
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
		if _, err := c.GetCalendar(context.Background(), 1); err != nil {
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
	if len(told) != 1 || !strings.HasPrefix(told[0], "retrying after a 503 answer ") {
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
