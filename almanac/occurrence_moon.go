package almanac

import (
	"math"
	"math/big"
)

// Phase i of cycle k falls on day(n) = offset + floor(n*P/Q), n = 8k+i (see
// moon.go). day(n) >= x exactly when n >= ceil(Q*(x-offset)/P), so the
// first phase day from x and the last up to x are found without walking.

// phaseDayFrom is the first day on or after x on which phase i falls.
func (m moon) phaseDayFrom(x, i int64) (int64, bool) {
	if p, ok := m.fastPeriod(x); ok {
		n := ceilDiv(fixedQ*(x-m.offset), p)
		n += FloorMod(i-n, 8)
		return m.offset + FloorDiv(n*p, fixedQ), true
	}
	n := m.firstCycleOn(x, 0)
	n.Add(n, new(big.Int).Mod(new(big.Int).Sub(big.NewInt(i), n), big.NewInt(8)))
	return m.dayOfCycle(n)
}

// phaseDayUpTo is the last day on or before x on which phase i falls.
func (m moon) phaseDayUpTo(x, i int64) (int64, bool) {
	if p, ok := m.fastPeriod(x); ok {
		n := ceilDiv(fixedQ*(x+1-m.offset), p) - 1
		n -= FloorMod(n-i, 8)
		return m.offset + FloorDiv(n*p, fixedQ), true
	}
	n := m.firstCycleOn(x, 1)
	n.Sub(n, big.NewInt(1))
	n.Sub(n, new(big.Int).Mod(new(big.Int).Sub(n, big.NewInt(i)), big.NewInt(8)))
	return m.dayOfCycle(n)
}

// fastPeriod is the period when int64 arithmetic cannot overflow near day
// x: |Q*(x-offset)| < 8e18 and n*P stays within 8P of it.
func (m moon) fastPeriod(x int64) (int64, bool) {
	if m.p64 <= 0 || m.p64 >= 1<<56 || m.offset <= -math.MaxInt64/4 || m.offset >= math.MaxInt64/4 {
		return 0, false
	}
	d := x - m.offset
	return m.p64, d > -fastSpan+2 && d < fastSpan-2
}

// dayOfCycle is day(n); ok is false when it is beyond any day number.
func (m moon) dayOfCycle(n *big.Int) (int64, bool) {
	t := new(big.Int).Mul(n, m.period)
	t.Div(t, bigQ) // Euclidean: floor for a positive divisor
	t.Add(t, big.NewInt(m.offset))
	if !t.IsInt64() {
		return 0, false
	}
	return t.Int64(), true
}
