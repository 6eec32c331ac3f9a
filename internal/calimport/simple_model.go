package calimport

import (
	"math"
	"sort"

	"github.com/kanka-cli/kanka/almanac"
)

// scModel is Simple Calendar's arithmetic (src/classes/calendar/index.ts:
// dateToDays, dayOfTheWeek; leap-year.ts; moon.ts), ported with its
// quirks: days are counted from day 1 of year.yearZero, the weekday is
// that count plus firstWeekday (intercalary months left out unless they
// are included), a month with a startingWeekday starts its week anew,
// and a moon's phase counts every day since its first new moon.
type scModel struct {
	months       []scMonthModel
	weekdays     int
	firstWeekday int
	yearZero     int
	leap         scLeap
	moons        []scMoonModel
	mm           *monthMap
	// upTo are the days before each month (and, last, of the year), by
	// leap year (1) or not (0) and every month (1) or the counted only
	// (0): dateToDays is asked for every day of thousands, of a year of
	// up to 10,000 months.
	upTo [2][2][]int
}

type scMonthModel struct {
	days, leapDays       int
	intercalary, include bool
	startingWeekday      *int
}

type scLeap struct {
	rule       string // "none", "gregorian", "custom"
	mod, start int
}

type scMoonModel struct {
	cycle, adjust    float64
	reset            string
	resetEvery       int
	year, month, day int // the first new moon; month and day from 0
	phases           []scPhaseModel
	// ends are where each phase ends in the cycle, in days.
	ends []float64
}

type scPhaseModel struct {
	full bool
}

// rule is the leap years as a leapRule; isLeap is nil when there are none.
func (m *scModel) rule() leapRule {
	switch m.leap.rule {
	case "gregorian":
		text := "Gregorian (400,!100,4)"
		if m.leap.start != 0 {
			text += " from year " + itoa(m.leap.start)
		}
		return leapRule{text: text, period: 400, isLeap: m.isLeapYear}
	case "custom":
		text := "every " + itoa(m.leap.mod) + " years"
		if m.leap.start != 0 {
			text += " from year " + itoa(m.leap.start)
		}
		return leapRule{text: text, period: m.leap.mod, isLeap: m.isLeapYear}
	}
	return leapRule{}
}

func (m *scModel) isLeapYear(year int) bool {
	y := year - m.leap.start
	switch m.leap.rule {
	case "gregorian":
		return y%4 == 0 && (y%100 != 0 || y%400 == 0)
	case "custom":
		return y%m.leap.mod == 0
	}
	return false
}

// howManyLeapYears counts the leap years from the rule's start to year,
// that one left out when it is one (and the count is above 0).
func (m *scModel) howManyLeapYears(year int) int {
	t := year - m.leap.start
	n := 0
	switch m.leap.rule {
	case "gregorian":
		n = floorDiv(t, 4) - floorDiv(t, 100) + floorDiv(t, 400)
	case "custom":
		n = floorDiv(t, m.leap.mod)
	}
	if m.isLeapYear(year) && n > 0 {
		n--
	}
	return n
}

func floorDiv(a, b int) int { return int(math.Floor(float64(a) / float64(b))) }

// counted reports whether month i's days count in a year's days.
func (m *scModel) counted(i int, all bool) bool {
	mo := m.months[i]
	return all || !mo.intercalary || mo.include
}

func (m *scModel) totalDays(leap, all bool) int {
	return m.daysBefore(len(m.months), leap, all)
}

