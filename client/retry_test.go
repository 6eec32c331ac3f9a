package client_test

import (
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/jarcoal/httpmock"

	"github.com/kanka-cli/kanka/client"
)

// idempotent lists a call of every method that may be repeated safely.
var idempotent = []struct {
	method, route string
	call          func(ctx context.Context, c *client.Client) error
}{
	{"GET", "calendars/3", func(ctx context.Context, c *client.Client) error { _, err := c.GetCalendar(ctx, 3); return err }},
	{"HEAD", "calendars/3", func(ctx context.Context, c *client.Client) error { return c.HeadCalendar(ctx, 3) }},
	{"PUT", "calendars/3", func(ctx context.Context, c *client.Client) error {
		_, err := c.UpdateCalendar(ctx, 3, client.CalendarInput{Name: "Harptos"})
		return err
	}},
	{"PATCH", "calendars/3", func(ctx context.Context, c *client.Client) error {
		_, err := c.PatchCalendar(ctx, 3, client.CalendarInput{Name: "Harptos"})
		return err
	}},
	{"DELETE", "calendars/3", func(ctx context.Context, c *client.Client) error { return c.DeleteCalendar(ctx, 3) }},
}

// 5xx answers and transport errors are retried with exponential backoff and
// jitter: the n-th wait is between half and all of base<<n.
func TestIdempotentRequestsAreRetried(t *testing.T) {
	ok := reply(200, `{"data":`+calendarJSON(3, "Harptos")+`}`)
	for _, failure := range []struct {
		name   string
		answer httpmock.Responder
	}{
		{"5xx", reply(500, `{"code":500,"error":"Unhandled API error"}`)},
		{"HTML 502", reply(502, "<html>Bad Gateway</html>", "Content-Type", "text/html")},
		{"transport error", httpmock.NewErrorResponder(errors.New("connection reset by peer"))},
	} {
		for _, ep := range idempotent {
			t.Run(failure.name+" "+ep.method, func(t *testing.T) {
				api := newMockAPI(t)
				api.on(ep.method, ep.route, failure.answer, failure.answer, ok)
				c, clock := api.client()
				if err := ep.call(context.Background(), c); err != nil {
					t.Fatal(err)
				}
				reqs := api.requests()
				if len(reqs) != 3 {
					t.Fatalf("%d attempts, want 3: %v", len(reqs), api.sequence())
				}
				if reqs[0].Body != reqs[2].Body {
					t.Errorf("retry sent %q, first attempt %q", reqs[2].Body, reqs[0].Body)
				}
				checkBackoff(t, clock.recordedWaits(), 500*time.Millisecond, 8*time.Second)
			})
		}
	}
}

// checkBackoff checks each wait is within the jittered range of its step.
func checkBackoff(t *testing.T, waits []time.Duration, base, limit time.Duration) {
	t.Helper()
	for n, w := range waits {
		full := min(base<<n, limit)
		if w < full/2 || w > full {
			t.Errorf("wait %d is %v, want between %v and %v (all waits %v)", n+1, w, full/2, full, waits)
		}
	}
}

