package client_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/kanka-cli/kanka/client"
)

// RawPages: a list of any route walked as the typed walks go.

// notePage is page n of a list of total notes, perPage a page, with the
// live service's meta and a links.next that drops the filters.
func notePage(n, perPage, total int) string {
	var items []string
	for id := (n-1)*perPage + 1; id <= min(n*perPage, total); id++ {
		items = append(items, fmt.Sprintf(`{"id":%d,"name":"Note %d"}`, id, id))
	}
	last := (total + perPage - 1) / perPage
	next := "null"
	if n < last {
		next = strconv.Quote(fmt.Sprintf("%s/campaigns/7/notes?page=%d", testBase, n+1))
	}
	return fmt.Sprintf(`{"data":[%s],"links":{"next":%s},"meta":{"current_page":%d,"last_page":%d,"per_page":%d,"total":%d},"sync":"2026-01-01T00:00:00Z"}`,
		strings.Join(items, ","), next, n, last, perPage, total)
}

// rawWalk runs a raw walk to its end or first error: the pages' numbers
// and the ids of their items, in order.
func rawWalk(t *testing.T, c *client.Client, req client.RawRequest) (pages []int, ids []string, firstBody string, err error) {
	t.Helper()
	for p, e := range c.RawPages(context.Background(), req) {
		if e != nil {
			return pages, ids, firstBody, e
		}
		if len(pages) > 20 {
			t.Fatal("the walk did not stop")
		}
		if p.N == 1 {
			firstBody = string(p.Body)
		}
		pages = append(pages, p.N)
		for _, it := range p.Items {
			ids = append(ids, string(it))
		}
	}
	return pages, ids, firstBody, nil
}

// Every page is asked for with the request's filters (never by following
// links.next, which drops them), each page yielded in order, as sent.
func TestRawPagesKeepTheFilters(t *testing.T) {
	api := newMockAPI(t)
	api.handle("GET", "notes", func(r *http.Request) (*http.Response, error) {
		return reply(200, notePage(pageOf(r), 3, 7))(r)
	})
	c, _ := api.client()
	pages, items, first, err := rawWalk(t, c, client.RawRequest{Method: "GET", Path: "notes?type=Recap&page=9",
		Query: map[string][]string{"tags[]": {"4", "5"}}})
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(pages, []int{1, 2, 3}) || len(items) != 7 || items[6] != `{"id":7,"name":"Note 7"}` {
		t.Errorf("pages %v, items %v", pages, items)
	}
	if first != notePage(1, 3, 7) {
		t.Errorf("page 1 is not as sent: %s", first)
	}
	got := api.sequence()
	want := []string{
		"GET /api/1.0/campaigns/7/notes?tags%5B%5D=4&tags%5B%5D=5&type=Recap",
		"GET /api/1.0/campaigns/7/notes?page=2&tags%5B%5D=4&tags%5B%5D=5&type=Recap",
		"GET /api/1.0/campaigns/7/notes?page=3&tags%5B%5D=4&tags%5B%5D=5&type=Recap",
	}
	if len(got) == 3 && got[1] > got[2] { // pages 2 and 3 are asked at once
		got[1], got[2] = got[2], got[1]
	}
	equalStrings(t, "requests", got, want)
}

// A list with no last page is walked by its links.next, one page at a
// time; an answer that is no list is the only page.
func TestRawPagesByNextAndNotAList(t *testing.T) {
	api := newMockAPI(t)
	api.handle("GET", "notes", func(r *http.Request) (*http.Response, error) {
		n := pageOf(r)
		next := "null"
		if n < 3 {
			next = strconv.Quote("https://elsewhere.example/next")
		}
		return reply(200, fmt.Sprintf(`{"data":[{"id":%d}],"links":{"next":%s},"meta":{"current_page":%d}}`, n, next, n))(r)
	})
	api.on("GET", "notes/1", reply(200, `{"data":{"id":1}}`))
	c, _ := api.client()
	pages, items, _, err := rawWalk(t, c, client.RawRequest{Method: "GET", Path: "notes"})
	if err != nil || !reflect.DeepEqual(pages, []int{1, 2, 3}) || len(items) != 3 {
		t.Errorf("pages %v, items %v, err %v", pages, items, err)
	}
	var got []*client.RawPage
	for p, err := range c.RawPages(context.Background(), client.RawRequest{Method: "GET", Path: "notes/1"}) {
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, p)
	}
	if len(got) != 1 || got[0].List || string(got[0].Body) != `{"data":{"id":1}}` {
		t.Errorf("not a list: %+v", got)
	}
	equalStrings(t, "requests", api.sequence(), []string{
		"GET /api/1.0/campaigns/7/notes", "GET /api/1.0/campaigns/7/notes?page=2", "GET /api/1.0/campaigns/7/notes?page=3",
		"GET /api/1.0/campaigns/7/notes/1",
	})
}

