package sandbox

import (
	"math/rand/v2"
	"sync"
	"time"
)

// faults throws the dice for injected failures. With a fixed seed a given
// sequence of requests meets the same faults on every run; a rate of 0 or 1
// never throws, so those are exact.
type faults struct {
	failRate, dropRate float64

	mu  sync.Mutex
	rnd *rand.Rand
}

func newFaults(failRate, dropRate float64, seed uint64) *faults {
	if seed == 0 {
		seed = uint64(time.Now().UnixNano())
	}
	return &faults{failRate: failRate, dropRate: dropRate, rnd: rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))}
}

// fail picks a request to answer 500 without applying anything.
func (f *faults) fail() bool { return f.roll(f.failRate) }

// drop picks an applied write whose answer is never sent.
func (f *faults) drop() bool { return f.roll(f.dropRate) }

func (f *faults) roll(rate float64) bool {
	switch {
	case rate <= 0:
		return false
	case rate >= 1:
		return true
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.rnd.Float64() < rate
}
