package client

import (
	"context"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"sync/atomic"
)

// The bound of a walk: the bytes all the pages of one list may take
// together (DefaultMaxListBytes), set for a command through its context
// and spent as the pages are read.

type maxListBytesKey struct{}

// WithMaxListBytes is ctx with n as the most bytes one walk of a list
// reads (DefaultMaxListBytes when ctx has none): the walks of a command
// run under its context, so that one setting bounds them all. One page
// read alone (ListCalendars, ListWeather) is bounded by it too.
func WithMaxListBytes(ctx context.Context, n int64) context.Context {
	return context.WithValue(ctx, maxListBytesKey{}, n)
}

// maxListBytes is the bound of a walk under ctx.
func maxListBytes(ctx context.Context) int64 {
	if n, ok := ctx.Value(maxListBytesKey{}).(int64); ok && n > 0 {
		return n
	}
	return DefaultMaxListBytes
}

// ParseByteSize reads a size: a whole number with a binary unit (256MiB,
// 1GiB, 512KiB, 4096B; the unit in any case, a space allowed before it),
// above 0. The error completes a sentence that starts with where the
// value came from ("--max-list-size must be ...").
func ParseByteSize(s string) (int64, error) {
	text := strings.TrimSpace(s)
	unit := int64(1)
	for _, u := range []struct {
		suffix string
		n      int64
	}{{"kib", 1 << 10}, {"mib", 1 << 20}, {"gib", 1 << 30}, {"tib", 1 << 40}, {"b", 1}} {
		if strings.HasSuffix(strings.ToLower(text), u.suffix) {
			text, unit = strings.TrimSpace(text[:len(text)-len(u.suffix)]), u.n
			break
		}
	}
	n, err := strconv.ParseInt(text, 10, 64)
	if err != nil || n <= 0 || n > math.MaxInt64/unit {
		return 0, fmt.Errorf("must be a size such as 8MiB or 1GiB, not %q", s)
	}
	return n * unit, nil
}

// ListTooLargeError is a list whose pages passed the bound of a walk
// (WithMaxListBytes). Reading stopped there. It is not retried.
type ListTooLargeError struct{ Limit int64 }

func (e *ListTooLargeError) Error() string {
	return fmt.Sprintf("the server's list passed %s, the most kanka reads of one list; stopped (raise it with --max-list-size)",
		byteSize(int(min(e.Limit, math.MaxInt))))
}

type walkBudgetKey struct{}

// walkBudget is what a walk has read, shared by the requests of its pages,
// fetched at once or not.
type walkBudget struct {
	max  int64
	read atomic.Int64
}

// withWalkBudget is ctx with a new budget for one walk, from the bound
// ctx carries: the answers of the requests made under it spend it.
func withWalkBudget(ctx context.Context) context.Context {
	return context.WithValue(ctx, walkBudgetKey{}, &walkBudget{max: maxListBytes(ctx)})
}

func budgetOf(ctx context.Context) *walkBudget {
	b, _ := ctx.Value(walkBudgetKey{}).(*walkBudget)
	return b
}

// budgetReader spends the budget of ctx, when it has one, on what r reads,
// as it reads it: pages fetched at once cannot each take the whole of it.
func budgetReader(ctx context.Context, r io.Reader) io.Reader {
	if b := budgetOf(ctx); b != nil {
		return &spending{r: r, budget: b}
	}
	return r
}

type spending struct {
	r      io.Reader
	budget *walkBudget
}

// spendingStep is the most one Read of a walk's answer takes: the pages
// read at once pass the budget by a step each at most.
const spendingStep = 64 << 10

func (s *spending) Read(p []byte) (int, error) {
	left := max(s.budget.max-s.budget.read.Load(), 0)
	size := min(len(p), spendingStep)
	if left < int64(size) { // one byte past the budget says it is passed
		size = int(left) + 1
	}
	p = p[:size]
	n, err := s.r.Read(p)
	if s.budget.read.Add(int64(n)) > s.budget.max {
		return n, &ListTooLargeError{Limit: s.budget.max}
	}
	return n, err
}
