package client_test

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/kanka-cli/kanka/client"
)

// FuzzPacerWaitsEnd drives a pacer as a walk of conc concurrent requests
// does, with the answers of script: one line per answer, "LIMIT REMAINING"
// for its X-RateLimit-Limit and X-RateLimit-Remaining (a missing field is a
// missing header), or "429" for a bare 429. Whatever the headers say
// (nonsense, out of order), every wait for the window ends within one window,
// and a request waiting while nothing is in flight gets its turn: nothing
// else could ever wake it.
func FuzzPacerWaitsEnd(f *testing.F) {
	for _, seed := range []struct {
		script string
		conc   uint8
	}{
		{"-1 0\n-1 0\n-1 0", 1}, // the deadlock: one request, then a wait nothing ends
		{"-1 0\n-1 0\n-1 0\n-1 0\n-1 0", 4},
		{"30 29\n30 28\n30 27\n30 26", 1},
		{"3 2\n3 0\n3 1\n3 1\n3 2\n3 0", 3}, // answers out of order
		{"1 0\n1 0\n1 0", 2},
		{"0 0\n0 0\n0 0", 1},
		{"abc 0\n30 x\n5 10\n 7 \n", 2},
		{"99999999999999999999 0\n9223372036854775807 9223372036854775806\n100001 0", 1},
		{"429\n30 0\n429\n-5 -5\n429", 2},
		{"2 1\n2 0\n2 3\n2 0\n2 -1", 4},
	} {
		f.Add(seed.script, seed.conc)
	}
	f.Fuzz(func(t *testing.T, script string, conc uint8) {
		answers := strings.Split(script, "\n")
		if len(answers) > 50 {
			answers = answers[:50]
		}
		n := int(conc)%4 + 1
		const window = time.Minute
		clock := newFakeClock()
		p := client.NewPacer(clock, window, 2*window)
		ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
		defer cancel()

		granted := make(chan error, len(answers)+n)
		asked := 0
		ask := func() {
			asked++
			go func() { granted <- p.Acquire(ctx) }()
		}
		for range min(n, len(answers)) {
			ask()
		}
		held := 0 // requests given their turn and not yet answered
		take := func(err error) {
			if err != nil {
				t.Fatalf("a request was refused its turn: %v (waits %v)", err, clock.recordedWaits())
			}
			held++
		}
		for i, line := range answers {
			for held == 0 {
				select {
				case err := <-granted:
					take(err)
				case <-ctx.Done():
					t.Fatalf("after %d answers, with nothing in flight, a request waits for a turn that never comes (waits %v)", i, clock.recordedWaits())
				}
			}
		more:
			for {
				select {
				case err := <-granted:
					take(err)
				default:
					break more
				}
			}
			held--
			if line == "429" {
				p.Release(nil)
				p.Exhausted()
			} else {
				p.Release(header(line))
			}
			if asked < len(answers) {
				ask()
			}
		}
		for _, w := range clock.recordedWaits() {
			if w <= 0 || w > window {
				t.Errorf("waited %v, want within one window (%v); all waits %v", w, window, clock.recordedWaits())
			}
		}
		// The requests still waiting for a turn end with the context.
		cancel()
		for range asked - len(answers) - held {
			<-granted
		}
	})
}

// header is the X-RateLimit-* pair of "LIMIT REMAINING".
func header(line string) http.Header {
	h := http.Header{}
	limit, remaining, _ := strings.Cut(line, " ")
	if limit != "" {
		h.Set("X-RateLimit-Limit", limit)
	}
	if remaining != "" {
		h.Set("X-RateLimit-Remaining", remaining)
	}
	return h
}
