package calimport

import (
	"fmt"
	"math"
	"strings"

	"github.com/kanka-cli/kanka/almanac"
	"github.com/kanka-cli/kanka/client"
)

// fcModel is Fantasy-Calendar's arithmetic (calendar_functions.js:
// get_epoch, evaluate_calendar_start; calendar_workers.js: the moons):
// the epoch is the days since day 1 of year 1 (of year 0 when it exists),
// every day counted; the weekday counts only the days of the week (not
// those of intercalary months, nor intercalary leap days).
type fcModel struct {
	yearZero bool
	firstDay int // 1-based weekday of epoch 0
	overflow bool
	week     int
	spans    []fcSpan
	leaps    []fcLeap
	moons    []fcMoonModel
	mm       *monthMap
	// The year lengths repeat every period years: their sums over one
	// period, by converted year modulo period.
	period             int
	daysUpTo, weekUpTo []int64
	// leapsOn are the leap days of each timespan (indexes in leaps).
	leapsOn [][]int
	// last is the year epoch counted last: the days run through one
	// year after another, and a year of 10,000 timespans is counted once,
	// not once a day.
	last *fcYear
}

// fcYear is one year's timespans: the days (and days of the week) before
// each, and each one's days, leap days included (0 when it is not there).
type fcYear struct {
	year                  int
	allBefore, weekBefore []int64
	length                []int
}

type fcSpan struct {
	length           int
	intercalary      bool
	interval, offset int
	ownWeek          bool
}

type fcLeap struct {
	span        int
	outsideWeek bool
	rule        leapRule
}

type fcMoonModel struct {
	cycle, shift float64
	granularity  int
	rounding     string
	custom       []int
}

// convert is the year as Fantasy-Calendar counts years from its epoch
// (convert_year): without year 0, year 1 is 0.
func (m *fcModel) convert(y int) int {
	if !m.yearZero && y > 0 {
		return y - 1
	}
	return y
}

func (m *fcModel) unconvert(cy int) int {
	if !m.yearZero && cy >= 0 {
		return cy + 1
	}
	return cy
}

// spanRule is the years a timespan exists in (is_leap_simple).
func (m *fcModel) spanRule(s fcSpan) leapRule {
	yearZero := m.yearZero
	return leapRule{period: s.interval, isLeap: func(y int) bool { return s.inYear(y, yearZero) }}
}

// inYear reports whether s exists in year y: every year, or every
// interval-th from its offset (year -1 counted as 0 where the calendar has
// no year 0).
func (s fcSpan) inYear(y int, yearZero bool) bool {
	if s.interval == 1 {
		return true
	}
	t := y - s.offset%s.interval
	if y < 0 && !yearZero {
		t++
	}
	return t%s.interval == 0
}

// appears reports whether timespan i exists in year y. It is asked for
// every timespan of every year counted, so it builds no rule.
func (m *fcModel) appears(i, y int) bool { return m.spans[i].inYear(y, m.yearZero) }

// yearDays are the days of year y, and of them those of the week.
func (m *fcModel) yearDays(y int) (all, week int64) {
	for i, s := range m.spans {
		if m.appears(i, y) {
			all += int64(s.length)
			if !s.intercalary {
				week += int64(s.length)
			}
		}
	}
	for _, l := range m.leaps {
		if m.appears(l.span, y) && l.rule.isLeap(y) {
			all++
			if !l.outsideWeek {
				week++
			}
		}
	}
	return all, week
}

// prepare sums the year lengths over one period of the rules.
func (m *fcModel) prepare() error {
	m.period = 1
	tooLong := fmt.Errorf("the calendar's months and leap days repeat only every %d years or more: too long to count", maxPeriod)
	var ok bool
	for _, s := range m.spans {
		if m.period, ok = lcmWithin(m.period, s.interval, maxPeriod); !ok {
			return tooLong
		}
	}
	for _, l := range m.leaps {
		if m.period, ok = lcmWithin(m.period, l.rule.period, maxPeriod); !ok {
			return tooLong
		}
	}
	work := max(len(m.spans), 1)
	for _, l := range m.leaps {
		work += max(l.rule.tests, 1)
	}
	if m.period > maxRuleWork/work {
		return fmt.Errorf("the calendar's months and leap days repeat every %d years: with its %d timespans and leap intervals that is too long to count", m.period, work)
	}
	m.daysUpTo = make([]int64, m.period+1)
	m.weekUpTo = make([]int64, m.period+1)
	for k := 0; k < m.period; k++ {
		all, week := m.yearDays(m.unconvert(k))
		m.daysUpTo[k+1] = m.daysUpTo[k] + all
		m.weekUpTo[k+1] = m.weekUpTo[k] + week
	}
	return nil
}

