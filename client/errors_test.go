package client_test

import (
	"context"
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/jarcoal/httpmock"

	"github.com/kanka-cli/kanka/client"
)

// kinds lists which helpers recognise err, in a fixed order.
func kinds(err error) []string {
	var out []string
	for _, k := range []struct {
		name string
		is   func(error) bool
	}{
		{"auth", client.IsAuth}, {"notfound", client.IsNotFound}, {"validation", client.IsValidation},
		{"ratelimit", client.IsRateLimit}, {"network", client.IsNetwork},
	} {
		if k.is(err) {
			out = append(out, k.name)
		}
	}
	return out
}

func TestErrorShapes(t *testing.T) {
	for _, tc := range []struct {
		name        string
		status      int
		body        string
		contentType string
		wantMessage string
		wantFields  map[string][]string
		wantRoute   bool
		wantKinds   []string
	}{
		{
			name: "live 401", status: 401, body: `{"code":401,"error":"Invalid authentication token. Make sure your token is valid."}`,
			wantMessage: "Invalid authentication token. Make sure your token is valid.", wantKinds: []string{"auth"},
		},
		{
			name: "live 403", status: 403, body: `{"code":403,"error":"This action is unauthorized."}`,
			wantMessage: "This action is unauthorized.", wantKinds: []string{"auth"},
		},
		{
			name: "live 404 unknown record", status: 404, body: `{"code":404,"error":"No query results for model [App\\Models\\Calendar] 100"}`,
			wantMessage: `No query results for model [App\Models\Calendar] 100`, wantKinds: []string{"notfound"},
		},
		{
			name: "live 404 unknown route", status: 404, body: `{"error":"Page not found"}`,
			wantMessage: "Page not found", wantRoute: true, wantKinds: []string{"notfound"},
		},
		{
			name: "live 422", status: 422,
			body:        `{"code":422,"error":"The month name.1 field is required. (and 1 more error)","fields":{"month_name.1":["The month name.1 field is required."],"weekday":["The weekday must have at least 2 items."]}}`,
			wantMessage: "The month name.1 field is required. (and 1 more error)",
			wantFields: map[string][]string{"month_name.1": {"The month name.1 field is required."},
				"weekday": {"The weekday must have at least 2 items."}},
			wantKinds: []string{"validation"},
		},
		{
			name: "laravel 422", status: 422,
			body:        `{"message":"The given data was invalid.","errors":{"name":["The name field is required.","The name must be a string."]}}`,
			wantMessage: "The given data was invalid.",
			wantFields:  map[string][]string{"name": {"The name field is required.", "The name must be a string."}},
			wantKinds:   []string{"validation"},
		},
		{
			name: "fields as single strings", status: 422, body: `{"code":422,"error":"Invalid","fields":{"format":"Too long"}}`,
			wantMessage: "Invalid", wantFields: map[string][]string{"format": {"Too long"}}, wantKinds: []string{"validation"},
		},
		{
			name: "live 429 bare array", status: 429,
			body:        `["Your account limit of 30 requests per minute has been reached. Subscribe to get 90."]`,
			wantMessage: "Your account limit of 30 requests per minute has been reached. Subscribe to get 90.",
			wantKinds:   []string{"ratelimit"},
		},
		{
			name: "live 500", status: 500, body: `{"code":500,"error":"Unhandled API error, contact support.","hint":"x","trace":null}`,
			wantMessage: "Unhandled API error, contact support.",
		},
		{
			name: "HTML page", status: 401, contentType: "text/html; charset=UTF-8",
			body:        "<!DOCTYPE html><html><head><title>Login</title></head><body>Please log in</body></html>",
			wantMessage: "the server answered with an HTML page, not JSON (is the URL the API root?)",
			wantKinds:   []string{"auth"},
		},
		{
			name: "HTML without content type", status: 404, body: "\n  <html><body>Not Found</body></html>",
			wantMessage: "the server answered with an HTML page, not JSON (is the URL the API root?)",
			wantKinds:   []string{"notfound"},
		},
		{
			name: "HTML 503 of a service down", status: 503, contentType: "text/html",
			body:        "<html><head><title>Down for maintenance</title></head></html>",
			wantMessage: "Service Unavailable: the service is unavailable; try again later",
		},
		{
			name: "HTML 502 of a proxy", status: 502, body: "<html><body>nginx</body></html>",
			wantMessage: "Bad Gateway: the service is unavailable; try again later",
		},
		{
			name: "HTML 504 of a proxy", status: 504, body: "<html><body>timeout</body></html>",
			wantMessage: "Gateway Timeout: the service is unavailable; try again later",
		},
		{
			name: "HTML 500", status: 500, body: "<!DOCTYPE html><html>Whoops</html>",
			wantMessage: "Internal Server Error: the server failed and answered with an HTML page; try again later",
		},
		{name: "empty body", status: 403, wantMessage: "empty answer", wantKinds: []string{"auth"}},
		{name: "plain text", status: 502, body: "Bad gateway from the proxy", wantMessage: "Bad gateway from the proxy"},
		{name: "JSON without a message", status: 409, body: `{"code":409}`, wantMessage: "Conflict"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			api := newMockAPI(t)
			headers := []string{}
			if tc.contentType != "" {
				headers = append(headers, "Content-Type", tc.contentType)
			}
			api.on("GET", "calendars/100", reply(tc.status, tc.body, headers...))
			c, _ := api.client()

			_, err := c.GetCalendar(context.Background(), 100)
			var e *client.Error
			if !errors.As(err, &e) {
				t.Fatalf("err = %#v, want *client.Error", err)
			}
			if e.StatusCode != tc.status || e.Message != tc.wantMessage || e.RouteNotFound != tc.wantRoute {
				t.Errorf("got status %d message %q route %v, want %d %q %v", e.StatusCode, e.Message, e.RouteNotFound, tc.status, tc.wantMessage, tc.wantRoute)
			}
			if len(e.Fields) != 0 || len(tc.wantFields) != 0 {
				if !reflect.DeepEqual(e.Fields, tc.wantFields) {
					t.Errorf("fields = %v, want %v", e.Fields, tc.wantFields)
				}
			}
			if e.Method != "GET" || e.URL != testBase+"/campaigns/7/calendars/100" {
				t.Errorf("error names %s %s", e.Method, e.URL)
			}
			equalStrings(t, "kinds", kinds(err), tc.wantKinds)
		})
	}
}

