package almanac

import (
	"math"
	"testing"
)

// FuzzParseDate: any input is parsed or refused without panic; a date that
// parses exists, and both of its written forms parse back to it.
func FuzzParseDate(f *testing.F) {
	for _, s := range []string{"1492-4-3", "1492-Ches-3", "3 Ches 1492", "-12-3-1", "3 Ches, Year of Three Ships Sailing DR",
		"2 Midsummer 1491", "1492-M-3", "1 feast 0", "99999999999999999999-1-1", "1-1-1-1", " - - ", "3 , DR", "3 Ches,", "0-0-0"} {
		f.Add(s)
	}
	r := mustNew(f, harptos())
	f.Fuzz(func(t *testing.T, s string) {
		d, err := r.ParseDate(s)
		if err != nil {
			return
		}
		if err := r.Check(d); err != nil {
			t.Fatalf("ParseDate(%q) = %s, which does not exist: %v", s, d, err)
		}
		if back, err := r.ParseDate(d.String()); err != nil || back != d {
			t.Fatalf("ParseDate(%q) = %s, but %q reads as %s, %v", s, d, d.String(), back, err)
		}
		if back, err := r.ParseDate(r.Format(d)); err != nil || back != d {
			t.Fatalf("ParseDate(%q) = %s, but %q reads as %s, %v", s, d, r.Format(d), back, err)
		}
	})
}

// FuzzOrdinalRoundTrip: on Harptos with a fuzzed leap rule, every day
// number in range has a date whose day number it is, and moving by n days
// and back returns to it.
func FuzzOrdinalRoundTrip(f *testing.F) {
	f.Add(int64(0), int64(1), false, 4, 4, 1)
	f.Add(int64(544952), int64(-365_000), true, 4, 4, 1)
	f.Add(int64(-1), int64(math.MaxInt64), true, 0, -3, -40)
	f.Add(int64(math.MinInt64), int64(math.MinInt64), false, math.MaxInt, math.MinInt, math.MaxInt)
	f.Add(int64(365_000_000_000_000), int64(-1), false, 1, 1_000_000_000_000, 2)
	f.Fuzz(func(t *testing.T, ord, n int64, skip bool, offset, start, amount int) {
		c := harptos()
		c.SkipYearZero = skip
		c.Leap = LeapRule{Enabled: true, Amount: amount, Month: 10, Offset: offset, Start: start}
		r, err := New(c)
		if err != nil {
			return
		}
		d, err := r.DateOf(ord)
		if err != nil {
			first, last := r.OrdinalRange()
			if ord >= first && ord <= last {
				t.Fatalf("DateOf(%d) in range failed: %v", ord, err)
			}
			return
		}
		if back, err := r.Ordinal(d); err != nil || back != ord {
			t.Fatalf("Ordinal(DateOf(%d) = %s) = %d, %v", ord, d, back, err)
		}
		there, err := r.AddDays(d, n)
		if err != nil {
			return
		}
		if back, err := r.AddDays(there, -n); err != nil || back != d {
			t.Fatalf("%s + %d - %d = %s, %v", d, n, n, back, err)
		}
	})
}
