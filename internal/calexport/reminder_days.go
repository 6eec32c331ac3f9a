package calexport

import (
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
			d, ok := c.yearShowsOtherwise(rec, y, max(from, c.yearStart(y)), min(to, c.yearStart(y+1)-1), tool)
			if !ok {
				return nil, false
			}
			if d != nil && (!found || abs(*d-c.ord) < abs(best-c.ord) || abs(*d-c.ord) == abs(best-c.ord) && *d > best) {
				best, found = *d, true
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
// that one shows and the other not; ok is false when the budget ran out.
func (c *calendar) yearShowsOtherwise(rec almanac.Recurrence, y int, lo, hi int64, tool toolDays) (*int64, bool) {
	if lo > hi {
		return nil, true
	}
	c.work += workPerYear
	var kanka, shown []span
	for o := range c.r.Occurrences(rec, lo, hi) {
		c.work++
		kanka = append(kanka, span{max(o.Start, lo), min(o.End, hi)})
		if c.work > compareBudget {
			return nil, false
		}
	}
	tool(y, lo, hi, func(from, to int64) {
		c.work++
		if from <= hi && to >= lo && from <= to {
			shown = append(shown, span{max(from, lo), min(to, hi)})
		}
	})
	if c.work > compareBudget {
		return nil, false
	}
	return nearestIn(symmetricDifference(merge(kanka), merge(shown)), c.ord), true
}

// merge sorts spans and joins those that overlap or touch.
func merge(spans []span) []span {
	slices.SortFunc(spans, func(a, b span) int { return cmpInt(a.from, b.from) })
	var out []span
	for _, s := range spans {
		if n := len(out); n > 0 && s.from <= out[n-1].to+1 {
			out[n-1].to = max(out[n-1].to, s.to)
			continue
		}
		out = append(out, s)
	}
	return out
}

// symmetricDifference is the days in one of a and b (each merged) only.
func symmetricDifference(a, b []span) []span {
	type edge struct {
		at    int64
		delta int
	}
	var edges []edge
	for _, list := range [][]span{a, b} {
		for _, s := range list {
			edges = append(edges, edge{s.from, 1}, edge{s.to + 1, -1})
		}
	}
	slices.SortFunc(edges, func(x, y edge) int { return cmpInt(x.at, y.at) })
	var out []span
	depth, start := 0, int64(0)
	for i := 0; i < len(edges); {
		at, before := edges[i].at, depth
		for ; i < len(edges) && edges[i].at == at; i++ {
			depth += edges[i].delta
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
// as near.
func nearestIn(spans []span, ord int64) *int64 {
	var best *int64
	for _, s := range spans {
		d := min(max(ord, s.from), s.to)
		if best == nil || abs(d-ord) < abs(*best-ord) || abs(d-ord) == abs(*best-ord) && d > *best {
			best = &d
		}
		if s.from > ord {
			break // every later span is further
		}
	}
	return best
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

func cmpInt(a, b int64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}
