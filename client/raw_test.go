package client_test

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"reflect"
	"strings"
	"testing"

	"github.com/jarcoal/httpmock"

	"github.com/kanka-cli/kanka/client"
)

// Raw (`kanka api`): any request, sent as given, under the client's rules.

// The request goes out as given: method, the route under the campaign, the
// path's query and Query together, the caller's headers beside the
// client's, the body byte for byte with application/json.
func TestRawSendsTheRequestAsGiven(t *testing.T) {
	api := newMockAPI(t)
	api.on("POST", "notes", reply(201, `{"data":{"id":3,"name":"Session 12"}}`, "X-RateLimit-Remaining", "29", "X-RateLimit-Limit", "30"))
	c, _ := api.client()
	body := []byte("{\n  \"name\": \"Session 12\",  \"tags\": [1, 2]\n}")
	ans, err := c.Raw(context.Background(), client.RawRequest{
		Method: "POST", Path: "notes?related=1", Query: url.Values{"tags[]": {"1", "2"}},
		Header: http.Header{"X-Trace": {"abc"}, "Accept": {"application/vnd.test+json"}}, Body: body,
	})
	if err != nil {
		t.Fatal(err)
	}
	reqs := api.requests()
	if len(reqs) != 1 {
		t.Fatalf("%d requests, want 1", len(reqs))
	}
	r := reqs[0]
	if got := r.String(); got != "POST /api/1.0/campaigns/7/notes?related=1&tags%5B%5D=1&tags%5B%5D=2" {
		t.Errorf("request %s", got)
	}
	if r.Body != string(body) {
		t.Errorf("body %q, want it as given %q", r.Body, body)
	}
	for name, want := range map[string]string{
		"Authorization": "Bearer " + testToken, "Content-Type": "application/json", "X-Trace": "abc",
		"Accept": "application/vnd.test+json", "User-Agent": testUA,
	} {
		if got := r.Header.Get(name); got != want {
			t.Errorf("header %s = %q, want %q", name, got, want)
		}
	}
	if ans.StatusCode != 201 || !strings.HasPrefix(ans.Status, "201") || string(ans.Body) != `{"data":{"id":3,"name":"Session 12"}}` {
		t.Errorf("answer %d %q %s", ans.StatusCode, ans.Status, ans.Body)
	}
	if ans.Header.Get("X-Ratelimit-Remaining") != "29" {
		t.Errorf("answer headers %v", ans.Header)
	}
	if ans.URL != testBase+"/campaigns/7/notes?related=1&tags%5B%5D=1&tags%5B%5D=2" {
		t.Errorf("URL %s", ans.URL)
	}
}

// A path with a leading slash is from the API root; {campaign} is the
// campaign's id; a full URL under the API root is sent, its path kept.
func TestRawRoutes(t *testing.T) {
	for _, tc := range []struct{ path, want string }{
		{"/profile", "GET /api/1.0/profile"},
		{"/campaigns", "GET /api/1.0/campaigns"},
		{"/campaigns/{campaign}/calendars", "GET /api/1.0/campaigns/7/calendars"},
		{"calendars/{campaign}", "GET /api/1.0/campaigns/7/calendars/7"},
		{"calendars/2/calendar_weather/", "GET /api/1.0/campaigns/7/calendars/2/calendar_weather/"},
		{testBase + "/campaigns/7/calendars?page=2", "GET /api/1.0/campaigns/7/calendars?page=2"},
		{"HTTPS://KANKA.TEST:443/api/1.0/profile", "GET /api/1.0/profile"},
		{"notes/My%20Note", "GET /api/1.0/campaigns/7/notes/My%20Note"},
		{"notes/My Note", "GET /api/1.0/campaigns/7/notes/My%20Note"},
	} {
		t.Run(tc.path, func(t *testing.T) {
			api := newMockAPI(t)
			api.mt.RegisterNoResponder(func(r *http.Request) (*http.Response, error) {
				api.record(r)
				return reply(200, `{}`)(r)
			})
			c, _ := api.client()
			if _, err := c.Raw(context.Background(), client.RawRequest{Method: "GET", Path: tc.path}); err != nil {
				t.Fatal(err)
			}
			got := api.requests()
			if len(got) != 1 {
				t.Fatalf("%d requests", len(got))
			}
			line := got[0].Method + " " + rawPathOf(got[0])
			if line != tc.want {
				t.Errorf("sent %s, want %s", line, tc.want)
			}
		})
	}
}

// rawPathOf is the path and query a request was sent with, escaped.
func rawPathOf(s seen) string {
	u := url.URL{Path: s.Path}
	out := u.EscapedPath()
	if len(s.Query) > 0 {
		out += "?" + s.Query.Encode()
	}
	return out
}

