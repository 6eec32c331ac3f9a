package almanac

// monthMaxima finds the months long enough to have a given day, from any
// month forward or back, in O(log months): a monthly repeat steps through
// them without listing them first, so nothing is built per listing and
// nothing is sized by a month's length (a month may have a million days).
// Read only once made: safe for concurrent use.
type monthMaxima struct {
	n      int     // months
	leaves int     // a power of two, at least n
	max    []int32 // max[v]: the longest month under node v; month m is leaf leaves+m (0 past the last)
}

// newMonthMaxima is the tree of n months of lengths length(m), m from 0.
func newMonthMaxima(n int, length func(m int) int) monthMaxima {
	t := monthMaxima{n: n, leaves: 1}
	for t.leaves < n {
		t.leaves *= 2
	}
	t.max = make([]int32, 2*t.leaves)
	for m := range n {
		t.max[t.leaves+m] = int32(length(m)) // at most MaxYearLength
	}
	for v := t.leaves - 1; v >= 1; v-- {
		t.max[v] = max(t.max[2*v], t.max[2*v+1])
	}
	return t
}

// longest is the length of the longest month.
func (t *monthMaxima) longest() int { return int(t.max[1]) }

// next is the first month from m on with day in it, -1 when none.
func (t *monthMaxima) next(m, day int) int {
	if m >= t.n {
		return -1
	}
	v := t.leaves + max(m, 0)
	for int(t.max[v]) < day {
		for v&1 == 1 { // a right child: its parent's right part is done
			v >>= 1
		}
		if v == 0 { // climbed past the root from its right edge
			return -1
		}
		v++
	}
	for v < t.leaves {
		v *= 2
		if int(t.max[v]) < day {
			v++
		}
	}
	return v - t.leaves
}

// prev is the last month up to m with day in it, -1 when none.
func (t *monthMaxima) prev(m, day int) int {
	if m < 0 {
		return -1
	}
	v := t.leaves + min(m, t.n-1)
	for int(t.max[v]) < day {
		for v&1 == 0 { // a left child: its parent's left part is done
			v >>= 1
		}
		if v == 1 { // the root: nothing further left
			return -1
		}
		v--
	}
	for v < t.leaves {
		v = 2*v + 1
		if int(t.max[v]) < day {
			v--
		}
	}
	return v - t.leaves
}

// monthsLongEnough is r's monthMaxima of common and leap years, made when
// first asked: most Reckonings never list a monthly repeat, and New stays
// as cheap. Goroutines racing to make it make the same; the first stored
// is kept, with no lock.
func (r *Reckoning) monthsLongEnough() *[2]monthMaxima {
	if t := r.longMonths.Load(); t != nil {
		return t
	}
	var t [2]monthMaxima
	t[0] = newMonthMaxima(len(r.months), func(m int) int { return r.monthLen(m+1, false) })
	t[1] = t[0] // the same unless leap days change a month's length
	if lm := r.leap.month; lm > 0 && r.monthLen(lm, true) != r.monthLen(lm, false) {
		t[1] = newMonthMaxima(len(r.months), func(m int) int { return r.monthLen(m+1, true) })
	}
	r.longMonths.CompareAndSwap(nil, &t)
	return r.longMonths.Load()
}
