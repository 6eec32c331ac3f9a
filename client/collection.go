package client

import (
	"context"
	"iter"
	"net/http"
	"net/url"
	"strconv"
)

// Collection is one collection of the API as the client calls it: a
// record (Get), whether it exists (Head), one page (Page), every page
// (All), a create, a replacement or a patch (Write), a delete. A resource says how
// a request reaches it (send) and what the observer is told; the paging,
// the bounds of a walk and of each answer (the resources table's) are the
// same for every resource. R is the record (*Calendar), its id RecordID.
type Collection[T any, R interface {
	*T
	listItem
}] struct {
	// send sends a request to the collection (suffix "") or to one of its
	// records (suffix its id).
	send func(ctx context.Context, method, suffix string, q url.Values, body any) (*answer, error)
	// seen, when set, is told of the record an answer about record id (0
	// for a create) holds; gone, that record id was deleted or answered 404.
	seen func(id int, r R)
	gone func(id int)
	// walk bounds a walk of every page (Client.walkLimits).
	walk walkLimits
}

// observed is the collection send reaches, walked within the client's
// bounds, whose records the Observer is told of: seen, what an answer
// about record id (0 for a create) holds; gone, that record id was deleted
// or answered 404.
func observed[T any, R interface {
	*T
	listItem
}](c *Client, send func(ctx context.Context, method, suffix string, q url.Values, body any) (*answer, error),
	seen func(o Observer, id int, r R), gone func(o Observer, id int)) Collection[T, R] {
	return Collection[T, R]{send: send, walk: c.walkLimits(),
		seen: func(id int, r R) { c.observe(func(o Observer) { seen(o, id, r) }) },
		gone: func(id int) { c.observe(func(o Observer) { gone(o, id) }) },
	}
}

// PageOptions picks a page of a list or bounds a walk of every page.
type PageOptions struct {
	// Page is the page a List call fetches; 1 when zero.
	Page int
	// Limit stops a walk after this many records; 0 walks every page.
	Limit int
	// OnMeta, when set, is told the meta of a walk's first page.
	OnMeta func(PageMeta)
}

// at sends the requests of a collection at path as every request is sent.
func (c *Client) at(path string) func(ctx context.Context, method, suffix string, q url.Values, body any) (*answer, error) {
	return func(ctx context.Context, method, suffix string, q url.Values, body any) (*answer, error) {
		return c.do(ctx, method, joinPath(path, suffix), q, body)
	}
}

// joinPath is path, then suffix when there is one.
func joinPath(path, suffix string) string {
	if suffix == "" {
		return path
	}
	return path + "/" + suffix
}

// Get reads record id.
func (k Collection[T, R]) Get(ctx context.Context, id int) (R, error) {
	return k.Write(ctx, http.MethodGet, id, nil)
}

// Create creates a record of in (POST).
func (k Collection[T, R]) Create(ctx context.Context, in any) (R, error) {
	return k.Write(ctx, http.MethodPost, 0, in)
}

// Update replaces record id with in (PUT).
func (k Collection[T, R]) Update(ctx context.Context, id int, in any) (R, error) {
	return k.Write(ctx, http.MethodPut, id, in)
}

// Patch changes record id with in (PATCH).
func (k Collection[T, R]) Patch(ctx context.Context, id int, in any) (R, error) {
	return k.Write(ctx, http.MethodPatch, id, in)
}

// Head reports whether record id exists: nil when it does.
func (k Collection[T, R]) Head(ctx context.Context, id int) error {
	_, err := k.send(ctx, http.MethodHead, strconv.Itoa(id), nil, nil)
	return err
}

// Write sends method with body to record id (0: to the collection, a
// create) and reads the record answered.
func (k Collection[T, R]) Write(ctx context.Context, method string, id int, body any) (R, error) {
	suffix := ""
	if id > 0 {
		suffix = strconv.Itoa(id)
	}
	var r R
	ans, err := k.send(ctx, method, suffix, nil, body)
	if err == nil {
		r, err = decodeOne[T](ans)
	}
	switch {
	case err == nil && k.seen != nil:
		k.seen(id, r)
	case id > 0 && recordNotFound(err) && k.gone != nil:
		k.gone(id)
	}
	return r, err
}

// Delete deletes record id; 200 with a body and an empty 204 both mean
// done.
func (k Collection[T, R]) Delete(ctx context.Context, id int) error {
	_, err := k.send(ctx, http.MethodDelete, strconv.Itoa(id), nil, nil)
	if (err == nil || recordNotFound(err)) && k.gone != nil {
		k.gone(id)
	}
	return err
}

// getter sends the GET of a page of the collection.
func (k Collection[T, R]) getter() getter {
	return func(ctx context.Context, q url.Values) (*answer, error) {
		return k.send(ctx, http.MethodGet, "", q, nil)
	}
}

// Page fetches one page (opts.Page, or the first) of the list q filters.
func (k Collection[T, R]) Page(ctx context.Context, q url.Values, opts *PageOptions) (*Page[R], error) {
	n := 1
	if opts != nil && opts.Page > 0 {
		n = opts.Page
	}
	return fetchPage[R](ctx, k.getter(), q, n)
}

// All walks every page of the list q filters in order (see walk),
// stopping after opts.Limit records when it is set.
func (k Collection[T, R]) All(ctx context.Context, q url.Values, opts *PageOptions) iter.Seq2[R, error] {
	limit, lim := 0, k.walk
	if opts != nil {
		limit, lim.onFirst = opts.Limit, opts.OnMeta
	}
	return walk[R](ctx, k.getter(), lim, q, limit)
}
