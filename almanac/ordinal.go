package almanac

import (
	"fmt"
	"sort"
)

// Day numbers (ordinals): 0 is day 1 of month 1 of year 0 (of year 1 with
// skip_year_zero); every day counts, intercalary and leap days included.
//
// Internally a year is turned into its position among the years that exist
// ("astro"): with skip_year_zero, year 1 is position 0 and year -1 is -1.

func (r *Reckoning) astro(y int64) int64 {
	if r.cal.SkipYearZero && y > 0 {
		return y - 1
	}
	return y
}

func (r *Reckoning) display(a int64) int64 {
	if r.cal.SkipYearZero && a >= 0 {
		return a + 1
	}
	return a
}

// daysBefore counts the days from the start of position 0 to the start of
// position a (negative when a is before it), for years of common length
// common plus extra in leap years. O(1): leap years are counted, not walked.
func (r *Reckoning) daysBefore(a, common, extra int64) int64 {
	switch {
	case a == 0:
		return 0
	case a > 0:
		return a*common + extra*r.leap.countBetween(r.display(0), r.display(a-1))
	default:
		return -((-a)*common + extra*r.leap.countBetween(r.display(a), -1))
	}
}

func (r *Reckoning) yearStart(a int64) int64 {
	return r.daysBefore(a, r.yearLen[0], r.yearLen[1]-r.yearLen[0])
}

func (r *Reckoning) checkYear(y int) error {
	if r.cal.SkipYearZero && y == 0 {
		return fmt.Errorf("year 0 does not exist in this calendar")
	}
	if int64(y) < -yearLimit || int64(y) > yearLimit {
		return fmt.Errorf("year %d is out of range: years go from %d to %d", y, -yearLimit, yearLimit)
	}
	return nil
}

func (r *Reckoning) checkMonth(m int) error {
	if m < 1 || m > len(r.months) {
		return fmt.Errorf("month %d does not exist: the calendar has %s", m, plural(len(r.months), "month"))
	}
	return nil
}

// Ordinal is the day number of d.
func (r *Reckoning) Ordinal(d Date) (int64, error) {
	if err := r.Check(d); err != nil {
		return 0, err
	}
	return r.ordinal(d), nil
}

// ordinal assumes d exists.
func (r *Reckoning) ordinal(d Date) int64 {
	kind := kindOf(r.IsLeapYear(d.Year))
	return r.yearStart(r.astro(int64(d.Year))) + r.before[kind][d.Month-1] + int64(d.Day-1)
}

// astroRange is the first and last position of the years in range.
func (r *Reckoning) astroRange() (lo, hi int64) {
	return r.astro(-yearLimit), r.astro(yearLimit)
}

// OrdinalRange is the first and last day number of the years in range.
func (r *Reckoning) OrdinalRange() (first, last int64) { return r.first, r.last }