// The message a user reads names the request, the status, the server's words
// and each field error on its own line, sorted.
func TestErrorMessage(t *testing.T) {
	api := newMockAPI(t)
	api.on("POST", "calendars", reply(422, `{"code":422,"error":"Invalid data","fields":{"weekday":["Two at least."],"month_name":["Required."]}}`))
	c, _ := api.client()
	_, err := c.CreateCalendar(context.Background(), client.CalendarInput{Name: "x"})
	want := "POST " + testBase + "/campaigns/7/calendars: 422 Invalid data\n  month_name: Required.\n  weekday: Two at least."
	if err == nil || err.Error() != want {
		t.Errorf("message:\n%v\nwant:\n%s", err, want)
	}
	var e *client.Error
	if errors.As(err, &e) {
		equalStrings(t, "field names", e.FieldNames(), []string{"month_name", "weekday"})
	}
}

// A long non-JSON body is cut short in the message.
func TestErrorMessageCutsLongBodies(t *testing.T) {
	api := newMockAPI(t)
	api.on("GET", "calendars/1", reply(418, strings.Repeat("x", 5000)))
	c, _ := api.client()
	_, err := c.GetCalendar(context.Background(), 1)
	var e *client.Error
	if !errors.As(err, &e) {
		t.Fatalf("err = %v", err)
	}
	if len(e.Message) > 300 || !strings.HasPrefix(e.Message, "xxxx") {
		t.Errorf("message is %d bytes: %.40q", len(e.Message), e.Message)
	}
}

