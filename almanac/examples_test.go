package almanac

import (
	"maps"
	"testing"
)

// The worked examples of calendar-time.md, from the service's own tests.

func TestExampleSkipYearZero(t *testing.T) {
	c := twoMonths()
	c.SkipYearZero = true
	r := mustNew(t, c)
	if got := mustAdd(t, r, date(-1, 2, 30), 1); got != date(1, 1, 1) {
		t.Errorf("-1-2-30 plus one day = %s, want 1-1-1", got)
	}
	if got := mustAdd(t, r, date(1, 1, 1), -1); got != date(-1, 2, 30) {
		t.Errorf("1-1-1 minus one day = %s, want -1-2-30", got)
	}
	if o := mustOrdinal(t, r, date(1, 1, 1)); o != 0 {
		t.Errorf("ordinal of 1-1-1 = %d, want 0 (year 1 is first with skip_year_zero)", o)
	}
	if err := r.Check(date(0, 1, 1)); err == nil || err.Error() != "year 0 does not exist in this calendar" {
		t.Errorf("Check(0-1-1) = %v", err)
	}
}

func TestExampleLeapDay(t *testing.T) {
	r := mustNew(t, Calendar{
		Months:   []Month{{Name: "A", Length: 31}, {Name: "B", Length: 28}, {Name: "C", Length: 31}},
		Weekdays: []string{"x", "y", "z", "w", "v"},
		Leap:     LeapRule{Enabled: true, Amount: 1, Month: 2, Offset: 4, Start: 4},
	})
	d := mustAdd(t, r, date(4, 2, 28), 1)
	if d != date(4, 2, 29) {
		t.Fatalf("4-2-28 plus one = %s, want 4-2-29", d)
	}
	if d = mustAdd(t, r, d, 1); d != date(4, 3, 1) {
		t.Fatalf("4-2-29 plus one = %s, want 4-3-1", d)
	}
	if got := mustAdd(t, r, date(5, 2, 28), 1); got != date(5, 3, 1) {
		t.Errorf("5-2-28 plus one = %s, want 5-3-1 (5 is no leap year)", got)
	}
	if got := mustAdd(t, r, date(0, 2, 28), 1); got != date(0, 3, 1) {
		t.Errorf("0-2-28 plus one = %s, want 0-3-1 (no leap year before leap_year_start)", got)
	}
}

func TestExampleStartOffset(t *testing.T) {
	c := twoMonths()
	c.StartOffset = 2
	r := mustNew(t, c)
	for _, d := range []Date{date(0, 1, 1), date(0, 2, 1)} {
		w, ok, err := r.Weekday(d)
		if err != nil || !ok || w != 2 {
			t.Errorf("Weekday(%s) = %d, %v, %v; want weekday 2", d, w, ok, err)
		}
	}
}

func TestExampleMoonPeriod16(t *testing.T) {
	c := twoMonths()
	c.Moons = []Moon{{Name: "M", Fullmoon: "16"}}
	r := mustNew(t, c)
	want := map[int]Phase{1: PhaseFull, 3: PhaseWaningGibbous, 5: PhaseLastQuarter, 7: PhaseWaningCrescent,
		9: PhaseNew, 11: PhaseWaxingCrescent, 13: PhaseFirstQuarter, 15: PhaseWaxingGibbous,
		17: PhaseFull, 19: PhaseWaningGibbous, 21: PhaseLastQuarter, 23: PhaseWaningCrescent,
		25: PhaseNew, 27: PhaseWaxingCrescent, 29: PhaseFirstQuarter}
	if got := phasesByDay(t, r, 0, 1); !maps.Equal(got, want) {
		t.Errorf("phases of 0-1 = %v, want %v", got, want)
	}
}

func TestExampleMoonOffsetAndFraction(t *testing.T) {
	c := twoMonths()
	c.Moons = []Moon{{Name: "Ten", Fullmoon: "10", Offset: 2}, {Name: "Quick", Fullmoon: "2.5"}}
	r := mustNew(t, c)
	ps, _ := r.MoonPhases(date(0, 1, 3))
	if len(ps) == 0 || ps[0] != (MoonPhase{"Ten", PhaseFull}) {
		t.Errorf("phases of 0-1-3 = %v, want Ten full first", ps)
	}
	for _, d := range []Date{date(-1, 2, 28), date(0, 1, 1)} {
		ps, _ := r.MoonPhases(d)
		found := false
		for _, p := range ps {
			found = found || p == MoonPhase{"Quick", PhaseFull}
		}
		if !found {
			t.Errorf("phases of %s = %v, want a full Quick", d, ps)
		}
	}
	// Period 2.5: a phase every 0.3125 days, so several share a day and the
	// first in order shows. Day 0-1-2 (ordinal 1) holds n = 4, 5, 6
	// (1.25, 1.5625, 1.875): new, waxing crescent, first quarter; new shows.
	ps, _ = r.MoonPhases(date(0, 1, 2))
	if len(ps) != 1 || ps[0] != (MoonPhase{"Quick", PhaseNew}) {
		t.Errorf("phases of 0-1-2 = %v, want only Quick new", ps)
	}
}
