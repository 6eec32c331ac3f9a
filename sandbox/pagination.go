package sandbox

import (
	"net/http"
	"net/url"
	"strconv"
	"time"
)

// pageNumber is the ?page= of a list request; anything but a positive
// integer is page 1, as in Laravel.
func pageNumber(r *http.Request) int {
	n, err := strconv.Atoi(r.URL.Query().Get("page"))
	if err != nil || n < 1 {
		return 1
	}
	return n
}

// pagesOf is how many pages of perPage items total items fill.
func pagesOf(total, perPage int) int {
	n := total / perPage
	if total%perPage != 0 {
		n++
	}
	return n
}

// pageBounds are the indexes of the items page `page` holds: none past the
// last page. A page is compared before it is multiplied, so that no page
// number, up to the largest int, wraps the offset.
func pageBounds(page, perPage, total int) (from, to int) {
	if page-1 >= pagesOf(total, perPage) {
		return total, total
	}
	from = (page - 1) * perPage
	return from, min(from+perPage, total)
}

// listReply builds the list envelope around page `page` of items:
// {"data":[...],"links":{...},"meta":{...}} and, as the live service
// answers (live), "sync".
func listReply[T any](s *Server, r *http.Request, live bool, items []T, perPage int, render func(T) object) reply {
	page := pageNumber(r)
	total := len(items)
	lastPage := max(1, pagesOf(total, perPage))
	from, to := pageBounds(page, perPage, total)
	data := make([]object, 0, to-from)
	for _, it := range items[from:to] {
		data = append(data, render(it))
	}
	var fromField, toField any // null on an empty page
	if to > from {
		fromField, toField = from+1, to
	}
	var prev, next any
	if page > 1 {
		prev = pageURL(r, page-1, live)
	}
	if page < lastPage {
		next = pageURL(r, page+1, live)
	}
	meta := object{
		{"current_page", page},
		{"from", fromField},
		{"last_page", lastPage},
	}
	if live {
		meta.set("links", metaLinks(r, page, lastPage))
	}
	meta = append(meta,
		member{"path", baseURL(r) + r.URL.Path},
		member{"per_page", perPage},
		member{"to", toField},
		member{"total", total},
	)
	body := object{
		{"data", data},
		{"links", object{
			{"first", pageURL(r, 1, live)},
			{"last", pageURL(r, lastPage, live)},
			{"prev", prev},
			{"next", next},
		}},
		{"meta", meta},
	}
	if live {
		body.set("sync", isoTime(s.now()))
	}
	return reply{status: http.StatusOK, body: body}
}

// pageURL is the URL of page n of this list. Document mode keeps the
// request's other parameters (filters); the live service drops them all
// but page, which is the trap its links set for a client that follows
// links.next blindly.
func pageURL(r *http.Request, n int, live bool) string {
	q := url.Values{}
	if !live {
		for k, v := range r.URL.Query() {
			q[k] = v
		}
	}
	q.Set("page", strconv.Itoa(n))
	return baseURL(r) + r.URL.Path + "?" + q.Encode()
}

// metaLinks is Laravel's meta.links: previous, each page, next (the live
// service's envelope alone has them).
func metaLinks(r *http.Request, page, lastPage int) []object {
	link := func(u any, label string, active bool) object {
		return object{{"url", u}, {"label", label}, {"active", active}}
	}
	var prev, next any
	if page > 1 {
		prev = pageURL(r, page-1, true)
	}
	if page < lastPage {
		next = pageURL(r, page+1, true)
	}
	links := []object{link(prev, "&laquo; Previous", false)}
	for n := 1; n <= lastPage; n++ {
		links = append(links, link(pageURL(r, n, true), strconv.Itoa(n), n == page))
	}
	return append(links, link(next, "Next &raquo;", false))
}

// isoTime is the calendars' timestamp form: 2026-11-22T10:00:00.000000Z.
func isoTime(t time.Time) string { return t.UTC().Format("2006-01-02T15:04:05.000000Z") }

// plainTime is the weather's timestamp form: 2026-11-22 10:00:00.
func plainTime(t time.Time) string { return t.UTC().Format("2006-01-02 15:04:05") }
