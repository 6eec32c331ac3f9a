package client_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/kanka-cli/kanka/client"
)

// pageServer serves a list of total calendars, perPage a page, with ids
// 1..total, and records which pages were asked for.
type pageServer struct {
	total, perPage int
	// delay, when set, holds the answer to a page for this long.
	delay func(page int) time.Duration
	// fail, when set, answers a page with this status and body instead.
	fail func(page int) (int, string)
	// simple drops last_page from meta, as a simple paginator does.
	simple bool
	// noPerPage drops per_page from meta: the walk must take the page size
	// from the number of items on page 1.
	noPerPage bool
	// hold, when set, is called with each request once it is recorded and
	// before it is answered; it may block.
	hold func(r *http.Request, page int)

	mu          sync.Mutex
	pages       []int
	inflight    int
	maxInflight int
}

func (s *pageServer) lastPage() int { return max(1, (s.total+s.perPage-1)/s.perPage) }

func (s *pageServer) serve(r *http.Request) (*http.Response, error) {
	page := 1
	if p := r.URL.Query().Get("page"); p != "" {
		page, _ = strconv.Atoi(p)
	}
	s.mu.Lock()
	s.pages = append(s.pages, page)
	s.inflight++
	s.maxInflight = max(s.maxInflight, s.inflight)
	s.mu.Unlock()
	defer func() {
		s.mu.Lock()
		s.inflight--
		s.mu.Unlock()
	}()
	if s.hold != nil {
		s.hold(r, page)
	}
	if s.delay != nil {
		time.Sleep(s.delay(page))
	}
	if s.fail != nil {
		if status, body := s.fail(page); status != 0 {
			return reply(status, body)(r)
		}
	}
	var items []string
	for id := (page-1)*s.perPage + 1; id <= min(page*s.perPage, s.total); id++ {
		items = append(items, calendarJSON(id, fmt.Sprintf("Calendar %d", id)))
	}
	body := pageJSON(items, page, s.lastPage(), s.perPage, s.total)
	if s.simple {
		body = strings.Replace(body, fmt.Sprintf(`"last_page":%d,`, s.lastPage()), "", 1)
	}
	if s.noPerPage {
		body = strings.Replace(body, fmt.Sprintf(`"per_page":%d,`, s.perPage), "", 1)
	}
	return reply(200, body)(r)
}

// requested is the sorted set of pages asked for.
func (s *pageServer) requested() []int {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := append([]int(nil), s.pages...)
	slices.Sort(out)
	return out
}

func pageRange(from, to int) []int {
	var out []int
	for n := from; n <= to; n++ {
		out = append(out, n)
	}
	return out
}

// collect runs a walk to its end (or its first error).
func collect(seq func(yield func(*client.Calendar, error) bool)) ([]int, error) {
	var got []int
	for cal, err := range seq {
		if err != nil {
			return got, err
		}
		got = append(got, cal.ID)
	}
	return got, nil
}

// Later pages answer sooner than earlier ones; the walk still yields every
// calendar once, in order, and asks for each page once.
func TestWalkYieldsInOrder(t *testing.T) {
	srv := &pageServer{total: 29, perPage: 3, delay: func(page int) time.Duration {
		return time.Duration(11-page) * 2 * time.Millisecond
	}}
	api := newMockAPI(t)
	api.handle("GET", "calendars", srv.serve)
	c, _ := api.client()

	got, err := collect(c.AllCalendars(context.Background(), nil))
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, pageRange(1, 29)) {
		t.Errorf("yielded %v", got)
	}
	if !reflect.DeepEqual(srv.requested(), pageRange(1, 10)) {
		t.Errorf("pages asked %v, want 1..10 once each", srv.requested())
	}
}

// The live links.next drops the filters; every page must carry them.
func TestWalkKeepsFiltersOnEveryPage(t *testing.T) {
	srv := &pageServer{total: 10, perPage: 4}
	api := newMockAPI(t)
	api.handle("GET", "calendars", srv.serve)
	c, _ := api.client()
	yes := true
	opts := &client.ListOptions{Name: "moon", Type: "lunar", IsPrivate: &yes, Tags: []int{2, 3},
		LastSync: time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC), Related: true}

	if _, err := collect(c.AllCalendars(context.Background(), opts)); err != nil {
		t.Fatal(err)
	}
	reqs := api.requests()
	if len(reqs) != 3 {
		t.Fatalf("requests %v", api.sequence())
	}
	for _, r := range reqs {
		want := url.Values{"name": {"moon"}, "type": {"lunar"}, "is_private": {"true"}, "tags[]": {"2", "3"},
			"lastSync": {"2026-01-02T03:04:05.000000Z"}, "related": {"1"}}
		if p := r.Query.Get("page"); p != "" && p != "1" {
			want.Set("page", p)
		}
		if !reflect.DeepEqual(r.Query, want) {
			t.Errorf("query %v\nwant  %v", r.Query, want)
		}
	}
}

