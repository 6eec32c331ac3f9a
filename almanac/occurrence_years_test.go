package almanac

import (
	"math/rand"
	"slices"
	"strings"
	"testing"
)

// The year jumps of repeats against walking the years one by one.
func TestRepeatYearJumpsAgainstAWalk(t *testing.T) {
	rng := rand.New(rand.NewSource(5))
	for range 200 {
		c := twoMonths()
		c.SkipYearZero = rng.Intn(2) == 0
		c.Leap = LeapRule{Enabled: rng.Intn(5) > 0, Amount: 1, Month: 2, Offset: rng.Intn(7) - 1, Start: rng.Intn(21) - 10}
		r := mustNew(t, c)
		exists := func(y int) bool { return !(c.SkipYearZero && y == 0) }
		for y := -30; y <= 30; y++ {
			if !exists(y) {
				continue
			}
			// the first and last leap year from y on, walking
			wantNext, wantPrev := 0, 0
			okNext, okPrev := false, false
			for z := y; z <= 80 && !okNext; z++ {
				if exists(z) && specLeap(c, z) {
					wantNext, okNext = z, true
				}
			}
			for z := y; z >= c.Leap.Start && !okPrev; z-- {
				if exists(z) && specLeap(c, z) {
					wantPrev, okPrev = z, true
				}
			}
			if got, ok := r.leap.nextLeap(int64(y)); ok != okNext || (ok && got != int64(wantNext)) {
				t.Fatalf("%+v skip %v: nextLeap(%d) = %d, %v; want %d, %v", c.Leap, c.SkipYearZero, y, got, ok, wantNext, okNext)
			}
			if got, ok := r.leap.prevLeap(int64(y)); ok != okPrev || (ok && got != int64(wantPrev)) {
				t.Fatalf("%+v skip %v: prevLeap(%d) = %d, %v; want %d, %v", c.Leap, c.SkipYearZero, y, got, ok, wantPrev, okPrev)
			}
			a := r.astro(int64(y))
			for _, set := range []yearSet{commonYears, leapYears, commonYears | leapYears, 0} {
				in := func(z int) bool {
					return exists(z) && (specLeap(c, z) && set&leapYears != 0 || !specLeap(c, z) && set&commonYears != 0)
				}
				want, okWant := 0, false
				for z := y; z <= 80 && !okWant; z++ {
					if in(z) {
						want, okWant = z, true
					}
				}
				if got, ok := r.nextYear(a, set); ok != okWant || (ok && r.display(got) != int64(want)) {
					t.Fatalf("%+v skip %v: nextYear(year %d, set %d) = year %d, %v; want %d, %v", c.Leap, c.SkipYearZero, y, set, r.display(got), ok, want, okWant)
				}
				want, okWant = 0, false
				for z := y; z >= -80 && !okWant; z-- {
					if in(z) {
						want, okWant = z, true
					}
				}
				if got, ok := r.prevYear(a, set); ok != okWant || (ok && r.display(got) != int64(want)) {
					t.Fatalf("%+v skip %v: prevYear(year %d, set %d) = year %d, %v; want %d, %v", c.Leap, c.SkipYearZero, y, set, r.display(got), ok, want, okWant)
				}
			}
		}
	}
}

// Days that exist only in leap years, around a skipped year 0.
func TestRepeatsOfLeapDays(t *testing.T) {
	c := pair()
	c.Leap = LeapRule{Enabled: true, Amount: 1, Month: 2, Offset: 3, Start: -3} // leap years -3, 3, 6, ... (0 does not exist)
	r := mustNew(t, c)
	days := func(rec Recurrence, from, to Date) string {
		return strings.Join(reminderDays(t, r, rec, from, to), " ")
	}
	if got := days(recur(date(-3, 2, 31), 1, "year", ""), date(-9, 1, 1), date(9, 2, 31)); got != "-3-2-31 3-2-31 6-2-31 9-2-31" {
		t.Errorf("yearly on the leap day: %s", got)
	}
	// Only the leap month has day 31: monthly is then once each leap year.
	if got := days(recur(date(-3, 2, 31), 1, "month", ""), date(-9, 1, 1), date(6, 2, 30)); got != "-3-2-31 3-2-31" {
		t.Errorf("monthly on the leap day: %s", got)
	}
	// Begun in -3 and still running in year 1 (the previous leap year, 0, does not exist).
	long := recur(date(-3, 2, 31), 200, "year", "")
	if got := days(long, date(1, 1, 1), date(1, 1, 3)); got != "1-1-1 1-1-2 1-1-3" {
		t.Errorf("yearly of 200 days from -3 in year 1: %q", got)
	}
	if got := days(long, date(2, 2, 20), date(2, 2, 30)); got != "" {
		t.Errorf("yearly of 200 days from -3 in year 2: %q", got)
	}
	occ := slices.Collect(r.Occurrences(long, mustOrdinal(t, r, date(1, 1, 1)), mustOrdinal(t, r, date(3, 2, 31))))
	if len(occ) != 2 || occ[0].Start != mustOrdinal(t, r, date(-3, 2, 31)) || occ[1].Start != mustOrdinal(t, r, date(3, 2, 31)) {
		t.Errorf("occurrences %v", occ)
	}
}
