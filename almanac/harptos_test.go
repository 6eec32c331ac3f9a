package almanac

import (
	"maps"
	"testing"
)

// Hand-worked cases on the Calendar of Harptos: twelve 30-day months, five
// one-day festivals outside the tendays, Shieldmeet (a second day of
// Midsummer) in the years divisible by 4.

func TestHarptosYears(t *testing.T) {
	r := mustNew(t, harptos())
	for y, want := range map[int]int64{1491: 365, 1492: 366, 1500: 366, 4: 366, 0: 365, -4: 365} {
		if got, _ := r.YearLength(y); got != want {
			t.Errorf("year %d has %d days, want %d", y, got, want)
		}
	}
	// 1492 years of 365 days before 1492, plus the leap years 4, 8, ..., 1488.
	if got := mustOrdinal(t, r, date(1492, 1, 1)); got != 1492*365+372 {
		t.Errorf("ordinal of 1492-1-1 = %d, want %d", got, 1492*365+372)
	}
	if got := mustOrdinal(t, r, date(-1, 1, 1)); got != -365 {
		t.Errorf("ordinal of -1-1-1 = %d, want -365 (no leap years before the start)", got)
	}
}

func TestHarptosShieldmeet(t *testing.T) {
	r := mustNew(t, harptos())
	if got := mustAdd(t, r, date(1492, 10, 1), 1); got != date(1492, 10, 2) {
		t.Errorf("Midsummer 1492 plus one = %s, want Shieldmeet 1492-10-2", got)
	}
	if got := mustAdd(t, r, date(1492, 10, 1), 2); got != date(1492, 11, 1) {
		t.Errorf("Midsummer 1492 plus two = %s, want 1 Eleasis", got)
	}
	if got := mustAdd(t, r, date(1491, 10, 1), 1); got != date(1491, 11, 1) {
		t.Errorf("Midsummer 1491 plus one = %s, want 1 Eleasis", got)
	}
	if err := r.Check(date(1491, 10, 2)); err == nil || err.Error() != "day 2 of Midsummer exists only in leap years" {
		t.Errorf("Check(1491-10-2) = %v", err)
	}
	if got, err := r.AddYears(date(1492, 10, 2), 1); err != nil || got != date(1493, 10, 1) {
		t.Errorf("Shieldmeet plus a year = %s, %v; want 1493-10-1 (clamped)", got, err)
	}
	if got, err := r.AddYears(date(1492, 10, 2), 4); err != nil || got != date(1496, 10, 2) {
		t.Errorf("Shieldmeet plus four years = %s, %v; want 1496-10-2", got, err)
	}
	if got, err := r.AddMonths(date(1491, 9, 30), 1); err != nil || got != date(1491, 10, 1) {
		t.Errorf("30 Flamerule 1491 plus a month = %s, %v; want Midsummer (clamped to its length)", got, err)
	}
	if got, err := r.AddMonths(date(1492, 9, 30), 1); err != nil || got != date(1492, 10, 2) {
		t.Errorf("30 Flamerule 1492 plus a month = %s, %v; want Shieldmeet", got, err)
	}
	if got, err := r.AddMonths(date(1492, 17, 30), 2); err != nil || got != date(1493, 2, 1) {
		t.Errorf("30 Nightal plus two months = %s, %v; want 1493-2-1", got, err)
	}
	if got, err := r.AddMonths(date(1492, 1, 5), -1); err != nil || got != date(1491, 17, 5) {
		t.Errorf("5 Hammer minus a month = %s, %v; want 1491-17-5", got, err)
	}
}

func TestHarptosWeekdays(t *testing.T) {
	r := mustNew(t, harptos())
	// 360 standard days a year, the festivals outside the tendays: every
	// month begins on First-day, and the 3rd is Third-day.
	for _, d := range []Date{date(1492, 1, 1), date(1492, 4, 1), date(1492, 11, 1), date(1491, 17, 1), date(-7, 3, 1)} {
		if w, ok, err := r.Weekday(d); err != nil || !ok || w != 0 {
			t.Errorf("Weekday(%s) = %d, %v, %v; want First-day", d, w, ok, err)
		}
	}
	if w, _, _ := r.Weekday(date(1492, 4, 3)); w != 2 {
		t.Errorf("Weekday(3 Ches 1492) = %d, want 2 (Third-day)", w)
	}
	for _, d := range []Date{date(1492, 2, 1), date(1492, 10, 2)} {
		if _, ok, err := r.Weekday(d); ok || err != nil {
			t.Errorf("Weekday(%s) = ok %v, %v; a festival has no weekday", d, ok, err)
		}
	}
	c := harptos()
	c.StartOffset = 3
	r = mustNew(t, c)
	if w, _, _ := r.Weekday(date(1492, 4, 3)); w != 5 {
		t.Errorf("with start_offset 3, Weekday(3 Ches 1492) = %d, want 5", w)
	}
}

