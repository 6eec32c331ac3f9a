package calexport

import (
	"math"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/kanka-cli/kanka/client"
)

// fullDay gives the day math/big gives for every k, period and offset:
// the edges of 64 and 128 bits, the periods the almanac reads (ten
// decimals) and any 64-bit fraction at all.
func TestFullDayAgreesWithMathBig(t *testing.T) {
	ks := []int64{0, 1, -1, 2, -2, 3, -3, 1 << 31, -1 << 31, 1 << 32, -1 << 32, 1 << 53, -1 << 53,
		1 << 62, -1 << 62, math.MaxInt64, math.MinInt64, math.MaxInt64 - 1, math.MinInt64 + 1}
	nums := []uint64{1, 2, 3, 7, 1 << 32, 1<<32 + 1, 1 << 63, 1<<63 + 1, 1e19, 295305888531,
		math.MaxUint64, math.MaxUint64 - 1}
	dens := []uint64{1, 2, 3, 1 << 32, 1e10, 1e10 - 1, 1 << 63, 1<<63 - 1, math.MaxUint64, math.MaxUint64 - 1}
	offsets := []int{0, 1, -1, 17, -4000, math.MaxInt, math.MinInt}
	check := func(m moonFit, k int64) {
		t.Helper()
		if got, want := m.fullDay(k), m.fullDayBig(k); got != want {
			t.Fatalf("fullDay(%d) with period %d/%d, offset %d = %d, math/big says %d", k, m.num, m.den, m.Offset, got, want)
		}
	}
	for _, k := range ks {
		for _, num := range nums {
			for _, den := range dens {
				for _, off := range offsets {
					check(moonFit{Moon: client.Moon{Offset: off}, num: num, den: den}, k)
				}
			}
		}
	}

	rng := rand.New(rand.NewPCG(36, 1))
	// anyWidth is a number of 1 to 64 bits, so that small and huge operands
	// (and products across the 64-bit and 128-bit edges) all come up.
	anyWidth := func() uint64 { return rng.Uint64() >> rng.UintN(64) }
	signed := func() int64 {
		v := int64(anyWidth())
		if rng.IntN(2) == 0 {
			v = -v
		}
		return v
	}
	for range 100_000 {
		den := max(anyWidth(), 1)
		k := signed()
		m := moonFit{Moon: client.Moon{Offset: int(signed())}, num: anyWidth(), den: den}
		check(m, k)
		// The k either side of a quotient of 2^63 (the edge of an int64) and
		// of a product of den * 2^64 (the edge of a 128-bit division).
		for _, shift := range []uint{63, 64} {
			at := new(big.Int).Lsh(new(big.Int).SetUint64(m.den), shift)
			at.Div(at, new(big.Int).SetUint64(max(m.num, 1)))
			for d := int64(-2); d <= 2; d++ {
				if near := new(big.Int).Add(at, big.NewInt(d)); near.IsInt64() {
					check(m, near.Int64())
					check(m, -near.Int64())
				}
			}
		}
	}
	for range 100_000 {
		// The periods the almanac reads: up to ten decimals, up to 1e9 days.
		f := math.Round(rng.Float64()*math.Pow(10, float64(rng.IntN(10)))*1e10) / 1e10
		num, den, ok := fraction(f)
		if !ok {
			continue
		}
		m := moonFit{Moon: client.Moon{Offset: rng.IntN(2_000_001) - 1_000_000}, num: num, den: den}
		check(m, rng.Int64N(1<<40)-1<<39)
		check(m, signed())
	}
}

// Comparing a moon's full moons on a long calendar asks for millions of
// them: each is counted without allocating.
func TestFullDayAllocatesNothing(t *testing.T) {
	num, den, ok := fraction(29.5305888531)
	if !ok {
		t.Fatal("fraction(29.5305888531) is not a period")
	}
	m := moonFit{Moon: client.Moon{Offset: -13}, num: num, den: den}
	var sink int64
	for _, k := range []int64{0, 12, -12, 1 << 40, -1 << 40} {
		if n := testing.AllocsPerRun(100, func() { sink += m.fullDay(k) }); n != 0 {
			t.Errorf("fullDay(%d) allocates %v times", k, n)
		}
	}
	_ = sink
}