// before are the days from the epoch to the start of converted year cy,
// and of them those of the week (negative before the epoch). The rules
// repeat every period converted years whatever the sign (a year before
// year 1 is counted as Fantasy-Calendar does, one up), so the sums do.
func (m *fcModel) before(cy int) (all, week int64) {
	p := int64(m.period)
	r := int64(mod(cy, m.period))
	q := (int64(cy) - r) / p
	return q*m.daysUpTo[p] + m.daysUpTo[r], q*m.weekUpTo[p] + m.weekUpTo[r]
}

// epoch is Fantasy-Calendar's epoch of day (1-based) of timespan t in
// year y, and the days of the week since the epoch; ok is false when the
// calendar has no such day that year.
func (m *fcModel) epoch(y, t, day int) (all, week int64, ok bool) {
	if t < 0 || t >= len(m.spans) {
		return 0, 0, false
	}
	yr := m.year(y)
	if yr.length[t] == 0 || day < 1 || day > yr.length[t] {
		return 0, 0, false
	}
	all, week = m.before(m.convert(y))
	all, week = all+yr.allBefore[t], week+yr.weekBefore[t]
	return all + int64(day-1), week + int64(day-1), true
}

// year counts the timespans of year y, or gives them as counted last.
func (m *fcModel) year(y int) *fcYear {
	if m.last != nil && m.last.year == y {
		return m.last
	}
	if m.leapsOn == nil {
		m.leapsOn = make([][]int, len(m.spans))
		for j, l := range m.leaps {
			m.leapsOn[l.span] = append(m.leapsOn[l.span], j)
		}
	}
	// The year counted last is given up: its slices take the new year's
	// sums (the days run through one year after another).
	yr := m.last
	if yr == nil {
		n := len(m.spans)
		yr = &fcYear{allBefore: make([]int64, n), weekBefore: make([]int64, n), length: make([]int, n)}
	}
	yr.year = y
	var all, week int64
	for i, s := range m.spans {
		yr.allBefore[i], yr.weekBefore[i], yr.length[i] = all, week, 0
		if !m.appears(i, y) {
			continue
		}
		days, w := s.length, s.length
		if s.intercalary {
			w = 0
		}
		for _, j := range m.leapsOn[i] {
			if m.leaps[j].rule.isLeap(y) {
				days++
				if !m.leaps[j].outsideWeek {
					w++
				}
			}
		}
		yr.length[i] = days
		all, week = all+int64(days), week+int64(w)
	}
	m.last = yr
	return yr
}

func (m *fcModel) weekday(d almanac.Date) (int, bool) {
	t, day := m.mm.source(d.Month, d.Day)
	_, week, ok := m.epoch(d.Year, t, day)
	if !ok || m.week < 2 || m.spans[t].intercalary || m.spans[t].ownWeek {
		return 0, false
	}
	if !m.overflow {
		return (day - 1) % m.week, true
	}
	return mod64(week+int64(m.firstDay)-1, int64(m.week)), true
}

func (m *fcModel) full(i int, d almanac.Date) (bool, bool) {
	t, day := m.mm.source(d.Month, d.Day)
	epoch, _, ok := m.epoch(d.Year, t, day)
	if !ok {
		return false, false
	}
	return m.moons[i].phase(epoch) == m.moons[i].granularity/2, true
}

