package almanac

import "slices"

// startList lists the days a repeat can start on, before the own date and
// recurring_until are applied. Every call jumps: O(1) in the years (a
// search of a few steps finds the year of a day), O(log months) for
// months, so a reminder centuries from its window costs what a near one
// does.
type startList interface {
	// first is the first start on or after day x (x inside the range).
	first(x int64) (int64, bool)
	// after is the start following s, the last start first or after gave.
	after(s int64) (int64, bool)
	// last is the latest start on or before day x (x inside the range).
	last(x int64) (int64, bool)
}

// starts is a repeat's startList. A yearly or monthly one is held by
// value, not behind the interface (which puts it on the heap): an export
// lists a reminder's occurrences once for every year it compares.
type starts struct {
	kind    Repeat
	yearly  yearlyStarts
	monthly monthlyStarts
	other   startList
}

func (p plan) newStarts() starts {
	switch p.kind {
	case RepeatYear:
		return starts{kind: RepeatYear, yearly: yearlyStarts{r: p.r, month: p.month, day: p.day,
			set: p.r.yearsWith(p.day <= p.r.monthLen(p.month, false), p.day <= p.r.monthLen(p.month, true))}}
	case RepeatMonth:
		long := p.r.monthsLongEnough()
		return starts{kind: RepeatMonth, monthly: monthlyStarts{r: p.r, long: long, day: p.day,
			set: p.r.yearsWith(p.day <= long[0].longest(), p.day <= long[1].longest())}}
	case RepeatMoon:
		return starts{other: &moonStarts{moons: p.moons, phase: int64(p.phase), r: p.r}}
	}
	return starts{other: onceStart{day: p.own}}
}

// steps are the held list's first, after and last, as method values
// (which stay on the stack): the list itself as a startList would put it
// on the heap again (an export's allocations grow thirteenfold).
func (g *starts) steps() (first, after, last func(int64) (int64, bool)) {
	switch g.kind {
	case RepeatYear:
		return g.yearly.first, g.yearly.after, g.yearly.last
	case RepeatMonth:
		return g.monthly.first, g.monthly.after, g.monthly.last
	}
	return g.other.first, g.other.after, g.other.last
}

// onceStart is a one-off reminder: its own date.
type onceStart struct{ day int64 }

func (o onceStart) first(x int64) (int64, bool) { return o.day, x <= o.day }
func (o onceStart) after(int64) (int64, bool)   { return 0, false }
func (o onceStart) last(x int64) (int64, bool)  { return o.day, x >= o.day }

// yearlyStarts: month and day of every year that has that day.
type yearlyStarts struct {
	r          *Reckoning
	month, day int
	set        yearSet
	pos        int64 // the position (see ordinal.go) of the last start given
}

func (g *yearlyStarts) startIn(a int64) int64 {
	kind := kindOf(g.r.leap.isLeap(g.r.display(a)))
	return g.r.yearStart(a) + g.r.before[kind][g.month-1] + int64(g.day-1)
}

func (g *yearlyStarts) at(a int64, ok bool) (int64, bool) {
	if !ok {
		return 0, false
	}
	g.pos = a
	return g.startIn(a), true
}

func (g *yearlyStarts) first(x int64) (int64, bool) {
	a := g.r.positionOf(x)
	if g.r.inSet(a, g.set) && g.startIn(a) >= x {
		return g.at(a, true)
	}
	return g.at(g.r.nextYear(a+1, g.set))
}

func (g *yearlyStarts) after(int64) (int64, bool) { return g.at(g.r.nextYear(g.pos+1, g.set)) }

func (g *yearlyStarts) last(x int64) (int64, bool) {
	a := g.r.positionOf(x)
	if g.r.inSet(a, g.set) && g.startIn(a) <= x {
		return g.at(a, true)
	}
	return g.at(g.r.prevYear(a-1, g.set))
}

// monthlyStarts: the day in every month that has it, found among the
// months by the Reckoning's monthsLongEnough.
type monthlyStarts struct {
	r    *Reckoning
	long *[2]monthMaxima
	day  int
	set  yearSet // the years with at least one such month
	pos  int64
	m    int // the month (from 0) of the last start given
}

func (g *monthlyStarts) kind(a int64) int { return kindOf(g.r.leap.isLeap(g.r.display(a))) }

func (g *monthlyStarts) at(a int64, m int) int64 {
	g.pos, g.m = a, m
	return g.r.yearStart(a) + g.r.before[g.kind(a)][m] + int64(g.day-1)
}

// firstIn is the first such month of the first year from position a on that has one.
func (g *monthlyStarts) firstIn(a int64) (int64, bool) {
	a, ok := g.r.nextYear(a, g.set)
	if !ok {
		return 0, false
	}
	return g.at(a, g.long[g.kind(a)].next(0, g.day)), true
}

// dayIn is day x less the first day of the year at position a and the
// day's own offset in a month: a month's start is on or after x when the
// days before the month are at least dayIn.
func (g *monthlyStarts) dayIn(a, x int64) int64 { return x - g.r.yearStart(a) - int64(g.day-1) }

func (g *monthlyStarts) first(x int64) (int64, bool) {
	a := g.r.positionOf(x)
	k := g.kind(a)
	m, _ := slices.BinarySearch(g.r.before[k], g.dayIn(a, x))
	if m = g.long[k].next(m, g.day); m >= 0 {
		return g.at(a, m), true
	}
	return g.firstIn(a + 1)
}

func (g *monthlyStarts) after(int64) (int64, bool) {
	if m := g.long[g.kind(g.pos)].next(g.m+1, g.day); m >= 0 {
		return g.at(g.pos, m), true
	}
	return g.firstIn(g.pos + 1)
}

func (g *monthlyStarts) last(x int64) (int64, bool) {
	a := g.r.positionOf(x)
	k := g.kind(a)
	m, found := slices.BinarySearch(g.r.before[k], g.dayIn(a, x))
	if !found {
		m-- // the month before starts before x
	}
	if m = g.long[k].prev(m, g.day); m >= 0 {
		return g.at(a, m), true
	}
	a, ok := g.r.prevYear(a-1, g.set)
	if !ok {
		return 0, false
	}
	return g.at(a, g.long[g.kind(a)].prev(len(g.r.months)-1, g.day)), true
}

// moonStarts: the days a phase of the named moons falls on, each day once.
type moonStarts struct {
	moons []moon
	phase int64
	r     *Reckoning
}

func (g *moonStarts) first(x int64) (int64, bool) {
	best, found := int64(0), false
	for _, m := range g.moons {
		if d, ok := m.phaseDayFrom(x, g.phase); ok && (!found || d < best) {
			best, found = d, true
		}
	}
	return best, found
}

func (g *moonStarts) after(s int64) (int64, bool) {
	if _, last := g.r.OrdinalRange(); s >= last {
		return 0, false
	}
	return g.first(s + 1)
}

func (g *moonStarts) last(x int64) (int64, bool) {
	best, found := int64(0), false
	for _, m := range g.moons {
		if d, ok := m.phaseDayUpTo(x, g.phase); ok && (!found || d > best) {
			best, found = d, true
		}
	}
	return best, found
}
