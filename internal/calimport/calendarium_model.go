package calimport

import (
	"fmt"
	"math"
	"strings"

	"github.com/kanka-cli/kanka/almanac"
)

// cmModel is Calendarium's arithmetic (src/utils/functions.ts: testLeapDay,
// leapDaysBeforeYear, daysFromYearOne, getFirstDayOfYear;
// src/stores/years.store.ts and month.store.ts: daysBefore, firstDay;
// src/stores/cache/moon-cache.ts), ported with its quirks: a day's count
// (which the moons go by) is the days of the standard months and of the
// leap days that are not intercalary since day 1 of year 1, the leap days
// before a year counted with the leap day's offset added (where testLeapDay
// takes it off), the years before 1 mirrored on it; the weekday of a year's
// first day is firstWeekDay in year 1, its count plus firstWeekDay and the
// static offset in the others; a moon's phase is one of 24,
// round(frac((count - offset)/cycle) * 24), 12 the full moon.
type cmModel struct {
	firstWeekDay, offset int
	overflow             bool
	week                 int
	months               []cmMonthModel
	leaps                []cmLeap
	moons                []cmMoonModel
	mm                   *monthMap
	// standard are the days of the standard months before each month (and,
	// last, of the year).
	standard []int64
}

type cmMonthModel struct {
	length               int
	intercalary, ownWeek bool
}

type cmLeap struct {
	offset      int
	intercalary bool
	period      int
	conditions  []cmLeapCondition // sorted by interval
	month       int               // the month (0-based) it ends
}

type cmLeapCondition struct {
	every             int
	exclusive, ignore bool
}

type cmMoonModel struct {
	cycle, offset float64
}

// rule is the leap day's years as a leapRule, testLeapDay's.
func (l cmLeap) rule() leapRule {
	var parts []string
	for _, c := range l.conditions {
		p := fmt.Sprint(c.every)
		if c.exclusive {
			p = "!" + p
		}
		parts = append(parts, p)
	}
	text := strings.Join(parts, ",")
	if l.offset != 0 {
		text += fmt.Sprintf(" (offset %d)", l.offset)
	}
	return leapRule{text: text, period: l.period, tests: len(l.conditions), isLeap: l.occurs}
}

// occurs is testLeapDay: the conditions sorted by interval, the leap day
// occurs when one fires; a first exclusive one fires on the years it does
// not divide, a later exclusive one never on its own, an inclusive one
// followed by an exclusive one on the years it divides and that one not.
func (l cmLeap) occurs(year int) bool {
	y := year - l.offset
	for i, c := range l.conditions {
		switch {
		case c.exclusive && i == 0:
			if y%c.every != 0 {
				return true
			}
		case c.exclusive:
		case i+1 < len(l.conditions) && l.conditions[i+1].exclusive:
			if y%c.every == 0 && y%l.conditions[i+1].every != 0 {
				return true
			}
		default:
			if y%c.every == 0 {
				return true
			}
		}
	}
	return false
}

// before is leapDaysBeforeYear's count for this leap day, from the year
// before year (its absolute value for a year before 1).
func (l cmLeap) before(prior int64) int64 {
	var n int64
	for i, c := range l.conditions {
		floorOf := func(c cmLeapCondition) int64 {
			off := int64(l.offset)
			if c.ignore {
				off = 0
			}
			return int64(math.Floor(float64(prior+off) / float64(c.every)))
		}
		var rest int64
		for _, later := range l.conditions[i+1:] {
			if !later.exclusive {
				rest += floorOf(later)
			}
		}
		if c.exclusive {
			n += rest - floorOf(c)
		} else {
			n += floorOf(c) - rest
		}
	}
	return n
}

func (m *cmModel) prepare() {
	m.standard = make([]int64, len(m.months)+1)
	for i, mo := range m.months {
		m.standard[i+1] = m.standard[i]
		if !mo.intercalary {
			m.standard[i+1] += int64(mo.length)
		}
	}
}

