package client_test

import (
	"context"
	"fmt"
	"math"
	"net/http"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/kanka-cli/kanka/client"
)

// Lists from servers that lie about their size, never end, or repeat
// themselves: every walk ends, with an error that names what the server did,
// and never sizes memory or requests from the server's numbers.

// listPage is one page as a hostile server writes it: ids given, the meta
// and links as written (raw JSON), so that any claim can be made.
func listPage(ids []int, meta, next string) string {
	items := make([]string, len(ids))
	for i, id := range ids {
		items[i] = calendarJSON(id, "Calendar "+strconv.Itoa(id))
	}
	if next == "" {
		next = "null"
	} else {
		next = strconv.Quote(next)
	}
	return fmt.Sprintf(`{"data":[%s],"links":{"next":%s},"meta":{%s}}`, strings.Join(items, ","), next, meta)
}

// pageOf is the page number a request asks for.
func pageOf(r *http.Request) int {
	n, err := strconv.Atoi(r.URL.Query().Get("page"))
	if err != nil {
		return 1
	}
	return n
}

// idsFrom are the ids from, from+1, ... n of them.
func idsFrom(from, n int) []int {
	return pageRange(from, from+n-1)
}

// A last page that cannot be true is refused after page 1, before anything
// is yielded: not a panic (2^62, 2^63-1), not memory sized from it (10^12),
// not requests without end (10^9).
func TestWalkRefusesALastPageThatCannotBeTrue(t *testing.T) {
	for _, tc := range []struct {
		name string
		meta string
		want string
	}{
		{"2^62", `"last_page":4611686018427387904,"per_page":15,"total":20`,
			"the server claims the list has 4611686018427387904 pages (meta.last_page), more than the 10000 pages a list may have; stopped"},
		{"2^63-1", fmt.Sprintf(`"last_page":%d,"per_page":15,"total":%d`, math.MaxInt64, math.MaxInt64),
			"the server claims the list has 9223372036854775807 pages (meta.last_page), more than the 10000 pages a list may have; stopped"},
		{"10^12 as a string", `"last_page":"1000000000000","per_page":15`,
			"the server claims the list has 1000000000000 pages (meta.last_page), more than the 10000 pages a list may have; stopped"},
		{"10^9 with a total to match", `"last_page":1000000000,"per_page":15,"total":15000000000`,
			"the server claims the list has 1000000000 pages (meta.last_page), more than the 10000 pages a list may have; stopped"},
		{"one past the cap", `"last_page":10001,"per_page":15,"total":150015`,
			"the server claims the list has 10001 pages (meta.last_page), more than the 10000 pages a list may have; stopped"},
		{"more pages than the total fills", `"last_page":50,"per_page":15,"total":30`,
			"the server claims the list has 50 pages (meta.last_page), but 30 items (meta.total) at 15 a page fill 2; stopped"},
		{"page size from page 1", `"last_page":4,"total":30`,
			"the server claims the list has 4 pages (meta.last_page), but 30 items (meta.total) at 15 a page fill 2; stopped"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			api := newMockAPI(t)
			api.on("GET", "calendars", reply(200, listPage(idsFrom(1, 15), tc.meta, testBase+"/campaigns/7/calendars?page=2")))
			c, _ := api.client()
			for _, limit := range []int{0, 3} {
				got, err := collect(c.AllCalendars(context.Background(), &client.ListOptions{Limit: limit}))
				if err == nil || err.Error() != tc.want {
					t.Errorf("limit %d: err = %v\nwant %s", limit, err, tc.want)
				}
				if len(got) != 0 {
					t.Errorf("limit %d: yielded %v before the error", limit, got)
				}
			}
			equalStrings(t, "requests", api.sequence(), []string{"GET " + prefix + "calendars", "GET " + prefix + "calendars"})
		})
	}
}

