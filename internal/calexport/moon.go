package calexport

import (
	"math"
	"math/big"
	"math/bits"
	"strconv"
	"strings"

	"github.com/kanka-cli/kanka/almanac"
	"github.com/kanka-cli/kanka/client"
)

// Kanka shows a moon full on the days floor(offset + k*fullmoon) (the
// almanac, calendar-time.md). Each tool puts a full moon at an instant
// (shift + k*cycle) and shows it on the days around it: a band of
// cycle/G days for Fantasy-Calendar and Calendarium (G phases a cycle),
// one day for Simple Calendar. The instant is set so that Kanka's day is
// in every band (docs/formats.md 1.8, 2.6, 4.6): how far it may move
// depends on the fractional parts of k*fullmoon over the full moons
// compared, whose largest is maxFraction.

// moonFit is a moon of the calendar with its period as an exact fraction.
type moonFit struct {
	client.Moon
	// num/den is the period in days, as the almanac reads it (at most
	// ten decimals), in lowest terms.
	num, den uint64
	// maxFraction is the largest fractional part of k*fullmoon over the
	// full moons within Years years of the current date.
	maxFraction float64
}

// fits are the moons the tools can hold: those with a period above 0
// (the others have no phases in Kanka either), with a loss for the others.
func (c *calendar) fits(tool string) []moonFit {
	var out []moonFit
	lo, hi := c.r.OrdinalRange()
	for _, m := range c.in.Moons {
		num, den, ok := fraction(m.Fullmoon)
		switch {
		case !ok || m.Fullmoon < 1:
			c.lose(nil, "moon %s: its cycle of %v days is not one of a day or more, which %s needs: it is not written",
				m.Name, m.Fullmoon, tool)
			continue
		case int64(m.Offset) < lo || int64(m.Offset) > hi:
			c.lose(nil, "moon %s: its offset %d is no day of the calendar: it is not written", m.Name, m.Offset)
			continue
		}
		fit := moonFit{Moon: m, num: num, den: den}
		fit.maxFraction = c.maxFraction(fit)
		out = append(out, fit)
	}
	return out
}

// period is the moon's period in days.
func (m moonFit) period() float64 { return float64(m.num) / float64(m.den) }

// fraction is f as the almanac reads it, a decimal of at most ten places,
// as num/den in lowest terms; ok is false for a period not above 0 or
// beyond what the tools count.
func fraction(f float64) (num, den uint64, ok bool) {
	if !(f > 0) || f > 1e9 || math.IsInf(f, 0) {
		return 0, 0, false
	}
	whole, frac, _ := strings.Cut(strconv.FormatFloat(f, 'f', -1, 64), ".")
	frac = (frac + "0000000000")[:10]
	n, ok := new(big.Int).SetString(whole+frac, 10)
	if !ok || n.Sign() <= 0 {
		return 0, 0, false
	}
	r := new(big.Rat).SetFrac(n, big.NewInt(10_000_000_000))
	return r.Num().Uint64(), r.Denom().Uint64(), true
}

// fractionOf is the fractional part of k*num/den, as num residue and den.
func (m moonFit) fractionOf(k int64) uint64 {
	kk := uint64(k)
	if k < 0 {
		kk = uint64(-k)
	}
	hi, lo := bits.Mul64(kk, m.num)
	r := bits.Rem64(hi%m.den, lo, m.den)
	if k < 0 && r != 0 {
		r = m.den - r
	}
	return r
}

// fullDay is Kanka's k-th full moon from the offset: floor(offset + k*P).
func (m moonFit) fullDay(k int64) int64 {
	// A long calendar compares millions of full moons: 128-bit arithmetic
	// counts almost all of them without allocating.
	if q, ok := floorMulDiv(k, m.num, m.den); ok {
		return int64(m.Offset) + q
	}
	return m.fullDayBig(k)
}

// floorMulDiv is floor(k*num/den) in 128 bits; ok is false when the
// product is too wide to divide so or the quotient is no int64.
func floorMulDiv(k int64, num, den uint64) (q int64, ok bool) {
	kk := uint64(k)
	if k < 0 {
		kk = -kk // 2^63 for the least int64, as wanted
	}
	hi, lo := bits.Mul64(kk, num)
	if hi >= den { // also den == 0: math/big's panic is kept
		return 0, false
	}
	uq, r := bits.Div64(hi, lo, den)
	if k >= 0 {
		return int64(uq), uq <= math.MaxInt64
	}
	if uq > 1<<63 || uq == 1<<63 && r != 0 {
		return 0, false
	}
	if r != 0 { // -(uq + r/den) floors one further down
		uq++
	}
	return int64(-uq), true
}

