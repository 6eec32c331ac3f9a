package weathergen

import "testing"

func TestIsqrtIsTheLargestRootNotAbove(t *testing.T) {
	for n, want := range []int64{0, 1, 1, 1, 2, 2, 2, 2, 2, 3, 3} {
		if got := isqrt(int64(n)); got != want {
			t.Errorf("isqrt(%d) = %d, want %d", n, got, want)
		}
	}
	for _, r := range []int64{1 << 20, 3037000499} {
		if got := isqrt(r * r); got != r {
			t.Errorf("isqrt(%d²) = %d", r, got)
		}
		if got := isqrt(r*r - 1); got != r-1 {
			t.Errorf("isqrt(%d²-1) = %d", r, got)
		}
	}
}

// zeroDrawDay is a day whose first draw of the day's stream is 0 in the
// precision of probabilities, the least a draw can be: about one day in a
// million.
func zeroDrawDay(t *testing.T, seed uint64) int64 {
	t.Helper()
	for ord := int64(0); ord < 1<<26; ord++ {
		d := drawsFor(seed, streamDay, ord)
		if d.next()>>(64-probBits) == 0 {
			return ord
		}
	}
	t.Fatal("no day draws 0")
	return 0
}

// A month without wet days never rains, even on a day whose draw is the
// least there is: a chance of nought never comes true.
func TestAMonthWithoutWetDaysNeverRains(t *testing.T) {
	c, err := LoadClimate([]byte("name: dry\n" + months(-1, "")))
	if err != nil {
		t.Fatal(err)
	}
	for m := range c.Months {
		c.Months[m].WetDays, c.Months[m].Precipitation = 0, 0
	}
	ord := zeroDrawDay(t, 7)
	days, err := Generate(Request{Climate: c, Seed: 7, Days: []Moment{{Label: "the day", Ordinal: ord, Position: 0.5}}})
	if err != nil {
		t.Fatal(err)
	}
	if d := days[0]; d.Wet || d.Precipitation != "none" {
		t.Fatalf("day %d: wet %v, %q", ord, d.Wet, d.Precipitation)
	}
}
