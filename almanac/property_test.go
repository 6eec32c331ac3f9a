package almanac

import (
	"math/rand"
	"testing"
)

// randomCalendar draws a small calendar with intercalary months, a leap
// rule that may add or remove days (offset 0 included), skip_year_zero and
// a start offset.
func randomCalendar(rng *rand.Rand) Calendar {
	c := Calendar{SkipYearZero: rng.Intn(2) == 0, StartOffset: rng.Intn(100)}
	for i := range 1 + rng.Intn(8) {
		c.Months = append(c.Months, Month{Name: string(rune('A' + i)), Length: rng.Intn(40) - 2, Intercalary: rng.Intn(4) == 0})
	}
	for i := range 2 + rng.Intn(8) {
		c.Weekdays = append(c.Weekdays, string(rune('a'+i)))
	}
	if rng.Intn(3) > 0 {
		c.Leap = LeapRule{Enabled: true, Amount: rng.Intn(9) - 4, Month: rng.Intn(len(c.Months) + 2), Offset: rng.Intn(6) - 1, Start: rng.Intn(21) - 10}
	}
	return c
}

// spec* restate calendar-time.md directly, walking year by year.
func specLeap(c Calendar, y int) bool {
	l := c.Leap
	return l.Enabled && y >= l.Start && (y-l.Start)%max(l.Offset, 1) == 0 && !(c.SkipYearZero && y == 0)
}

func specMonthLen(c Calendar, y, m int) int {
	n := max(c.Months[m-1].Length, 1)
	if specLeap(c, y) && m == c.Leap.Month {
		n = max(n+c.Leap.Amount, 1)
	}
	return n
}

func specYearLen(c Calendar, y int, onlyStandard bool) int64 {
	var n int64
	for m := range c.Months {
		if !onlyStandard || !c.Months[m].Intercalary {
			n += int64(specMonthLen(c, y, m+1))
		}
	}
	return n
}

// specOrdinal walks from the first year to d's year.
func specOrdinal(c Calendar, d Date, onlyStandard bool) int64 {
	first := 0
	if c.SkipYearZero {
		first = 1
	}
	next := func(y int) int {
		if c.SkipYearZero && y == -1 {
			return 1
		}
		return y + 1
	}
	var n int64
	if d.Year >= first {
		for y := first; y < d.Year; y = next(y) {
			n += specYearLen(c, y, onlyStandard)
		}
	} else {
		for y := d.Year; y < first; y = next(y) {
			n -= specYearLen(c, y, onlyStandard)
		}
	}
	for m := 1; m < d.Month; m++ {
		if !onlyStandard || !c.Months[m-1].Intercalary {
			n += int64(specMonthLen(c, d.Year, m))
		}
	}
	if onlyStandard && c.Months[d.Month-1].Intercalary {
		return n
	}
	return n + int64(d.Day-1)
}

func randomDate(rng *rand.Rand, c Calendar, years int) Date {
	y := rng.Intn(2*years+1) - years
	if c.SkipYearZero && y == 0 {
		y = 1
	}
	m := 1 + rng.Intn(len(c.Months))
	return Date{Year: y, Month: m, Day: 1 + rng.Intn(specMonthLen(c, y, m))}
}

func TestPropertyOrdinalsAgainstTheSpec(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	for range 300 {
		c := randomCalendar(rng)
		r := mustNew(t, c)
		for range 30 {
			d := randomDate(rng, c, 60)
			if got, want := mustOrdinal(t, r, d), specOrdinal(c, d, false); got != want {
				t.Fatalf("%+v\nOrdinal(%s) = %d, the spec walked gives %d", c, d, got, want)
			}
			if back, err := r.DateOf(specOrdinal(c, d, false)); err != nil || back != d {
				t.Fatalf("%+v\nDateOf(Ordinal(%s)) = %s, %v", c, d, back, err)
			}
			w, ok, err := r.Weekday(d)
			if err != nil || ok == c.Months[d.Month-1].Intercalary {
				t.Fatalf("Weekday(%s) ok=%v err=%v", d, ok, err)
			}
			if ok {
				want := FloorMod(specOrdinal(c, d, true)+int64(c.StartOffset), int64(len(c.Weekdays)))
				if int64(w) != want {
					t.Fatalf("%+v\nWeekday(%s) = %d, the grid rule gives %d", c, d, w, want)
				}
			}
		}
	}
}

// next is the day after d, by the month lengths alone.
func next(c Calendar, d Date) Date {
	if d.Day < specMonthLen(c, d.Year, d.Month) {
		return Date{d.Year, d.Month, d.Day + 1}
	}
	if d.Month < len(c.Months) {
		return Date{d.Year, d.Month + 1, 1}
	}
	y := d.Year + 1
	if c.SkipYearZero && y == 0 {
		y = 1
	}
	return Date{y, 1, 1}
}

func TestPropertyConsecutiveDays(t *testing.T) {
	rng := rand.New(rand.NewSource(11))
	for range 200 {
		c := randomCalendar(rng)
		r := mustNew(t, c)
		d := randomDate(rng, c, 40)
		ord := mustOrdinal(t, r, d)
		lastWeekday := -1
		for range 400 {
			// Ordinals rise by exactly one from day to day.
			if got := mustOrdinal(t, r, d); got != ord {
				t.Fatalf("%+v\nOrdinal(%s) = %d, want %d", c, d, got, ord)
			}
			if got := mustAdd(t, r, d, 1); got != next(c, d) {
				t.Fatalf("%+v\n%s plus one = %s, want %s", c, d, got, next(c, d))
			}
			// Weekdays cycle through standard days only.
			if w, ok, _ := r.Weekday(d); ok {
				if lastWeekday >= 0 && w != (lastWeekday+1)%len(c.Weekdays) {
					t.Fatalf("%+v\nWeekday(%s) = %d after %d", c, d, w, lastWeekday)
				}
				lastWeekday = w
			}
			d, ord = next(c, d), ord+1
		}
	}
}

func TestPropertyAddThenSubtract(t *testing.T) {
	rng := rand.New(rand.NewSource(13))
	for range 300 {
		c := randomCalendar(rng)
		r := mustNew(t, c)
		for range 20 {
			d := randomDate(rng, c, 1000)
			n := rng.Int63n(2_000_000_000) - 1_000_000_000
			there := mustAdd(t, r, d, n)
			if back := mustAdd(t, r, there, -n); back != d {
				t.Fatalf("%+v\n%s + %d - %d = %s", c, d, n, n, back)
			}
			if got, _ := r.DaysBetween(d, there); got != n {
				t.Fatalf("DaysBetween(%s, %s) = %d, want %d", d, there, got, n)
			}
			// Months and years land on a date that exists.
			for _, f := range []func(Date, int64) (Date, error){r.AddMonths, r.AddYears} {
				out, err := f(d, rng.Int63n(2001)-1000)
				if err != nil || r.Check(out) != nil {
					t.Fatalf("%+v\nadding months or years to %s gave %s, %v", c, d, out, err)
				}
			}
		}
	}
}