// After MaxRetries the last failure is returned; the waits grow and stop at
// BackoffMax.
func TestRetriesRunOut(t *testing.T) {
	for _, tc := range []struct {
		name         string
		maxRetries   int
		answer       httpmock.Responder
		wantAttempts int
		check        func(error) bool
	}{
		{"5xx, default retries", 0, reply(503, ""), 4, func(err error) bool {
			var e *client.Error
			return errors.As(err, &e) && e.StatusCode == 503
		}},
		{"5xx, six retries", 6, reply(500, `{"code":500,"error":"Unhandled"}`), 7, func(err error) bool {
			var e *client.Error
			return errors.As(err, &e) && e.StatusCode == 500 && e.Message == "Unhandled"
		}},
		{"5xx, retries off", -1, reply(500, ""), 1, func(err error) bool {
			var e *client.Error
			return errors.As(err, &e) && e.StatusCode == 500
		}},
		{"transport error", 2, httpmock.NewErrorResponder(errors.New("no route to host")), 3, client.IsNetwork},
	} {
		t.Run(tc.name, func(t *testing.T) {
			api := newMockAPI(t)
			api.on("GET", "calendars/3", tc.answer)
			c, clock := api.client(func(cfg *client.Config) {
				cfg.MaxRetries = tc.maxRetries
				cfg.BackoffBase, cfg.BackoffMax = time.Second, 3*time.Second
			})
			_, err := c.GetCalendar(context.Background(), 3)
			if !tc.check(err) {
				t.Errorf("err = %#v", err)
			}
			if n := len(api.requests()); n != tc.wantAttempts {
				t.Errorf("%d attempts, want %d", n, tc.wantAttempts)
			}
			waits := clock.recordedWaits()
			if len(waits) != tc.wantAttempts-1 {
				t.Errorf("%d waits, want %d", len(waits), tc.wantAttempts-1)
			}
			checkBackoff(t, waits, time.Second, 3*time.Second)
		})
	}
}

// Waits are jittered, so that clients that failed together do not retry
// together.
func TestBackoffHasJitter(t *testing.T) {
	api := newMockAPI(t)
	api.on("GET", "calendars/3", reply(500, ""))
	c, clock := api.client(func(cfg *client.Config) {
		cfg.MaxRetries = 20
		cfg.BackoffBase, cfg.BackoffMax = time.Second, time.Second
	})
	c.GetCalendar(context.Background(), 3)
	waits := clock.recordedWaits()
	checkBackoff(t, waits, time.Second, time.Second)
	distinct := map[time.Duration]bool{}
	for _, w := range waits {
		distinct[w] = true
	}
	if len(waits) != 20 || len(distinct) < 2 {
		t.Errorf("waits %v: want 20, not all the same", waits)
	}
}

// A 4xx other than 429 is the server's final word: no retry.
func TestClientErrorsAreNotRetried(t *testing.T) {
	for _, status := range []int{400, 401, 403, 404, 409, 422} {
		api := newMockAPI(t)
		api.on("PUT", "calendars/3", reply(status, `{"code":1,"error":"no"}`))
		c, _ := api.client()
		_, err := c.UpdateCalendar(context.Background(), 3, client.CalendarInput{Name: "x"})
		if err == nil || len(api.requests()) != 1 {
			t.Errorf("%d: err %v after %d attempts, want an error after 1", status, err, len(api.requests()))
		}
	}
}

// A POST that met a 500 may have been applied: it is not repeated, and the
// error says so.
func TestPostIsNotRetriedAfter5xx(t *testing.T) {
	api := newMockAPI(t)
	api.on("POST", "calendars", reply(500, `{"code":500,"error":"Unhandled API error"}`))
	api.on("POST", "calendars/3/calendar_weathers", reply(502, ""))
	c, _ := api.client()
	ctx := context.Background()
	_, errCal := c.CreateCalendar(ctx, client.CalendarInput{Name: "Harptos"})
	_, errWeather := c.CreateWeather(ctx, 3, client.WeatherInput{Dated: client.Dated{Year: ptr(1), Month: ptr(1), Day: ptr(1)}, Weather: ptr("sun")})

	for _, err := range []error{errCal, errWeather} {
		checkNotApplied(t, err)
		var e *client.Error
		if !errors.As(err, &e) || e.StatusCode < 500 {
			t.Errorf("the server's answer is lost: %#v", err)
		}
		if client.IsNetwork(err) {
			t.Errorf("a 5xx answer is reported as a network failure: %v", err)
		}
	}
	if n := len(api.requests()); n != 2 {
		t.Errorf("%d requests, want one of each: %v", n, api.sequence())
	}
}

