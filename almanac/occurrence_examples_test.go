package almanac

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

// tiny is reminders.md's TINY: Hammer 30, Midwinter 1 (intercalary),
// Tarsakh 28 (+1 in years 4, 8, 12, ...), Flamerule 31; year 0 exists; moon
// id 3 of period 10 and offset 2 (full moons on days 2, 12, 22, 32).
func tiny() Calendar {
	return Calendar{
		Months: []Month{{Name: "Hammer", Length: 30}, {Name: "Midwinter", Length: 1, Intercalary: true},
			{Name: "Tarsakh", Length: 28}, {Name: "Flamerule", Length: 31}},
		Moons: []Moon{{Name: "Selune", Fullmoon: "10", Offset: 2, ID: 3}},
		Leap:  LeapRule{Enabled: true, Amount: 1, Month: 3, Offset: 4, Start: 4},
	}
}

// pair is reminders.md's PAIR: First 30, Second 30, skip_year_zero; moon id
// 1 of period 29.5 and offset 0.
func pair() Calendar {
	return Calendar{
		Months:       []Month{{Name: "First", Length: 30}, {Name: "Second", Length: 30}},
		SkipYearZero: true,
		Moons:        []Moon{{Name: "Moon", Fullmoon: "29.5", ID: 1}},
	}
}

// reminderDays lists the days rec covers in the window, as Y-M-D.
func reminderDays(t testing.TB, r *Reckoning, rec Recurrence, from, to Date) []string {
	t.Helper()
	out := []string{}
	for d, o := range r.Days(rec, mustOrdinal(t, r, from), mustOrdinal(t, r, to)) {
		if d < o.Start || d > o.End {
			t.Fatalf("day %d given with occurrence %+v, which does not cover it", d, o)
		}
		date, err := r.DateOf(d)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, date.String())
	}
	return out
}

func recur(d Date, length int, periodicity, until string) Recurrence {
	return Recurrence{Date: d, Length: length, IsRecurring: periodicity != "", Periodicity: periodicity, Until: until}
}

func TestReminderWorkedExamples(t *testing.T) {
	tinyR, pairR := mustNew(t, tiny()), mustNew(t, pair())
	twoWithMoon := twoMonths()
	twoWithMoon.Moons = []Moon{{Name: "Ten", Fullmoon: "10", ID: 1}}
	twoR := mustNew(t, twoWithMoon)
	for _, d := range []Date{date(0, 1, 3), date(0, 1, 13), date(0, 1, 23), date(0, 3, 2)} {
		if ps, _ := tinyR.MoonPhases(d); len(ps) != 1 || ps[0].Phase != PhaseFull {
			t.Fatalf("TINY is not as described: no full moon on %s (%v)", d, ps)
		}
	}
	wide := [2]Date{date(-3, 1, 1), date(20, 4, 31)}
	cases := []struct {
		name     string
		r        *Reckoning
		rec      Recurrence
		from, to Date
		want     string
	}{
		{"1 one-off over a month end and an intercalary month", tinyR, recur(date(5, 1, 29), 4, "", ""), wide[0], wide[1],
			"5-1-29 5-1-30 5-2-1 5-3-1"},
		{"2 one-off begun before the window", tinyR, recur(date(1, 1, 28), 5, "", ""), date(1, 2, 1), date(1, 3, 5),
			"1-2-1 1-3-1"},
		{"3 yearly on a leap day: skipped, not clamped", tinyR, recur(date(4, 3, 29), 1, "year", ""), date(1, 1, 1), date(13, 4, 31),
			"4-3-29 8-3-29 12-3-29"},
		{"4 monthly on day 30: short months skipped", tinyR, recur(date(1, 1, 30), 1, "month", ""), date(0, 1, 1), date(2, 1, 30),
			"1-1-30 1-4-30 2-1-30"},
		{"5 monthly until 1, intercalary month included", tinyR, recur(date(1, 1, 1), 1, "month", "1"), date(0, 1, 1), date(3, 4, 31),
			"1-1-1 1-2-1 1-3-1 1-4-1"},
		{"6 yearly until 2 spills into 3", tinyR, recur(date(1, 4, 30), 3, "year", "2"), wide[0], wide[1],
			"1-4-30 1-4-31 2-1-1 2-4-30 2-4-31 3-1-1"},
		{"7 full moons from the own date", tinyR, recur(date(0, 1, 10), 1, "3_f", ""), date(0, 1, 1), date(0, 3, 10),
			"0-1-13 0-1-23 0-3-2"},
		{"8 waxing crescents of two days", tinyR, recur(date(0, 1, 1), 2, "3_waxing_crescent", ""), date(0, 1, 1), date(0, 3, 10),
			"0-1-9 0-1-10 0-1-19 0-1-20 0-1-29 0-1-30 0-3-8 0-3-9"},
		{"9 a moon that is gone", tinyR, recur(date(0, 1, 1), 1, "1_f", ""), wide[0], wide[1], ""},
		{"9 yearly, the documented periodicity", tinyR, recur(date(0, 1, 1), 1, "yearly", ""), wide[0], wide[1], ""},
		{"9 yearly on an own date that does not exist", tinyR, recur(date(1, 3, 29), 1, "year", ""), wide[0], wide[1], ""},
		{"10 PAIR monthly across the missing year 0", pairR, recur(date(-1, 2, 9), 2, "month", ""), date(-1, 2, 1), date(1, 1, 15),
			"-1-2-9 -1-2-10 1-1-9 1-1-10"},
		{"11 PAIR new moons (days 14, 44, 73, 103)", pairR, recur(date(1, 1, 1), 1, "1_n", ""), date(1, 1, 1), date(2, 2, 30),
			"1-1-15 1-2-15 2-1-14 2-2-14"},
		{"12 monthly of 3 days begun before the window", twoR, recur(date(0, 1, 30), 3, "month", ""), date(0, 2, 1), date(0, 2, 2),
			"0-2-1 0-2-2"},
		{"12 the next full moon after 0-1-2", twoR, recur(date(0, 1, 2), 1, "1_f", ""), date(0, 1, 2), date(0, 1, 11),
			"0-1-11"},
		{"12 the next waxing crescent after 0-1-2", twoR, recur(date(0, 1, 2), 1, "1_waxing_crescent", ""), date(0, 1, 2), date(0, 1, 7),
			"0-1-7"},
	}
	for _, c := range cases {
		got := strings.Join(reminderDays(t, c.r, c.rec, c.from, c.to), " ")
		if got != c.want {
			t.Errorf("example %s: %+v from %s to %s\n got %q\nwant %q", c.name, c.rec, c.from, c.to, got, c.want)
		}
	}
	// Example 9's last case, another calendar's reminder, is the caller's
	// filter: a Recurrence carries no calendar.
}

