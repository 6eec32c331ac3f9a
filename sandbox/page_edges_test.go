package sandbox

import (
	"encoding/json"
	"fmt"
	"math"
	"net/url"
	"strconv"
	"testing"
)

// Page numbers at the edge of int: the sandbox is a server, and answers
// every page number with a page, as Laravel's paginator does (a page past
// the end is empty; what is not a positive integer is page 1), never with
// a panic (a page times the page size once wrapped to a negative offset).

// listPaths are the sandbox's paging routes, for calendar 1.
var listPaths = []string{"calendars", "calendars/1/calendar_weather"}

// pageMeta is the envelope of a page, with the numbers kept exact.
type pageMeta struct {
	Data  []json.RawMessage `json:"data"`
	Links struct {
		Prev *string `json:"prev"`
		Next *string `json:"next"`
		Last string  `json:"last"`
	} `json:"links"`
	Meta struct {
		CurrentPage json.Number  `json:"current_page"`
		From        *json.Number `json:"from"`
		To          *json.Number `json:"to"`
		LastPage    json.Number  `json:"last_page"`
		Total       json.Number  `json:"total"`
	} `json:"meta"`
}

func readPage(t *testing.T, s *Server, path string) pageMeta {
	t.Helper()
	w := send(t, s, "GET", base+path, "")
	if w.Code != 200 {
		t.Fatalf("GET %s: %d %s", path, w.Code, w.Body)
	}
	var p pageMeta
	dec := json.NewDecoder(w.Body)
	dec.UseNumber()
	if err := dec.Decode(&p); err != nil {
		t.Fatalf("GET %s: %v", path, err)
	}
	return p
}

// pagedServer has three calendars and three weather entries on calendar
// 1, at two items a page: two pages of each.
func pagedServer(t *testing.T, live bool) *Server {
	s := newServer(t, Options{Live: live, CalendarPageSize: 2, WeatherPageSize: 2})
	for range 3 {
		mustCreate(t, s, calendarForWeather)
	}
	for range 3 {
		expect(t, send(t, s, "POST", base+"calendars/1/calendar_weather", `{"year":1,"month":1,"day":1,"weather":"sun"}`), s.created(), "")
	}
	return s
}

func TestAHugePageIsAnEmptyPage(t *testing.T) {
	for _, live := range []bool{false, true} {
		s := pagedServer(t, live)
		for _, path := range listPaths {
			for _, page := range []int{math.MaxInt, math.MaxInt - 1, math.MaxInt/2 + 1, math.MaxInt / 2, 1 << 62, 3} {
				t.Run(fmt.Sprintf("live=%v/%s/page=%d", live, path, page), func(t *testing.T) {
					p := readPage(t, s, path+"?page="+strconv.Itoa(page))
					if len(p.Data) != 0 || p.Meta.From != nil || p.Meta.To != nil {
						t.Errorf("data %d items, from %v, to %v: want an empty page", len(p.Data), p.Meta.From, p.Meta.To)
					}
					if p.Meta.CurrentPage.String() != strconv.Itoa(page) || p.Meta.LastPage != "2" || p.Links.Next != nil {
						t.Errorf("current_page %s, last_page %s, next %v", p.Meta.CurrentPage, p.Meta.LastPage, p.Links.Next)
					}
					if p.Links.Prev == nil || pageOf(t, *p.Links.Prev) != strconv.Itoa(page-1) {
						t.Errorf("prev %v, want page %d", p.Links.Prev, page-1)
					}
				})
			}
		}
	}
}

// A page number that is not a positive integer that fits is page 1:
// Laravel's paginator takes only what FILTER_VALIDATE_INT accepts, at
// least 1.
func TestAPageThatIsNoPositiveIntegerIsPageOne(t *testing.T) {
	for _, live := range []bool{false, true} {
		s := pagedServer(t, live)
		for _, path := range listPaths {
			for _, page := range []string{"0", "-1", strconv.Itoa(math.MinInt), "9223372036854775808", "99999999999999999999", "abc", "1.5", "2e0", ""} {
				t.Run(fmt.Sprintf("live=%v/%s/page=%s", live, path, page), func(t *testing.T) {
					p := readPage(t, s, path+"?page="+url.QueryEscape(page))
					if p.Meta.CurrentPage != "1" || len(p.Data) != 2 || p.Links.Prev != nil {
						t.Errorf("current_page %s, %d items, prev %v: want page 1", p.Meta.CurrentPage, len(p.Data), p.Links.Prev)
					}
				})
			}
		}
	}
}

// The service has no per_page parameter: whatever it says, the page size
// is the server's.
func TestPerPageIsIgnored(t *testing.T) {
	for _, live := range []bool{false, true} {
		s := pagedServer(t, live)
		for _, path := range listPaths {
			for _, n := range []string{"-1", "0", "1", strconv.Itoa(math.MaxInt), "99999999999999999999"} {
				p := readPage(t, s, path+"?per_page="+n+"&page=2")
				if p.Meta.CurrentPage != "2" || len(p.Data) != 1 {
					t.Errorf("live=%v %s per_page=%s: page %s with %d items, want page 2 with its one item", live, path, n, p.Meta.CurrentPage, len(p.Data))
				}
			}
		}
	}
}

// An id in a path at the edge of int, past it, or not a number names no
// record: the model's 404, never a panic.
func TestIDsAtTheEdgeOfIntAreNotFound(t *testing.T) {
	for _, live := range []bool{false, true} {
		s := pagedServer(t, live)
		for _, id := range []string{strconv.Itoa(math.MaxInt), strconv.Itoa(math.MinInt), "9223372036854775808", "-1", "0", "abc"} {
			for _, path := range []string{"calendars/" + id, "calendars/" + id + "/calendar_weather", "calendars/1/calendar_weather/" + id} {
				for _, method := range []string{"GET", "PUT", "DELETE"} {
					if method != "GET" && path == "calendars/"+id+"/calendar_weather" {
						method = "POST"
					}
					w := send(t, s, method, base+path, `{"year":1,"month":1,"day":1,"weather":"sun"}`)
					if w.Code != 404 || decode(t, w)["code"] != 404.0 {
						t.Errorf("live=%v %s %s: %d %s, want the model's 404", live, method, path, w.Code, w.Body)
					}
				}
			}
		}
	}
}

// pageOf is the page= of a link.
func pageOf(t *testing.T, link string) string {
	t.Helper()
	u, err := url.Parse(link)
	if err != nil {
		t.Fatal(err)
	}
	return u.Query().Get("page")
}