// daysBefore are the days of the months before month i (0-based) that
// count (all: every month).
func (m *scModel) daysBefore(i int, leap, all bool) int {
	if m.upTo[0][0] == nil {
		for l := range 2 {
			for a := range 2 {
				upTo := make([]int, len(m.months)+1)
				for j, mo := range m.months {
					n := 0
					if m.counted(j, a == 1) {
						n = mo.days
						if l == 1 {
							n = mo.leapDays
						}
					}
					upTo[j+1] = upTo[j] + n
				}
				m.upTo[l][a] = upTo
			}
		}
	}
	return m.upTo[b2i(leap)][b2i(all)][i]
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// dateToDays is Simple Calendar's count of days from year zero to day
// index dayIndex of month monthIndex of year (all: every month counted,
// as its moons count).
func (m *scModel) dateToDays(year, monthIndex, dayIndex int, all bool) int {
	beforeYearZero := year < m.yearZero
	daysPerYear := m.totalDays(false, all)
	daysPerLeapYear := m.totalDays(true, all)
	leapDifference := daysPerLeapYear - daysPerYear
	isLeap := m.isLeapYear(year)
	leaps := m.howManyLeapYears(year)
	zeroLeaps := m.howManyLeapYears(m.yearZero)
	procYear := year - m.yearZero
	if procYear < 0 {
		procYear = -procYear
	}
	monthIndex = min(max(monthIndex, 0), len(m.months)-1)
	if beforeYearZero {
		procYear--
	}
	daysIntoMonth := max(dayIndex+1, 1)
	days := daysPerYear * procYear
	length := func(i int) int {
		if isLeap {
			return m.months[i].leapDays
		}
		return m.months[i].days
	}
	if beforeYearZero {
		if isLeap {
			days += (zeroLeaps - (leaps + 1)) * leapDifference
		} else {
			days += (zeroLeaps - leaps) * leapDifference
		}
		days += m.totalDays(isLeap, all) - m.daysBefore(monthIndex+1, isLeap, all)
		days += length(monthIndex) - daysIntoMonth
	} else {
		diff := leaps - zeroLeaps
		if diff < 0 {
			diff = -diff
		}
		days += diff * leapDifference
		days += m.daysBefore(monthIndex, isLeap, all)
		days += daysIntoMonth
	}
	if beforeYearZero {
		days++
		if year <= 0 && m.leap.rule != "none" && m.leap.rule != "" {
			if m.yearZero == 0 && !isLeap {
				days -= leapDifference
			} else if m.yearZero != 0 && isLeap {
				days += leapDifference
			}
		}
	} else {
		days--
	}
	if year > 0 && m.yearZero == 0 && m.leap.rule != "none" && m.leap.rule != "" {
		days += leapDifference
	}
	if beforeYearZero {
		return -days
	}
	return days
}

// has reports whether the month (0-based) has day (1-based) in year.
func (m *scModel) has(year, month, day int) bool {
	if month < 0 || month >= len(m.months) || day < 1 {
		return false
	}
	n := m.months[month].days
	if m.isLeapYear(year) {
		n = m.months[month].leapDays
	}
	return day <= n
}

func (m *scModel) weekday(d almanac.Date) (int, bool) {
	t, day := m.mm.source(d.Month, d.Day)
	if m.weekdays < 2 || !m.has(d.Year, t, day) || !m.counted(t, false) {
		return 0, false
	}
	var days int
	if sw := m.months[t].startingWeekday; sw != nil {
		days = day - 1 + *sw - 1
	} else {
		days = m.dateToDays(d.Year, t, day-1, false) + m.firstWeekday
	}
	return mod(days, m.weekdays), true
}

func (m *scModel) full(i int, d almanac.Date) (bool, bool) {
	t, day := m.mm.source(d.Month, d.Day)
	if !m.has(d.Year, t, day) {
		return false, false
	}
	return m.moons[i].phaseOn(m, d.Year, t, day-1).full, true
}

// phaseOn is the phase Simple Calendar shows on the day (getDateMoonPhase).
func (mo scMoonModel) phaseOn(m *scModel, year, month, dayIndex int) scPhaseModel {
	if len(mo.phases) == 0 {
		return scPhaseModel{}
	}
	firstNew := m.dateToDays(mo.year, mo.month, mo.day, true)
	adjust := 0.0
	switch {
	case mo.reset == "leap-year":
		if ly, ok := m.previousLeapYear(year); ok {
			firstNew = m.dateToDays(ly, mo.month, mo.day, true)
			if year != ly {
				adjust += m.fraction(year)
			}
		}
	case mo.reset == "x-years" && mo.resetEvery > 0:
		if r := year % mo.resetEvery; r != 0 {
			firstNew = m.dateToDays(year-r, mo.month, mo.day, true)
			adjust += float64(r) / float64(mo.resetEvery)
		}
	}
	since := float64(m.dateToDays(year, month, dayIndex, true)-firstNew) + adjust
	cycles := since / mo.cycle
	into := (cycles-math.Floor(cycles))*mo.cycle + mo.adjust
	// The first phase whose end is past into (the lengths are at least 0,
	// simpleCounts saw to it, so the ends rise): it starts at or before.
	ends := mo.ends
	if i := sort.SearchFloat64s(ends, math.Nextafter(into, math.Inf(1))); i < len(ends) && into >= 0 {
		return mo.phases[i]
	}
	return mo.phases[0]
}

// previousLeapYear is Simple Calendar's: it takes the rule's start off
// the year, then asks the rule (which takes it off again).
func (m *scModel) previousLeapYear(year int) (int, bool) {
	if m.leap.rule != "gregorian" && m.leap.rule != "custom" {
		return 0, false
	}
	y := year - m.leap.start
	for i := 0; i < 1000 && !m.isLeapYear(y); i++ {
		y--
	}
	return y, true
}

func (m *scModel) fraction(year int) float64 {
	prev, ok := m.previousLeapYear(year)
	if !ok || prev == 0 {
		return 0
	}
	into := (year - m.leap.start) % prev
	if m.leap.rule == "gregorian" {
		return float64(into) / 4
	}
	return float64(into) / float64(m.leap.mod)
}

// moonOffset is the Kanka offset of moon i by Simple Calendar's own
// count: its full moon is the first day whose count since the first new
// moon, modulo the cycle, plus the adjust, reaches the start of the full
// phase; counted from the current date that is day ceil(k*cycle + t),
// Kanka's floor(offset + k*cycle) with offset the day after t
// (docs/formats.md 2.6). A moon that starts its cycle again, or has no
// full phase, has none.
func (m *scModel) moonOffset(i int, r *almanac.Reckoning, at almanac.Date) (int64, bool) {
	mo := m.moons[i]
	if mo.reset == "leap-year" && m.leap.rule != "none" && m.leap.rule != "" || mo.reset == "x-years" && mo.resetEvery > 0 {
		return 0, false
	}
	start, found := 0.0, false
	for j, p := range mo.phases {
		if p.full {
			if j > 0 {
				start = mo.ends[j-1]
			}
			found = true
			break
		}
	}
	t, day := m.mm.source(at.Month, at.Day)
	ord, err := r.Ordinal(at)
	if !found || err != nil || !m.has(at.Year, t, day) {
		return 0, false
	}
	shift := m.dateToDays(at.Year, t, day-1, true) - int(ord)
	first := m.dateToDays(mo.year, mo.month, mo.day, true)
	return int64(math.Floor(float64(first-shift) + start - mo.adjust + 1)), true
}
