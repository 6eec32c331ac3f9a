package client_test

import (
	"net/http"
	"reflect"
	"sync"
	"testing"
	"time"

	"github.com/kanka-cli/kanka/client"
)

// gateClock is a client.Clock whose time moves only when the test says:
// a wait records its length and returns when the clock reaches its end.
type gateClock struct {
	mu      sync.Mutex
	now     time.Time
	waits   []time.Duration
	pending []gateWait
	changed chan struct{} // closed and replaced whenever a wait starts
}

type gateWait struct {
	until time.Time
	ch    chan time.Time
}

func newGateClock() *gateClock {
	return &gateClock{now: time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC), changed: make(chan struct{})}
}

func (c *gateClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *gateClock) After(d time.Duration) <-chan time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	ch := make(chan time.Time, 1)
	c.waits = append(c.waits, d)
	c.pending = append(c.pending, gateWait{until: c.now.Add(d), ch: ch})
	c.fire()
	close(c.changed)
	c.changed = make(chan struct{})
	return ch
}

// advance moves the clock by d and ends the waits it reaches.
func (c *gateClock) advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
	c.fire()
}

func (c *gateClock) fire() {
	kept := c.pending[:0]
	for _, w := range c.pending {
		if w.until.After(c.now) {
			kept = append(kept, w)
			continue
		}
		w.ch <- c.now
	}
	c.pending = kept
}

// awaitPending returns once n waits are pending, failing the test after a
// few seconds.
func (c *gateClock) awaitPending(t *testing.T, n int) {
	t.Helper()
	timeout := time.After(2 * time.Second)
	for {
		c.mu.Lock()
		got, changed := len(c.pending), c.changed
		c.mu.Unlock()
		if got >= n {
			return
		}
		select {
		case <-changed:
		case <-timeout:
			t.Fatalf("%d waits pending, want %d", got, n)
		}
	}
}

func (c *gateClock) recordedWaits() []time.Duration {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]time.Duration(nil), c.waits...)
}

// budgetAnswer is a calendar answered with the rate-limit headers given.
func budgetAnswer(limit, remaining string) func(*http.Request) (*http.Response, error) {
	return reply(200, `{"data":`+calendarJSON(1, "Harptos")+`}`, "X-RateLimit-Limit", limit, "X-RateLimit-Remaining", remaining)
}

// A budget of one request a minute is a budget: once it is spent, the next
// request waits for the window.
func TestLimitOfOneRequestAWindowIsKept(t *testing.T) {
	api := newMockAPI(t)
	api.on("GET", "calendars/1", budgetAnswer("1", "0"))
	c, clock := api.client()
	ctx := deadline(t)
	for i := range 3 {
		if _, err := c.GetCalendar(ctx, 1); err != nil {
			t.Fatalf("request %d: %v", i+1, err)
		}
	}
	if want := []time.Duration{time.Minute, time.Minute}; !reflect.DeepEqual(clock.recordedWaits(), want) {
		t.Errorf("waits %v, want %v", clock.recordedWaits(), want)
	}
}

// The largest limit the client believes, 100000 a window, is kept too.
func TestLargestBelievedLimitIsKept(t *testing.T) {
	api := newMockAPI(t)
	api.on("GET", "calendars/1", budgetAnswer("100000", "0"))
	c, clock := api.client()
	ctx := deadline(t)
	for i := range 2 {
		if _, err := c.GetCalendar(ctx, 1); err != nil {
			t.Fatalf("request %d: %v", i+1, err)
		}
	}
	if want := []time.Duration{time.Minute}; !reflect.DeepEqual(clock.recordedWaits(), want) {
		t.Errorf("waits %v, want %v", clock.recordedWaits(), want)
	}
}

// An answer whose remaining count equals the limit (nothing spent yet) is a
// budget: the window it opens ends a minute after it, so a budget spent 30
// seconds later is waited for 30 seconds, not a whole minute.
func TestUnspentBudgetStartsTheWindow(t *testing.T) {
	api := newMockAPI(t)
	clock := newGateClock()
	api.on("GET", "calendars/1", budgetAnswer("2", "2"), budgetAnswer("2", "0"), budgetAnswer("2", "1"))
	c, _ := api.client(func(cfg *client.Config) { cfg.Clock = clock })
	ctx := deadline(t)
	if _, err := c.GetCalendar(ctx, 1); err != nil {
		t.Fatal(err)
	}
	clock.advance(30 * time.Second)
	if _, err := c.GetCalendar(ctx, 1); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() {
		_, err := c.GetCalendar(ctx, 1)
		done <- err
	}()
	clock.awaitPending(t, 1)
	clock.advance(30 * time.Second)
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if want := []time.Duration{30 * time.Second}; !reflect.DeepEqual(clock.recordedWaits(), want) {
		t.Errorf("waits %v, want %v", clock.recordedWaits(), want)
	}
	if n := len(api.requests()); n != 3 {
		t.Errorf("%d requests, want 3", n)
	}
}