// The walk reads the page size from meta, and asks only for the pages that
// hold the first Limit items.
func TestWalkLimitAsksOnlyTheNeededPages(t *testing.T) {
	for _, tc := range []struct {
		total, perPage, limit int
		wantPages             []int
	}{
		{total: 200, perPage: 45, limit: 50, wantPages: []int{1, 2}},
		{total: 200, perPage: 45, limit: 45, wantPages: []int{1}},
		{total: 200, perPage: 45, limit: 46, wantPages: []int{1, 2}},
		{total: 200, perPage: 45, limit: 90, wantPages: []int{1, 2}},
		{total: 200, perPage: 45, limit: 91, wantPages: []int{1, 2, 3}},
		{total: 200, perPage: 45, limit: 135, wantPages: []int{1, 2, 3}},
		{total: 200, perPage: 7, limit: 14, wantPages: []int{1, 2}},
		{total: 200, perPage: 100, limit: 150, wantPages: []int{1, 2}},
		{total: 200, perPage: 7, limit: 15, wantPages: []int{1, 2, 3}},
		{total: 200, perPage: 45, limit: 0, wantPages: pageRange(1, 5)},
		{total: 200, perPage: 45, limit: 1000, wantPages: pageRange(1, 5)},
		{total: 3, perPage: 45, limit: 10, wantPages: []int{1}},
	} {
		t.Run(fmt.Sprintf("%d per page, limit %d", tc.perPage, tc.limit), func(t *testing.T) {
			srv := &pageServer{total: tc.total, perPage: tc.perPage}
			api := newMockAPI(t)
			api.handle("GET", "calendars", srv.serve)
			c, _ := api.client()

			got, err := collect(c.AllCalendars(context.Background(), &client.ListOptions{Limit: tc.limit}))
			if err != nil {
				t.Fatal(err)
			}
			wantItems := tc.total
			if tc.limit > 0 {
				wantItems = min(tc.limit, tc.total)
			}
			if !reflect.DeepEqual(got, pageRange(1, wantItems)) {
				t.Errorf("yielded %d items %v, want 1..%d", len(got), got, wantItems)
			}
			if !reflect.DeepEqual(srv.requested(), tc.wantPages) {
				t.Errorf("pages asked %v, want %v", srv.requested(), tc.wantPages)
			}
		})
	}
}

// Without per_page in meta the page size is the number of items on page 1;
// the walk still asks only for the pages that hold the first Limit items.
func TestWalkLimitWithoutPerPage(t *testing.T) {
	for _, tc := range []struct {
		limit     int
		wantPages []int
	}{
		{limit: 46, wantPages: []int{1, 2}},
		{limit: 90, wantPages: []int{1, 2}},
		{limit: 91, wantPages: []int{1, 2, 3}},
	} {
		t.Run(fmt.Sprintf("limit %d", tc.limit), func(t *testing.T) {
			srv := &pageServer{total: 200, perPage: 45, noPerPage: true}
			api := newMockAPI(t)
			api.handle("GET", "calendars", srv.serve)
			c, _ := api.client()

			got, err := collect(c.AllCalendars(context.Background(), &client.ListOptions{Limit: tc.limit}))
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, pageRange(1, tc.limit)) {
				t.Errorf("yielded %d items %v, want 1..%d", len(got), got, tc.limit)
			}
			if !reflect.DeepEqual(srv.requested(), tc.wantPages) {
				t.Errorf("pages asked %v, want %v", srv.requested(), tc.wantPages)
			}
		})
	}
}

// Pages 2..N are fetched at once, but never more than PageConcurrency.
func TestWalkBoundsConcurrency(t *testing.T) {
	for _, conc := range []int{0, 1, 2} {
		want := conc
		if conc == 0 {
			want = 4 // the default
		}
		t.Run(fmt.Sprintf("PageConcurrency %d", conc), func(t *testing.T) {
			srv := &pageServer{total: 30, perPage: 3, delay: func(int) time.Duration { return 15 * time.Millisecond }}
			api := newMockAPI(t)
			api.handle("GET", "calendars", srv.serve)
			c, _ := api.client(func(cfg *client.Config) { cfg.PageConcurrency = conc })
			got, err := collect(c.AllCalendars(context.Background(), nil))
			if err != nil || len(got) != 30 {
				t.Fatalf("got %d items, err %v", len(got), err)
			}
			if srv.maxInflight != want {
				t.Errorf("at most %d pages were in flight, want %d", srv.maxInflight, want)
			}
		})
	}
}

