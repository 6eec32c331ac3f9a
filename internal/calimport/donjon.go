package calimport

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strings"

	"github.com/kanka-cli/kanka/almanac"
	"github.com/kanka-cli/kanka/client"
)

// A donjon fantasy calendar saved as JSON (its Save/Restore tab):
// year_len, n_months, months (names), month_len (by name, or a list),
// week_len, weekdays, n_moons, moons, lunar_cyc and lunar_shf (by name, or
// lists), first_day (the weekday, from 0, of day 1 of year), year, notes.
// It has no leap years; the week runs on across months and years; the
// current date is the first day of year.

type djFile struct {
	Name     text            `json:"name"`
	Year     number          `json:"year"`
	YearLen  *number         `json:"year_len"`
	NMonths  *number         `json:"n_months"`
	Months   []text          `json:"months"`
	MonthLen json.RawMessage `json:"month_len"`
	WeekLen  *number         `json:"week_len"`
	Weekdays []text          `json:"weekdays"`
	NMoons   *number         `json:"n_moons"`
	Moons    []text          `json:"moons"`
	LunarCyc json.RawMessage `json:"lunar_cyc"`
	LunarShf json.RawMessage `json:"lunar_shf"`
	FirstDay number          `json:"first_day"`
	Events   number          `json:"events"`
	Notes    json.RawMessage `json:"notes"`
}

// byNameOrIndex reads a donjon table: an object by name, or a list.
type byNameOrIndex struct {
	byName map[string]number
	list   []number
}

func readTable(raw json.RawMessage, key string) (byNameOrIndex, error) {
	var t byNameOrIndex
	if len(raw) == 0 || string(raw) == "null" {
		return t, nil
	}
	if err := json.Unmarshal(raw, &t.byName); err == nil {
		return t, nil
	}
	if err := json.Unmarshal(raw, &t.list); err != nil {
		return t, fmt.Errorf("%s: expected an object of numbers by name, or a list of numbers", key)
	}
	return t, nil
}

func (t byNameOrIndex) get(name string, i int) (float64, bool) {
	if v, ok := t.byName[name]; ok {
		return float64(v), true
	}
	if i < len(t.list) {
		return float64(t.list[i]), true
	}
	return 0, false
}

var errNotDonjon = errors.New("not a donjon calendar: expected {year_len, months, month_len, week_len, weekdays, moons, lunar_cyc, lunar_shf, first_day, year}")

func readDonjon(data []byte) (*draft, error) {
	f, err := decodeToolFile(data, errNotDonjon, []string{"year_len", "months"},
		func(f *djFile) bool { return f.YearLen != nil && f.Months != nil })
	if err != nil {
		return nil, err
	}
	lengths, err := readTable(f.MonthLen, "month_len")
	if err != nil {
		return nil, err
	}
	cycles, err := readTable(f.LunarCyc, "lunar_cyc")
	if err != nil {
		return nil, err
	}
	shifts, err := readTable(f.LunarShf, "lunar_shf")
	if err != nil {
		return nil, err
	}
	d := &draft{}
	d.in.Name = strings.TrimSpace(string(f.Name))
	m := &djModel{year: f.Year.int(), firstDay: f.FirstDay.int(), mm: &d.months}
	if err := checkYear("year", m.year); err != nil {
		return nil, err
	}
	months, err := djNames(f.Months, f.NMonths, "n_months", "Month", client.MaxAnswerMonths)
	if err != nil {
		return nil, err
	}
	for i, name := range months {
		length, ok := lengths.get(name, i)
		if ok && length > almanac.MaxYearLength {
			return nil, fmt.Errorf("month %d (%s): month_len is %v; a year has at most %d days", i+1, name, length, almanac.MaxYearLength)
		}
		if !ok || int(math.Round(length)) < 1 {
			return nil, fmt.Errorf("month %d (%s): month_len gives it no length", i+1, name)
		}
		m.before = append(m.before, m.yearLen)
		d.months.add(i)
		d.in.Months = append(d.in.Months, client.Month{Name: name, Length: int(math.Round(length))})
		m.lengths = append(m.lengths, int(math.Round(length)))
		m.yearLen += int(math.Round(length))
	}
	if got := f.YearLen.int(); got != m.yearLen {
		return nil, fmt.Errorf("year_len is %d, but its months' lengths add up to %d", got, m.yearLen)
	}
	if d.in.Weekdays, err = djNames(f.Weekdays, f.WeekLen, "week_len", "Weekday", client.MaxAnswerWeekdays); err != nil {
		return nil, err
	}
	m.week = len(d.in.Weekdays)
	moons, err := djNames(f.Moons, f.NMoons, "n_moons", "Moon", client.MaxAnswerMoons)
	if err != nil {
		return nil, err
	}
	if len(moons) > maxMoons {
		// The count key is what the file says; without one, the list is.
		said := fmt.Sprintf("moons has %d", len(moons))
		if f.NMoons != nil {
			said = fmt.Sprintf("n_moons is %d", len(moons))
		}
		return nil, fmt.Errorf("%s; kanka imports at most %d moons", said, maxMoons)
	}
	for i, name := range moons {
		cycle, ok := cycles.get(name, i)
		if !ok || !(cycle > 0) {
			return nil, fmt.Errorf("moon %d (%s): lunar_cyc gives it no cycle above 0", i+1, name)
		}
		shift, _ := shifts.get(name, i)
		m.moons = append(m.moons, djMoon{cycle: cycle, shift: shift})
		d.in.Moons = append(d.in.Moons, client.Moon{Name: name, Fullmoon: cycle})
	}
	d.current = srcDate{year: m.year, month: 0, day: 1}
	if err := d.donjonNotes(f.Notes); err != nil {
		return nil, err
	}
	if f.Events.int() != 0 {
		d.eventNotes = append(d.eventNotes, "celestial events: donjon draws them on its page at random (an eclipse, a shooting star...); they are not in the file, and not carried")
	}
	d.src = m
	return d, nil
}