// DateOf is the date of day number ord.
func (r *Reckoning) DateOf(ord int64) (Date, error) {
	first, last := r.OrdinalRange()
	if ord < first || ord > last {
		return Date{}, fmt.Errorf("day %d is out of range: years go from %d to %d", ord, -yearLimit, yearLimit)
	}
	// The last position whose year starts on or before ord: a binary search
	// over the positions its years' lengths allow, a few steps of O(1) each.
	lo, hi := r.astroRange()
	lo, hi = r.yearBracket(ord, lo, hi)
	for lo < hi {
		mid := lo + (hi-lo+1)/2
		if r.yearStart(mid) <= ord {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	y := r.display(lo)
	rem := ord - r.yearStart(lo)
	before := r.before[kindOf(r.leap.isLeap(y))]
	m := sort.Search(len(before), func(i int) bool { return before[i] > rem })
	return Date{Year: int(y), Month: m, Day: int(rem-before[m-1]) + 1}, nil
}

// yearBracket narrows the positions lo..hi to those where the year of day
// ord can start, given the shortest and longest year: a handful rather
// than two trillion. Each end is checked; an end that fails (it cannot) is
// widened back to lo or hi, so the search finds what it finds over all.
func (r *Reckoning) yearBracket(ord, lo, hi int64) (int64, int64) {
	short, long := min(r.yearLen[0], r.yearLen[1]), max(r.yearLen[0], r.yearLen[1])
	a, b := FloorDiv(ord, long)-1, FloorDiv(ord, short)+1
	if ord < 0 {
		a, b = FloorDiv(ord, short)-1, FloorDiv(ord, long)+1
	}
	a, b = max(a, lo), min(b, hi)
	if a > b {
		return lo, hi
	}
	if r.yearStart(a) > ord {
		a = lo
	}
	if b < hi && r.yearStart(b+1) <= ord {
		b = hi
	}
	return a, b
}

// AddDays moves d by n days (n may be negative).
func (r *Reckoning) AddDays(d Date, n int64) (Date, error) {
	ord, err := r.Ordinal(d)
	if err != nil {
		return Date{}, err
	}
	first, last := r.OrdinalRange()
	if (n > 0 && n > last-ord) || (n < 0 && n < first-ord) {
		return Date{}, fmt.Errorf("%s plus %d days falls outside the years %d to %d", d, n, -yearLimit, yearLimit)
	}
	return r.DateOf(ord + n)
}

// DaysBetween is the number of days from a to b (negative when b is earlier).
func (r *Reckoning) DaysBetween(a, b Date) (int64, error) {
	oa, err := r.Ordinal(a)
	if err != nil {
		return 0, err
	}
	ob, err := r.Ordinal(b)
	if err != nil {
		return 0, err
	}
	return ob - oa, nil
}

// AddMonths moves d by n months of the list (intercalary months count), the
// day clamped to the length of the month reached.
func (r *Reckoning) AddMonths(d Date, n int64) (Date, error) {
	if err := r.Check(d); err != nil {
		return Date{}, err
	}
	months := int64(len(r.months))
	lo, hi := r.astroRange()
	limit := (hi - lo + 1) * months
	if n > limit || n < -limit {
		return Date{}, fmt.Errorf("%s plus %d months falls outside the years %d to %d", d, n, -yearLimit, yearLimit)
	}
	idx := r.astro(int64(d.Year))*months + int64(d.Month-1) + n
	a := FloorDiv(idx, months)
	if a < lo || a > hi {
		return Date{}, fmt.Errorf("%s plus %d months falls outside the years %d to %d", d, n, -yearLimit, yearLimit)
	}
	return r.clamped(r.display(a), int(FloorMod(idx, months))+1, d.Day), nil
}

// AddYears moves d by n years (year 0 skipped when it does not exist), the
// day clamped to the length of the month in the year reached.
func (r *Reckoning) AddYears(d Date, n int64) (Date, error) {
	if err := r.Check(d); err != nil {
		return Date{}, err
	}
	lo, hi := r.astroRange()
	a := r.astro(int64(d.Year))
	if n > hi-a || n < lo-a {
		return Date{}, fmt.Errorf("%s plus %d years falls outside the years %d to %d", d, n, -yearLimit, yearLimit)
	}
	return r.clamped(r.display(a+n), d.Month, d.Day), nil
}

func (r *Reckoning) clamped(y int64, m, day int) Date {
	return Date{Year: int(y), Month: m, Day: min(day, r.monthLen(m, r.leap.isLeap(y)))}
}

// FloorDiv is a/b rounded down (toward minus infinity), as the calendars
// count days before year zero.
func FloorDiv(a, b int64) int64 {
	q := a / b
	if (a%b != 0) && ((a < 0) != (b < 0)) {
		q--
	}
	return q
}

// FloorMod is a mod b with the sign of b: FloorDiv's remainder.
func FloorMod(a, b int64) int64 { return a - FloorDiv(a, b)*b }

// plural is "1 month" or "12 months".
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
