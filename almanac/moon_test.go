package almanac

import (
	"math"
	"math/big"
	"math/rand"
	"testing"
)

// referencePhase restates the moon rule with exact rationals: the phases i
// of cycles k with floor(offset + (k + i/8) * fullmoon) == ord, the lowest shown.
func referencePhase(fullmoon string, offset, ord int64) (Phase, bool) {
	f, _ := new(big.Rat).SetString(fullmoon)
	step := new(big.Rat).Quo(f, big.NewRat(8, 1))
	// n around (ord - offset) / step.
	approx := new(big.Rat).Quo(new(big.Rat).SetInt64(ord-offset), step)
	center := new(big.Int).Quo(approx.Num(), approx.Denom())
	best := Phase(-1)
	for dn := int64(-20); dn <= 20; dn++ {
		n := new(big.Int).Add(center, big.NewInt(dn))
		pos := new(big.Rat).Add(new(big.Rat).SetInt64(offset), new(big.Rat).Mul(new(big.Rat).SetInt(n), step))
		day := new(big.Int).Div(pos.Num(), pos.Denom()) // floor: Denom > 0
		if day.Cmp(big.NewInt(ord)) == 0 {
			p := Phase(new(big.Int).Mod(n, big.NewInt(8)).Int64())
			if best < 0 || p < best {
				best = p
			}
		}
	}
	return best, best >= 0
}

func TestMoonAgainstExactReference(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	periods := []string{"30.4375", "29.5305888531", "16", "2.5", "10", "7.1", "365.2422", "1.0000000001"}
	for _, p := range periods {
		for range 200 {
			offset := rng.Int63n(200) - 100
			// Days near the start and near year 100,000 and beyond
			// (the latter on the big-integer path).
			var ord int64
			switch rng.Intn(3) {
			case 0:
				ord = rng.Int63n(2000) - 1000
			case 1:
				ord = 36_524_000 + rng.Int63n(2000)
			default:
				ord = 365_000_000_000 + rng.Int63n(2000)
			}
			m := newMoon(Moon{Fullmoon: p, Offset: int(offset)})
			got, ok := m.phaseOn(ord)
			want, wantOK := referencePhase(p, offset, ord)
			if ok != wantOK || (ok && got != want) {
				t.Fatalf("period %s offset %d day %d: got %v %v, want %v %v", p, offset, ord, got, ok, want, wantOK)
			}
		}
	}
}

func TestMoonFastAndBigPathsAgree(t *testing.T) {
	rng := rand.New(rand.NewSource(5))
	for range 2000 {
		p := big.NewInt(1 + rng.Int63n(1_000_000_000_000))
		m := moon{valid: true, period: p, p64: p.Int64(), offset: rng.Int63n(1000) - 500}
		slow := m
		slow.p64 = 0 // forces the big-integer path
		ord := rng.Int63n(2*fastSpan) - fastSpan
		a, aok := m.phaseOn(ord)
		b, bok := slow.phaseOn(ord)
		if a != b || aok != bok {
			t.Fatalf("period %s offset %d day %d: fast %v %v, big %v %v", p, m.offset, ord, a, aok, b, bok)
		}
	}
}

// A float64 computation drifts; the fixed-point one agrees with the exact
// rationals at year 100,000 as at year 1.
func TestMoonYear100000(t *testing.T) {
	r := mustNew(t, harptos())
	for _, y := range []int{1, 100_000, -100_000, 1_000_000_000} {
		for m := 1; m <= 17; m++ {
			n, _ := r.MonthLength(y, m)
			for d := 1; d <= n; d++ {
				ord := mustOrdinal(t, r, date(y, m, d))
				got, _ := r.MoonPhases(date(y, m, d))
				want, ok := referencePhase("30.4375", 0, ord)
				if ok != (len(got) == 1) || (ok && got[0].Phase != want) {
					t.Fatalf("%d-%d-%d: %v, want %v %v", y, m, d, got, want, ok)
				}
			}
		}
	}
}

func TestMoonPeriods(t *testing.T) {
	for _, c := range []struct {
		fullmoon string
		valid    bool
	}{
		{"30.4375", true}, {" 30.4375 ", true}, {"+8", true}, {"0.000000001", true}, {"0.0000000001", true},
		{"0.00000000001", false}, {"0", false}, {"-3", false}, {"", false}, {".", false}, {"1e-9", false},
		{"NaN", false}, {"+Inf", false}, {"1.2.3", false}, {"--1", false},
		{"12345678901234567890123456789012345678901", false}, {"9999999999999999999999999999", true},
	} {
		if m := newMoon(Moon{Fullmoon: c.fullmoon}); m.valid != c.valid {
			t.Errorf("fullmoon %q valid = %v, want %v", c.fullmoon, m.valid, c.valid)
		}
	}
	// 1e-9 days: 8e9 phases a day, all eight each day: full shows every day, at once.
	r := mustNew(t, Calendar{Months: []Month{{Name: "M", Length: 30}}, Weekdays: []string{"a", "b"},
		Moons: []Moon{{Name: "Fast", Fullmoon: "0.000000001"}, {Name: "Huge", Fullmoon: "9999999999999999999999999999", Offset: math.MaxInt}}})
	for _, y := range []int{0, MaxYear, -MaxYear} {
		ps, err := r.MoonPhases(date(y, 1, 7))
		if err != nil || len(ps) != 1 || ps[0] != (MoonPhase{"Fast", PhaseFull}) {
			t.Errorf("phases on %d-1-7 = %v, %v; want only Fast full", y, ps, err)
		}
	}
	// An offset as large as an int puts the huge moon's full moon there and no sooner.
	huge := newMoon(Moon{Fullmoon: "9999999999999999999999999999", Offset: math.MaxInt})
	if p, ok := huge.phaseOn(math.MaxInt); !ok || p != PhaseFull {
		t.Errorf("huge moon on its offset = %v %v, want full", p, ok)
	}
	if _, ok := huge.phaseOn(0); ok {
		t.Error("huge moon has a phase on day 0")
	}
}

func TestPhaseNames(t *testing.T) {
	want := []string{"full", "waning-gibbous", "last-quarter", "waning-crescent", "new", "waxing-crescent", "first-quarter", "waxing-gibbous"}
	for i, w := range want {
		if got := Phase(i).String(); got != w {
			t.Errorf("Phase(%d) = %q, want %q", i, got, w)
		}
	}
	if Phase(8).String() != "unknown" || Phase(-1).String() != "unknown" {
		t.Error("a phase out of range has a name")
	}
}

// 10000 cycles of 10.0057 days are exactly 100057 days, but in binary
// floating point 10000 * 10.0057 is 100056.99999999999: a float64 moon
// would show that full moon a day early. Likewise 12,340,000 cycles.
func TestMoonWhereFloatFails(t *testing.T) {
	cycles, period := 10000.0, 10.0057
	if f := math.Floor(cycles * period); f != 100056 {
		t.Fatalf("float64 gives %v: the premise of this test changed", f)
	}
	m := newMoon(Moon{Fullmoon: "10.0057"})
	for _, c := range []struct {
		ord  int64
		want bool
	}{{100057, true}, {100056, false}, {123470338, true}, {123470337, false}} {
		p, ok := m.phaseOn(c.ord)
		if (ok && p == PhaseFull) != c.want {
			t.Errorf("day %d: %v %v, full moon wanted: %v", c.ord, p, ok, c.want)
		}
	}
}
