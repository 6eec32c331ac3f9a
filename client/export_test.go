package client

import (
	"context"
	"net/http"
	"time"
)

// The pacer, exposed to the external tests that drive it directly
// (pacer_fuzz_test.go), as a walk's requests and answers would.

type Pacer = pacer

func NewPacer(clock Clock, window, maxWait time.Duration) *Pacer {
	return newPacer(clock, window, maxWait, nil)
}

func (p *pacer) Acquire(ctx context.Context) error { return p.acquire(ctx) }
func (p *pacer) Release(h http.Header)             { p.release(h) }
func (p *pacer) Exhausted()                        { p.exhausted(0, false) }