// An error on page 3 ends the walk with that error, after the items of
// pages 1 and 2 and none of any later page.
func TestWalkSurfacesAPageError(t *testing.T) {
	for _, tc := range []struct {
		name   string
		status int
		body   string
		conc   int
	}{
		{"500 after retries, concurrent", 500, `{"code":500,"error":"Unhandled API error"}`, 4},
		{"403, sequential", 403, `{"code":403,"error":"This action is unauthorized."}`, 1},
		{"undecodable page", 200, `{"data":[{"id":"not a number"}]}`, 4},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := &pageServer{total: 60, perPage: 10, fail: func(page int) (int, string) {
				if page == 3 {
					return tc.status, tc.body
				}
				return 0, ""
			}}
			api := newMockAPI(t)
			api.handle("GET", "calendars", srv.serve)
			c, _ := api.client(func(cfg *client.Config) { cfg.PageConcurrency = tc.conc })

			var got []int
			var errs []error
			for cal, err := range c.AllCalendars(context.Background(), nil) {
				if err != nil {
					errs = append(errs, err)
					continue
				}
				got = append(got, cal.ID)
			}
			if !reflect.DeepEqual(got, pageRange(1, 20)) {
				t.Errorf("yielded %v, want 1..20", got)
			}
			if len(errs) != 1 {
				t.Fatalf("errors %v, want one", errs)
			}
			if !strings.Contains(errs[0].Error(), "page 3") {
				t.Errorf("error %q does not name page 3", errs[0])
			}
			var e *client.Error
			if tc.status != 200 && (!errors.As(errs[0], &e) || e.StatusCode != tc.status) {
				t.Errorf("error %#v, want status %d", errs[0], tc.status)
			}
		})
	}
}

func TestWalkFirstPageError(t *testing.T) {
	api := newMockAPI(t)
	api.on("GET", "calendars", reply(401, `{"code":401,"error":"Invalid authentication token."}`))
	c, _ := api.client()
	n := 0
	for cal, err := range c.AllCalendars(context.Background(), nil) {
		n++
		if cal != nil || !client.IsAuth(err) {
			t.Errorf("yielded %v, %v", cal, err)
		}
	}
	if n != 1 {
		t.Errorf("yielded %d times, want once", n)
	}
}

// Leaving the loop stops the walk: no page beyond those already started is
// asked for. With one page at a time nothing is fetched ahead, so the pages
// asked are known as soon as the loop ends.
func TestWalkStopsWhenTheLoopBreaks(t *testing.T) {
	for _, tc := range []struct {
		name      string
		conc      int
		breakAt   int // the id after which the loop breaks
		wantPages []int
	}{
		{name: "in page 1", conc: 4, breakAt: 1, wantPages: []int{1}},
		{name: "in page 2, sequential", conc: 1, breakAt: 12, wantPages: []int{1, 2}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := &pageServer{total: 100, perPage: 10}
			api := newMockAPI(t)
			api.handle("GET", "calendars", srv.serve)
			c, _ := api.client(func(cfg *client.Config) { cfg.PageConcurrency = tc.conc })
			var got []int
			for cal, err := range c.AllCalendars(context.Background(), nil) {
				if err != nil {
					t.Fatal(err)
				}
				got = append(got, cal.ID)
				if cal.ID == tc.breakAt {
					break
				}
			}
			if !reflect.DeepEqual(got, pageRange(1, tc.breakAt)) {
				t.Errorf("yielded %v", got)
			}
			if pages := srv.requested(); !reflect.DeepEqual(pages, tc.wantPages) {
				t.Errorf("pages asked %v, want %v", pages, tc.wantPages)
			}
		})
	}
}