func TestReminderNothingSaysWhy(t *testing.T) {
	r := mustNew(t, tiny())
	var perr *PeriodicityError
	if err := r.CheckRecurrence(recur(date(0, 1, 1), 1, "yearly", "")); !errors.As(err, &perr) || perr.Value != "yearly" {
		t.Errorf("yearly: %v", err)
	}
	var uerr *UntilError
	if err := r.CheckRecurrence(recur(date(0, 1, 1), 1, "year", "soon")); !errors.As(err, &uerr) {
		t.Errorf("until soon: %v", err)
	}
	for rec, want := range map[Recurrence]string{
		recur(date(1, 3, 29), 1, "year", ""):  "its date 1-3-29 does not exist: day 29 of Tarsakh exists only in leap years",
		recur(date(1, 5, 1), 1, "", ""):       "its date 1-5-1 does not exist: month 5 does not exist: the calendar has 4 months",
		recur(date(1, 1, 1), 0, "", ""):       "its length 0 is below 1 day",
		recur(date(1, 1, 1), 1, "1_f", ""):    "the calendar has no moon with id 1",
		recur(date(1, 1, 1), 1, "3_full", ""): `"3_full" is not a periodicity`,
		recur(date(1, 1, 1), 1, "year", "x"):  `recurring_until "x" is not a number`,
	} {
		if err := r.CheckRecurrence(rec); err == nil || !strings.HasPrefix(err.Error(), want) {
			t.Errorf("%+v: %v, want %q", rec, err, want)
		}
		if days := reminderDays(t, r, rec, date(-5, 1, 1), date(10, 4, 31)); len(days) != 0 {
			t.Errorf("%+v falls on %v", rec, days)
		}
	}
	for _, rec := range []Recurrence{
		recur(date(1, 1, 1), 1, "year", "0"), // ends before its own year: valid, and nothing
		recur(date(1, 1, 1), 1, "3_f", ""),
	} {
		if err := r.CheckRecurrence(rec); err != nil {
			t.Errorf("%+v: %v", rec, err)
		}
	}
	c := tiny()
	c.Moons = []Moon{{Name: "Flat", Fullmoon: "0", ID: 3}, {Name: "Later", Fullmoon: "10", ID: 3}}
	if err := mustNew(t, c).CheckRecurrence(recur(date(0, 1, 1), 1, "3_f", "")); err == nil ||
		err.Error() != `moon 3 (Flat) has no phases: its fullmoon "0" is not a positive decimal` {
		t.Errorf("the first moon with the id has no period: %v", err)
	}
}