func checkNotApplied(t *testing.T, err error) {
	t.Helper()
	var na *client.NotAppliedUnknownError
	if !errors.As(err, &na) {
		t.Fatalf("err = %#v, want *client.NotAppliedUnknownError", err)
	}
	if !strings.Contains(err.Error(), "may have been applied") {
		t.Errorf("message %q does not warn it may have been applied", err)
	}
}

// hangUpServer reads each request's body, then drops the connection without
// an answer, as a proxy or a crashing server would.
func hangUpServer(t *testing.T) (*httptest.Server, func() []string) {
	var mu sync.Mutex
	var got []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		mu.Lock()
		got = append(got, r.Method+" "+r.URL.Path+" "+string(body))
		mu.Unlock()
		conn, _, err := w.(http.Hijacker).Hijack()
		if err != nil {
			t.Errorf("hijack: %v", err)
			return
		}
		conn.Close()
	}))
	t.Cleanup(srv.Close)
	return srv, func() []string {
		mu.Lock()
		defer mu.Unlock()
		return append([]string(nil), got...)
	}
}

func realClient(t *testing.T, base string, edit ...func(*client.Config)) (*client.Client, *fakeClock) {
	t.Helper()
	clock := newFakeClock()
	cfg := client.Config{BaseURL: base + "/api/1.0", Token: testToken, Campaign: campaignID, Clock: clock}
	for _, e := range edit {
		e(&cfg)
	}
	c, err := client.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return c, clock
}

// A POST whose connection dropped after it was sent is not repeated.
func TestPostIsNotRetriedAfterADroppedConnection(t *testing.T) {
	srv, requests := hangUpServer(t)
	c, _ := realClient(t, srv.URL)
	_, err := c.CreateCalendar(context.Background(), client.CalendarInput{Name: "Harptos"})
	checkNotApplied(t, err)
	if !client.IsNetwork(err) {
		t.Errorf("a dropped connection is not a network error: %v", err)
	}
	equalStrings(t, "server saw", requests(), []string{`POST /api/1.0/campaigns/7/calendars {"name":"Harptos"}`})
}

// The same dropped connection on a PUT is retried.
func TestPutIsRetriedAfterADroppedConnection(t *testing.T) {
	srv, requests := hangUpServer(t)
	c, _ := realClient(t, srv.URL, func(cfg *client.Config) { cfg.MaxRetries = 2 })
	_, err := c.UpdateCalendar(context.Background(), 3, client.CalendarInput{Name: "Harptos"})
	var n *client.NetworkError
	if !errors.As(err, &n) {
		t.Errorf("err = %#v, want *client.NetworkError", err)
	}
	if got := len(requests()); got != 3 {
		t.Errorf("server saw %d attempts, want 3", got)
	}
}

// A POST that timed out waiting for its answer may have been applied too.
func TestPostIsNotRetriedAfterATimeout(t *testing.T) {
	var mu sync.Mutex
	attempts := 0
	release := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		attempts++
		mu.Unlock()
		<-release
	}))
	defer srv.Close()
	defer close(release)
	c, _ := realClient(t, srv.URL, func(cfg *client.Config) { cfg.Timeout = 50 * time.Millisecond })
	_, err := c.CreateCalendar(context.Background(), client.CalendarInput{Name: "Harptos"})
	checkNotApplied(t, err)
	mu.Lock()
	defer mu.Unlock()
	if attempts != 1 {
		t.Errorf("server saw %d attempts, want 1", attempts)
	}
}

// Cancelled while the server holds a POST: it may have been applied, and the
// error says so while still being a cancellation.
func TestPostCancelledInFlightMayHaveBeenApplied(t *testing.T) {
	arrived := make(chan struct{})
	release := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		close(arrived)
		<-release
	}))
	defer srv.Close()
	defer close(release)
	c, _ := realClient(t, srv.URL)
	ctx, cancel := context.WithCancel(context.Background())
	go func() { <-arrived; cancel() }()
	_, err := c.CreateCalendar(ctx, client.CalendarInput{Name: "Harptos"})
	checkNotApplied(t, err)
	if !errors.Is(err, context.Canceled) {
		t.Errorf("error %v does not unwrap to context.Canceled", err)
	}
}