// Breaking out of a concurrent walk cancels the pages fetched ahead: with
// PageConcurrency 4, pages 2..5 are started together. Page 2 is answered
// only once 3, 4 and 5 have reached the server, and those are held until
// their request is cancelled, so the test knows exactly what was in flight
// when the loop broke.
func TestWalkBreakCancelsThePagesFetchedAhead(t *testing.T) {
	const ahead = 3 // pages 3, 4 and 5
	arrived := make(chan int, 100)
	cancelled := make(chan int, 100)
	release := make(chan struct{}) // frees held pages if the walk never cancels
	t.Cleanup(func() { close(release) })
	// waitFor reads n pages from ch, sorted; it gives up after 5s so that a
	// walk that never cancels fails instead of hanging.
	waitFor := func(ch <-chan int, n int) ([]int, bool) {
		var pages []int
		for len(pages) < n {
			select {
			case p := <-ch:
				pages = append(pages, p)
			case <-time.After(5 * time.Second):
				return pages, false
			}
		}
		slices.Sort(pages)
		return pages, true
	}

	srv := &pageServer{total: 100, perPage: 10}
	srv.hold = func(r *http.Request, page int) {
		switch {
		case page == 2:
			if pages, ok := waitFor(arrived, ahead); !ok {
				t.Errorf("pages fetched ahead: only %v reached the server", pages)
			}
		case page > 2:
			arrived <- page
			select {
			case <-r.Context().Done():
				if errors.Is(r.Context().Err(), context.Canceled) {
					cancelled <- page
				}
			case <-release:
			}
		}
	}
	api := newMockAPI(t)
	api.handle("GET", "calendars", srv.serve)
	c, _ := api.client(func(cfg *client.Config) { cfg.PageConcurrency = 4 })

	var got []int
	for cal, err := range c.AllCalendars(context.Background(), nil) {
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, cal.ID)
		if cal.ID == 12 {
			break
		}
	}
	if !reflect.DeepEqual(got, pageRange(1, 12)) {
		t.Errorf("yielded %v", got)
	}
	if pages, ok := waitFor(cancelled, ahead); !ok || !reflect.DeepEqual(pages, []int{3, 4, 5}) {
		t.Errorf("pages cancelled after the break: %v, want [3 4 5]", pages)
	}
	// The walk starts pages only from its own loop, which has returned: the
	// pages asked are final.
	if pages := srv.requested(); !reflect.DeepEqual(pages, pageRange(1, 5)) {
		t.Errorf("pages asked %v, want 1..5", pages)
	}
}

// A simple paginator gives no last page: the walk follows the pages one by
// one while links.next is set, still with the caller's filters.
func TestWalkSimplePaginator(t *testing.T) {
	srv := &pageServer{total: 25, perPage: 10, simple: true}
	api := newMockAPI(t)
	api.handle("GET", "calendars", srv.serve)
	c, _ := api.client()
	got, err := collect(c.AllCalendars(context.Background(), &client.ListOptions{Type: "solar"}))
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, pageRange(1, 25)) {
		t.Errorf("yielded %v", got)
	}
	equalStrings(t, "requests", api.sequence(), []string{
		"GET " + prefix + "calendars?type=solar",
		"GET " + prefix + "calendars?page=2&type=solar",
		"GET " + prefix + "calendars?page=3&type=solar",
	})
}

func TestWalkSimplePaginatorLimit(t *testing.T) {
	srv := &pageServer{total: 95, perPage: 10, simple: true}
	api := newMockAPI(t)
	api.handle("GET", "calendars", srv.serve)
	c, _ := api.client()
	got, err := collect(c.AllCalendars(context.Background(), &client.ListOptions{Limit: 15}))
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, pageRange(1, 15)) {
		t.Errorf("yielded %v", got)
	}
	if !reflect.DeepEqual(srv.requested(), []int{1, 2}) {
		t.Errorf("pages asked %v, want [1 2]", srv.requested())
	}
}

// Weather walks the same way: 15 a page on the live service.
func TestWeatherWalkLimit(t *testing.T) {
	api := newMockAPI(t)
	var mu sync.Mutex
	var pages []string
	api.handle("GET", "calendars/3/calendar_weathers", func(r *http.Request) (*http.Response, error) {
		page := r.URL.Query().Get("page")
		mu.Lock()
		pages = append(pages, page)
		mu.Unlock()
		n, _ := strconv.Atoi(page)
		n = max(n, 1)
		var items []string
		for id := (n-1)*15 + 1; id <= min(n*15, 40); id++ {
			items = append(items, weatherJSON(id, 3, "sun"))
		}
		return reply(200, pageJSON(items, n, 3, 15, 40))(r)
	})
	c, _ := api.client()
	var got []int
	for w, err := range c.AllWeather(context.Background(), 3, &client.WeatherListOptions{Limit: 20}) {
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, w.ID)
	}
	if !reflect.DeepEqual(got, pageRange(1, 20)) {
		t.Errorf("yielded %v", got)
	}
	slices.Sort(pages)
	equalStrings(t, "pages", pages, []string{"", "2"})
}