func TestReminderRecursOnlyWhenRecurring(t *testing.T) {
	r := mustNew(t, tiny())
	window := [2]Date{date(0, 1, 1), date(3, 4, 31)}
	// is_recurring false: one-off, whatever the periodicity and until say.
	for _, rec := range []Recurrence{
		{Date: date(1, 1, 5), Length: 1, Periodicity: "year", Until: "x"},
		{Date: date(1, 1, 5), Length: 1, Periodicity: "yearly"},
		{Date: date(1, 1, 5), Length: 1, IsRecurring: true, Until: "x"}, // no periodicity
	} {
		if got := reminderDays(t, r, rec, window[0], window[1]); !slices.Equal(got, []string{"1-1-5"}) {
			t.Errorf("%+v: %v, want the own date only", rec, got)
		}
	}
	if got := reminderDays(t, r, recur(date(1, 1, 5), 1, "year", ""), window[0], window[1]); !slices.Equal(got, []string{"1-1-5", "2-1-5", "3-1-5"}) {
		t.Errorf("recurring yearly: %v", got)
	}
}

func TestReminderOccurrencesListSpans(t *testing.T) {
	r := mustNew(t, tiny())
	span := func(from, to Date) Occurrence {
		return Occurrence{Start: mustOrdinal(t, r, from), End: mustOrdinal(t, r, to)}
	}
	got := slices.Collect(r.Occurrences(recur(date(1, 4, 30), 3, "year", "2"), mustOrdinal(t, r, date(1, 1, 1)), mustOrdinal(t, r, date(9, 1, 1))))
	want := []Occurrence{span(date(1, 4, 30), date(2, 1, 1)), span(date(2, 4, 30), date(3, 1, 1))}
	if !slices.Equal(got, want) {
		t.Errorf("example 6 as occurrences: %v, want %v", got, want)
	}
	// Begun before the window, listed whole.
	got = slices.Collect(r.Occurrences(recur(date(1, 1, 28), 5, "", ""), mustOrdinal(t, r, date(1, 2, 1)), mustOrdinal(t, r, date(1, 3, 5))))
	if want := []Occurrence{span(date(1, 1, 28), date(1, 3, 1))}; !slices.Equal(got, want) {
		t.Errorf("example 2 as occurrences: %v, want %v", got, want)
	}
	// A window ending the day before, or starting the day after: nothing.
	for _, w := range [][2]Date{{date(0, 1, 1), date(1, 1, 27)}, {date(1, 3, 2), date(1, 4, 1)}} {
		if got := slices.Collect(r.Occurrences(recur(date(1, 1, 28), 5, "", ""), mustOrdinal(t, r, w[0]), mustOrdinal(t, r, w[1]))); len(got) != 0 {
			t.Errorf("window %s..%s: %v", w[0], w[1], got)
		}
	}
}

// Overlapping occurrences give each day once, with the latest to start.
func TestReminderOverlapsGiveEachDayOnce(t *testing.T) {
	r := mustNew(t, twoMonths())
	rec := recur(date(0, 1, 1), 45, "month", "")
	var days []int64
	var starts []int64
	for d, o := range r.Days(rec, mustOrdinal(t, r, date(0, 1, 1)), mustOrdinal(t, r, date(0, 2, 30))) {
		days, starts = append(days, d), append(starts, o.Start)
	}
	if len(days) != 60 || days[0] != 0 || days[59] != 59 {
		t.Fatalf("days %v", days)
	}
	for i, s := range starts {
		want := int64(0)
		if i >= 30 {
			want = 30
		}
		if s != want {
			t.Fatalf("day %d credited to the occurrence of day %d, want %d", i, s, want)
		}
	}
	occ := slices.Collect(r.Occurrences(rec, 0, 59))
	if want := []Occurrence{{0, 44}, {30, 74}}; !slices.Equal(occ, want) {
		t.Errorf("occurrences %v, want %v", occ, want)
	}
}
