package sandbox

import (
	"fmt"
	"math"
	"net/http"
	"strconv"
	"sync"
	"time"
)

// limiter counts requests in fixed windows, like the live service's
// per-user throttle: a window opens with the first request after the last
// one closed, and allows limit requests.
type limiter struct {
	limit  int // 0: no limit
	window time.Duration
	now    func() time.Time

	mu    sync.Mutex
	start time.Time // zero before the first request
	count int
}

func newLimiter(limit int, window time.Duration, now func() time.Time) *limiter {
	return &limiter{limit: limit, window: window, now: now}
}

// pass is the limiter's verdict on one request.
type pass struct {
	allowed    bool
	limit      int // 0 when there is no limit
	remaining  int
	retryAfter time.Duration
}

func (l *limiter) take() pass {
	if l.limit <= 0 {
		return pass{allowed: true}
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	if l.start.IsZero() || !now.Before(l.start.Add(l.window)) {
		l.start, l.count = now, 0
	}
	if l.count >= l.limit {
		return pass{limit: l.limit, retryAfter: l.start.Add(l.window).Sub(now)}
	}
	l.count++
	return pass{allowed: true, limit: l.limit, remaining: l.limit - l.count}
}

// addHeaders puts the limit on a passing answer, as the live service does.
func (p pass) addHeaders(rep *reply) {
	if p.limit == 0 {
		return
	}
	if rep.header == nil {
		rep.header = http.Header{}
	}
	rep.header.Set("X-RateLimit-Limit", strconv.Itoa(p.limit))
	rep.header.Set("X-RateLimit-Remaining", strconv.Itoa(p.remaining))
}

// tooManyRequests is the 429: the document mode's with Retry-After and the
// limit headers, the live service's as a bare array and no header at all.
func (s *Server) tooManyRequests(p pass) reply {
	if s.live {
		perMinute := ""
		if s.limiter.window == time.Minute {
			perMinute = " per minute"
		} else {
			perMinute = " per " + s.limiter.window.String()
		}
		return reply{status: http.StatusTooManyRequests, body: []string{
			fmt.Sprintf("Your account limit of %d requests%s has been reached. Please wait before trying again.", p.limit, perMinute),
		}}
	}
	rep := errorReply(http.StatusTooManyRequests, "Too Many Attempts.")
	rep.header = http.Header{}
	rep.header.Set("X-RateLimit-Limit", strconv.Itoa(p.limit))
	rep.header.Set("X-RateLimit-Remaining", "0")
	rep.header.Set("Retry-After", strconv.Itoa(int(math.Ceil(p.retryAfter.Seconds()))))
	return rep
}
