package almanac

import (
	"fmt"
	"iter"
)

// The days a reminder falls on, by the rules of the service's occurrence
// engine (develop: OccurrenceEngine via LegacyRecurrenceAdapter; reminders.md):
//
//   - A reminder whose own date does not exist, whose length is below 1,
//     whose periodicity the service does not know ("yearly") or whose
//     recurring_until is not a number falls on no day at all.
//   - An occurrence starting on day S covers S .. S+length-1, across month
//     ends, intercalary months, leap days and year ends. It is listed when
//     that span meets the window, also when it began before the window.
//   - No occurrence starts before the own date.
//   - year: the same month and day every later year; a year without that
//     day (a leap day) is skipped, not clamped.
//   - month: the same day in every later month of the list, intercalary
//     months included; a month too short is skipped.
//   - recurring_until Y: an occurrence starts in year Y at the latest (the
//     last may run into Y+1).
//   - {moonId}_{phase}: every day on or after the own date on which that
//     phase of the moon with that id falls (Moon.ID; several moons sharing
//     the id all count, but the first of them must have a period). No such
//     moon, or a moon without a period, gives nothing.
//
// Kanka's calendar page (CalendarRenderer) draws some reminders
// differently: it counts spans with base month lengths, stops repeats at a
// year's end, draws moon repeats only where it shows that phase and does
// not check the own date (reminders.md, "What the calendar page draws
// instead"). kanka follows the engine, which is consistent and tested.

// Occurrence is one run of a reminder, from day Start to day End (day
// numbers, Start <= End). An End beyond the last day the almanac counts is
// that day.
type Occurrence struct {
	Start, End int64
}

// Occurrences lists, in order of their start, the occurrences of rec whose
// span meets the window of days from..to (day numbers, both included). A
// reminder that falls on no day yields nothing (CheckRecurrence says why).
// Each step costs O(1) in the years, however far the own date is from the
// window; with a long length, every earlier occurrence still running in the
// window is listed, so a caller that needs only days uses Days.
func (r *Reckoning) Occurrences(rec Recurrence, from, to int64) iter.Seq[Occurrence] {
	return func(yield func(Occurrence) bool) {
		p, err := r.plan(rec)
		first, last := r.OrdinalRange()
		from, to = max(from, first), min(to, last)
		if err != nil || from > to {
			return
		}
		lo := max(p.own, from-min(p.span, from-first)) // the earliest start whose span reaches from
		hi := min(p.hi, to)
		if lo > hi {
			return
		}
		gen := p.newStarts()
		firstOn, after, _ := gen.steps()
		for s, ok := firstOn(lo); ok && s <= hi; s, ok = after(s) {
			if !yield(Occurrence{Start: s, End: s + min(p.span, last-s)}) {
				return
			}
		}
	}
}

// Days yields each day of the window from..to that rec covers, once and in
// order, with the occurrence covering it (of several overlapping ones, the
// latest to start). Its cost is O(days of the window) whatever the length.
func (r *Reckoning) Days(rec Recurrence, from, to int64) iter.Seq2[int64, Occurrence] {
	return func(yield func(int64, Occurrence) bool) {
		p, err := r.plan(rec)
		first, last := r.OrdinalRange()
		from, to = max(from, first), min(to, last)
		if err != nil || from > to || p.own > p.hi || p.own > to {
			return
		}
		gen := p.newStarts()
		firstOn, after, lastOn := gen.steps()
		// emit yields the days of the occurrence starting on s up to the
		// day before the next start (a later start takes over its days).
		emit := func(s, next int64, hasNext bool) bool {
			o := Occurrence{Start: s, End: s + min(p.span, last-s)}
			stop := min(o.End, to)
			if hasNext {
				stop = min(stop, next-1)
			}
			for d := max(s, from); d <= stop; d++ {
				if !yield(d, o) {
					return false
				}
			}
			return true
		}
		// The latest occurrence starting before the window may run into it.
		cur, have := int64(0), false
		if from > p.own {
			if s, ok := lastOn(min(from-1, p.hi)); ok && s >= p.own {
				cur, have = s, true
			}
		}
		hi := min(p.hi, to)
		next, ok := firstOn(max(from, p.own))
		ok = ok && next <= hi
		for {
			if have && !emit(cur, next, ok) {
				return
			}
			if !ok {
				return
			}
			cur, have = next, true
			next, ok = after(next)
			ok = ok && next <= hi
		}
	}
}

// CheckRecurrence says why rec falls on no day at all, or nil when it
// follows the rules (it may still fall on none: a recurring_until before
// its own year).
func (r *Reckoning) CheckRecurrence(rec Recurrence) error {
	_, err := r.plan(rec)
	return err
}

// plan is a reminder made ready to expand: its candidate starts (before the
// own date and the end year are applied) and the bounds on them.
type plan struct {
	own  int64 // the own date: the first day a start may fall on
	hi   int64 // the last day a start may fall on (recurring_until)
	span int64 // length - 1
	kind Repeat
	// year and month repeats
	month, day int
	// moon repeats: the moons carrying the id, and the phase
	moons []moon
	phase Phase
	r     *Reckoning
}

func (r *Reckoning) plan(rec Recurrence) (plan, error) {
	if err := r.Check(rec.Date); err != nil {
		return plan{}, fmt.Errorf("its date %s does not exist: %w", rec.Date, err)
	}
	if rec.Length < 1 {
		return plan{}, fmt.Errorf("its length %d is below 1 day", rec.Length)
	}
	_, last := r.OrdinalRange()
	p := plan{own: r.ordinal(rec.Date), hi: last, span: int64(rec.Length) - 1, r: r}
	if !rec.IsRecurring || rec.Periodicity == "" {
		return p, nil
	}
	per, err := ParsePeriodicity(rec.Periodicity)
	if err != nil {
		return plan{}, err
	}
	until, bounded, err := parseUntil(rec.Until)
	if err != nil {
		return plan{}, err
	}
	if bounded {
		p.hi = r.LastDayUpTo(until)
	}
	p.kind, p.month, p.day = per.Repeat, rec.Date.Month, rec.Date.Day
	if per.Repeat == RepeatMoon {
		p.phase = per.Phase
		if p.moons, err = r.moonsWithID(per.MoonID); err != nil {
			return plan{}, err
		}
	}
	return p, nil
}

// moonsWithID finds the moons a moon repeat names. The service looks up
// the first moon with the id (none, or one without a period, gives
// nothing), then counts the phases of every moon carrying it; a moon with
// an id below 1 has none.
func (r *Reckoning) moonsWithID(id int) ([]moon, error) {
	var out []moon
	for i, m := range r.cal.Moons {
		if m.ID != id || id < 1 {
			continue
		}
		if !r.moons[i].valid {
			if len(out) == 0 {
				return nil, fmt.Errorf("moon %d (%s) has no phases: its fullmoon %q is not a positive decimal", id, m.Name, m.Fullmoon)
			}
			continue
		}
		out = append(out, r.moons[i])
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("the calendar has no moon with id %d", id)
	}
	return out, nil
}

// LastDayUpTo is the last day of the latest year at or before y (the day
// before the first when y is before every year): where a repeat that ends
// in year y (recurring_until) stops.
func (r *Reckoning) LastDayUpTo(y int64) int64 {
	first, last := r.OrdinalRange()
	switch {
	case y >= yearLimit:
		return last
	case y < -yearLimit:
		return first - 1
	case y == 0 && r.cal.SkipYearZero:
		y = -1
	}
	return r.yearStart(r.astro(y)+1) - 1
}
