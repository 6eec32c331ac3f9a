package client

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"iter"
	"net/url"
	"strconv"
)

// PageMeta is the `meta` part of a list answer.
type PageMeta struct {
	CurrentPage int
	From        int
	LastPage    int
	PerPage     int
	To          int
	Total       int
	Path        string
}

// PageLinks is the `links` part of a list answer. Links.Next drops the
// filters on the live service; the walker never follows it.
type PageLinks struct {
	First, Last, Prev, Next string
}

// Page is one page of a list.
type Page[T any] struct {
	Items []T
	Meta  PageMeta
	Links PageLinks
}

type wirePage[T any] struct {
	Data  []T `json:"data"`
	Links struct {
		First flexString `json:"first"`
		Last  flexString `json:"last"`
		Prev  flexString `json:"prev"`
		Next  flexString `json:"next"`
	} `json:"links"`
	Meta struct {
		CurrentPage flexInt    `json:"current_page"`
		From        flexInt    `json:"from"`
		LastPage    flexInt    `json:"last_page"`
		PerPage     flexInt    `json:"per_page"`
		To          flexInt    `json:"to"`
		Total       flexInt    `json:"total"`
		Path        flexString `json:"path"`
	} `json:"meta"`
}

// getter sends a GET of one list with the query given.
type getter func(ctx context.Context, q url.Values) (*answer, error)

// listItem is a record of a list. The walk tells items apart by id, to
// notice a server that serves the same page again and again.
type listItem interface {
	comparable
	RecordID() int
}

// fetchPage gets one page of a list: the caller's filters plus page=n.
func fetchPage[T listItem](ctx context.Context, get getter, filters url.Values, n int) (*Page[T], error) {
	q := url.Values{}
	for k, v := range filters {
		q[k] = v
	}
	if n > 1 {
		q.Set("page", strconv.Itoa(n))
	}
	ans, err := get(ctx, q)
	if err != nil {
		return nil, err
	}
	var w wirePage[T]
	if err := notJSON(bytes.TrimSpace(ans.body)); err != nil {
		return nil, err
	}
	// A page alone (ListCalendars, ListWeather) is bounded as a walk is;
	// a walk's pages share the bound as they are read (withWalkBudget).
	if limit := maxListBytes(ctx); int64(len(ans.body)) > limit {
		return nil, &ListTooLargeError{Limit: limit}
	}
	// The page as a whole first (its records, its values), before any of
	// it is built. The scan that measures the page finds its records and
	// their keys too: a record is decoded from them, and measured again
	// only when the page's bounds cannot prove it within a record's.
	split := pageSplits.Get().(*answerSplit)
	defer pageSplits.Put(split)
	*split = answerSplit{pairs: split.pairs[:0], inner: split.inner[:0], deep: split.deep[:0], deepIn: split.deepIn[:0],
		records: true}
	whole, err := scanAnswer(ans.body, &pageShape, split)
	if err != nil {
		return nil, err
	}
	read := false
	if whole && !decodeWhole {
		read, err = readPage(ans.body, split, &w)
	}
	if !read {
		err = json.Unmarshal(ans.body, &w)
	}
	if err != nil {
		return nil, fmt.Errorf("reading page %d: %w", n, err)
	}
	var null T
	for i, it := range w.Data {
		if it == null {
			return nil, fmt.Errorf("reading page %d: item %d is null", n, i+1)
		}
	}
	m := w.Meta
	return &Page[T]{
		Items: w.Data,
		Meta: PageMeta{CurrentPage: int(m.CurrentPage), From: int(m.From), LastPage: int(m.LastPage),
			PerPage: int(m.PerPage), To: int(m.To), Total: int(m.Total), Path: string(m.Path)},
		Links: PageLinks{First: string(w.Links.First), Last: string(w.Links.Last),
			Prev: string(w.Links.Prev), Next: string(w.Links.Next)},
	}, nil
}

// walkLimits bound a walk.
type walkLimits struct {
	concurrency int // pages fetched at once
	maxPages    int // the page a walk never goes past, whatever the server says
	// onFirst, when set, is told the first page's meta (its total and page
	// size: what a cache of the list keeps).
	onFirst func(PageMeta)
}

func (c *Client) walkLimits() walkLimits {
	return walkLimits{concurrency: c.cfg.PageConcurrency, maxPages: c.maxPages}
}

// walk yields every item of a list in order, stopping after limit items
// when limit > 0. Page 1 says how many pages there are and how large they
// are (read from meta, never assumed); pages 2..N are then fetched
// concurrently, at most lim.concurrency at once and never further ahead of
// the consumer than that, so memory stays flat. Only the pages that hold the
// first limit items are requested. An error ends the walk: no page is
// skipped silently.
//
// Nothing the server says sizes memory or the number of requests: a last
// page that cannot be true, or past lim.maxPages, is an error before page 2
// is asked for; an empty page ends the list; a page of items already seen
// and a list that goes past lim.maxPages are errors.
func walk[T listItem](ctx context.Context, get getter, lim walkLimits, filters url.Values, limit int) iter.Seq2[T, error] {
	return func(yield func(T, error) bool) {
		var zero T
		ctx, cancel := context.WithCancel(ctx)
		defer cancel()

		// The answers of all its pages share one budget, spent as they
		// are read: see WithMaxListBytes.
		ctx = withWalkBudget(ctx)
		first, err := fetchPage[T](ctx, get, filters, 1)
		if err != nil {
			yield(zero, err)
			return
		}
		if lim.onFirst != nil {
			lim.onFirst(first.Meta)
		}
		// No last page given (a simple paginator): go one page at a time
		// while the server says there is a next one.
		byNext := first.Meta.LastPage == 0 && first.Links.Next != ""
		if !byNext {
			// Checked before anything is yielded: a server that lies about
			// its list gets nothing of it printed.
			if err := believeLastPage(first.Meta, len(first.Items), lim.maxPages); err != nil {
				yield(zero, err)
				return
			}
		}
		w := &walkState[T]{yield: yield, limit: limit, seen: map[int]struct{}{}}
		if !w.take(1, first.Items) {
			return
		}
		if byNext {
			walkByNext(ctx, get, lim.maxPages, filters, w, first)
			return
		}
		if last := lastPageNeeded(first, limit); last > 1 {
			walkConcurrently(ctx, get, lim.concurrency, filters, w, last)
		}
	}
}