// Paths, methods and headers Raw does not send are refused with words,
// and nothing is sent.
func TestRawRefusesAndSendsNothing(t *testing.T) {
	for _, tc := range []struct {
		name string
		req  client.RawRequest
		want string
	}{
		{"parent segment", client.RawRequest{Method: "GET", Path: "calendars/../../profile"},
			`the path "calendars/../../profile" has a ".." segment`},
		{"encoded parent", client.RawRequest{Method: "GET", Path: "/%2e%2E/secrets"},
			`the path "/%2e%2E/secrets" has a ".." segment`},
		{"dot segment", client.RawRequest{Method: "GET", Path: "./calendars"},
			`the path "./calendars" has a "." segment`},
		{"encoded slash", client.RawRequest{Method: "GET", Path: "calendars/..%2F..%2Fprofile"},
			`has an encoded slash in "..%2F..%2Fprofile"`},
		{"backslash", client.RawRequest{Method: "GET", Path: `calendars\..\profile`},
			"holds a backslash"},
		{"empty segment", client.RawRequest{Method: "GET", Path: "calendars//2"},
			`has an empty segment (//)`},
		{"newline", client.RawRequest{Method: "GET", Path: "calendars\nX-Evil: 1"},
			"holds a control character (U+000A at byte 9)"},
		{"escape", client.RawRequest{Method: "GET", Path: "calendars\x1b[2J"},
			"holds a control character (U+001B at byte 9)"},
		{"encoded newline", client.RawRequest{Method: "GET", Path: "calendars/%0a"},
			"has an encoded control character"},
		{"fragment", client.RawRequest{Method: "GET", Path: "calendars#top"},
			"has a fragment"},
		{"unknown placeholder", client.RawRequest{Method: "GET", Path: "/users/{user}"},
			"has the placeholder {user}: only {campaign} is replaced"},
		{"empty", client.RawRequest{Method: "GET", Path: ""}, "no path given"},
		{"other host", client.RawRequest{Method: "GET", Path: "https://evil.example/api/1.0/profile"},
			"refusing to send the token to https://evil.example: a full URL must be under the API root " + testBase},
		{"other port", client.RawRequest{Method: "GET", Path: "https://kanka.test:8443/api/1.0/profile"},
			"refusing to send the token to https://kanka.test:8443"},
		{"plain http", client.RawRequest{Method: "GET", Path: "http://kanka.test/api/1.0/profile"},
			"refusing to send the token to http://kanka.test"},
		{"outside the root", client.RawRequest{Method: "GET", Path: "https://kanka.test/admin"},
			"is not under the API root"},
		{"user info", client.RawRequest{Method: "GET", Path: "https://me:pw@kanka.test/api/1.0/profile"},
			`the URL "https://me:xxxxx@kanka.test/api/1.0/profile" holds a user name or password`},
		{"other scheme", client.RawRequest{Method: "GET", Path: "ftp://kanka.test/x"},
			"is not an http or https URL"},
		{"method", client.RawRequest{Method: "TRACE", Path: "calendars"},
			`the method "TRACE" is not one kanka sends`},
		{"authorization", client.RawRequest{Method: "GET", Path: "calendars", Header: http.Header{"Authorization": {"Bearer other"}}},
			"the header Authorization cannot be set"},
		{"host", client.RawRequest{Method: "GET", Path: "calendars", Header: http.Header{"Host": {"evil.example"}}},
			"the header Host cannot be set"},
		{"content length", client.RawRequest{Method: "GET", Path: "calendars", Header: http.Header{"content-length": {"0"}}},
			"the header Content-Length cannot be set"},
		{"smuggled header", client.RawRequest{Method: "GET", Path: "calendars", Header: http.Header{"X-A": {"1\r\nAuthorization: x"}}},
			"the value of header X-A holds a control character (U+000D)"},
		{"header name", client.RawRequest{Method: "GET", Path: "calendars", Header: http.Header{"X A": {"1"}}},
			`the header name "X A" holds ' '`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			api := newMockAPI(t)
			c, _ := api.client()
			ans, err := c.Raw(context.Background(), tc.req)
			var invalid *client.InvalidRequestError
			if !errors.As(err, &invalid) || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("err = %v\nwant an InvalidRequestError with %q", err, tc.want)
			}
			if ans != nil {
				t.Errorf("an answer to a request not sent: %+v", ans)
			}
			if n := len(api.requests()); n != 0 {
				t.Errorf("%d requests sent", n)
			}
			if tc.req.Method != "GET" || len(tc.req.Header) > 0 || strings.HasPrefix(tc.req.Path, "http") && tc.name != "user info" && tc.name != "other scheme" {
				return // not the path's fault, or known only to a client
			}
			// The same refusal without a client, for a command to give
			// before it builds one.
			if err := client.CheckRawPath(tc.req.Path); err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("CheckRawPath: %v", err)
			}
		})
	}
}

