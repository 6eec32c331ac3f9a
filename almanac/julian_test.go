package almanac

import (
	"math/rand"
	"testing"
	"time"
)

// julianLike is the Gregorian calendar without its 100/400 rules (which no
// leap rule can express): a leap day in February every 4 years from year 4.
// Between 1901-03-01 and 2099-12-31 it counts days exactly as the Gregorian
// calendar does, so Go's time package checks it.
func julianLike() Calendar {
	lengths := []int{31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31}
	c := Calendar{
		Weekdays: []string{"Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"},
		Leap:     LeapRule{Enabled: true, Amount: 1, Month: 2, Offset: 4, Start: 4},
	}
	for i, n := range lengths {
		c.Months = append(c.Months, Month{Name: time.Month(i + 1).String(), Length: n})
	}
	return c
}

func TestJulianLikeAgainstGregorian(t *testing.T) {
	c := julianLike()
	r := mustNew(t, c)
	// Choose start_offset so that 2000-01-01 is a Saturday, as it was.
	w, _, _ := r.Weekday(date(2000, 1, 1))
	c.StartOffset = int(FloorMod(int64(time.Saturday)-int64(w), 7))
	r = mustNew(t, c)

	anchor := time.Date(2000, 1, 1, 12, 0, 0, 0, time.UTC)
	anchorOrd := mustOrdinal(t, r, date(2000, 1, 1))
	rng := rand.New(rand.NewSource(1))
	first := time.Date(1901, 3, 1, 12, 0, 0, 0, time.UTC)
	span := int(time.Date(2099, 12, 31, 12, 0, 0, 0, time.UTC).Sub(first).Hours() / 24)
	for range 3000 {
		g := first.AddDate(0, 0, rng.Intn(span+1))
		d := date(g.Year(), int(g.Month()), g.Day())
		if err := r.Check(d); err != nil {
			t.Fatalf("%s: %v", d, err)
		}
		if w, ok, err := r.Weekday(d); err != nil || !ok || w != int(g.Weekday()) {
			t.Fatalf("Weekday(%s) = %d, %v, %v; want %s", d, w, ok, err, g.Weekday())
		}
		wantOrd := anchorOrd + int64(g.Sub(anchor).Hours()/24)
		if got := mustOrdinal(t, r, d); got != wantOrd {
			t.Fatalf("Ordinal(%s) = %d, want %d", d, got, wantOrd)
		}
		if back, err := r.DateOf(wantOrd); err != nil || back != d {
			t.Fatalf("DateOf(%d) = %s, %v; want %s", wantOrd, back, err, d)
		}
	}
	// Known dates.
	for _, k := range []struct {
		d    Date
		want time.Weekday
	}{{date(1969, 7, 20), time.Sunday}, {date(2024, 2, 29), time.Thursday}, {date(1945, 5, 8), time.Tuesday}} {
		if w, _, _ := r.Weekday(k.d); w != int(k.want) {
			t.Errorf("Weekday(%s) = %s, want %s", k.d, time.Weekday(w), k.want)
		}
	}
	if err := r.Check(date(2023, 2, 29)); err == nil || err.Error() != "day 29 of February exists only in leap years" {
		t.Errorf("Check(2023-2-29) = %v", err)
	}
}
