package almanac

import (
	"maps"
	"strings"
	"testing"
)

// viewPhases maps the days of a month view to the phase of its first moon.
func viewPhases(t *testing.T, r *Reckoning, y, m int) map[int]Phase {
	t.Helper()
	v, err := r.MonthView(y, m)
	if err != nil {
		t.Fatalf("MonthView(%d, %d): %v", y, m, err)
	}
	out := map[int]Phase{}
	for i, d := range v.Days {
		if d.Date != date(y, m, i+1) {
			t.Fatalf("day %d of the view is %s", i+1, d.Date)
		}
		if len(d.Moons) > 0 {
			out[i+1] = d.Moons[0].Phase
		}
	}
	return out
}

// The month grid shows each moon phase on its own day, not a day or a
// month away from it.
func TestMonthViewShowsEachPhaseOnItsDay(t *testing.T) {
	c := twoMonths()
	c.Moons = []Moon{{Name: "M", Fullmoon: "16"}}
	r := mustNew(t, c)
	// A phase every 2 days from day 0, phase n mod 8 on day 2n: month 2
	// of year 0 starts on day 30, phase 15 mod 8 = 7.
	want := map[int]Phase{1: PhaseWaxingGibbous, 3: PhaseFull, 5: PhaseWaningGibbous, 7: PhaseLastQuarter,
		9: PhaseWaningCrescent, 11: PhaseNew, 13: PhaseWaxingCrescent, 15: PhaseFirstQuarter,
		17: PhaseWaxingGibbous, 19: PhaseFull, 21: PhaseWaningGibbous, 23: PhaseLastQuarter,
		25: PhaseWaningCrescent, 27: PhaseNew, 29: PhaseWaxingCrescent}
	if got := viewPhases(t, r, 0, 2); !maps.Equal(got, want) {
		t.Errorf("view of 0-2: %v, want %v", got, want)
	}
	// Selûne in Hammer 1492, worked out in TestHarptosSelune.
	h := mustNew(t, harptos())
	want = map[int]Phase{2: PhaseFull, 5: PhaseWaningGibbous, 9: PhaseLastQuarter, 13: PhaseWaningCrescent,
		17: PhaseNew, 21: PhaseWaxingCrescent, 24: PhaseFirstQuarter, 28: PhaseWaxingGibbous}
	if got := viewPhases(t, h, 1492, 1); !maps.Equal(got, want) {
		t.Errorf("view of Hammer 1492: %v, want %v", got, want)
	}
}

// Two weekdays are enough for a grid: they alternate.
func TestMonthViewWithTwoWeekdays(t *testing.T) {
	c := twoMonths()
	c.Weekdays = []string{"Odd", "Even"}
	r := mustNew(t, c)
	v, err := r.MonthView(0, 2)
	if err != nil {
		t.Fatalf("MonthView with two weekdays: %v", err)
	}
	for i, d := range v.Days {
		want := []string{"Odd", "Even"}[i%2]
		if d.Weekday == nil || *d.Weekday != want || d.Column != i%2 {
			t.Fatalf("day %d of 0-2: %+v, want %s", i+1, d, want)
		}
	}
}

// Selûne a million years before 1 DR: Hammer -1000000 starts on day
// -365,000,000 (no leap years before year 4). -11,991,786 cycles of 30.4375
// days are day -364,999,986.375, so the full moon is on day
// -364,999,987, 14 Hammer; the other phases follow every 3.8046875 days
// (-364,999,997.79 on 3 Hammer ... -364,999,971.16 on 29 Hammer).
func TestSeluneAMillionYearsAgo(t *testing.T) {
	r := mustNew(t, harptos())
	if o := mustOrdinal(t, r, date(-1_000_000, 1, 1)); o != -365_000_000 {
		t.Fatalf("ordinal of -1000000-1-1 = %d, want -365000000", o)
	}
	want := map[int]Phase{3: PhaseWaxingCrescent, 7: PhaseFirstQuarter, 10: PhaseWaxingGibbous, 14: PhaseFull,
		18: PhaseWaningGibbous, 22: PhaseLastQuarter, 26: PhaseWaningCrescent, 29: PhaseNew}
	if got := phasesByDay(t, r, -1_000_000, 1); !maps.Equal(got, want) {
		t.Errorf("Selûne in Hammer -1000000 = %v, want %v", got, want)
	}
	if got := viewPhases(t, r, -1_000_000, 1); !maps.Equal(got, want) {
		t.Errorf("view of Hammer -1000000 = %v, want %v", got, want)
	}
}

// Periods as the service may write them: without a leading zero, with
// 40 digits before the point, with 1000 after it.
func TestMoonPeriodsWrittenInFull(t *testing.T) {
	sixteen := map[int]Phase{1: PhaseFull, 3: PhaseWaningGibbous, 5: PhaseLastQuarter, 7: PhaseWaningCrescent,
		9: PhaseNew, 11: PhaseWaxingCrescent, 13: PhaseFirstQuarter, 15: PhaseWaxingGibbous,
		17: PhaseFull, 19: PhaseWaningGibbous, 21: PhaseLastQuarter, 23: PhaseWaningCrescent,
		25: PhaseNew, 27: PhaseWaxingCrescent, 29: PhaseFirstQuarter}
	everyDayFull := map[int]Phase{}
	for d := 1; d <= 30; d++ {
		everyDayFull[d] = PhaseFull
	}
	cases := []struct {
		name, fullmoon string
		offset         int
		want           map[int]Phase
	}{
		// Half a day: eight phases in every day, full shows.
		{"no leading zero", ".5", 0, everyDayFull},
		{"1000 decimals", "16." + strings.Repeat("0", 1000), 0, sixteen},
		// 10^39 days: one full moon, on its offset, in all the years.
		{"40 digits", "1" + strings.Repeat("0", 39), 6, map[int]Phase{7: PhaseFull}},
	}
	for _, tc := range cases {
		c := twoMonths()
		c.Moons = []Moon{{Name: "M", Fullmoon: tc.fullmoon, Offset: tc.offset}}
		r := mustNew(t, c)
		if got := phasesByDay(t, r, 0, 1); !maps.Equal(got, tc.want) {
			t.Errorf("%s: phases of 0-1 = %v, want %v", tc.name, got, tc.want)
		}
	}
}