// leapDaysBeforeYear is Calendarium's count of the leap days, those that
// are not intercalary, before the year.
func (m *cmModel) leapDaysBeforeYear(year int) int64 {
	y := int64(year)
	if y < 0 {
		y = -y
	}
	if y == 1 {
		return 0
	}
	prior := y - 1
	if year < 0 {
		prior = y
	}
	var n int64
	for _, l := range m.leaps {
		if !l.intercalary {
			n += l.before(prior)
		}
	}
	return n
}

// daysFromYearOne is Calendarium's count of the days before the year.
func (m *cmModel) daysFromYearOne(year int) int64 {
	if year == 1 {
		return 0
	}
	y := int64(year)
	if year < 1 {
		y++
	}
	span := y - 1
	if span < 0 {
		span = -span
	}
	return span*m.standard[len(m.months)] + m.leapDaysBeforeYear(year)
}

// monthBefore is the days before month i (0-based) of the year: of the
// standard months, and the leap days that are not intercalary that occur
// that year in a month before it.
func (m *cmModel) monthBefore(year, i int) int64 {
	n := m.standard[i]
	for _, l := range m.leaps {
		if !l.intercalary && l.month < i && l.occurs(year) {
			n++
		}
	}
	return n
}

// length is month i's days in the year, its leap days included.
func (m *cmModel) length(year, i int) int {
	n := m.months[i].length
	for _, l := range m.leaps {
		if l.month == i && l.occurs(year) {
			n++
		}
	}
	return n
}

// count is the day's count (daysBefore in years.store.ts); ok is false
// when Calendarium has no such day.
func (m *cmModel) count(d almanac.Date) (int64, bool) {
	i, day := m.mm.source(d.Month, d.Day)
	if d.Year == 0 || i < 0 || i >= len(m.months) || day < 1 || day > m.length(d.Year, i) {
		return 0, false
	}
	return m.daysFromYearOne(d.Year) + m.monthBefore(d.Year, i) + int64(day) - 1, true
}

// firstDay is getFirstDayOfYear.
func (m *cmModel) firstDay(year int) int64 {
	w := int64(m.week)
	if year == 1 {
		return int64(m.firstWeekDay)
	}
	mult := int64(1)
	if year < 0 {
		mult = -1
	}
	return almanac.FloorMod(mult*(m.daysFromYearOne(year)%w+mult*int64(m.firstWeekDay)+mult*int64(m.offset)), w)
}

func (m *cmModel) weekday(d almanac.Date) (int, bool) {
	i, day := m.mm.source(d.Month, d.Day)
	if _, ok := m.count(d); !ok || m.week < 2 || m.months[i].intercalary || m.months[i].ownWeek {
		return 0, false
	}
	w := int64(m.week)
	first := int64(0)
	if m.overflow {
		first = almanac.FloorMod(m.monthBefore(d.Year, i)%w+m.firstDay(d.Year), w)
	}
	return int(almanac.FloorMod(first+int64(day)-1, w)), true
}

func (m *cmModel) full(i int, d almanac.Date) (bool, bool) {
	n, ok := m.count(d)
	if !ok {
		return false, false
	}
	return m.moons[i].phase(n) == 12, true
}

// phase is the moon's phase of the 24 on the day counted n (0 new, 12
// full): JavaScript's Math.round, halves up.
func (mo cmMoonModel) phase(n int64) int {
	x := (float64(n) - mo.offset) / mo.cycle
	pos := x - math.Floor(x)
	return int(almanac.FloorMod(int64(math.Floor(math.Mod(pos*24, 24)+0.5)), 24))
}

// moonOffset is the Kanka offset of moon i by Calendarium's own count: its
// full moon is centred on offset + cycle/2 (in counts), which the day
// counted at the current date places among Kanka's days (docs/formats.md
// 4.6); the three quarters round a band centred up to half a day before
// Kanka's day (as kanka's export centres it) to that day.
func (m *cmModel) moonOffset(i int, r *almanac.Reckoning, at almanac.Date) (int64, bool) {
	n, ok := m.count(at)
	ord, err := r.Ordinal(at)
	if !ok || err != nil {
		return 0, false
	}
	mo := m.moons[i]
	return int64(math.Floor(mo.offset + mo.cycle/2 - float64(n-ord) + 0.75)), true
}
