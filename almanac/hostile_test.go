package almanac

import (
	"math"
	"testing"
	"time"
)

func TestNewRefuses(t *testing.T) {
	cases := []struct {
		c    Calendar
		want string
	}{
		{Calendar{}, "the calendar has no months"},
		{Calendar{Months: []Month{{Name: "Long", Length: 2_000_000}}}, "month 1 (Long) has 2000000 days; a year may have at most 1000000"},
		{Calendar{Months: []Month{{Name: "A", Length: 600_000}, {Name: "B", Length: 600_000}}}, "a year of the calendar has 1200000 days; at most 1000000 are supported"},
		{Calendar{Months: []Month{{Name: "A", Length: 30}}, Leap: LeapRule{Enabled: true, Amount: math.MaxInt, Month: 1}}, "leap_year_amount 9223372036854775807 is out of range: at most 1000000 days either way"},
		{Calendar{Months: []Month{{Name: "A", Length: 30}}, Leap: LeapRule{Enabled: true, Amount: 1, Start: math.MinInt}}, "leap_year_start -9223372036854775808 is out of range: years go from -1000000000000 to 1000000000000"},
		{Calendar{Months: []Month{{Name: "A", Length: 999_999}}, Leap: LeapRule{Enabled: true, Amount: 5, Month: 1}}, "a leap year of the calendar has 1000004 days; at most 1000000 are supported"},
	}
	for _, c := range cases {
		_, err := New(c.c)
		if err == nil || err.Error() != c.want {
			t.Errorf("New = %v, want %s", err, c.want)
		}
	}
}

func TestHostileButAccepted(t *testing.T) {
	start := time.Now()
	// Lengths below 1 count as 1; a negative leap amount never empties a
	// month; a leap offset of 0 counts as 1; a leap month out of the list adds nothing.
	r := mustNew(t, Calendar{
		Months:      []Month{{Name: "Zero", Length: 0}, {Name: "Neg", Length: -5}, {Name: "Ten", Length: 10}},
		Weekdays:    []string{"a", "b", "c"},
		Leap:        LeapRule{Enabled: true, Amount: -1000, Month: 3, Offset: 0, Start: 1},
		StartOffset: math.MinInt,
		Moons:       []Moon{{Name: "Tiny", Fullmoon: "0.000000001", Offset: math.MinInt}},
	})
	for y, want := range map[int]int64{0: 12, 1: 3, 2: 3, MaxYear: 3} {
		if got, _ := r.YearLength(y); got != want {
			t.Errorf("year %d has %d days, want %d", y, got, want)
		}
	}
	for _, d := range []Date{date(MaxYear, 3, 1), date(-MaxYear, 3, 10), date(0, 2, 1)} {
		o := mustOrdinal(t, r, d)
		if back, err := r.DateOf(o); err != nil || back != d {
			t.Errorf("DateOf(Ordinal(%s)) = %s, %v", d, back, err)
		}
		if _, _, err := r.Weekday(d); err != nil {
			t.Errorf("Weekday(%s): %v", d, err)
		}
		if _, err := r.MonthView(d.Year, d.Month); err != nil {
			t.Errorf("MonthView(%s): %v", d, err)
		}
	}
	// Outside the range: errors, no panic, no overflow.
	first, last := r.OrdinalRange()
	for _, o := range []int64{math.MinInt64, math.MaxInt64, first - 1, last + 1} {
		if _, err := r.DateOf(o); err == nil {
			t.Errorf("DateOf(%d) succeeded", o)
		}
	}
	for _, n := range []int64{math.MaxInt64, math.MinInt64, last - first + 1} {
		if _, err := r.AddDays(date(0, 1, 1), n); err == nil {
			t.Errorf("AddDays(%d) succeeded", n)
		}
		if _, err := r.AddMonths(date(0, 1, 1), n); err == nil {
			t.Errorf("AddMonths(%d) succeeded", n)
		}
		if _, err := r.AddYears(date(0, 1, 1), n); err == nil {
			t.Errorf("AddYears(%d) succeeded", n)
		}
	}
	if d, err := r.AddYears(date(0, 1, 1), MaxYear); err != nil || d != date(MaxYear, 1, 1) {
		t.Errorf("AddYears to the last year = %s, %v", d, err)
	}
	if d, err := r.AddDays(date(-MaxYear, 1, 1), last-first); err != nil || d != date(MaxYear, 3, 1) {
		t.Errorf("AddDays across the whole range = %s, %v", d, err)
	}
	if _, err := r.Ordinal(date(1_000_000_000_000_000, 1, 1)); err == nil {
		t.Error("year 10^15 accepted")
	}
	if _, err := r.MonthView(math.MaxInt, 1); err == nil {
		t.Error("MonthView of year MaxInt accepted")
	}
	if took := time.Since(start); took > 2*time.Second {
		t.Errorf("hostile calls took %s", took)
	}
}

func TestFewWeekdays(t *testing.T) {
	r := mustNew(t, Calendar{Months: []Month{{Name: "M", Length: 3}}, Weekdays: []string{"Only"}})
	if _, _, err := r.Weekday(date(1, 1, 1)); err != ErrFewWeekdays {
		t.Errorf("Weekday with one weekday = %v", err)
	}
	if _, err := r.MonthView(1, 1); err != ErrFewWeekdays {
		t.Errorf("MonthView with one weekday = %v", err)
	}
	// Dates still count.
	if d := mustAdd(t, r, date(1, 1, 3), 1); d != date(2, 1, 1) {
		t.Errorf("AddDays = %s", d)
	}
}
