package client

import (
	"context"
	"fmt"
)

// pagesAhead fetches pages 2..last, up to concurrency at once and never
// further ahead of the consumer than that, and hands them to take in
// order until take says stop; the pages still in flight then are
// cancelled, and it returns once they have ended. The first failure is
// handed to fail, as "page N of LAST: ...", and ends it. A typed walk and a raw one (Raw's
// --paginate) share it.
func pagesAhead[P any](ctx context.Context, last, concurrency int, fetch func(ctx context.Context, n int) (P, error), take func(n int, page P) bool, fail func(error)) {
	type fetched struct {
		page     P
		err      error
		panicked any
	}
	start := func(n int) <-chan fetched {
		ch := make(chan fetched, 1)
		go func() {
			// A panic here would end the process before anything could
			// report it: it is handed to the consumer, whose caller can.
			defer func() {
				if p := recover(); p != nil {
					ch <- fetched{panicked: p}
				}
			}()
			p, err := fetch(withPage(ctx, n, last), n)
			ch <- fetched{page: p, err: err}
		}()
		return ch
	}
	var pending []<-chan fetched // the pages started, in order: at most concurrency
	// When the walk stops early (the consumer broke off, a page failed),
	// the pages fetched ahead are cancelled and waited for: no request of
	// the walk outlives it, to spend the rate limit or land later.
	ctx, cancel := context.WithCancel(ctx)
	defer func() {
		cancel()
		for _, ch := range pending {
			<-ch
		}
	}()
	next := 2
	for n := 2; n <= last; n++ {
		for next <= last && next < n+max(concurrency, 1) {
			pending = append(pending, start(next))
			next++
		}
		r := <-pending[0]
		pending = pending[1:]
		if r.panicked != nil {
			panic(r.panicked)
		}
		if r.err != nil {
			fail(fmt.Errorf("page %d of %d: %w", n, last, r.err))
			return
		}
		if !take(n, r.page) {
			return
		}
	}
}
