package calexport

import (
	"cmp"
	"slices"

	"github.com/kanka-cli/kanka/almanac"
)

// A tool shows a reminder's event on the days its own rules give, which
// are not always Kanka's: Simple Calendar repeats a note in every year,
// Fantasy-Calendar marks a band of days for a moon's phase. Where such a
// rule may differ, the days are compared year by year going out from the
// current date, within the days where the calendar itself is the same in
// both (the calendar's own losses speak of the others), and the nearest
// day that differs is named.

// span is the days from..to (day numbers, both included).
type span struct{ from, to int64 }

// toolDays adds the spans of days the tool shows the event on that meet
// the days lo..hi, year y's (they may reach beyond; they are cut).
type toolDays func(y int, lo, hi int64, add func(from, to int64))

// compareBudget bounds the months, cycles and occurrences the comparisons
// of one export count: a calendar of ten thousand months a year and
// thousands of reminders is counted no further. workPerYear is what one
// year counts at least.
const (
	compareBudget = 40_000_000
	workPerYear   = 4
)

// reminderDiffers is the day nearest the current date, within from..to,
// that Kanka shows rec on and the tool not, or the other way; nil when
// every day agrees. counted is false when the budget ran out first.
func (c *calendar) reminderDiffers(rec almanac.Recurrence, from, to int64, tool toolDays) (differs *almanac.Date, counted bool) {
	if from > to {
		return nil, true
	}
	fromYear, toYear := c.yearOf(from), c.yearOf(to)
	best, found := int64(0), false
	for k := 0; ; k++ {
		ahead, behind := c.cur.Year+k, c.cur.Year-k-1
		if ahead > toYear && behind < fromYear {
			break
		}
		// A day of year ahead (behind) is no nearer than its first (last)
		// day: once both are further than the best, nothing nearer is left.
		if found && c.distanceToYear(ahead, toYear) > abs(best-c.ord) && c.distanceToYear(behind, fromYear) > abs(best-c.ord) {
			break
		}
		for _, y := range []int{ahead, behind} {
			if y < fromYear || y > toYear || !c.exists(y) {
				continue
			}
			d, differs, ok := c.yearShowsOtherwise(rec, y, max(from, c.yearStart(y)), min(to, c.yearStart(y+1)-1), tool)
			if !ok {
				return nil, false
			}
			if differs && (!found || abs(d-c.ord) < abs(best-c.ord) || abs(d-c.ord) == abs(best-c.ord) && d > best) {
				best, found = d, true
			}
		}
	}
	if !found {
		return nil, true
	}
	date, err := c.r.DateOf(best)
	if err != nil {
		return nil, true
	}
	return &date, true
}

// distanceToYear is how far year y's nearest day is from the current
// date; beyond the days compared (bound), as far as can be.
func (c *calendar) distanceToYear(y, bound int) int64 {
	switch {
	case y > c.cur.Year:
		if y > bound {
			return 1 << 62
		}
		return c.yearStart(y) - c.ord
	case y < c.cur.Year:
		if y < bound {
			return 1 << 62
		}
		return c.ord - (c.yearStart(y+1) - 1)
	}
	return 0
}

// yearShowsOtherwise is the day of lo..hi (of year y) nearest the current date
// that one shows and the other not (differs false when none); ok is false
// when the budget ran out.
func (c *calendar) yearShowsOtherwise(rec almanac.Recurrence, y int, lo, hi int64, tool toolDays) (d int64, differs, ok bool) {
	if lo > hi {
		return 0, false, true
	}
	c.work += workPerYear
	s := c.scratch()
	s.kanka, s.shown, s.lo, s.hi = s.kanka[:0], s.shown[:0], lo, hi
	for o := range c.r.Occurrences(rec, lo, hi) {
		c.work++
		s.kanka = append(s.kanka, span{max(o.Start, lo), min(o.End, hi)})
		if c.work > compareBudget {
			return 0, false, false
		}
	}
	tool(y, lo, hi, s.add)
	if c.work > compareBudget {
		return 0, false, false
	}
	s.diff = s.symmetricDifference(merge(s.kanka), merge(s.shown))
	d, differs = nearestIn(s.diff, c.ord)
	return d, differs, true
}

