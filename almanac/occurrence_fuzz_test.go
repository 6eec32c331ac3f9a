package almanac

import (
	"math"
	"testing"
	"time"
)

// FuzzReminderOccurrences: any calendar rule, reminder and window is
// expanded without panic, in order, inside the window, and each step comes
// quickly (a step that walked days or years would not).
func FuzzReminderOccurrences(f *testing.F) {
	f.Add(false, 1, 4, 4, "30.4375", 0, 1492, 4, 3, 1, true, "year", "", int64(0), int64(400))
	f.Add(true, -3, 0, -10, "0.0000000001", 5, -2_000_000_000, 1, 30, 1<<31, true, "month", "9e18", int64(-1), int64(math.MaxInt64))
	f.Add(true, 1, 1, 0, "123456789012345678901234567890", math.MinInt, 0, 2, 1, math.MaxInt, true, "1_waxing_gibbous", "1e999", int64(math.MinInt64), int64(math.MaxInt64))
	f.Add(false, 1_000_000, 2, 1_000_000_000_000, "29.5", math.MaxInt, 1_000_000_000_000, 17, 30, 3, true, "1_f\n", "-5", int64(365_000_000_000_000), int64(365_000_000_000_900))
	f.Add(true, 2, 3, -1, "7", 0, -1, 10, 2, 0, false, "yearly", "abc", int64(-400), int64(400))
	f.Fuzz(func(t *testing.T, skip bool, amount, offset, start int, fullmoon string, moonOffset, y, m, d, length int,
		recurring bool, periodicity, until string, from, to int64) {
		c := harptos()
		c.SkipYearZero = skip
		c.Leap = LeapRule{Enabled: true, Amount: amount, Month: 10, Offset: offset, Start: start}
		c.Moons = []Moon{{Name: "M", Fullmoon: fullmoon, Offset: moonOffset, ID: 1}}
		r, err := New(c)
		if err != nil {
			return
		}
		rec := Recurrence{Date: Date{y, m, d}, Length: length, IsRecurring: recurring, Periodicity: periodicity, Until: until}
		bad := r.CheckRecurrence(rec) != nil
		const steps = 300
		const slowest = time.Second // a generous bound for a loaded machine; a walk over years takes far longer
		began, prev, n := time.Now(), int64(math.MinInt64), 0
		for o := range r.Occurrences(rec, from, to) {
			if bad || o.Start > o.End || o.Start <= prev && n > 0 || o.Start > to || o.End < from {
				t.Fatalf("%+v in %d..%d: occurrence %+v after start %d (CheckRecurrence failed: %v)", rec, from, to, o, prev, bad)
			}
			if prev, n = o.Start, n+1; n == steps || time.Since(began) > slowest {
				break
			}
		}
		if time.Since(began) > slowest {
			t.Fatalf("%+v in %d..%d: %d occurrences took %v", rec, from, to, n, time.Since(began))
		}
		began, prev, n = time.Now(), 0, 0
		for day, o := range r.Days(rec, from, to) {
			if bad || day < from || day > to || day < o.Start || day > o.End || n > 0 && day <= prev {
				t.Fatalf("%+v in %d..%d: day %d (after %d) with %+v", rec, from, to, day, prev, o)
			}
			if prev, n = day, n+1; n == steps || time.Since(began) > slowest {
				break
			}
		}
		if time.Since(began) > slowest {
			t.Fatalf("%+v in %d..%d: %d days took %v", rec, from, to, n, time.Since(began))
		}
	})
}