// walkByNext fetches pages 2, 3, ... one at a time while the last one links
// to a next one.
func walkByNext[T listItem](ctx context.Context, get getter, maxPages int, filters url.Values, w *walkState[T], first *Page[T]) {
	var zero T
	for n, p := 2, first; p.Links.Next != ""; n++ {
		if n > maxPages {
			w.yield(zero, fmt.Errorf("the server's list did not end after %d pages (page %d still has a links.next); stopped", maxPages, maxPages))
			return
		}
		var err error
		if p, err = fetchPage[T](withPage(ctx, n, 0), get, filters, n); err != nil {
			w.yield(zero, fmt.Errorf("page %d: %w", n, err))
			return
		}
		if !w.take(n, p.Items) {
			return
		}
	}
}

// walkConcurrently fetches pages 2..last, up to concurrency at once
// (pagesAhead), and yields their items in order.
func walkConcurrently[T listItem](ctx context.Context, get getter, concurrency int, filters url.Values, w *walkState[T], last int) {
	var zero T
	pagesAhead(ctx, last, concurrency,
		func(ctx context.Context, n int) (*Page[T], error) { return fetchPage[T](ctx, get, filters, n) },
		func(n int, p *Page[T]) bool { return w.take(n, p.Items) },
		func(err error) { w.yield(zero, err) })
}

// walkState is what a walk has yielded so far.
type walkState[T listItem] struct {
	yield func(T, error) bool
	limit int // 0: no limit
	sent  int
	seen  map[int]struct{} // the ids yielded
}

// take yields the items of page n, and reports whether the walk goes on.
// An empty page ends the list; a page with only items already yielded is a
// server that serves one page again and again, or loops: an error.
func (w *walkState[T]) take(n int, items []T) bool {
	if len(items) == 0 {
		return false
	}
	if n > 1 && w.allSeen(items) {
		var zero T
		w.yield(zero, fmt.Errorf("the server answered page %d with the items of an earlier page again; stopped", n))
		return false
	}
	for _, it := range items {
		if w.limit > 0 && w.sent >= w.limit {
			return false
		}
		w.sent++
		if id := it.RecordID(); id != 0 {
			w.seen[id] = struct{}{}
		}
		if !w.yield(it, nil) {
			return false
		}
	}
	return w.limit <= 0 || w.sent < w.limit
}

// allSeen reports whether every item was yielded already. An item without
// an id proves nothing either way.
func (w *walkState[T]) allSeen(items []T) bool {
	for _, it := range items {
		id := it.RecordID()
		if _, ok := w.seen[id]; !ok || id == 0 {
			return false
		}
	}
	return true
}

// believeLastPage checks the last page page 1 claims against the hard cap
// and against what its own total and page size allow.
func believeLastPage(m PageMeta, onFirstPage, maxPages int) error {
	last := m.LastPage
	if last > maxPages {
		return fmt.Errorf("the server claims the list has %d pages (meta.last_page), more than the %d pages a list may have; stopped", last, maxPages)
	}
	perPage := m.PerPage
	if perPage <= 0 {
		perPage = onFirstPage
	}
	// A total of 0 with items on page 1 is a total the server left out.
	if m.Total > 0 && perPage > 0 {
		if fill := max(1, ceilDiv(m.Total, perPage)); last > fill {
			return fmt.Errorf("the server claims the list has %d pages (meta.last_page), but %d items (meta.total) at %d a page fill %d; stopped",
				last, m.Total, perPage, fill)
		}
	}
	return nil
}

// lastPageNeeded is the last page to fetch, from what page 1 said.
func lastPageNeeded[T any](first *Page[T], limit int) int {
	last := first.Meta.LastPage
	if last <= 1 {
		return last
	}
	perPage := first.Meta.PerPage
	if perPage <= 0 {
		perPage = len(first.Items)
	}
	if limit > 0 && perPage > 0 {
		last = min(last, ceilDiv(limit, perPage))
	}
	return last
}

// ceilDiv is a/b rounded up, for a >= 0 and b > 0, without overflowing.
func ceilDiv(a, b int) int {
	q := a / b
	if a%b != 0 {
		q++
	}
	return q
}

// pageKey is the context key of the page a walk is asking for.
type pageKey struct{}

// pageOf is a walk's page n of last, on a request's context.
type pageOf struct{ n, last int }

// withPage is ctx for the request of page n of last (0: not known).
func withPage(ctx context.Context, n, last int) context.Context {
	return context.WithValue(ctx, pageKey{}, pageOf{n, last})
}

// PageOf says which page of a walk the request of ctx asks for, and of how
// many (last is 0 when the server did not say): for a progress line.
func PageOf(ctx context.Context) (n, last int, ok bool) {
	p, ok := ctx.Value(pageKey{}).(pageOf)
	return p.n, p.last, ok
}
