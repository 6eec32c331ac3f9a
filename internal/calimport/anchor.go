package calimport

import (
	"fmt"
	"math"
	"math/big"
	"strconv"
	"strings"

	"github.com/kanka-cli/kanka/almanac"
	"github.com/kanka-cli/kanka/client"
)

// Each tool counts its days from its own start, with its own leap rules;
// Kanka counts from day 1 of year 0 (or 1). Rather than translate one
// count into the other, the converted calendar is anchored on the source's
// current date: the weekday and each moon's full moon the source shows
// there, by its own rules (model), decide start_offset and each moon's
// offset, so that Kanka's rules (the almanac) show the same. The days
// around the current date are then compared one by one.

// span is consecutive days of the converted calendar: the ordinal of the
// first, and each day's date.
type span struct {
	first int64
	dates []almanac.Date
}

// spanAround is the days from before to after days around d, those the
// calendar has (it may start or end sooner, at the almanac's bounds).
func spanAround(r *almanac.Reckoning, d almanac.Date, before, after int64) span {
	at, _ := r.Ordinal(d)
	lo, hi := r.OrdinalRange()
	first, last := max(at-before, lo), min(at+after, hi)
	s := span{first: first}
	walkDays(r, first, last, func(_ int64, d almanac.Date) bool {
		s.dates = append(s.dates, d)
		return true
	})
	return s
}

// walkDays calls day with each day of ordinals first to last, in order,
// until it returns false or the calendar ends. The days of a month follow
// each other: each month is found once (DateOf searches the years), not
// each day, so that a span of 30,000 days costs what its months do.
func walkDays(r *almanac.Reckoning, first, last int64, day func(o int64, d almanac.Date) bool) {
	for o := first; o <= last; {
		d, err := r.DateOf(o)
		if err != nil {
			return
		}
		n, err := r.MonthLength(d.Year, d.Month)
		if err != nil {
			n = d.Day
		}
		for ; d.Day <= n && o <= last; d.Day, o = d.Day+1, o+1 {
			if !day(o, d) {
				return
			}
		}
	}
}

// checkDays is how many days either side of the current date the spread
// check covers: four years of the calendar, at least 400 days, at most 3000.
func checkDays(r *almanac.Reckoning, d almanac.Date) int64 {
	n, _ := r.YearLength(d.Year)
	return min(max(4*n, 400), 3000)
}

// anchorWeekday sets start_offset so that the first day on or after the
// current date that has a weekday in both (not a festival day) has the
// weekday the source gives it.
func (d *draft) anchorWeekday(r *almanac.Reckoning) {
	zero := 0
	d.in.StartOffset = &zero
	w := len(d.in.Weekdays)
	if w < 2 {
		return
	}
	s := spanAround(r, d.date(), 0, checkDays(r, d.date()))
	for _, day := range s.dates {
		want, col, ok := d.weekdays(r, day)
		if !ok {
			continue
		}
		offset := mod(want-col, w)
		d.in.StartOffset = &offset
		return
	}
}

// weekdays are the weekday the source gives day (want) and the one Kanka
// counts for it (got), indexes in the weekday list; ok is false when either
// gives it none (a day outside the week): such a day says nothing of how
// the two weeks line up.
func (d *draft) weekdays(r *almanac.Reckoning, day almanac.Date) (want, got int, ok bool) {
	if want, ok = d.src.weekday(day); !ok {
		return 0, 0, false
	}
	got, ok, err := r.Weekday(day)
	if err != nil || !ok {
		return 0, 0, false
	}
	return want, got, true
}

// moonCycles is how many cycles either side of the current date the
// source's full moons are looked for when anchoring a moon.
const moonCycles = 12

