package client

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"iter"
	"net/http"
	"net/url"
)

// RawPages walks a list of any route page by page, as the typed walks do
// (walk): the request's filters kept on every page (the live links.next
// drops them), page 1 saying how many pages there are (meta.last_page,
// never believed past MaxPages or what meta.total allows) and pages 2..N
// then fetched a few at once, or, without a last page, one page at a time
// while the last one links to a next. An empty page ends the list, a page
// of items already seen is an error, and all the pages share the bound of
// one list (WithMaxListBytes). Nothing the server says sizes memory or the
// number of requests.

// RawPage is one page of a list walked by RawPages.
type RawPage struct {
	*RawAnswer
	// N is the page's number, from 1.
	N int
	// Items are the page's data, each as the server sent it.
	Items []json.RawMessage
	// List is false when the first answer is no list (it has no "data"
	// array): it is then the only page.
	List bool
}

// rawItem is an item of a raw list: its text, and its id when it has one
// (the walk tells a page served twice by its ids).
type rawItem struct {
	raw json.RawMessage
	id  int
}

func (r *rawItem) UnmarshalJSON(b []byte) error {
	r.raw = append(json.RawMessage(nil), b...)
	var withID struct {
		ID flexInt `json:"id"`
	}
	if len(b) > 0 && b[0] == '{' && json.Unmarshal(b, &withID) == nil {
		r.id = int(withID.ID)
	}
	return nil
}

func (r *rawItem) RecordID() int { return r.id }

// errNotAList ends a walk whose first answer is no list.
var errNotAList = errors.New("the answer is not a list")

// RawPages yields the pages of the list at req (a GET), in order. An error
// ends the walk: no page is skipped silently.
func (c *Client) RawPages(ctx context.Context, req RawRequest) iter.Seq2[*RawPage, error] {
	return func(yield func(*RawPage, error) bool) {
		if req.Method != http.MethodGet {
			yield(nil, invalidf("only a GET is walked page by page, not a %s", req.Method))
			return
		}
		route, err := c.checkRaw(req)
		if err != nil {
			yield(nil, err)
			return
		}
		filters := mergeQuery(route.query, req.Query)
		filters.Del("page") // the walk asks for each page itself
		ctx, cancel := context.WithCancel(ctx)
		defer cancel()
		ctx = withWalkBudget(ctx)

		first, err := c.rawPage(ctx, req, route, filters, 1)
		if errors.Is(err, errNotAList) {
			yield(first.RawPage, nil)
			return
		}
		if err != nil {
			yield(nil, err)
			return
		}
		byNext := first.meta.LastPage == 0 && first.links.Next != ""
		if !byNext {
			if err := believeLastPage(first.meta, len(first.Items), c.maxPages); err != nil {
				yield(nil, err)
				return
			}
		}
		pages := &rawWalk{yield: yield, seen: &walkState[*rawItem]{seen: map[int]struct{}{}}}
		if !pages.take(first) {
			return
		}
		switch last := first.meta.LastPage; {
		case byNext:
			c.rawPagesByNext(ctx, req, route, filters, pages, first)
		case last > 1:
			c.rawPagesAtOnce(ctx, req, route, filters, pages, last)
		}
	}
}

// fetchedPage is a page and what the walk reads of its envelope.
type fetchedPage struct {
	*RawPage
	items []*rawItem
	meta  PageMeta
	links PageLinks
}

// rawPage fetches page n of the list: the filters plus page=n, read by
// fetchPage (the page's bounds, null items, its meta and links).
func (c *Client) rawPage(ctx context.Context, req RawRequest, route rawRoute, filters url.Values, n int) (*fetchedPage, error) {
	var got *RawAnswer
	get := func(ctx context.Context, q url.Values) (*answer, error) {
		ans, err := c.sendRaw(ctx, req, route, q)
		if err != nil {
			return nil, err
		}
		got = ans
		if n == 1 && !isList(ans.Body) {
			return nil, errNotAList
		}
		return &answer{status: ans.StatusCode, header: ans.Header, body: ans.Body}, nil
	}
	p, err := fetchPage[*rawItem](ctx, get, filters, n)
	if errors.Is(err, errNotAList) {
		return &fetchedPage{RawPage: &RawPage{RawAnswer: got, N: 1}}, err
	}
	if err != nil {
		return nil, err
	}
	items := make([]json.RawMessage, len(p.Items))
	for i, it := range p.Items {
		items[i] = it.raw
	}
	return &fetchedPage{RawPage: &RawPage{RawAnswer: got, N: n, Items: items, List: true}, items: p.Items, meta: p.Meta, links: p.Links}, nil
}

// isList reports whether an answer is a list: an object whose "data" is
// an array.
func isList(body []byte) bool {
	trimmed := bytes.TrimSpace(body)
	if len(trimmed) == 0 || trimmed[0] != '{' {
		return false
	}
	var env struct {
		Data json.RawMessage `json:"data"`
	}
	if json.Unmarshal(trimmed, &env) != nil {
		return false
	}
	data := bytes.TrimSpace(env.Data)
	return len(data) > 0 && data[0] == '['
}

// rawWalk hands the pages of a walk to its consumer, in order.
type rawWalk struct {
	yield func(*RawPage, error) bool
	// seen tells a page served again (walkState.take on its items).
	seen *walkState[*rawItem]
}

// take yields page p, and reports whether the walk goes on. An empty page
// after the first ends the list and is not yielded; a page of items
// already seen is an error.
func (w *rawWalk) take(p *fetchedPage) bool {
	var failed error
	w.seen.yield = func(_ *rawItem, err error) bool {
		failed = err
		return err == nil
	}
	more := w.seen.take(p.N, p.items)
	switch {
	case failed != nil:
		w.yield(nil, failed)
		return false
	case len(p.Items) == 0 && p.N > 1:
		return false
	}
	return w.yield(p.RawPage, nil) && more
}

// rawPagesByNext fetches pages 2, 3, ... one at a time while the last one
// links to a next one, never past MaxPages.
func (c *Client) rawPagesByNext(ctx context.Context, req RawRequest, route rawRoute, filters url.Values, w *rawWalk, first *fetchedPage) {
	for n, p := 2, first; p.links.Next != ""; n++ {
		if n > c.maxPages {
			w.yield(nil, fmt.Errorf("the server's list did not end after %d pages (page %d still has a links.next); stopped", c.maxPages, c.maxPages))
			return
		}
		var err error
		if p, err = c.rawPage(withPage(ctx, n, 0), req, route, filters, n); err != nil {
			w.yield(nil, fmt.Errorf("page %d: %w", n, err))
			return
		}
		if !w.take(p) {
			return
		}
	}
}

// rawPagesAtOnce fetches pages 2..last, up to PageConcurrency at once
// (pagesAhead), and yields them in order.
func (c *Client) rawPagesAtOnce(ctx context.Context, req RawRequest, route rawRoute, filters url.Values, w *rawWalk, last int) {
	pagesAhead(ctx, last, c.cfg.PageConcurrency,
		func(ctx context.Context, n int) (*fetchedPage, error) { return c.rawPage(ctx, req, route, filters, n) },
		func(_ int, p *fetchedPage) bool { return w.take(p) },
		func(err error) { w.yield(nil, err) })
}
