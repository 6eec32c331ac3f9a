package almanac

// Jumping over years for repeats: which years have a given day, and the
// next or previous of them, in O(1) whatever the leap rule.

// yearSet is the kind of years a day exists in: common, leap, both or none.
type yearSet uint8

const (
	commonYears yearSet = 1 << iota
	leapYears
)

func (r *Reckoning) yearsWith(inCommon, inLeap bool) yearSet {
	var s yearSet
	if inCommon {
		s |= commonYears
	}
	if inLeap {
		s |= leapYears
	}
	return s
}

// inSet: the year at position a (see ordinal.go) is of a kind in s.
func (r *Reckoning) inSet(a int64, s yearSet) bool {
	if r.leap.isLeap(r.display(a)) {
		return s&leapYears != 0
	}
	return s&commonYears != 0
}

// positionOf is the position of the year of day x (callers keep x inside
// the range; outside it, the first or last year).
func (r *Reckoning) positionOf(x int64) int64 {
	lo, hi := r.astroRange()
	d, err := r.DateOf(x)
	switch {
	case err == nil:
		return r.astro(int64(d.Year))
	case x < 0:
		return lo
	}
	return hi
}

// nextYear is the first position from a on whose year is of a kind in s.
// Among common years it steps (two leap years are neighbours at most once,
// around a skipped year 0); among leap years it jumps.
func (r *Reckoning) nextYear(a int64, s yearSet) (int64, bool) {
	lo, hi := r.astroRange()
	a = max(a, lo)
	for range 4 {
		switch {
		case a > hi || s == 0:
			return 0, false
		case r.inSet(a, s):
			return a, true
		case s == leapYears:
			y, ok := r.leap.nextLeap(r.display(a))
			if !ok {
				return 0, false
			}
			a = r.astro(y)
		case r.leap.offset == 1:
			return 0, false // a is a leap year, and so is every later one
		default:
			a++
		}
	}
	return 0, false
}

// prevYear is the last position up to a whose year is of a kind in s.
func (r *Reckoning) prevYear(a int64, s yearSet) (int64, bool) {
	lo, hi := r.astroRange()
	a = min(a, hi)
	for range 4 {
		switch {
		case a < lo || s == 0:
			return 0, false
		case r.inSet(a, s):
			return a, true
		case s == leapYears:
			y, ok := r.leap.prevLeap(r.display(a))
			if !ok {
				return 0, false
			}
			a = r.astro(y)
		case r.leap.offset == 1 && r.display(a) > r.leap.start:
			// every year from the start on is a leap year: the common ones end before it
			a = r.astro(r.leap.start - 1)
			if r.leap.skip && r.leap.start-1 == 0 {
				a = r.astro(-1)
			}
		default:
			a--
		}
	}
	return 0, false
}

// nextLeap is the first leap year from y on (y and the answer are years,
// not positions).
func (l leapRule) nextLeap(y int64) (int64, bool) {
	if !l.enabled {
		return 0, false
	}
	c := l.start
	if y > l.start {
		k := ceilDiv(y-l.start, l.offset)
		if k > (yearLimit-l.start)/l.offset {
			return 0, false
		}
		c = l.start + k*l.offset
	}
	if l.skip && c == 0 { // year 0 does not exist: the next of the cycle
		if l.offset > yearLimit {
			return 0, false
		}
		c = l.offset
	}
	return c, c <= yearLimit
}

// prevLeap is the last leap year up to y.
func (l leapRule) prevLeap(y int64) (int64, bool) {
	if !l.enabled || y < l.start {
		return 0, false
	}
	c := l.start + FloorDiv(y-l.start, l.offset)*l.offset
	if l.skip && c == 0 {
		c = -l.offset
	}
	return c, c >= l.start && c >= -yearLimit
}