// djNames are the names of one of donjon's lists: as many as its count key
// (n_months, week_len, n_moons) says, else as many as the list holds; one
// the list lacks is "Word i". A count above what the service can hold
// (limit, client.MaxAnswer*) is refused, so that no file makes kanka build
// millions of names.
func djNames(list []text, count *number, key, word string, limit int) ([]string, error) {
	n := len(list)
	if count != nil {
		n = count.int()
	}
	if n > limit {
		return nil, fmt.Errorf("%s is %d; a calendar holds at most %d", key, n, limit)
	}
	names := make([]string, 0, max(n, 0))
	for i := range n {
		name := fmt.Sprintf("%s %d", word, i+1)
		if i < len(list) {
			name = strings.TrimSpace(string(list[i]))
		}
		names = append(names, name)
	}
	return names, nil
}

// djModel is donjon's arithmetic: no leap years, so a day's number is
// year*year_len plus its day of the year (from 0); the week runs on from
// first_day, the weekday of day 1 of year; a moon's phase is
// floor(frac((E - shift) / cycle) * 8), 0 new and 4 full, with E that day
// number plus first_day.
type djModel struct {
	year, firstDay, yearLen, week int
	lengths                       []int
	// before are the days of the year before each month.
	before []int
	moons  []djMoon
	mm     *monthMap
}

type djMoon struct{ cycle, shift float64 }

// dayOfYear is the day (from 0) of the year of Kanka month m, day d.
func (m *djModel) dayOfYear(month, day int) (int, bool) {
	t, day := m.mm.source(month, day)
	if t < 0 || t >= len(m.lengths) || day < 1 || day > m.lengths[t] {
		return 0, false
	}
	return m.before[t] + day - 1, true
}

func (m *djModel) weekday(d almanac.Date) (int, bool) {
	n, ok := m.dayOfYear(d.Month, d.Day)
	if !ok || m.week < 2 {
		return 0, false
	}
	return mod64(int64(m.firstDay)+int64(d.Year-m.year)*int64(m.yearLen)+int64(n), int64(m.week)), true
}

func (m *djModel) full(i int, d almanac.Date) (bool, bool) {
	n, ok := m.dayOfYear(d.Month, d.Day)
	if !ok {
		return false, false
	}
	e := float64(int64(d.Year)*int64(m.yearLen) + int64(m.firstDay) + int64(n))
	x := (e - m.moons[i].shift) / m.moons[i].cycle
	return int(math.Floor((x-math.Floor(x))*8)) == 4, true
}
