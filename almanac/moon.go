package almanac

import (
	"math"
	"math/big"
	"strings"
)

// Phase is one of the eight moon phases, in the service's order.
type Phase int

// The eight phases; when two phases of one moon fall on one day, the day
// shows the lower.
const (
	PhaseFull Phase = iota
	PhaseWaningGibbous
	PhaseLastQuarter
	PhaseWaningCrescent
	PhaseNew
	PhaseWaxingCrescent
	PhaseFirstQuarter
	PhaseWaxingGibbous
)

var phaseNames = [8]string{"full", "waning-gibbous", "last-quarter", "waning-crescent", "new", "waxing-crescent", "first-quarter", "waxing-gibbous"}

func (p Phase) String() string {
	if p < 0 || int(p) >= len(phaseNames) {
		return "unknown"
	}
	return phaseNames[p]
}

// MarshalText writes the phase's name ("waxing-gibbous").
func (p Phase) MarshalText() ([]byte, error) { return []byte(p.String()), nil }

// MoonPhase is a phase of a named moon falling on a day.
type MoonPhase struct {
	Moon  string `json:"moon"`
	Phase Phase  `json:"phase"`
}

// Fixed point: the service computes at 1e-10 of a day. Phase i of cycle k
// falls on floor(offset + (k + i/8) * fullmoon); with n = 8k + i and the
// period P in units of 1e-10 day, that is floor((Q*offset + n*P) / Q) with
// Q = 8e10, all in integers: no drift however far from day 0.
const (
	fixedScale = 10_000_000_000
	fixedQ     = 8 * fixedScale
	// fastSpan bounds |day - offset| for int64 arithmetic: fixedQ * fastSpan < 2^63.
	fastSpan = 100_000_000
)

var bigQ = big.NewInt(fixedQ)

type moon struct {
	name   string
	valid  bool // the period is a positive decimal
	period *big.Int
	p64    int64 // the period when it fits an int64, else 0
	offset int64
}

func newMoon(m Moon) moon {
	out := moon{name: m.Name, offset: int64(m.Offset)}
	p, ok := parseFixed(m.Fullmoon)
	if !ok || p.Sign() <= 0 {
		return out
	}
	out.valid, out.period = true, p
	if p.IsInt64() {
		out.p64 = p.Int64()
	}
	return out
}

// parseFixed reads a plain decimal ("30.4375", "-2", "0.000000001") into
// units of 1e-10, truncating further digits as fixed point does. Exponents,
// signs beyond one, and more than 40 digits before the point are refused.
func parseFixed(s string) (*big.Int, bool) {
	s = strings.TrimSpace(s)
	neg := false
	if s != "" && (s[0] == '-' || s[0] == '+') {
		neg, s = s[0] == '-', s[1:]
	}
	whole, frac, _ := strings.Cut(s, ".")
	if (whole == "" && frac == "") || len(whole) > 40 || len(frac) > 1000 || !allDigits(whole) || !allDigits(frac) {
		return nil, false
	}
	frac = (frac + "0000000000")[:10]
	v, ok := new(big.Int).SetString(whole+frac, 10)
	if !ok {
		return nil, false
	}
	if neg {
		v.Neg(v)
	}
	return v, true
}

func allDigits(s string) bool {
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// firstCycleOn is the least n = 8k+i whose phase falls on day ord+plus or
// later: ceil(Q*(ord+plus-offset) / P), in big integers that cannot overflow.
func (m moon) firstCycleOn(ord, plus int64) *big.Int {
	x := new(big.Int).Sub(big.NewInt(ord), big.NewInt(m.offset))
	x.Add(x, big.NewInt(plus))
	x.Mul(x, bigQ)
	// ceil(x/P) = -floor(-x/P); big.Int.Div rounds toward -inf for P > 0.
	x.Neg(x)
	x.Div(x, m.period)
	return x.Neg(x)
}

// phaseOn is the phase shown on day ord, ok false when none falls on it.
func (m moon) phaseOn(ord int64) (Phase, bool) {
	if !m.valid {
		return 0, false
	}
	if m.p64 > 0 && m.offset > -math.MaxInt64/4 && m.offset < math.MaxInt64/4 {
		x := ord - m.offset
		if x > -fastSpan && x < fastSpan-1 {
			lo := ceilDiv(fixedQ*x, m.p64)
			hi := ceilDiv(fixedQ*(x+1), m.p64)
			return lowestPhase(lo, hi-lo)
		}
	}
	lo := m.firstCycleOn(ord, 0)
	count := new(big.Int).Sub(m.firstCycleOn(ord, 1), lo)
	if count.Cmp(big.NewInt(8)) >= 0 {
		return PhaseFull, true
	}
	return lowestPhase(new(big.Int).Mod(lo, big.NewInt(8)).Int64(), count.Int64())
}

// lowestPhase is the first phase, in the service's order, among the count
// consecutive cycle numbers from n.
func lowestPhase(n, count int64) (Phase, bool) {
	if count <= 0 {
		return 0, false
	}
	if count >= 8 {
		return PhaseFull, true
	}
	best := int64(8)
	for i := range count {
		best = min(best, FloorMod(n+i, 8))
	}
	return Phase(best), true
}

func ceilDiv(a, b int64) int64 { return -FloorDiv(-a, b) }

// MoonPhases lists the phases that fall on d, one per moon at most, in the
// order of the calendar's moons.
func (r *Reckoning) MoonPhases(d Date) ([]MoonPhase, error) {
	ord, err := r.Ordinal(d)
	if err != nil {
		return nil, err
	}
	return r.phasesOn(ord), nil
}

func (r *Reckoning) phasesOn(ord int64) []MoonPhase {
	out := []MoonPhase{}
	for _, m := range r.moons {
		if p, ok := m.phaseOn(ord); ok {
			out = append(out, MoonPhase{Moon: m.name, Phase: p})
		}
	}
	return out
}
