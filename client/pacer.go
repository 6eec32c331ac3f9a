package client

import (
	"context"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"
)

// pacer keeps requests inside the rate limit that earlier answers reported
// in X-RateLimit-Limit and X-RateLimit-Remaining, so bulk work waits for the
// next window instead of meeting a 429.
//
// The service counts requests in fixed windows that start at the first
// request after the previous window ended, and does not say when that was.
// The pacer therefore assumes the window it first sees began just before the
// answer arrived and ends one window length later: that may wait a little
// longer than needed, but never sends into a spent window.
type pacer struct {
	mu     sync.Mutex
	clock  Clock
	window time.Duration
	// maxWait is the longest wait acquire may start (negative: none).
	maxWait time.Duration

	known     bool // a budget has been reported for the current window
	limit     int
	remaining int
	inflight  int // requests sent whose answers have not been counted yet
	resetAt   time.Time
	// released is closed (and replaced) by every release, to wake the
	// acquires that wait for an answer rather than for a time.
	released chan struct{}

	// onWait is told of a wait for the window, once per window however many
	// requests wait for it.
	onWait   func(time.Duration)
	toldOfAt time.Time
}

func newPacer(clock Clock, window, maxWait time.Duration, onWait func(time.Duration)) *pacer {
	return &pacer{clock: clock, window: window, maxWait: maxWait, released: make(chan struct{}), onWait: onWait}
}

// acquire waits until one more request fits in the budget, and counts it as
// in flight; every acquire must be followed by release.
func (p *pacer) acquire(ctx context.Context) error {
	for {
		p.mu.Lock()
		now := p.clock.Now()
		if p.known && !now.Before(p.resetAt) {
			p.known = false // the window has certainly rolled over
		}
		// In a new window nothing is known until its first answer: send no
		// more at once than the last window's whole budget meanwhile. With
		// nothing in flight no answer will come to wake a wait, so one
		// request always goes.
		fresh := !p.known && (p.limit == 0 || p.inflight == 0 || p.inflight < p.limit)
		if fresh || (p.known && p.remaining-p.inflight > 0) {
			p.inflight++
			p.mu.Unlock()
			return nil
		}
		if !p.known {
			released := p.released
			p.mu.Unlock()
			select {
			case <-ctx.Done():
				return ctx.Err()
			case <-released:
			}
			continue
		}
		wait := p.resetAt.Sub(now)
		if wait > p.maxWait {
			// Sitting out an hour in silence is worse than saying when to
			// come back.
			err := &WaitTooLongError{Wait: wait, Max: max(p.maxWait, 0), Until: p.resetAt}
			p.mu.Unlock()
			return err
		}
		tell := p.onWait != nil && !p.toldOfAt.Equal(p.resetAt)
		p.toldOfAt = p.resetAt
		p.mu.Unlock()
		if tell {
			p.onWait(wait)
		}
		if err := sleep(ctx, p.clock, wait); err != nil {
			return err
		}
	}
}

// release records the budget an answer reported (h may be nil when no answer
// came).
func (p *pacer) release(h http.Header) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.inflight--
	close(p.released)
	p.released = make(chan struct{})
	limit, remaining, ok := budget(h)
	if !ok {
		return
	}
	if !p.known {
		p.known, p.limit, p.remaining = true, limit, remaining
		p.resetAt = p.clock.Now().Add(p.window)
		return
	}
	// Within one window the budget only shrinks; answers may arrive out of
	// order, so keep the smallest.
	p.remaining = min(p.remaining, remaining)
}

// exhausted records a 429: nothing more may be sent until the window ends,
// or until retryAfter when the server gave one (given; 0 is "now").
func (p *pacer) exhausted(retryAfter time.Duration, given bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	now := p.clock.Now()
	switch {
	case given:
		p.resetAt = now.Add(retryAfter)
	case !p.known || !p.resetAt.After(now):
		p.resetAt = now.Add(p.window)
	}
	p.known, p.remaining = true, 0
}

// largestLimit is more requests a window than any service allows: a larger
// X-RateLimit-Limit is nonsense.
const largestLimit = 100_000

// budget reads the X-RateLimit-Limit and X-RateLimit-Remaining of an answer.
// A pair that makes no sense (missing, not numbers, negative, a limit of 0
// or beyond largestLimit, more remaining than the limit) is no budget at all:
// pacing from it could stall every request that follows.
func budget(h http.Header) (limit, remaining int, ok bool) {
	limit, okLimit := headerInt(h, "X-RateLimit-Limit")
	remaining, okRemaining := headerInt(h, "X-RateLimit-Remaining")
	if !okLimit || !okRemaining || limit < 1 || limit > largestLimit || remaining < 0 || remaining > limit {
		return 0, 0, false
	}
	return limit, remaining, true
}

func headerInt(h http.Header, key string) (int, bool) {
	if h == nil {
		return 0, false
	}
	n, err := strconv.Atoi(strings.TrimSpace(h.Get(key)))
	return n, err == nil
}

// longestRetryAfter is where a Retry-After stops making sense; a longer one
// (up to billions of years, past what a time.Duration holds) is read as
// this, which is longer than any max wait anyone sets.
const longestRetryAfter = 100 * 365 * 24 * time.Hour

// retryAfter reads Retry-After as delta seconds or an HTTP date. given is
// false when it is absent or unreadable (then the window is waited); 0 and
// a date in the past mean "now".
func retryAfter(h http.Header, now time.Time) (d time.Duration, given bool) {
	v := strings.TrimSpace(h.Get("Retry-After"))
	if v == "" {
		return 0, false
	}
	if isDigits(v) {
		secs, err := strconv.ParseInt(v, 10, 64)
		if err != nil || secs > int64(longestRetryAfter/time.Second) {
			return longestRetryAfter, true // too many digits for an int64
		}
		return time.Duration(secs) * time.Second, true
	}
	if t, err := http.ParseTime(v); err == nil {
		return min(max(t.Sub(now), 0), longestRetryAfter), true
	}
	return 0, false
}

func isDigits(s string) bool {
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return s != ""
}
