package almanac

import "sort"

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

// starts is a repeat's startList. A yearly one is held by value, not
// behind the interface (which puts it on the heap): an export lists a
// yearly reminder's occurrences once for every year it compares.
type starts struct {
	yearly   yearlyStarts
	isYearly bool
	other    startList
}

func (p plan) newStarts() starts {
	switch p.kind {
	case RepeatYear:
		return starts{isYearly: true, yearly: yearlyStarts{r: p.r, month: p.month, day: p.day,
			set: p.r.yearsWith(p.day <= p.r.monthLen(p.month, false), p.day <= p.r.monthLen(p.month, true))}}
	case RepeatMonth:
		return starts{other: newMonthlyStarts(p.r, p.day)}
	case RepeatMoon:
		return starts{other: &moonStarts{moons: p.moons, phase: int64(p.phase), r: p.r}}
	}
	return starts{other: onceStart{day: p.own}}
}

func (g *starts) first(x int64) (int64, bool) {
	if g.isYearly {
		return g.yearly.first(x)
	}
	return g.other.first(x)
}

func (g *starts) after(s int64) (int64, bool) {
	if g.isYearly {
		return g.yearly.after(s)
	}
	return g.other.after(s)
}

func (g *starts) last(x int64) (int64, bool) {
	if g.isYearly {
		return g.yearly.last(x)
	}
	return g.other.last(x)
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

// monthlyStarts: the day in every month that has it. months lists, for
// common and leap years, the months (0-based) long enough.
type monthlyStarts struct {
	r      *Reckoning
	day    int
	months [2][]int
	set    yearSet // the years with at least one such month
	pos    int64
	j      int // index in months of the last start given
}

func newMonthlyStarts(r *Reckoning, day int) *monthlyStarts {
	g := &monthlyStarts{r: r, day: day}
	for kind := range 2 {
		for m := range r.months {
			if day <= r.monthLen(m+1, kind == 1) {
				g.months[kind] = append(g.months[kind], m)
			}
		}
	}
	g.set = r.yearsWith(len(g.months[0]) > 0, len(g.months[1]) > 0)
	return g
}

func (g *monthlyStarts) kind(a int64) int { return kindOf(g.r.leap.isLeap(g.r.display(a))) }

func (g *monthlyStarts) startIn(a int64, j int) int64 {
	k := g.kind(a)
	return g.r.yearStart(a) + g.r.before[k][g.months[k][j]] + int64(g.day-1)
}

func (g *monthlyStarts) at(a int64, j int) int64 {
	g.pos, g.j = a, j
	return g.startIn(a, j)
}

// firstIn is the first such month of the first year from position a on that has one.
func (g *monthlyStarts) firstIn(a int64) (int64, bool) {
	a, ok := g.r.nextYear(a, g.set)
	if !ok {
		return 0, false
	}
	return g.at(a, 0), true
}

func (g *monthlyStarts) first(x int64) (int64, bool) {
	a := g.r.positionOf(x)
	n := len(g.months[g.kind(a)])
	if j := sort.Search(n, func(j int) bool { return g.startIn(a, j) >= x }); j < n {
		return g.at(a, j), true
	}
	return g.firstIn(a + 1)
}

func (g *monthlyStarts) after(int64) (int64, bool) {
	if g.j+1 < len(g.months[g.kind(g.pos)]) {
		return g.at(g.pos, g.j+1), true
	}
	return g.firstIn(g.pos + 1)
}

func (g *monthlyStarts) last(x int64) (int64, bool) {
	a := g.r.positionOf(x)
	n := len(g.months[g.kind(a)])
	if j := sort.Search(n, func(j int) bool { return g.startIn(a, j) > x }) - 1; j >= 0 {
		return g.at(a, j), true
	}
	a, ok := g.r.prevYear(a-1, g.set)
	if !ok {
		return 0, false
	}
	return g.at(a, len(g.months[g.kind(a)])-1), true
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
