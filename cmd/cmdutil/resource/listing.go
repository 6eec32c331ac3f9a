package resource

import (
	"context"
	"iter"

	"github.com/kanka-cli/kanka/client"
)

// Listing is a list's Walk and Page over the client's walk of every page
// of a parent's records and its read of one page. seen, when set, is told
// of the records they read (a local cache keeps them by id): a walk's once
// it ends, however far it went; a page's when it arrives.
func Listing[T any](walk func(c *client.Client, ctx context.Context, parentID int, opts *client.PageOptions) iter.Seq2[T, error],
	page func(c *client.Client, ctx context.Context, parentID int, opts *client.PageOptions) (*client.Page[T], error),
	seen func([]T)) Query[T] {
	return Query[T]{
		Walk: func(ctx context.Context, c *client.Client, parentID, limit int) iter.Seq2[T, error] {
			records := walk(c, ctx, parentID, &client.PageOptions{Limit: limit})
			if seen == nil {
				return records
			}
			return seeing(records, seen)
		},
		Page: func(ctx context.Context, c *client.Client, parentID, n int) ([]T, error) {
			records, err := Items(page(c, ctx, parentID, &client.PageOptions{Page: n}))
			if err == nil && seen != nil {
				seen(records)
			}
			return records, err
		},
	}
}

// seeing is walk, whose records are handed to seen once it ends.
func seeing[T any](walk iter.Seq2[T, error], seen func([]T)) iter.Seq2[T, error] {
	return func(yield func(T, error) bool) {
		var read []T
		defer func() { seen(read) }()
		for r, err := range walk {
			if err == nil {
				read = append(read, r)
			}
			if !yield(r, err) {
				return
			}
		}
	}
}