// A bare 429 that arrives after the window the pacer knew has ended (the
// answer was slow) waits a whole window from its arrival: the old window's
// end, already past, would send the retry at once into the spent budget.
func TestRateLimitAfterTheKnownWindowWaitsAWholeWindow(t *testing.T) {
	api := newMockAPI(t)
	clock := newGateClock()
	first := budgetAnswer("30", "29")
	slowLimited := func(r *http.Request) (*http.Response, error) {
		clock.advance(90 * time.Second)
		return reply(429, `["Your account limit of 30 requests per minute has been reached."]`)(r)
	}
	api.on("GET", "calendars/1", first, slowLimited, budgetAnswer("30", "29"))
	c, _ := api.client(func(cfg *client.Config) { cfg.Clock = clock })
	ctx := deadline(t)
	if _, err := c.GetCalendar(ctx, 1); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() {
		_, err := c.GetCalendar(ctx, 1)
		done <- err
	}()
	clock.awaitPending(t, 1)
	if n := len(api.requests()); n != 2 {
		t.Errorf("%d requests before the wait ended, want 2", n)
	}
	clock.advance(time.Minute)
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if want := []time.Duration{time.Minute}; !reflect.DeepEqual(clock.recordedWaits(), want) {
		t.Errorf("waits %v, want %v", clock.recordedWaits(), want)
	}
	if n := len(api.requests()); n != 3 {
		t.Errorf("%d requests, want 3", n)
	}
}

// Requests that wait together for the same window are told of it once: a
// notice per wait, not per request.
func TestConcurrentWaitsForOneWindowAreToldOnce(t *testing.T) {
	api := newMockAPI(t)
	clock := newGateClock()
	api.on("GET", "calendars/1", budgetAnswer("3", "0"), budgetAnswer("3", "2"))
	var (
		mu   sync.Mutex
		told []string
	)
	c, _ := api.client(func(cfg *client.Config) {
		cfg.Clock = clock
		cfg.OnWait = func(reason string, d time.Duration) {
			mu.Lock()
			defer mu.Unlock()
			told = append(told, reason+" "+d.String())
		}
	})
	ctx := deadline(t)
	if _, err := c.GetCalendar(ctx, 1); err != nil {
		t.Fatal(err)
	}
	clock.advance(15 * time.Second)
	errs := make(chan error, 3)
	for range 3 {
		go func() {
			_, err := c.GetCalendar(ctx, 1)
			errs <- err
		}()
	}
	clock.awaitPending(t, 3)
	clock.advance(45 * time.Second)
	for range 3 {
		if err := <-errs; err != nil {
			t.Fatal(err)
		}
	}
	mu.Lock()
	defer mu.Unlock()
	if want := []string{"for the rate limit's next window 45s"}; !reflect.DeepEqual(told, want) {
		t.Errorf("told %q, want %q", told, want)
	}
	if want := []time.Duration{45 * time.Second, 45 * time.Second, 45 * time.Second}; !reflect.DeepEqual(clock.recordedWaits(), want) {
		t.Errorf("waits %v, want %v", clock.recordedWaits(), want)
	}
}

// In a new window, before its first answer, requests go at once up to the
// last window's whole budget: three requests against a budget of ten are
// all in flight together, none waiting for another's answer.
func TestNewWindowSendsUpToTheLastBudgetAtOnce(t *testing.T) {
	api := newMockAPI(t)
	clock := newGateClock()
	var (
		mu       sync.Mutex
		inFlight int
		most     int
		allIn    = make(chan struct{})
	)
	api.on("GET", "calendars/1", budgetAnswer("10", "9"), func(r *http.Request) (*http.Response, error) {
		mu.Lock()
		inFlight++
		most = max(most, inFlight)
		if inFlight == 3 {
			close(allIn)
		}
		mu.Unlock()
		// Answer once all three are in, or after a while if they never are.
		select {
		case <-allIn:
		case <-time.After(2 * time.Second):
		}
		mu.Lock()
		inFlight--
		mu.Unlock()
		// No budget headers: the new window stays unknown.
		return reply(200, `{"data":`+calendarJSON(1, "Harptos")+`}`)(r)
	})
	c, _ := api.client(func(cfg *client.Config) { cfg.Clock = clock })
	ctx := deadline(t)
	if _, err := c.GetCalendar(ctx, 1); err != nil {
		t.Fatal(err)
	}
	clock.advance(time.Minute) // the window the budget was for is over
	errs := make(chan error, 3)
	for range 3 {
		go func() {
			_, err := c.GetCalendar(ctx, 1)
			errs <- err
		}()
	}
	for range 3 {
		if err := <-errs; err != nil {
			t.Fatal(err)
		}
	}
	mu.Lock()
	defer mu.Unlock()
	if most != 3 {
		t.Errorf("at most %d requests in flight together, want 3", most)
	}
	if waits := clock.recordedWaits(); len(waits) != 0 {
		t.Errorf("waited %v, want no wait", waits)
	}
}
