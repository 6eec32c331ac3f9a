package almanac

import (
	"math"
	"math/big"
	"slices"
	"testing"
)

func harptosWithMoonID() *Reckoning {
	c := harptos()
	c.Moons[0].ID = 1
	r, err := New(c)
	if err != nil {
		panic(err)
	}
	return r
}

// yearWindow is the first and last day of year y.
func yearWindow(t testing.TB, r *Reckoning, y int) (int64, int64) {
	t.Helper()
	last := date(y, r.MonthCount(), 1)
	n, err := r.MonthLength(y, last.Month)
	if err != nil {
		t.Fatal(err)
	}
	last.Day = n
	return mustOrdinal(t, r, date(y, 1, 1)), mustOrdinal(t, r, last)
}

func collectDays(r *Reckoning, rec Recurrence, from, to int64) []int64 {
	var out []int64
	for d := range r.Days(rec, from, to) {
		out = append(out, d)
	}
	return out
}

// Far from the window, huge lengths, endless ends: answers by jumping.
func TestRemindersFarFromTheirWindow(t *testing.T) {
	r := harptosWithMoonID()
	from, to := yearWindow(t, r, 1492)
	d := func(y, m, day int) int64 { return mustOrdinal(t, r, date(y, m, day)) }

	if got := collectDays(r, recur(date(-2_000_000_000, 4, 3), 1, "year", "9e18"), from, to); !slices.Equal(got, []int64{d(1492, 4, 3)}) {
		t.Errorf("yearly from -2,000,000,000 in 1492: %v", got)
	}
	// Shieldmeet (day 2 of Midsummer) only in leap years: 1492 is one, 1493 is not;
	// no year before 4 is, so it cannot be an own date in -2,000,000,000.
	if got := collectDays(r, recur(date(4, 10, 2), 1, "year", ""), from, to); !slices.Equal(got, []int64{d(1492, 10, 2)}) {
		t.Errorf("Shieldmeet from 4 in 1492: %v", got)
	}
	f93, t93 := yearWindow(t, r, 1493)
	if got := collectDays(r, recur(date(4, 10, 2), 1, "year", ""), f93, t93); len(got) != 0 {
		t.Errorf("Shieldmeet in 1493: %v", got)
	}
	if err := r.CheckRecurrence(recur(date(-2_000_000_000, 10, 2), 1, "year", "")); err == nil {
		t.Errorf("Shieldmeet in -2,000,000,000 exists")
	}
	if got := collectDays(r, recur(date(-2_000_000_000, 1, 30), 1, "month", ""), from, to); len(got) != 12 || got[0] != d(1492, 1, 30) {
		t.Errorf("monthly day 30 from -2,000,000,000 in 1492 (12 months of 30 days): %v", got)
	}
	// 2^31 days, monthly from year 0: every day of 1492, and every month since year 0 still running.
	long := recur(date(0, 1, 1), 1<<31, "month", "")
	if got := collectDays(r, long, from, to); int64(len(got)) != to-from+1 {
		t.Errorf("monthly of 2^31 days covers %d days of 1492's %d", len(got), to-from+1)
	}
	n := 0
	for o := range r.Occurrences(long, from, to) {
		if o.End-o.Start != 1<<31-1 {
			t.Fatalf("occurrence %+v is not 2^31 days long", o)
		}
		n++
	}
	if n != 1493*17 {
		t.Errorf("%d occurrences of the monthly of 2^31 days run in 1492, want %d (every month since 0-1-1)", n, 1493*17)
	}
	// The longest length there is, from the first year: every day; the end is the last day counted.
	first, last := r.OrdinalRange()
	endless := Recurrence{Date: date(-MaxYear, 1, 1), Length: math.MaxInt}
	if got := collectDays(r, endless, from, to); int64(len(got)) != to-from+1 {
		t.Errorf("a one-off of MaxInt days covers %d days of 1492", len(got))
	}
	if got := slices.Collect(r.Occurrences(endless, math.MinInt64, math.MaxInt64)); !slices.Equal(got, []Occurrence{{first, last}}) {
		t.Errorf("a one-off of MaxInt days: %v, want %d..%d", got, first, last)
	}
	// A window as wide as int64, taken three at a time.
	var starts []int64
	for o := range r.Occurrences(recur(date(1492, 4, 3), 1, "year", ""), math.MinInt64, math.MaxInt64) {
		if starts = append(starts, o.Start); len(starts) == 3 {
			break
		}
	}
	if !slices.Equal(starts, []int64{d(1492, 4, 3), d(1493, 4, 3), d(1494, 4, 3)}) {
		t.Errorf("the first three years: %v", starts)
	}
	// The last years there are: no overflow past them.
	top := recur(date(MaxYear-1, 17, 30), 10, "year", "")
	if got := slices.Collect(r.Occurrences(top, math.MinInt64, math.MaxInt64)); len(got) != 2 || got[1].Start != d(MaxYear, 17, 30) || got[1].End != last {
		t.Errorf("a yearly at the last years: %v (last day %d)", got, last)
	}
	// recurring_until beyond every year, or before them all.
	if got := collectDays(r, recur(date(1, 4, 3), 1, "year", "99999999999999999999"), from, to); len(got) != 1 {
		t.Errorf("until 10^20: %v", got)
	}
	if got := collectDays(r, recur(date(1, 4, 3), 1, "year", "-99999999999999999999"), math.MinInt64, math.MaxInt64); len(got) != 0 {
		t.Errorf("until -10^20: %v", got)
	}
}