// anchorMoons sets each moon's offset: Kanka shows a moon full on every
// day floor(offset + k*period); the offset is the one, among the days the
// source shows the moon full near the current date, under which Kanka's
// full moons fall on the most of the source's (then within a day of the
// most), the nearest to the current date on a tie. It is thus the day of
// a full moon near the current date, so that a service that rounds the
// period keeps the phases right near it too. But where the tool's own
// formula gives an offset (ownOffset) that does as well, that one is
// taken: it puts every full moon, far from the current date too, where
// the tool centres it, and a calendar kanka exported comes back with its
// own offset. Where the draft says so (ownMoons), the tool's is taken
// whatever the days near the current date say.
func (d *draft) anchorMoons(r *almanac.Reckoning) (losses []string) {
	for i := range d.in.Moons {
		m := &d.in.Moons[i]
		own, hasOwn := d.ownOffset(i, r)
		if hasOwn && d.ownMoons {
			m.Offset = int(own)
			continue
		}
		days := int64(math.Ceil(float64(moonCycles)*m.Fullmoon)) + 2
		days = min(max(days, 60), 5000)
		s := spanAround(r, d.date(), days, days)
		runs := d.fullRuns(i, s)
		if len(runs) == 0 {
			m.Offset = 0
			losses = append(losses, fmt.Sprintf("moon %s: %s shows it full on no day near the current date: its offset is 0",
				m.Name, d.format.Tool()))
			continue
		}
		current, _ := r.Ordinal(d.date())
		// Kanka's full moons under offset o are those under offset base
		// moved by o - base: compute them once, over the span and as far
		// again either side, and slide.
		base := runs[0].a
		lo, hi := s.first-int64(len(s.dates)), s.first+2*int64(len(s.dates))
		kanka := fullDays(r, m.Name, m.Fullmoon, int(base), lo, hi)
		type score struct{ exact, near int }
		var best score
		bestOffset := int64(math.MinInt64)
		for _, run := range runs {
			for o := run.a; o <= run.b; o++ {
				shift := o - base
				var sc score
				for _, other := range runs {
					if anyFull(kanka, lo, other.a-shift, other.b-shift) {
						sc.exact++
					}
					if anyFull(kanka, lo, other.a-1-shift, other.b+1-shift) {
						sc.near++
					}
				}
				better := sc.exact > best.exact || sc.exact == best.exact && sc.near > best.near ||
					sc == best && abs64(o-current) < abs64(bestOffset-current)
				if bestOffset == math.MinInt64 || better {
					best, bestOffset = sc, o
				}
			}
		}
		// The tool's own offset against the best found, on the runs the
		// span holds whole (one cut by its ends favours an offset that
		// catches the part inside).
		if hasOwn && d.scoreWhole(r, m, s, runs, own) >= d.scoreWhole(r, m, s, runs, bestOffset) {
			bestOffset = own
		}
		m.Offset = int(bestOffset)
	}
	return losses
}

// scoreWhole is how many of the runs s holds whole (not cut by its first
// or last day) Kanka's full moons under offset fall on, then (in the
// lower digits) fall within a day of.
func (d *draft) scoreWhole(r *almanac.Reckoning, m *client.Moon, s span, runs []run, offset int64) int {
	last := s.first + int64(len(s.dates)) - 1
	days := fullDays(r, m.Name, m.Fullmoon, int(offset), s.first-1, last+1)
	exact, near := 0, 0
	for _, run := range runs {
		if run.a == s.first || run.b == last {
			continue
		}
		if anyFull(days, s.first-1, run.a, run.b) {
			exact++
		}
		if anyFull(days, s.first-1, run.a-1, run.b+1) {
			near++
		}
	}
	return exact*(len(runs)+1) + near
}

// ownOffset is moon i's offset by the source's own formula (offsetModel),
// moved by whole cycles that are whole days (16 cycles of 30.4375 days
// are 487) as near the current date as they go: the same days, the
// offset nearer. ok is false when the model has no formula for the moon.
func (d *draft) ownOffset(i int, r *almanac.Reckoning) (int64, bool) {
	om, ok := d.src.(offsetModel)
	if !ok {
		return 0, false
	}
	off, ok := om.moonOffset(i, r, d.date())
	if !ok || off < -maxOffset || off > maxOffset {
		return 0, false
	}
	at, _ := r.Ordinal(d.date())
	step, ok := wholeCycles(d.in.Moons[i].Fullmoon)
	if !ok {
		return off, true
	}
	k := (at - off) / step
	if rem := (at - off) % step; 2*abs64(rem) > step {
		if rem > 0 {
			k++
		} else {
			k--
		}
	}
	return off + k*step, true
}

// maxOffset bounds an offset a file's moon gives: one beyond it (a shift
// of 1e300) is none.
const maxOffset = 1 << 50

// wholeCycles is the fewest days that are a whole number of cycles of the
// period, as the almanac reads it (ten decimals at most); ok is false
// when that is beyond maxOffset.
func wholeCycles(period float64) (int64, bool) {
	whole, frac, _ := strings.Cut(strconv.FormatFloat(period, 'f', -1, 64), ".")
	frac = (frac + "0000000000")[:10]
	n, ok := new(big.Int).SetString(whole+frac, 10)
	if !ok || n.Sign() <= 0 {
		return 0, false
	}
	num := new(big.Rat).SetFrac(n, big.NewInt(10_000_000_000)).Num()
	if !num.IsInt64() || num.Int64() > maxOffset {
		return 0, false
	}
	return num.Int64(), true
}

