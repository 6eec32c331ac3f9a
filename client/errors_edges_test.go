package client_test

import (
	"context"
	"net"
	"net/http"
	"reflect"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/jarcoal/httpmock"

	"github.com/kanka-cli/kanka/client"
)

// errorOf is the error a GET of calendar 1 ends with when the server
// answers status with body (of the content type given), with no retries.
func errorOf(t *testing.T, status int, body, contentType string) error {
	t.Helper()
	api := newMockAPI(t)
	api.on("GET", "calendars/1", reply(status, body, "Content-Type", contentType))
	c, _ := api.client(func(cfg *client.Config) { cfg.MaxRetries = -1 })
	_, err := c.GetCalendar(context.Background(), 1)
	if err == nil {
		t.Fatalf("no error for a %d", status)
	}
	return err
}

const calendar1 = "GET " + testBase + "/campaigns/7/calendars/1: "

// What an error answer says is read whatever its shape: an empty JSON list
// says nothing but itself; a body of exactly 200 bytes is whole; a longer
// one is cut at 200 bytes without splitting a character, even a body of
// nothing but broken UTF-8.
func TestErrorBodiesAtTheirEdges(t *testing.T) {
	exactly200 := strings.Repeat("y", 200)
	for _, tc := range []struct {
		name, body, contentType, want string
	}{
		{"empty list", `[]`, "application/json", calendar1 + "400 []"},
		{"200 bytes", exactly200, "text/plain", calendar1 + "400 " + exactly200},
		{"201 bytes", exactly200 + "z", "text/plain", calendar1 + "400 " + exactly200 + "…"},
		{"a character across the cut", strings.Repeat("y", 199) + "é", "text/plain", calendar1 + "400 " + strings.Repeat("y", 199) + "…"},
		{"only continuation bytes", strings.Repeat("\x80", 250), "text/plain", calendar1 + "400 …"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if err := errorOf(t, 400, tc.body, tc.contentType); err.Error() != tc.want {
				t.Errorf("error %q, want %q", err.Error(), tc.want)
			}
		})
	}
}

// Laravel's "errors" are read when "fields" is there but empty: the
// messages for each field are not lost.
func TestEmptyFieldsDoNotHideErrors(t *testing.T) {
	for _, body := range []string{
		`{"message":"Invalid.","fields":{},"errors":{"name":["The name is required."]}}`,
		`{"message":"Invalid.","fields":{},"errors":{"name":"The name is required."}}`,
	} {
		err := errorOf(t, 422, body, "application/json")
		if want := calendar1 + "422 Invalid.\n  name: The name is required."; err.Error() != want {
			t.Errorf("%s: error %q, want %q", body, err.Error(), want)
		}
	}
}

// The debug log shows the title of a page that starts with it, and of one
// cut right after its closing "</title".
func TestPageTitleAtTheEdgesOfThePage(t *testing.T) {
	for _, tc := range []struct{ body, title string }{
		{"<title>Down for maintenance</title><p>Back soon</p>", "Down for maintenance"},
		{"<html><title>Down for maintenance</title", "Down for maintenance"},
	} {
		api := newMockAPI(t)
		api.on("GET", "calendars/1", reply(503, tc.body, "Content-Type", "text/html"))
		var log strings.Builder
		c, _ := api.client(func(cfg *client.Config) {
			cfg.MaxRetries = -1
			cfg.OnExchange = client.DebugLogger(&log)
		})
		_, _ = c.GetCalendar(context.Background(), 1)
		if want := `< page title: "` + tc.title + `"` + "\n"; !strings.Contains(log.String(), want) {
			t.Errorf("%q: debug log:\n%s\nwant the line %q", tc.body, log.String(), want)
		}
	}
}

// A retry after a transport error says what went wrong in a few words:
// the cause a network error names, else "a lost connection".
func TestRetryAfterATransportErrorSaysWhy(t *testing.T) {
	for _, tc := range []struct {
		name string
		err  error
		want string
	}{
		{"refused", &net.OpError{Op: "dial", Net: "tcp", Err: syscall.ECONNREFUSED}, "before retrying after connection refused"},
		{"no cause", &net.OpError{Op: "read", Net: "tcp"}, "before retrying after a lost connection"},
		{"another error", &echoError{"stream reset"}, "before retrying after a lost connection"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			api := newMockAPI(t)
			failed := false
			api.on("GET", "calendars/1", func(r *http.Request) (*http.Response, error) {
				if !failed {
					failed = true
					return nil, tc.err
				}
				return reply(200, `{"data":`+calendarJSON(1, "Harptos")+`}`)(r)
			})
			var told []string
			c, _ := api.client(func(cfg *client.Config) {
				cfg.OnWait = func(reason string, _ time.Duration) { told = append(told, reason) }
			})
			if _, err := c.GetCalendar(context.Background(), 1); err != nil {
				t.Fatal(err)
			}
			if want := []string{tc.want}; !reflect.DeepEqual(told, want) {
				t.Errorf("told %q, want %q", told, want)
			}
		})
	}
}

// However many retries are allowed, every one waits: past the point where
// doubling the backoff overflows, the wait is the longest backoff.
func TestEveryRetryWaitsHoweverMany(t *testing.T) {
	const retries = 60
	api := newMockAPI(t)
	busy := reply(503, `{"code":503,"error":"busy"}`)
	answers := make([]httpmock.Responder, 0, retries+1)
	for range retries {
		answers = append(answers, busy)
	}
	api.on("GET", "calendars/1", append(answers, reply(200, `{"data":`+calendarJSON(1, "Harptos")+`}`))...)
	c, clock := api.client(func(cfg *client.Config) { cfg.MaxRetries = retries })
	if _, err := c.GetCalendar(context.Background(), 1); err != nil {
		t.Fatal(err)
	}
	waits := clock.recordedWaits()
	if len(waits) != retries {
		t.Fatalf("%d waits, want %d", len(waits), retries)
	}
	// The default backoff: from 500 ms (250 ms to 500 ms with jitter), up
	// to 8 s (4 s to 8 s).
	for i, w := range waits {
		if w < 250*time.Millisecond || w > 8*time.Second {
			t.Errorf("wait %d is %v, want 250ms to 8s", i+1, w)
		}
	}
	for i, w := range waits[5:] {
		if w < 4*time.Second {
			t.Errorf("wait %d is %v, want the longest backoff (4s to 8s)", i+6, w)
		}
	}
}