// refusingTransport fails every dial with errno, the way a closed port
// (ECONNREFUSED) or an unreachable host does, without touching the network,
// and counts the dials.
func refusingTransport(errno syscall.Errno) (*http.Transport, *atomic.Int32) {
	dials := new(atomic.Int32)
	return &http.Transport{
		DialContext: func(ctx context.Context, network, addr string) (net.Conn, error) {
			dials.Add(1)
			return nil, &net.OpError{Op: "dial", Net: network, Err: os.NewSyscallError("connect", errno)}
		},
	}, dials
}

// refuseFirst sends its first n requests through refused, so their
// connection is refused before anything is sent, and the rest through next.
type refuseFirst struct {
	mu      sync.Mutex
	n       int
	refused http.RoundTripper
	next    http.RoundTripper
}

func (rt *refuseFirst) RoundTrip(r *http.Request) (*http.Response, error) {
	rt.mu.Lock()
	refuse := rt.n > 0
	rt.n--
	rt.mu.Unlock()
	if refuse {
		return rt.refused.RoundTrip(r)
	}
	return rt.next.RoundTrip(r)
}

// A POST whose connection could not be made never reached the server: it may
// be retried, and is. A refused connection and an unreachable host are both
// failures to dial.
func TestPostIsRetriedWhenTheConnectionWasRefused(t *testing.T) {
	for _, errno := range []syscall.Errno{syscall.ECONNREFUSED, syscall.EHOSTUNREACH} {
		t.Run(errno.Error(), func(t *testing.T) {
			var mu sync.Mutex
			var got []string
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				body, _ := io.ReadAll(r.Body)
				mu.Lock()
				got = append(got, r.Method+" "+r.URL.Path+" "+string(body))
				mu.Unlock()
				w.WriteHeader(201)
				io.WriteString(w, `{"data":`+calendarJSON(3, "Harptos")+`}`)
			}))
			defer srv.Close()
			refused, dials := refusingTransport(errno)
			rt := &refuseFirst{n: 2, refused: refused, next: &http.Transport{}}
			c, clock := realClient(t, srv.URL, func(cfg *client.Config) { cfg.Transport = rt })

			cal, err := c.CreateCalendar(context.Background(), client.CalendarInput{Name: "Harptos"})
			if err != nil {
				t.Fatalf("err = %v", err)
			}
			if cal.ID != 3 {
				t.Errorf("decoded %+v", cal)
			}
			if n := dials.Load(); n != 2 {
				t.Errorf("%d failed dials, want 2", n)
			}
			if n := len(clock.recordedWaits()); n != 2 {
				t.Errorf("%d backoff waits, want 2", n)
			}
			mu.Lock()
			defer mu.Unlock()
			equalStrings(t, "server saw", got, []string{`POST /api/1.0/campaigns/7/calendars {"name":"Harptos"}`})
		})
	}
}

// When the server stays unreachable the POST is tried MaxRetries+1 times and
// ends as a network error, not one that says it may have been applied.
func TestPostRefusedEveryTime(t *testing.T) {
	refused, dials := refusingTransport(syscall.ECONNREFUSED)
	c, _ := realClient(t, "https://kanka.test", func(cfg *client.Config) {
		cfg.Transport = refused
		cfg.MaxRetries = 2
	})
	_, err := c.CreateCalendar(context.Background(), client.CalendarInput{Name: "Harptos"})
	var n *client.NetworkError
	if !errors.As(err, &n) {
		t.Errorf("err = %#v, want *client.NetworkError", err)
	}
	var na *client.NotAppliedUnknownError
	if errors.As(err, &na) {
		t.Errorf("a refused connection says it may have been applied: %v", err)
	}
	if got := dials.Load(); got != 3 {
		t.Errorf("%d dials, want 3 (the POST and 2 retries)", got)
	}
}