// run is consecutive days (ordinals a to b) the source shows a moon full.
type run struct{ a, b int64 }

// fullRuns are the runs of days of s the source shows moon i full.
func (d *draft) fullRuns(i int, s span) []run {
	var runs []run
	for j, day := range s.dates {
		full, ok := d.src.full(i, day)
		if !ok || !full {
			continue
		}
		o := s.first + int64(j)
		if n := len(runs); n > 0 && runs[n-1].b == o-1 {
			runs[n-1].b = o
		} else {
			runs = append(runs, run{o, o})
		}
	}
	return runs
}

// fullSet is the days from an ordinal lo Kanka shows a moon full: upTo[i]
// counts those before lo+i, so that whether any of a run of days is one
// is a subtraction, not a walk through the run.
type fullSet struct{ upTo []int32 }

// fullDays is, for ordinals lo to hi, the days Kanka shows a moon of the
// period full with the offset, by the almanac.
func fullDays(r *almanac.Reckoning, name string, period float64, offset int, lo, hi int64) fullSet {
	set := fullSet{upTo: make([]int32, hi-lo+2)}
	cal := r.Calendar()
	cal.Moons = []almanac.Moon{{Name: name, Fullmoon: strconv.FormatFloat(period, 'f', -1, 64), Offset: offset}}
	if one, err := almanac.New(cal); err == nil {
		first, last := one.OrdinalRange()
		walkDays(one, max(lo, first), min(hi, last), func(o int64, date almanac.Date) bool {
			phases, _ := one.MoonPhases(date)
			if len(phases) == 1 && phases[0].Phase == almanac.PhaseFull {
				set.upTo[o-lo+1] = 1
			}
			return true
		})
	}
	for i := 1; i < len(set.upTo); i++ {
		set.upTo[i] += set.upTo[i-1]
	}
	return set
}

// anyFull reports whether days (from ordinal lo, as fullDays was asked)
// marks any of ordinals a to b.
func anyFull(days fullSet, lo, a, b int64) bool {
	a, b = max(a, lo), min(b, lo+int64(len(days.upTo))-2)
	if a > b {
		return false
	}
	return days.upTo[b-lo+1] > days.upTo[a-lo]
}

func abs64(n int64) int64 {
	if n < 0 {
		return -n
	}
	return n
}

// check compares the converted calendar with the source on the days around
// the current date: the weekday of each, and each moon's full moons (Kanka
// must show one within a day of each the source shows). What differs is a
// loss, one a line.
func (d *draft) check() ([]string, error) {
	r, err := d.in.Reckoning()
	if err != nil {
		return nil, fmt.Errorf("the calendar cannot be counted: %w", err)
	}
	n := checkDays(r, d.date())
	s := spanAround(r, d.date(), n, n)
	if len(s.dates) == 0 {
		return nil, nil
	}
	between := fmt.Sprintf("%s to %s", s.dates[0], s.dates[len(s.dates)-1])
	var losses []string
	if len(d.in.Weekdays) >= 2 {
		differ, checked := 0, 0
		var first almanac.Date
		for _, day := range s.dates {
			want, got, ok := d.weekdays(r, day)
			if !ok {
				continue
			}
			checked++
			if got != want {
				if differ == 0 {
					first = day
				}
				differ++
			}
		}
		switch {
		case differ > 0 && d.restart != "":
			losses = append(losses, fmt.Sprintf("weeks: %s starts the week anew %s; Kanka runs the week on, so weekdays differ on %d of %d days checked (%s), first on %s",
				d.format.Tool(), d.restart, differ, checked, between, first))
		case differ > 0:
			losses = append(losses, fmt.Sprintf("weekdays: they differ from %s's on %d of %d days checked (%s), first on %s",
				d.format.Tool(), differ, checked, between, first))
		}
	}
	for i, m := range d.in.Moons {
		runs := d.fullRuns(i, s)
		kanka := fullDays(r, m.Name, m.Fullmoon, m.Offset, s.first-1, s.first+int64(len(s.dates)))
		missed := 0
		for _, run := range runs {
			if !anyFull(kanka, s.first-1, run.a-1, run.b+1) {
				missed++
			}
		}
		if missed > 0 {
			losses = append(losses, fmt.Sprintf("moon %s: its full moons differ from %s's by more than a day on %d of %d checked (%s)",
				m.Name, d.format.Tool(), missed, len(runs), between))
		}
	}
	return losses, nil
}