// A server's list that does not end, lies about its pages, or serves one
// page again ends the walk with an error; the pages asked for are bounded
// by the client, never by the server.
func TestRawPagesHostileLists(t *testing.T) {
	t.Run("endless links.next", func(t *testing.T) {
		api := newMockAPI(t)
		api.handle("GET", "notes", func(r *http.Request) (*http.Response, error) {
			n := pageOf(r)
			return reply(200, fmt.Sprintf(`{"data":[{"id":%d}],"links":{"next":"%s/campaigns/7/notes?page=%d"}}`, n, testBase, n+1))(r)
		})
		c, _ := api.client()
		client.SetMaxPages(c, 5)
		pages, _, _, err := rawWalk(t, c, client.RawRequest{Method: "GET", Path: "notes"})
		want := "the server's list did not end after 5 pages (page 5 still has a links.next); stopped"
		if err == nil || err.Error() != want || !reflect.DeepEqual(pages, pageRange(1, 5)) {
			t.Errorf("pages %v, err %v\nwant %s", pages, err, want)
		}
		if asked := pagesAsked(api); !reflect.DeepEqual(asked, pageRange(1, 5)) {
			t.Errorf("pages asked %v", asked)
		}
	})
	t.Run("a last page past the cap", func(t *testing.T) {
		api := newMockAPI(t)
		api.on("GET", "notes", reply(200, `{"data":[{"id":1}],"meta":{"last_page":4611686018427387904,"per_page":1}}`))
		c, _ := api.client()
		pages, _, _, err := rawWalk(t, c, client.RawRequest{Method: "GET", Path: "notes"})
		if err == nil || !strings.Contains(err.Error(), "more than the 10000 pages a list may have") || len(pages) != 0 {
			t.Errorf("pages %v, err %v", pages, err)
		}
		if n := len(api.requests()); n != 1 {
			t.Errorf("%d requests, want 1", n)
		}
	})
	t.Run("the same page again", func(t *testing.T) {
		api := newMockAPI(t)
		api.on("GET", "notes", reply(200, `{"data":[{"id":1},{"id":2}],"meta":{"last_page":3,"per_page":2,"total":6}}`))
		c, _ := api.client()
		pages, _, _, err := rawWalk(t, c, client.RawRequest{Method: "GET", Path: "notes"})
		want := "the server answered page 2 with the items of an earlier page again; stopped"
		if err == nil || err.Error() != want || !reflect.DeepEqual(pages, []int{1}) {
			t.Errorf("pages %v, err %v", pages, err)
		}
	})
	t.Run("more than the list size", func(t *testing.T) {
		api := newMockAPI(t)
		api.handle("GET", "notes", func(r *http.Request) (*http.Response, error) {
			return reply(200, notePage(pageOf(r), 3, 30))(r)
		})
		c, _ := api.client()
		ctx := client.WithMaxListBytes(context.Background(), 400)
		var err error
		for _, e := range c.RawPages(ctx, client.RawRequest{Method: "GET", Path: "notes"}) {
			if e != nil {
				err = e
			}
		}
		var tooLarge *client.ListTooLargeError
		if !errors.As(err, &tooLarge) {
			t.Errorf("err = %v, want the list's bound", err)
		}
	})
	t.Run("only a GET", func(t *testing.T) {
		api := newMockAPI(t)
		c, _ := api.client()
		_, _, _, err := rawWalk(t, c, client.RawRequest{Method: "POST", Path: "notes"})
		var invalid *client.InvalidRequestError
		if !errors.As(err, &invalid) || len(api.requests()) != 0 {
			t.Errorf("err = %v, %d requests", err, len(api.requests()))
		}
	})
}
