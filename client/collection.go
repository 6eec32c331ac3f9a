package client

import (
	"context"
	"iter"
	"net/http"
	"net/url"
	"strconv"
)

// collection is one collection of the API as the client calls it: a
// record (get), whether it exists (head), one page, every page (all), a
// create, a replacement or a patch (write), a delete. A resource says how
// a request reaches it (send) and what the observer is told; the paging,
// the bounds of a walk and of each answer (the resources table's) are the
// same for every resource. R is the record (*Calendar), its id RecordID.
type collection[T any, R interface {
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

func (k collection[T, R]) get(ctx context.Context, id int) (R, error) {
	return k.write(ctx, http.MethodGet, id, nil)
}

func (k collection[T, R]) head(ctx context.Context, id int) error {
	_, err := k.send(ctx, http.MethodHead, strconv.Itoa(id), nil, nil)
	return err
}

// write sends method with body to record id (0: to the collection, a
// create) and reads the record answered.
func (k collection[T, R]) write(ctx context.Context, method string, id int, body any) (R, error) {
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

// delete deletes record id; 200 with a body and an empty 204 both mean
// done.
func (k collection[T, R]) delete(ctx context.Context, id int) error {
	_, err := k.send(ctx, http.MethodDelete, strconv.Itoa(id), nil, nil)
	if (err == nil || recordNotFound(err)) && k.gone != nil {
		k.gone(id)
	}
	return err
}

// getter sends the GET of a page of the collection.
func (k collection[T, R]) getter() getter {
	return func(ctx context.Context, q url.Values) (*answer, error) {
		return k.send(ctx, http.MethodGet, "", q, nil)
	}
}

// page fetches one page (opts.Page, or the first) of the list q filters.
func (k collection[T, R]) page(ctx context.Context, q url.Values, opts *PageOptions) (*Page[R], error) {
	n := 1
	if opts != nil && opts.Page > 0 {
		n = opts.Page
	}
	return fetchPage[R](ctx, k.getter(), q, n)
}

// all walks every page of the list q filters in order (see walk),
// stopping after opts.Limit records when it is set.
func (k collection[T, R]) all(ctx context.Context, q url.Values, opts *PageOptions) iter.Seq2[R, error] {
	limit, lim := 0, k.walk
	if opts != nil {
		limit, lim.onFirst = opts.Limit, opts.OnMeta
	}
	return walk[R](ctx, k.getter(), lim, q, limit)
}