// A transport failure that outlasts the retries is a network error, and
// nothing else.
func TestNetworkErrorKind(t *testing.T) {
	api := newMockAPI(t)
	api.on("GET", "calendars/1", httpmock.NewErrorResponder(errors.New("connection reset by peer")))
	c, _ := api.client()
	_, err := c.GetCalendar(context.Background(), 1)
	var n *client.NetworkError
	if !errors.As(err, &n) {
		t.Fatalf("err = %#v, want *client.NetworkError", err)
	}
	if !strings.Contains(err.Error(), "connection reset by peer") || !strings.Contains(err.Error(), "GET "+testBase+"/campaigns/7/calendars/1") {
		t.Errorf("message %q", err)
	}
	equalStrings(t, "kinds", kinds(err), []string{"network"})
}

// Each message names the request once, then says what went wrong.
func TestFailureMessagesNameTheRequestOnce(t *testing.T) {
	calendars := testBase + "/campaigns/7/calendars"
	warning := "; the request may have been applied, so it was not retried: check before trying again"
	for _, tc := range []struct {
		name   string
		method string
		answer httpmock.Responder
		want   string
	}{
		{"POST after a 500", "POST", reply(500, `{"code":500,"error":"Unhandled API error"}`),
			"POST " + calendars + ": 500 Unhandled API error" + warning},
		{"POST after a lost connection", "POST", httpmock.NewErrorResponder(errors.New("connection reset by peer")),
			"POST " + calendars + ": connection reset by peer" + warning},
		{"GET after a lost connection", "GET", httpmock.NewErrorResponder(errors.New("connection reset by peer")),
			"GET " + calendars + ": connection reset by peer"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			api := newMockAPI(t)
			api.on(tc.method, "calendars", tc.answer)
			c, _ := api.client(func(cfg *client.Config) { cfg.MaxRetries = -1 })
			var err error
			if tc.method == "POST" {
				_, err = c.CreateCalendar(context.Background(), client.CalendarInput{Name: "x"})
			} else {
				_, err = c.ListCalendars(context.Background(), nil)
			}
			if err == nil || err.Error() != tc.want {
				t.Errorf("message:\n%v\nwant:\n%s", err, tc.want)
			}
		})
	}
}

// A 503 page of a service down for maintenance says so, as the whole
// message a user reads; a debug log shows the page's title, on one line
// and quoted, however the page writes it.
func TestServiceUnavailablePage(t *testing.T) {
	page := "<!DOCTYPE html>\n<HTML><head><style>x{}</style><TITLE class=\"t\">\n  Kanka &amp; friends:\n down\x1b[31m  for maintenance </Title></head><body>Back soon</body></HTML>"
	api := newMockAPI(t)
	api.on("GET", "calendars/1", reply(503, page, "Content-Type", "text/html; charset=UTF-8"))
	var log strings.Builder
	c, _ := api.client(func(cfg *client.Config) {
		cfg.MaxRetries = -1
		cfg.OnExchange = client.DebugLogger(&log)
	})
	_, err := c.GetCalendar(context.Background(), 1)
	want := "GET " + testBase + "/campaigns/7/calendars/1: 503 Service Unavailable: the service is unavailable; try again later"
	if err == nil || err.Error() != want {
		t.Errorf("message:\n%v\nwant:\n%s", err, want)
	}
	if title := `< page title: "Kanka & friends: down\x1b[31m for maintenance"` + "\n"; !strings.Contains(log.String(), "< 503 in ") ||
		!strings.Contains(log.String(), title) {
		t.Errorf("debug log:\n%s\nwant the line %q", log.String(), title)
	}
}

// A page without a title, or a JSON error, adds no title line.
func TestNoPageTitleWithoutOne(t *testing.T) {
	for _, body := range []string{"<html><title>unclosed", `{"code":503,"error":"<title>x</title>"}`} {
		api := newMockAPI(t)
		api.on("GET", "calendars/1", reply(503, body))
		var log strings.Builder
		c, _ := api.client(func(cfg *client.Config) {
			cfg.MaxRetries = -1
			cfg.OnExchange = client.DebugLogger(&log)
		})
		_, _ = c.GetCalendar(context.Background(), 1)
		if strings.Contains(log.String(), "page title") {
			t.Errorf("%q: debug log:\n%s", body, log.String())
		}
	}
}