// A last page the total allows is walked as before, the cap included.
func TestWalkBelievesALastPageThatFits(t *testing.T) {
	for _, tc := range []struct {
		name, meta string
	}{
		{"total and per_page agree", `"last_page":3,"per_page":2,"total":6`},
		{"last page short", `"last_page":3,"per_page":2,"total":5`},
		{"no total", `"last_page":3,"per_page":2`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			api := newMockAPI(t)
			api.handle("GET", "calendars", func(r *http.Request) (*http.Response, error) {
				n := pageOf(r)
				return reply(200, listPage(idsFrom(2*n-1, 2), tc.meta, ""))(r)
			})
			c, _ := api.client()
			got, err := collect(c.AllCalendars(context.Background(), nil))
			if err != nil || !reflect.DeepEqual(got, pageRange(1, 6)) {
				t.Errorf("yielded %v, err %v", got, err)
			}
		})
	}
}

// endlessList serves pages without a last page whose links.next never
// ends; page n holds the ids ids(n).
func endlessList(api *mockAPI, ids func(n int) []int) {
	api.handle("GET", "calendars", func(r *http.Request) (*http.Response, error) {
		n := pageOf(r)
		next := fmt.Sprintf("%s/campaigns/7/calendars?page=%d", testBase, n+1)
		return reply(200, listPage(ids(n), `"current_page":`+strconv.Itoa(n)+`,"per_page":3`, next))(r)
	})
}

// pagesAsked are the pages a walk asked for, in order.
func pagesAsked(api *mockAPI) []int {
	var out []int
	for _, r := range api.requests() {
		n := 1
		if p := r.Query.Get("page"); p != "" {
			n, _ = strconv.Atoi(p)
		}
		out = append(out, n)
	}
	return out
}

// collectAtMost runs a walk to its end, its first error, or n items: a walk
// that does not stop fails the test instead of hanging it.
func collectAtMost(t *testing.T, n int, seq func(yield func(*client.Calendar, error) bool)) ([]int, error) {
	t.Helper()
	var got []int
	for cal, err := range seq {
		if err != nil {
			return got, err
		}
		if got = append(got, cal.ID); len(got) >= n {
			t.Fatalf("the walk did not stop after %d items", n)
		}
	}
	return got, nil
}

// A links.next that never ends stops at the page cap, with an error.
func TestWalkByNextStopsAtThePageCap(t *testing.T) {
	api := newMockAPI(t)
	endlessList(api, func(n int) []int { return idsFrom(3*n-2, 3) })
	c, _ := api.client()
	client.SetMaxPages(c, 5)
	got, err := collectAtMost(t, 100, c.AllCalendars(context.Background(), nil))
	want := "the server's list did not end after 5 pages (page 5 still has a links.next); stopped"
	if err == nil || err.Error() != want {
		t.Errorf("err = %v\nwant %s", err, want)
	}
	if !reflect.DeepEqual(got, pageRange(1, 15)) {
		t.Errorf("yielded %v, want 1..15", got)
	}
	if asked := pagesAsked(api); !reflect.DeepEqual(asked, pageRange(1, 5)) {
		t.Errorf("pages asked %v, want 1..5", asked)
	}
}

// The cap is MaxPages unless a test shrinks it: 10,000 pages are walked, not
// one more.
func TestWalkByNextRealCap(t *testing.T) {
	if testing.Short() {
		t.Skip("serves 10,000 pages")
	}
	api := newMockAPI(t)
	endlessList(api, func(n int) []int { return []int{n} })
	c, _ := api.client()
	n := 0
	var err error
	for _, e := range c.AllCalendars(context.Background(), nil) {
		if err = e; err != nil {
			break
		}
		if n++; n > client.MaxPages {
			t.Fatalf("the walk went past %d pages", client.MaxPages)
		}
	}
	if n != client.MaxPages || err == nil || !strings.Contains(err.Error(), "did not end after 10000 pages") {
		t.Errorf("yielded %d, err %v", n, err)
	}
	if got := len(api.requests()); got != client.MaxPages {
		t.Errorf("%d requests, want %d", got, client.MaxPages)
	}
}

