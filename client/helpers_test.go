package client_test

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jarcoal/httpmock"

	"github.com/kanka-cli/kanka/client"
)

// The values every test client is built with.
const (
	testBase   = "https://kanka.test/api/1.0"
	testToken  = "tok-SECRET-4f9a2c"
	testUA     = "kanka/test"
	campaignID = 7
	// prefix is the path every request of the test client starts with.
	prefix = "/api/1.0/campaigns/7/"
)

// seen is one request as the server received it.
type seen struct {
	Method string
	Path   string
	Query  url.Values
	Header http.Header
	Body   string
}

// String is "METHOD path?query", the form request sequences are compared in.
func (s seen) String() string {
	if len(s.Query) == 0 {
		return s.Method + " " + s.Path
	}
	return s.Method + " " + s.Path + "?" + s.Query.Encode()
}

// mockAPI is an httpmock transport that records every request it receives.
// Routes are relative to the campaign ("calendars/3"); an unregistered route
// fails the test.
type mockAPI struct {
	t  *testing.T
	mt *httpmock.MockTransport

	mu   sync.Mutex
	reqs []seen
}

func newMockAPI(t *testing.T) *mockAPI {
	t.Helper()
	m := &mockAPI{t: t, mt: httpmock.NewMockTransport()}
	m.mt.RegisterNoResponder(func(r *http.Request) (*http.Response, error) {
		m.record(r)
		t.Errorf("unexpected request %s %s", r.Method, r.URL)
		return httpmock.NewStringResponse(599, "no route in test"), nil
	})
	return m
}

func (m *mockAPI) record(r *http.Request) {
	var body []byte
	if r.Body != nil {
		body, _ = io.ReadAll(r.Body)
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	m.reqs = append(m.reqs, seen{Method: r.Method, Path: r.URL.Path, Query: r.URL.Query(), Header: r.Header.Clone(), Body: string(body)})
}

// on answers method+route with the responders in turn; the last one repeats.
func (m *mockAPI) on(method, route string, responders ...httpmock.Responder) {
	var mu sync.Mutex
	calls := 0
	m.mt.RegisterResponder(method, testBase+"/campaigns/7/"+route, func(r *http.Request) (*http.Response, error) {
		m.record(r)
		mu.Lock()
		i := min(calls, len(responders)-1)
		calls++
		mu.Unlock()
		return responders[i](r)
	})
}

// handle answers method+route with a function of the request (pages).
func (m *mockAPI) handle(method, route string, f func(r *http.Request) (*http.Response, error)) {
	m.mt.RegisterResponder(method, testBase+"/campaigns/7/"+route, func(r *http.Request) (*http.Response, error) {
		m.record(r)
		return f(r)
	})
}

func (m *mockAPI) requests() []seen {
	m.mu.Lock()
	defer m.mu.Unlock()
	return append([]seen(nil), m.reqs...)
}

// sequence is the requests as "METHOD path?query" lines.
func (m *mockAPI) sequence() []string {
	var out []string
	for _, r := range m.requests() {
		out = append(out, r.String())
	}
	return out
}

// client builds a client on this transport with a fake clock; edit adjusts
// the configuration.
func (m *mockAPI) client(edit ...func(*client.Config)) (*client.Client, *fakeClock) {
	m.t.Helper()
	clock := newFakeClock()
	cfg := client.Config{
		BaseURL: testBase, Token: testToken, Campaign: campaignID, UserAgent: testUA,
		Transport: m.mt, Clock: clock,
	}
	for _, e := range edit {
		e(&cfg)
	}
	c, err := client.New(cfg)
	if err != nil {
		m.t.Fatalf("client.New: %v", err)
	}
	return c, clock
}

// reply answers status with body and headers given as "Key", "Value" pairs.
func reply(status int, body string, headers ...string) httpmock.Responder {
	return func(*http.Request) (*http.Response, error) {
		resp := httpmock.NewStringResponse(status, body)
		if body != "" && (body[0] == '{' || body[0] == '[') {
			resp.Header.Set("Content-Type", "application/json")
		}
		for i := 0; i+1 < len(headers); i += 2 {
			resp.Header.Set(headers[i], headers[i+1])
		}
		return resp, nil
	}
}

// fakeClock is a client.Clock whose waits return at once: After moves the
// time forward by the wait and records it.
type fakeClock struct {
	mu    sync.Mutex
	now   time.Time
	waits []time.Duration
}

func newFakeClock() *fakeClock {
	return &fakeClock{now: time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)}
}

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *fakeClock) After(d time.Duration) <-chan time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
	c.waits = append(c.waits, d)
	ch := make(chan time.Time, 1)
	ch <- c.now
	return ch
}

func (c *fakeClock) recordedWaits() []time.Duration {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]time.Duration(nil), c.waits...)
}

func (c *fakeClock) elapsed() time.Duration {
	return c.Now().Sub(newFakeClock().now)
}

// calendarJSON is a small calendar object as the service returns it.
func calendarJSON(id int, name string) string {
	return fmt.Sprintf(`{"id":%d,"name":%q,"months":[{"name":"Hammer","length":30,"type":"standard"}],"weekdays":["A","B"],"years":[],"moons":[],"seasons":[]}`, id, name)
}

func weatherJSON(id, calendarID int, weather string) string {
	return fmt.Sprintf(`{"id":%d,"calendar_id":%d,"weather":%q,"year":1492,"month":3,"day":12,"temperature":"","visibility_id":1}`, id, calendarID, weather)
}

// pageJSON is one page of a list: items, the meta the live service sends and
// a links.next that, as on the live service, drops every filter.
func pageJSON(items []string, page, lastPage, perPage, total int) string {
	next := "null"
	if page < lastPage {
		next = fmt.Sprintf(`"%s/campaigns/7/calendars?page=%d"`, testBase, page+1)
	}
	return fmt.Sprintf(`{"data":[%s],"links":{"first":"%s/campaigns/7/calendars?page=1","last":"%s/campaigns/7/calendars?page=%d","prev":null,"next":%s},"meta":{"current_page":%d,"from":%d,"last_page":%d,"path":"%s/campaigns/7/calendars","per_page":%d,"to":%d,"total":%d},"sync":"2026-11-22T12:00:00.000000Z"}`,
		strings.Join(items, ","), testBase, testBase, lastPage, next, page, (page-1)*perPage+1, lastPage, testBase, perPage, (page-1)*perPage+len(items), total)
}

// sameJSON fails the test unless got and want are the same JSON value (key
// order and spacing aside).
func sameJSON(t *testing.T, what, got, want string) {
	t.Helper()
	var g, w any
	if err := json.Unmarshal([]byte(got), &g); err != nil {
		t.Fatalf("%s: got is not JSON: %v\n%s", what, err, got)
	}
	if err := json.Unmarshal([]byte(want), &w); err != nil {
		t.Fatalf("%s: want is not JSON: %v\n%s", what, err, want)
	}
	if !reflect.DeepEqual(g, w) {
		t.Errorf("%s:\n got %s\nwant %s", what, canonical(g), canonical(w))
	}
}

func canonical(v any) string {
	b, _ := json.Marshal(v) // maps marshal with sorted keys
	return string(b)
}

func equalStrings(t *testing.T, what string, got, want []string) {
	t.Helper()
	if !reflect.DeepEqual(got, want) {
		t.Errorf("%s:\n got %q\nwant %q", what, got, want)
	}
}
