package calexport

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// symmetricDifference is the days one of two lists of spans has and the
// other not, counted day by day here, for spans that overlap, touch,
// repeat, nest and come in any order before merge.
func TestSymmetricDifferenceIsTheDaysInOneListOnly(t *testing.T) {
	rng := rand.New(rand.NewPCG(36, 2))
	const days = 64
	randomSpans := func() []span {
		var out []span
		for range rng.IntN(12) {
			from := rng.Int64N(days)
			out = append(out, span{from, min(from+rng.Int64N(6), days-1)})
		}
		return out
	}
	var s dayScratch
	for range 20_000 {
		a, b := randomSpans(), randomSpans()
		var want []span
		for d := range int64(days) {
			if in(a, d) != in(b, d) {
				if n := len(want); n > 0 && want[n-1].to == d-1 {
					want[n-1].to = d
				} else {
					want = append(want, span{d, d})
				}
			}
		}
		ma, mb := merge(slices.Clone(a)), merge(slices.Clone(b))
		for _, m := range [][]span{ma, mb} {
			// What symmetricDifference asks of its lists (its one caller gives
			// it merge's): in order, apart, each of a day or more.
			for i, sp := range m {
				if sp.from > sp.to || i > 0 && sp.from <= m[i-1].to+1 {
					t.Fatalf("merge(%v) = %v: span %d is not after the one before with a day between", a, m, i)
				}
			}
		}
		if got := s.symmetricDifference(ma, mb); !slices.Equal(got, want) {
			t.Fatalf("symmetricDifference of %v and %v = %v, want %v", a, b, got, want)
		}
	}
}

func in(spans []span, d int64) bool {
	return slices.ContainsFunc(spans, func(s span) bool { return s.from <= d && d <= s.to })
}