// Full moons of a repeat fall where the grid shows a full moon (full
// shows first when phases share a day), near year 0 and where the
// arithmetic leaves int64 for big integers.
func TestMoonRepeatsMatchTheGrid(t *testing.T) {
	for _, moon := range []Moon{
		{Name: "Selune", Fullmoon: "30.4375", ID: 1},
		{Name: "Far", Fullmoon: "29.5305888531", Offset: math.MaxInt64 / 2, ID: 1},
		{Name: "Slow", Fullmoon: "123456789012345678901234.5", Offset: -7, ID: 1},
		{Name: "Fast", Fullmoon: "0.3", Offset: 3, ID: 1},
	} {
		c := harptos()
		c.Moons = []Moon{moon}
		r := mustNew(t, c)
		for _, y := range []int{1492, -3, 100_000_000_000, -MaxYear} {
			from, to := yearWindow(t, r, y)
			for phase := PhaseFull; phase <= PhaseWaxingGibbous; phase++ {
				rec := recur(date(-MaxYear, 1, 1), 1, "1_"+phase.Suffix(), "")
				got := collectDays(r, rec, from, to)
				var want []int64
				for ord := from; ord <= to; ord++ {
					if phaseFalls(r.moons[0], ord, phase) {
						want = append(want, ord)
					}
				}
				if !slices.Equal(got, want) {
					t.Errorf("moon %+v, %s in year %d: %d days, the grid's arithmetic %d (%v vs %v)", moon, phase, y, len(got), len(want), head(got), head(want))
				}
			}
		}
	}
}

// phaseFalls: some cycle n = 8k + phase falls on day ord, by moon.go's
// own count of the cycles falling on a day (in big integers).
func phaseFalls(m moon, ord int64, phase Phase) bool {
	lo, hi := m.firstCycleOn(ord, 0), m.firstCycleOn(ord, 1)
	for n := lo; n.Cmp(hi) < 0; n = new(big.Int).Add(n, big.NewInt(1)) {
		if new(big.Int).Mod(n, big.NewInt(8)).Int64() == int64(phase) {
			return true
		}
		if new(big.Int).Sub(n, lo).Int64() >= 8 {
			return true
		}
	}
	return false
}

func head(s []int64) []int64 { return s[:min(len(s), 5)] }