func TestHarptosSelune(t *testing.T) {
	r := mustNew(t, harptos())
	// 17904 cycles of 30.4375 days are exactly 544953 days: 2 Hammer 1492
	// (ordinal 544952 is 1 Hammer). The other phases follow every
	// 3.8046875 days: 544956.80, 544960.61, 544964.41, 544968.22, 544972.02,
	// 544975.83, 544979.63, and the next full moon 544983.44 is 1 Alturiak.
	want := map[int]Phase{2: PhaseFull, 5: PhaseWaningGibbous, 9: PhaseLastQuarter, 13: PhaseWaningCrescent,
		17: PhaseNew, 21: PhaseWaxingCrescent, 24: PhaseFirstQuarter, 28: PhaseWaxingGibbous}
	if got := phasesByDay(t, r, 1492, 1); !maps.Equal(got, want) {
		t.Errorf("Selûne in Hammer 1492 = %v, want %v", got, want)
	}
	if got := phasesByDay(t, r, 1492, 2); len(got) != 0 {
		t.Errorf("Selûne on Midwinter 1492 = %v, want nothing", got)
	}
	if got := phasesByDay(t, r, 1492, 3); got[1] != PhaseFull {
		t.Errorf("Selûne on 1 Alturiak 1492 = %v, want full", got)
	}
}

func TestHarptosSeasons(t *testing.T) {
	r := mustNew(t, harptos())
	cases := []struct {
		d     Date
		name  string
		start Date
	}{
		{date(1492, 1, 1), "Winter", date(1491, 17, 20)},
		{date(1492, 4, 18), "Winter", date(1491, 17, 20)},
		{date(1492, 4, 19), "Spring", date(1492, 4, 19)},
		{date(1492, 10, 2), "Summer", date(1492, 8, 20)},
		{date(1492, 17, 30), "Winter", date(1492, 17, 20)},
	}
	for _, c := range cases {
		s, ok, err := r.SeasonOf(c.d)
		if err != nil || !ok || s.Name != c.name || s.Date != c.start {
			t.Errorf("SeasonOf(%s) = %+v, %v, %v; want %s from %s", c.d, s, ok, err, c.name, c.start)
		}
	}
	starts, _ := r.SeasonStarts(1492)
	if len(starts) != 4 || starts[0].Date != date(1492, 4, 19) || starts[3].Name != "Winter" {
		t.Errorf("SeasonStarts(1492) = %+v", starts)
	}
}

func TestSeasonOnlyInLeapYears(t *testing.T) {
	c := harptos()
	c.Seasons = []Season{{"Shield", 10, 2}}
	r := mustNew(t, c)
	for _, d := range []Date{date(1493, 1, 1), date(1495, 17, 30), date(1496, 10, 1)} {
		s, ok, _ := r.SeasonOf(d)
		if !ok || s.Date != date(1492, 10, 2) {
			t.Errorf("SeasonOf(%s) = %+v, %v; want Shield from 1492-10-2", d, s, ok)
		}
	}
	if s, ok, _ := r.SeasonOf(date(1496, 10, 2)); !ok || s.Date != date(1496, 10, 2) {
		t.Errorf("SeasonOf(1496-10-2) = %+v, %v", s, ok)
	}
	if s, ok, _ := r.SeasonOf(date(3, 1, 1)); ok {
		t.Errorf("SeasonOf(3-1-1) = %+v; no leap year came before it", s)
	}
	if starts, _ := r.SeasonStarts(1493); len(starts) != 0 {
		t.Errorf("SeasonStarts(1493) = %+v; the day does not exist", starts)
	}
}

func TestSeasonOnlyInCommonYears(t *testing.T) {
	// A leap rule that takes 29 days from a 30-day month every year from 10:
	// day 30 of it exists only in the years before 10.
	c := twoMonths()
	c.Leap = LeapRule{Enabled: true, Amount: -29, Month: 1, Offset: 0, Start: 10}
	c.Seasons = []Season{{"Late", 1, 30}}
	r := mustNew(t, c)
	if n, _ := r.MonthLength(10, 1); n != 1 {
		t.Fatalf("month 1 of year 10 has %d days, want 1", n)
	}
	if s, ok, _ := r.SeasonOf(date(500, 2, 1)); !ok || s.Date != date(9, 1, 30) {
		t.Errorf("SeasonOf(500-2-1) = %+v, %v; want Late from 9-1-30", s, ok)
	}
	if err := r.Check(date(10, 1, 30)); err == nil || err.Error() != "day 30 of One does not exist in leap years" {
		t.Errorf("Check(10-1-30) = %v", err)
	}
}
