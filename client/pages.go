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

// fetchPage gets one page of a list: the caller's filters plus page=n.
func fetchPage[T any](ctx context.Context, get getter, filters url.Values, n int) (*Page[T], error) {
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
	if err := json.Unmarshal(ans.body, &w); err != nil {
		return nil, fmt.Errorf("reading page %d: %w", n, err)
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

// walk yields every item of a list in order, stopping after limit items
// when limit > 0. Page 1 says how many pages there are and how large they
// are (read from meta, never assumed); pages 2..N are then fetched
// concurrently, at most PageConcurrency at once and never further ahead of
// the consumer than that, so memory stays flat. Only the pages that hold the
// first limit items are requested. An error ends the walk: no page is
// skipped silently.
func walk[T any](ctx context.Context, get getter, concurrency int, filters url.Values, limit int) iter.Seq2[T, error] {
	return func(yield func(T, error) bool) {
		var zero T
		ctx, cancel := context.WithCancel(ctx)
		defer cancel()

		first, err := fetchPage[T](ctx, get, filters, 1)
		if err != nil {
			yield(zero, err)
			return
		}
		sent := 0
		emit := func(items []T) bool {
			for _, it := range items {
				if limit > 0 && sent >= limit {
					return false
				}
				sent++
				if !yield(it, nil) {
					return false
				}
			}
			return limit <= 0 || sent < limit
		}
		if !emit(first.Items) {
			return
		}
		if first.Meta.LastPage == 0 && first.Links.Next != "" {
			// No last page given (a simple paginator): go one page at a time
			// while the server says there is a next one.
			for n, p := 2, first; p.Links.Next != "" && len(p.Items) > 0; n++ {
				if p, err = fetchPage[T](ctx, get, filters, n); err != nil {
					yield(zero, fmt.Errorf("page %d: %w", n, err))
					return
				}
				if !emit(p.Items) {
					return
				}
			}
			return
		}
		last := lastPageNeeded(first, limit)
		if last <= 1 {
			return
		}

		type result struct {
			page *Page[T]
			err  error
		}
		pending := make([]chan result, last+1)
		start := func(n int) {
			ch := make(chan result, 1)
			pending[n] = ch
			go func() {
				p, err := fetchPage[T](ctx, get, filters, n)
				ch <- result{p, err}
			}()
		}
		next := 2
		for n := 2; n <= last; n++ {
			for next <= last && next < n+concurrency {
				start(next)
				next++
			}
			r := <-pending[n]
			pending[n] = nil
			if r.err != nil {
				yield(zero, fmt.Errorf("page %d of %d: %w", n, last, r.err))
				return
			}
			if !emit(r.page.Items) {
				return
			}
		}
	}
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
		last = min(last, (limit+perPage-1)/perPage)
	}
	return last
}