// dayScratch holds one year's spans while its days are compared: the
// comparisons of thousands of reminders over hundreds of years each reuse
// it rather than allocating every year's anew.
type dayScratch struct {
	c                  *calendar
	lo, hi             int64 // the year's days being compared
	kanka, shown, diff []span
	add                func(from, to int64) // addShown, bound once
}

// scratch is the calendar's dayScratch, made when first needed.
func (c *calendar) scratch() *dayScratch {
	if c.days == nil {
		c.days = &dayScratch{c: c}
		c.days.add = c.days.addShown
	}
	return c.days
}

// addShown keeps a span of days the tool shows, cut to lo..hi.
func (s *dayScratch) addShown(from, to int64) {
	s.c.work++
	if from <= s.hi && to >= s.lo && from <= to {
		s.shown = append(s.shown, span{max(from, s.lo), min(to, s.hi)})
	}
}

// merge sorts spans and joins those that overlap or touch, in place:
// spans of a day or more come out in order with a day or more between.
// Every span given must have from <= to (its callers drop empty ones):
// symmetricDifference reads its output in order on that promise.
func merge(spans []span) []span {
	slices.SortFunc(spans, func(a, b span) int { return cmp.Compare(a.from, b.from) })
	out := spans[:0] // written no faster than read
	for _, s := range spans {
		if n := len(out); n > 0 && s.from <= out[n-1].to+1 {
			out[n-1].to = max(out[n-1].to, s.to)
			continue
		}
		out = append(out, s)
	}
	return out
}

// edge is where a span starts (delta 1) or ends, the day after it (-1).
type edge struct {
	at    int64
	delta int
}

// edgeOf is edge n of spans (two a span: its first day, the day after its
// last); ok is false past the last.
func edgeOf(spans []span, n int) (e edge, ok bool) {
	if n >= 2*len(spans) {
		return edge{}, false
	}
	sp := spans[n/2]
	if n%2 == 0 {
		return edge{sp.from, 1}, true
	}
	return edge{sp.to + 1, -1}, true
}

// symmetricDifference is the days in one of a and b only, in s.diff's
// memory. a and b are merge's (in order, apart, each of a day or more),
// so the edges of each rise and are read in order from both at once,
// without sorting them: the comparisons of a long calendar spent a fifth
// of their time in that sort.
func (s *dayScratch) symmetricDifference(a, b []span) []span {
	out := s.diff[:0]
	depth, start := 0, int64(0)
	for i, j := 0, 0; ; {
		ea, okA := edgeOf(a, i)
		eb, okB := edgeOf(b, j)
		if !okA && !okB {
			break
		}
		at := ea.at
		if !okA || okB && eb.at < at {
			at = eb.at
		}
		before := depth
		if okA && ea.at == at {
			depth, i = depth+ea.delta, i+1
		}
		if okB && eb.at == at {
			depth, j = depth+eb.delta, j+1
		}
		switch {
		case before != 1 && depth == 1:
			start = at
		case before == 1 && depth != 1:
			out = append(out, span{start, at - 1})
		}
	}
	return out
}

// nearestIn is the day of spans (in order) nearest ord, the later of two
// as near; ok is false when there is none.
func nearestIn(spans []span, ord int64) (best int64, ok bool) {
	for _, s := range spans {
		d := min(max(ord, s.from), s.to)
		if !ok || abs(d-ord) < abs(best-ord) || abs(d-ord) == abs(best-ord) && d > best {
			best, ok = d, true
		}
		if s.from > ord {
			break // every later span is further
		}
	}
	return best, ok
}

// yearOf is the year of day ord.
func (c *calendar) yearOf(ord int64) int {
	d, _ := c.r.DateOf(ord)
	return d.Year
}

func abs(x int64) int64 {
	if x < 0 {
		return -x
	}
	return x
}