// fullDayBig is fullDay in math/big, for products beyond 128 bits or
// quotients beyond an int64 (where Int64's result is undefined, as it was
// before the fast path; no calendar kanka accepts gets there).
func (m moonFit) fullDayBig(k int64) int64 {
	kk := new(big.Int).Mul(big.NewInt(k), new(big.Int).SetUint64(m.num))
	q := new(big.Int).Div(kk, new(big.Int).SetUint64(m.den)) // floors for a positive divisor
	return int64(m.Offset) + q.Int64()
}

// cycles is the range of k whose full moons fall within Years years of
// the current date, one more either side.
func (c *calendar) cycles(m moonFit) (lo, hi int64) {
	first, last := c.window()
	p := m.period()
	lo = int64(math.Floor(float64(first-int64(m.Offset))/p)) - 1
	hi = int64(math.Ceil(float64(last-int64(m.Offset))/p)) + 1
	return lo, hi
}

// window is the day numbers of the first and last days within Years years
// of the current date (as far as the almanac counts).
func (c *calendar) window() (first, last int64) {
	lo, hi := c.r.OrdinalRange()
	first, last = lo, hi
	if o, err := c.r.Ordinal(almanac.Date{Year: c.cur.Year - Years, Month: 1, Day: 1}); err == nil {
		first = max(o, lo)
	}
	if o, err := c.r.Ordinal(almanac.Date{Year: c.cur.Year + Years + 1, Month: 1, Day: 1}); err == nil {
		last = min(o-1, hi)
	}
	return first, last
}

// maxCycles bounds the full moons looked at one by one; more cycles than
// that (a period of minutes) take every fraction.
const maxCycles = 2_000_000

func (c *calendar) maxFraction(m moonFit) float64 {
	lo, hi := c.cycles(m)
	if uint64(hi-lo+1) >= m.den || hi-lo > maxCycles {
		return float64(m.den-1) / float64(m.den)
	}
	var most uint64
	for k := lo; k <= hi; k++ {
		most = max(most, m.fractionOf(k))
	}
	return float64(most) / float64(m.den)
}

// centre is how far before Kanka's day the tool's instant goes so that its
// band of halfWidth days either side holds Kanka's day for every full moon
// compared: half the largest fraction. ok is false when no instant does
// (a band narrower than the fractions spread: some full moon shows on no
// day, or on another).
func (m moonFit) centre(halfWidth float64) (delta float64, ok bool) {
	return m.maxFraction / 2, m.maxFraction < 2*halfWidth
}

// reduce is x less the whole days that are whole cycles (num days are den
// cycles) as near 0 as they go: the same instants, so that the tool shows
// the same days and kanka's import finds the same offset from it (it
// takes the shift as it is, not modulo the cycle, which would lose how
// the offset lies among whole days).
func (m moonFit) reduce(x float64) float64 {
	if m.num > 1<<50 {
		return x
	}
	step := float64(m.num)
	return x - math.Round(x/step)*step
}

// firstFullDiffers is the nearest of Kanka's full moons of m, within the
// days span holds, that the tool does not show full on its day (shows
// reports whether it does, given Kanka's day number); nil when every one
// agrees.
func (c *calendar) firstFullDiffers(m moonFit, from, to int64, shows func(day int64) bool) *almanac.Date {
	p := m.period()
	k0 := int64(math.Floor(float64(c.ord-int64(m.Offset)) / p))
	for step := int64(0); ; step++ {
		after, before := m.fullDay(k0+1+step), m.fullDay(k0-step)
		if after > to && before < from {
			return nil
		}
		// The nearer first; an equal distance goes forward.
		cands := []int64{after, before}
		if c.ord-before < after-c.ord {
			cands = []int64{before, after}
		}
		for _, day := range cands {
			if day >= from && day <= to && !shows(day) {
				d, err := c.r.DateOf(day)
				if err != nil {
					return nil
				}
				return &d
			}
		}
	}
}