// phase is the moon's phase on the epoch, 0 new and granularity/2 full.
func (mo fcMoonModel) phase(epoch int64) int {
	g := mo.granularity
	if mo.custom != nil {
		n := int64(len(mo.custom))
		return mo.custom[abs64(epoch%n)]
	}
	x := (float64(epoch) - mo.shift) / mo.cycle
	pos := x - math.Floor(x)
	var p float64
	switch strings.ToLower(mo.rounding) {
	case "floor":
		p = math.Floor(pos * float64(g))
	case "ceil":
		p = math.Ceil(pos * float64(g))
	default: // "round": JavaScript's Math.round, halves up
		p = math.Floor(pos*float64(g) + 0.5)
	}
	return int(p) % g
}

func mod64(a, b int64) int {
	m := a % b
	if m < 0 {
		m += b
	}
	return int(m)
}

// periodicSeasons is how Fantasy-Calendar's periodic seasons become start
// dates: they follow each other in a cycle of their lengths' sum,
// shifted by the season offset (calendar_season_generator.js); each starts
// on the first day the cycle reaches it. Kanka's seasons start on a fixed
// day of the year, so the days they start on in the current year are taken.
func (m *fcModel) periodicSeasons(d *draft, data []fcSeason, offset float64) func(r *almanac.Reckoning) ([]client.Season, string) {
	return func(r *almanac.Reckoning) ([]client.Season, string) {
		type season struct {
			name       string
			start, end float64
		}
		var list []season
		total := 0.0
		for _, s := range data {
			transition := float64(s.TransitionLength)
			if transition == 0 {
				transition = 90
			}
			n := transition + float64(s.Duration)
			list = append(list, season{name: strings.TrimSpace(string(s.Name)), start: total, end: total + n})
			total += n
		}
		indexOn := func(epoch int64) int {
			x := (float64(epoch) - offset) / total
			day := math.Floor((x-math.Floor(x))*total + 0.5)
			for i, s := range list {
				if day >= s.start && day < s.end {
					return i
				}
			}
			return 0
		}
		year := d.current.year
		first, _ := r.Ordinal(client.Date{Year: year, Month: 1, Day: 1})
		n, _ := r.YearLength(year)
		starts := make([]*client.Season, len(list))
		prev := -1
		// From the day before the year, through the year and the next, so
		// that a season whose cycle is longer than a year is found too.
		for o := first - 1; o < first+2*n; o++ {
			date, err := r.DateOf(o)
			if err != nil {
				continue
			}
			t, day := m.mm.source(date.Month, date.Day)
			epoch, _, ok := m.epoch(date.Year, t, day)
			if !ok {
				continue
			}
			i := indexOn(epoch)
			if prev >= 0 && i != prev && starts[i] == nil && o >= first {
				starts[i] = &client.Season{Name: list[i].name, Month: date.Month, Day: date.Day}
			}
			prev = i
		}
		var seasons []client.Season
		for _, s := range starts {
			if s != nil {
				seasons = append(seasons, *s)
			}
		}
		return seasons, fmt.Sprintf("seasons: Fantasy-Calendar's periodic seasons (a cycle of %s days) became the days they start on in %d",
			trimFloat(total), year)
	}
}

func trimFloat(f float64) string {
	return strings.TrimRight(strings.TrimRight(fmt.Sprintf("%.6f", f), "0"), ".")
}

// moonOffset is the Kanka offset of moon i by Fantasy-Calendar's own
// formula: its full moon is centred on shift + cycle/2 (in epochs),
// which the epoch of the current date places among Kanka's days
// (docs/formats.md 1.8); the three quarters round a band centred up to
// half a day before Kanka's day (as kanka's export centres it) to that
// day. Custom phases and another rounding than Math.round have none.
func (m *fcModel) moonOffset(i int, r *almanac.Reckoning, at almanac.Date) (int64, bool) {
	mo := m.moons[i]
	if mo.custom != nil || mo.rounding != "" && !strings.EqualFold(mo.rounding, "round") {
		return 0, false
	}
	t, day := m.mm.source(at.Month, at.Day)
	epoch, _, ok := m.epoch(at.Year, t, day)
	ord, err := r.Ordinal(at)
	if !ok || err != nil {
		return 0, false
	}
	return int64(math.Floor(mo.shift + mo.cycle/2 - float64(epoch-ord) + 0.75)), true
}