// An answer outside 2xx is returned with its head and body, and its
// *Error says what the client's typed calls say.
func TestRawErrorAnswer(t *testing.T) {
	api := newMockAPI(t)
	api.on("GET", "notes/9", reply(404, `{"code":404,"error":"No query results for model [App\\Models\\Note] 9"}`, "X-Request-Id", "r1"))
	api.on("POST", "notes", reply(422, `{"code":422,"error":"The name field is required.","fields":{"name":["The name field is required."]}}`))
	c, _ := api.client()
	ans, err := c.Raw(context.Background(), client.RawRequest{Method: "GET", Path: "notes/9"})
	if !client.IsNotFound(err) || ans == nil || ans.StatusCode != 404 || ans.Header.Get("X-Request-Id") != "r1" || !strings.Contains(string(ans.Body), "Note] 9") {
		t.Errorf("404: %v, %+v", err, ans)
	}
	ans, err = c.Raw(context.Background(), client.RawRequest{Method: "POST", Path: "notes", Body: []byte(`{}`)})
	var apiErr *client.Error
	if !client.IsValidation(err) || !errors.As(err, &apiErr) || !reflect.DeepEqual(apiErr.Fields, map[string][]string{"name": {"The name field is required."}}) || ans == nil {
		t.Errorf("422: %v, %+v", err, ans)
	}
}

// The client's retries: a GET meets a 503 and is sent again; a 429 is
// waited out; a POST that met a 500 is not repeated.
func TestRawRetriesAsTheClientDoes(t *testing.T) {
	api := newMockAPI(t)
	api.on("GET", "notes", reply(503, `{"code":503,"error":"down"}`), reply(200, `{"data":[]}`))
	api.on("PUT", "notes/1", reply(429, `["Your account limit of 30 requests per minute has been reached."]`), reply(200, `{"data":{}}`))
	api.on("POST", "notes", reply(500, `{"code":500,"error":"Unhandled API error"}`))
	c, clock := api.client()
	ctx := context.Background()
	if ans, err := c.Raw(ctx, client.RawRequest{Method: "GET", Path: "notes"}); err != nil || ans.StatusCode != 200 {
		t.Errorf("GET after a 503: %v", err)
	}
	if ans, err := c.Raw(ctx, client.RawRequest{Method: "PUT", Path: "notes/1", Body: []byte(`{}`)}); err != nil || ans.StatusCode != 200 {
		t.Errorf("PUT after a 429: %v", err)
	}
	_, err := c.Raw(ctx, client.RawRequest{Method: "POST", Path: "notes", Body: []byte(`{}`)})
	var notApplied *client.NotAppliedUnknownError
	if !errors.As(err, &notApplied) {
		t.Errorf("POST after a 500: %v, want it not repeated", err)
	}
	equalStrings(t, "requests", api.sequence(), []string{
		"GET /api/1.0/campaigns/7/notes", "GET /api/1.0/campaigns/7/notes",
		"PUT /api/1.0/campaigns/7/notes/1", "PUT /api/1.0/campaigns/7/notes/1",
		"POST /api/1.0/campaigns/7/notes",
	})
	if waits := clock.recordedWaits(); len(waits) != 2 {
		t.Errorf("waits %v, want one before the GET's retry and one for the 429", waits)
	}
}

// A server that echoes the token gets it back redacted: in the answer's
// headers, its body, an error's message and the debug log.
func TestRawRedactsTheToken(t *testing.T) {
	echo := func(status int) httpmock.Responder {
		return func(r *http.Request) (*http.Response, error) {
			return reply(status, `{"error":"bad `+r.Header.Get("Authorization")+`","you":"`+r.Header.Get("Authorization")+`"}`,
				"X-Echo", r.Header.Get("Authorization"))(r)
		}
	}
	api := newMockAPI(t)
	api.on("GET", "echo", echo(200))
	api.on("GET", "fail", echo(400))
	var log strings.Builder
	c, _ := api.client(func(cfg *client.Config) { cfg.OnExchange = client.DebugLogger(&log) })
	ans, err := c.Raw(context.Background(), client.RawRequest{Method: "GET", Path: "echo"})
	if err != nil {
		t.Fatal(err)
	}
	failed, failure := c.Raw(context.Background(), client.RawRequest{Method: "GET", Path: "fail"})
	for what, text := range map[string]string{
		"body": string(ans.Body), "header": ans.Header.Get("X-Echo"), "error body": string(failed.Body),
		"error": failure.Error(), "debug log": log.String(),
	} {
		if strings.Contains(text, testToken) {
			t.Errorf("the token is in the %s: %s", what, text)
		}
		if !strings.Contains(text, client.Redacted) {
			t.Errorf("the %s does not say [redacted]: %s", what, text)
		}
	}
}