// A server that answers every page with the same items (it ignores ?page=)
// is stopped at the first repeat, whether it gives a last page or not.
func TestWalkStopsAtARepeatedPage(t *testing.T) {
	want := "the server answered page 2 with the items of an earlier page again; stopped"
	t.Run("links.next", func(t *testing.T) {
		api := newMockAPI(t)
		endlessList(api, func(int) []int { return []int{1, 2, 3} })
		c, _ := api.client()
		got, err := collectAtMost(t, 100, c.AllCalendars(context.Background(), nil))
		if err == nil || err.Error() != want {
			t.Errorf("err = %v\nwant %s", err, want)
		}
		if !reflect.DeepEqual(got, []int{1, 2, 3}) {
			t.Errorf("yielded %v", got)
		}
		if asked := pagesAsked(api); !reflect.DeepEqual(asked, []int{1, 2}) {
			t.Errorf("pages asked %v, want [1 2]", asked)
		}
	})
	t.Run("last page", func(t *testing.T) {
		api := newMockAPI(t)
		api.on("GET", "calendars", reply(200, listPage([]int{1, 2, 3}, `"last_page":3,"per_page":3,"total":9`, "")))
		c, _ := api.client(func(cfg *client.Config) { cfg.PageConcurrency = 1 })
		got, err := collectAtMost(t, 100, c.AllCalendars(context.Background(), nil))
		if err == nil || err.Error() != want {
			t.Errorf("err = %v\nwant %s", err, want)
		}
		if !reflect.DeepEqual(got, []int{1, 2, 3}) {
			t.Errorf("yielded %v", got)
		}
	})
	// A page that overlaps the last one (a record added while walking)
	// is not a repeat.
	t.Run("overlap", func(t *testing.T) {
		api := newMockAPI(t)
		api.handle("GET", "calendars", func(r *http.Request) (*http.Response, error) {
			n := pageOf(r)
			next := ""
			if n < 3 {
				next = testBase + "/campaigns/7/calendars?page=" + strconv.Itoa(n+1)
			}
			return reply(200, listPage(idsFrom(2*n-1, 3), `"per_page":3`, next))(r)
		})
		c, _ := api.client()
		got, err := collect(c.AllCalendars(context.Background(), nil))
		if err != nil || !reflect.DeepEqual(got, []int{1, 2, 3, 3, 4, 5, 5, 6, 7}) {
			t.Errorf("yielded %v, err %v", got, err)
		}
	})
}

// The walk by links.next: an empty page ends the list (no error); an error
// on page N ends it with that error, naming the page; a limit that ends on
// a page boundary asks for no further page.
func TestWalkByNextEnds(t *testing.T) {
	t.Run("empty page", func(t *testing.T) {
		api := newMockAPI(t)
		endlessList(api, func(n int) []int {
			if n >= 3 {
				return nil
			}
			return idsFrom(3*n-2, 3)
		})
		c, _ := api.client()
		got, err := collect(c.AllCalendars(context.Background(), nil))
		if err != nil || !reflect.DeepEqual(got, pageRange(1, 6)) {
			t.Errorf("yielded %v, err %v", got, err)
		}
		if asked := pagesAsked(api); !reflect.DeepEqual(asked, []int{1, 2, 3}) {
			t.Errorf("pages asked %v, want [1 2 3]", asked)
		}
	})
	t.Run("error on page 3", func(t *testing.T) {
		api := newMockAPI(t)
		api.handle("GET", "calendars", func(r *http.Request) (*http.Response, error) {
			n := pageOf(r)
			if n == 3 {
				return reply(403, `{"code":403,"error":"This action is unauthorized."}`)(r)
			}
			return reply(200, listPage(idsFrom(3*n-2, 3), `"per_page":3`, testBase+"/campaigns/7/calendars?page="+strconv.Itoa(n+1)))(r)
		})
		c, _ := api.client()
		got, err := collect(c.AllCalendars(context.Background(), nil))
		want := "page 3: GET " + testBase + "/campaigns/7/calendars?page=3: 403 This action is unauthorized."
		if err == nil || err.Error() != want || !client.IsAuth(err) {
			t.Errorf("err = %v\nwant %s", err, want)
		}
		if !reflect.DeepEqual(got, pageRange(1, 6)) {
			t.Errorf("yielded %v, want 1..6", got)
		}
	})
	// AllCalendars counts its items itself; AllWeather relies on the walk.
	for _, limit := range []int{6, 5, 7} {
		t.Run(fmt.Sprintf("weather, limit %d", limit), func(t *testing.T) {
			api := newMockAPI(t)
			api.handle("GET", "calendars/3/calendar_weathers", func(r *http.Request) (*http.Response, error) {
				n := pageOf(r)
				var items []string
				for _, id := range idsFrom(3*n-2, 3) {
					items = append(items, weatherJSON(id, 3, "sun"))
				}
				next := fmt.Sprintf("%s/campaigns/7/calendars/3/calendar_weathers?page=%d", testBase, n+1)
				return reply(200, fmt.Sprintf(`{"data":[%s],"links":{"next":%q},"meta":{"per_page":3}}`, strings.Join(items, ","), next))(r)
			})
			c, _ := api.client()
			var got []int
			for w, err := range c.AllWeather(context.Background(), 3, &client.WeatherListOptions{Limit: limit}) {
				if err != nil {
					t.Fatal(err)
				}
				got = append(got, w.ID)
			}
			if !reflect.DeepEqual(got, pageRange(1, limit)) {
				t.Errorf("yielded %v", got)
			}
			want := pageRange(1, (limit+2)/3)
			if asked := pagesAsked(api); !reflect.DeepEqual(asked, want) {
				t.Errorf("pages asked %v, want %v", asked, want)
			}
		})
		t.Run(fmt.Sprintf("limit %d", limit), func(t *testing.T) {
			api := newMockAPI(t)
			endlessList(api, func(n int) []int { return idsFrom(3*n-2, 3) })
			c, _ := api.client()
			got, err := collect(c.AllCalendars(context.Background(), &client.ListOptions{Limit: limit}))
			if err != nil || !reflect.DeepEqual(got, pageRange(1, limit)) {
				t.Errorf("yielded %v, err %v", got, err)
			}
			want := pageRange(1, (limit+2)/3)
			if asked := pagesAsked(api); !reflect.DeepEqual(asked, want) {
				t.Errorf("pages asked %v, want %v", asked, want)
			}
		})
	}
}

// An empty page before the last one ends a walk that knows its last page:
// the list shrank while it was walked.
func TestWalkStopsAtAnEmptyPage(t *testing.T) {
	api := newMockAPI(t)
	api.handle("GET", "calendars", func(r *http.Request) (*http.Response, error) {
		n := pageOf(r)
		var ids []int
		if n < 3 {
			ids = idsFrom(2*n-1, 2)
		}
		return reply(200, listPage(ids, `"last_page":5,"per_page":2,"total":10`, ""))(r)
	})
	c, _ := api.client(func(cfg *client.Config) { cfg.PageConcurrency = 1 })
	got, err := collect(c.AllCalendars(context.Background(), nil))
	if err != nil || !reflect.DeepEqual(got, pageRange(1, 4)) {
		t.Errorf("yielded %v, err %v", got, err)
	}
	if asked := pagesAsked(api); !reflect.DeepEqual(asked, []int{1, 2, 3}) {
		t.Errorf("pages asked %v, want [1 2 3]", asked)
	}
}

// A null in a list is an error, not a record that crashes the printer.
func TestWalkRefusesANullItem(t *testing.T) {
	api := newMockAPI(t)
	api.on("GET", "calendars", reply(200, `{"data":[`+calendarJSON(1, "A")+`,null],"meta":{"last_page":1}}`))
	c, _ := api.client()
	got, err := collect(c.AllCalendars(context.Background(), nil))
	if err == nil || err.Error() != "reading page 1: item 2 is null" || len(got) != 0 {
		t.Errorf("yielded %v, err %v", got, err)
	}
}
