package calimport

import (
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/kanka-cli/kanka/client"
)

// A Simple Calendar file (the Foundry VTT module), in one of its three
// shapes: a predefined calendar {calendar: {...}, notes: [...]}, an export
// {exportVersion: 2, calendars: [...], notes: {id: [...]}}, or the first
// version's export, whose top-level keys are yearSettings, monthSettings,
// weekdaySettings and so on. Months, days and season starts count from 0
// in the first two, from 1 in the first version's; a month of 0 days is
// one that exists only in leap years.

type scCalendar struct {
	ID          text        `json:"id"`
	Name        text        `json:"name"`
	CurrentDate *scDate     `json:"currentDate"`
	LeapYear    scLeapYear  `json:"leapYear"`
	Months      []scMonth   `json:"months"`
	Moons       []scMoon    `json:"moons"`
	Seasons     []scSeason  `json:"seasons"`
	Weekdays    []scWeekday `json:"weekdays"`
	Year        scYear      `json:"year"`
	// NoteCategories give a note its colour.
	NoteCategories []scCategory `json:"noteCategories"`
	// firstVersion says the calendar came from the first version's
	// *Settings keys, which messages then name (key).
	firstVersion bool
}

// firstVersionKeys are the first version's names of the keys of a
// calendar: its messages name a key as the file has it.
var firstVersionKeys = map[string]string{
	"months": "monthSettings", "weekdays": "weekdaySettings", "moons": "moonSettings",
	"seasons": "seasonSettings", "year": "yearSettings", "leapYear": "leapYearSettings",
}

// key is path ("year.yearNames") as c's file names it
// ("yearSettings.yearNames" in the first version's).
func (c scCalendar) key(path string) string {
	head, rest, dotted := strings.Cut(path, ".")
	if v1, ok := firstVersionKeys[head]; ok && c.firstVersion {
		head = v1
	}
	if !dotted {
		return head
	}
	return head + "." + rest
}

type scDate struct {
	Year  number `json:"year"`
	Month number `json:"month"`
	Day   number `json:"day"`
}

type scLeapYear struct {
	Rule         text   `json:"rule"`
	CustomMod    number `json:"customMod"`
	StartingYear number `json:"startingYear"`
}

type scMonth struct {
	Name                 text    `json:"name"`
	NumberOfDays         number  `json:"numberOfDays"`
	NumberOfLeapYearDays *number `json:"numberOfLeapYearDays"`
	Intercalary          yesNo   `json:"intercalary"`
	IntercalaryInclude   yesNo   `json:"intercalaryInclude"`
	StartingWeekday      *number `json:"startingWeekday"`
}

type scMoon struct {
	Name         text   `json:"name"`
	CycleLength  number `json:"cycleLength"`
	FirstNewMoon struct {
		YearReset text   `json:"yearReset"`
		YearX     number `json:"yearX"`
		Year      number `json:"year"`
		Month     number `json:"month"`
		Day       number `json:"day"`
	} `json:"firstNewMoon"`
	Phases         []scPhase `json:"phases"`
	Color          text      `json:"color"`
	CycleDayAdjust number    `json:"cycleDayAdjust"`
}

type scPhase struct {
	Name   text   `json:"name"`
	Length number `json:"length"`
	Icon   text   `json:"icon"`
}

type scSeason struct {
	Name          text   `json:"name"`
	StartingMonth number `json:"startingMonth"`
	StartingDay   number `json:"startingDay"`
}

type scWeekday struct {
	Name text `json:"name"`
}

type scYear struct {
	NumericRepresentation number `json:"numericRepresentation"`
	Prefix                text   `json:"prefix"`
	Postfix               text   `json:"postfix"`
	FirstWeekday          number `json:"firstWeekday"`
	YearZero              number `json:"yearZero"`
	YearNames             []text `json:"yearNames"`
	YearNamingRule        text   `json:"yearNamingRule"`
	YearNamesStart        number `json:"yearNamesStart"`
}

// scV1 is the first version's export: one calendar, its parts at the top,
// months, days and season starts counted from 1.
type scV1 struct {
	YearSettings     scYear          `json:"yearSettings"`
	MonthSettings    []scMonth       `json:"monthSettings"`
	WeekdaySettings  []scWeekday     `json:"weekdaySettings"`
	LeapYearSettings scLeapYear      `json:"leapYearSettings"`
	MoonSettings     []scMoon        `json:"moonSettings"`
	SeasonSettings   []scSeason      `json:"seasonSettings"`
	CurrentDate      *scDate         `json:"currentDate"`
	Notes            json.RawMessage `json:"notes"`
}

func readSimple(data []byte) (*draft, error) {
	top, err := objectOf(data)
	if err != nil {
		return nil, err
	}
	switch {
	case top["calendar"] != nil:
		var f struct {
			Calendar *scCalendar     `json:"calendar"`
			Notes    json.RawMessage `json:"notes"`
		}
		if err := decode(data, &f); err != nil {
			return nil, err
		}
		if f.Calendar == nil {
			return nil, errors.New("not a Simple Calendar file: its calendar is null")
		}
		d, err := simpleDraft(*f.Calendar)
		if err != nil {
			return nil, err
		}
		return d, d.simpleNotes(notesOf(f.Notes), f.Calendar.NoteCategories, false)
	case top["calendars"] != nil:
		var f struct {
			ExportVersion number                       `json:"exportVersion"`
			Calendars     []scCalendar                 `json:"calendars"`
			Notes         map[string][]json.RawMessage `json:"notes"`
		}
		if err := decode(data, &f); err != nil {
			return nil, err
		}
		if len(f.Calendars) == 0 {
			return nil, errors.New("the Simple Calendar export holds no calendar")
		}
		d, err := simpleDraft(f.Calendars[0])
		if err != nil {
			return nil, err
		}
		if n := len(f.Calendars); n > 1 {
			var others []string
			for _, c := range f.Calendars[1:] {
				others = append(others, string(c.Name))
			}
			d.dropped = append(d.dropped, fmt.Sprintf("calendars: the file holds %d calendars; only the first, %s, is imported (not %s)",
				n, f.Calendars[0].Name, strings.Join(others, ", ")))
		}
		return d, d.simpleNotes(f.Notes[string(f.Calendars[0].ID)], f.Calendars[0].NoteCategories, false)
	case hasSettingsKeys(keysOf(top)):
		var f scV1
		if err := decode(data, &f); err != nil {
			return nil, err
		}
		c := scCalendar{Months: f.MonthSettings, Weekdays: f.WeekdaySettings, LeapYear: f.LeapYearSettings,
			Moons: f.MoonSettings, Seasons: f.SeasonSettings, Year: f.YearSettings, CurrentDate: f.CurrentDate,
			firstVersion: true}
		// The first version counts months, days and season starts from 1.
		if c.CurrentDate != nil {
			c.CurrentDate.Month--
			c.CurrentDate.Day--
		}
		for i := range c.Moons {
			c.Moons[i].FirstNewMoon.Month--
			c.Moons[i].FirstNewMoon.Day--
		}
		for i := range c.Seasons {
			c.Seasons[i].StartingMonth--
			c.Seasons[i].StartingDay--
		}
		d, err := simpleDraft(c)
		if err != nil {
			return nil, err
		}
		return d, d.simpleNotes(notesOf(f.Notes), nil, true)
	}
	return nil, errors.New("not a Simple Calendar file: expected {calendar: {...}, notes}, {exportVersion: 2, calendars: [...]} or the yearSettings, monthSettings, ... keys of its first version")
}

func keysOf(obj map[string]json.RawMessage) map[string]bool {
	out := map[string]bool{}
	for k := range obj {
		out[k] = true
	}
	return out
}

// notesOf are the notes raw holds: a list's items, or the items of each
// list of an object of lists (by key, in order).
func notesOf(raw json.RawMessage) []json.RawMessage {
	var list []json.RawMessage
	if json.Unmarshal(raw, &list) == nil {
		return list
	}
	var byKey map[string][]json.RawMessage
	if json.Unmarshal(raw, &byKey) != nil {
		return nil
	}
	for _, k := range slices.Sorted(maps.Keys(byKey)) {
		list = append(list, byKey[k]...)
	}
	return list
}

// standardPhases are Simple Calendar's eight phases, by their icons: a
// moon with others has custom phases.
var standardPhases = []string{"new", "waxing-crescent", "first-quarter", "waxing-gibbous", "full", "waning-gibbous", "last-quarter", "waning-crescent"}

// simpleDraft converts one Simple Calendar calendar.
func simpleDraft(c scCalendar) (*draft, error) {
	if err := simpleCounts(c); err != nil {
		return nil, err
	}
	d := &draft{}
	d.in.Name = strings.TrimSpace(string(c.Name))
	m := &scModel{firstWeekday: c.Year.FirstWeekday.int(), yearZero: c.Year.YearZero.int(), mm: &d.months}
	m.leap = scLeap{rule: strings.ToLower(string(c.LeapYear.Rule)), mod: c.LeapYear.CustomMod.int(), start: c.LeapYear.StartingYear.int()}
	if m.leap.rule == "custom" && m.leap.mod <= 0 {
		m.leap.rule = "none" // as Simple Calendar reads it
	}
	for _, w := range c.Weekdays {
		d.in.Weekdays = append(d.in.Weekdays, string(w.Name))
	}
	m.weekdays = len(d.in.Weekdays)

	rule := m.rule()
	var restarts []string
	for i, sm := range c.Months {
		name := strings.TrimSpace(string(sm.Name))
		month := scMonthModel{days: sm.NumberOfDays.int(), intercalary: bool(sm.Intercalary), include: bool(sm.IntercalaryInclude)}
		month.leapDays = month.days
		if sm.NumberOfLeapYearDays != nil {
			month.leapDays = sm.NumberOfLeapYearDays.int()
		}
		if sm.StartingWeekday != nil {
			sw := sm.StartingWeekday.int()
			month.startingWeekday = &sw
			restarts = append(restarts, name)
		}
		m.months = append(m.months, month)
		if month.days < 1 {
			d.months.skip(i)
			if month.leapDays < 1 || rule.isLeap == nil {
				continue // a month that never has a day
			}
			if len(d.in.Months) == 0 {
				return nil, fmt.Errorf("month 1 (%s) exists only in leap years: kanka can carry such a month only after another", name)
			}
			before := len(d.in.Months)
			d.leaps = append(d.leaps, leapDay{name: name, month: before, amount: month.leapDays, rule: rule, fold: i})
			d.losses = append(d.losses, fmt.Sprintf("%s: a month Simple Calendar has only in leap years became %s at the end of %s in those years",
				name, plural(month.leapDays, "leap day"), d.in.Months[before-1].Name))
			continue
		}
		d.months.add(i)
		km := client.Month{Name: name, Length: month.days}
		if month.intercalary && !month.include {
			km.Type = "intercalary"
		}
		d.in.Months = append(d.in.Months, km)
		if month.leapDays != month.days && rule.isLeap != nil {
			d.leaps = append(d.leaps, leapDay{name: "the leap days of " + name, month: len(d.in.Months), amount: month.leapDays - month.days, rule: rule, fold: -1})
		}
	}
	if len(restarts) > 0 {
		d.restart = fmt.Sprintf("on a set weekday in %s (its startingWeekday)", strings.Join(restarts, ", "))
	}

	for i, mo := range c.Moons {
		name := strings.TrimSpace(string(mo.Name))
		cycle := float64(mo.CycleLength)
		if !(cycle > 0) {
			return nil, fmt.Errorf("moon %d (%s): its cycle length is %v, not a number of days above 0", i+1, name, cycle)
		}
		moon := scMoonModel{cycle: cycle, adjust: float64(mo.CycleDayAdjust), reset: strings.ToLower(string(mo.FirstNewMoon.YearReset)),
			resetEvery: mo.FirstNewMoon.YearX.int(), year: mo.FirstNewMoon.Year.int(), month: mo.FirstNewMoon.Month.int(), day: mo.FirstNewMoon.Day.int()}
		var icons []string
		for _, p := range mo.Phases {
			moon.phases = append(moon.phases, scPhaseModel{full: isFullPhase(p)})
			end := 0.0
			if n := len(moon.ends); n > 0 {
				end = moon.ends[n-1]
			}
			moon.ends = append(moon.ends, end+float64(p.Length))
			icons = append(icons, strings.ToLower(string(p.Icon)))
		}
		m.moons = append(m.moons, moon)
		d.in.Moons = append(d.in.Moons, client.Moon{Name: name, Fullmoon: cycle, Colour: nearestColour(string(mo.Color))})
		if !slices.Equal(icons, standardPhases) {
			d.losses = append(d.losses, fmt.Sprintf("moon %s: its %s (%s) are not carried: Kanka shows 8 even phases", name,
				plural(len(mo.Phases), "custom phase"), phaseNames(mo.Phases)))
		}
		switch {
		case moon.reset == "leap-year" && rule.isLeap != nil:
			d.losses = append(d.losses, fmt.Sprintf("moon %s: Simple Calendar starts its cycle again every leap year; Kanka's runs on", name))
		case moon.reset == "x-years" && moon.resetEvery > 0:
			d.losses = append(d.losses, fmt.Sprintf("moon %s: Simple Calendar starts its cycle again every %d years; Kanka's runs on", name, moon.resetEvery))
		}
	}

	for _, s := range c.Seasons {
		d.seasons = append(d.seasons, srcSeason{name: strings.TrimSpace(string(s.Name)), month: s.StartingMonth.int(), day: s.StartingDay.int() + 1})
	}

	if c.CurrentDate != nil {
		d.current = srcDate{year: c.CurrentDate.Year.int(), month: c.CurrentDate.Month.int(), day: c.CurrentDate.Day.int() + 1}
	} else {
		d.current = srcDate{year: c.Year.NumericRepresentation.int(), day: 1}
	}

	if suffix := strings.TrimSpace(string(c.Year.Postfix)); suffix != "" {
		d.in.Suffix = &suffix
	}
	if prefix := strings.TrimSpace(string(c.Year.Prefix)); prefix != "" {
		d.losses = append(d.losses, fmt.Sprintf("year prefix: %q is not carried: Kanka writes a year with a suffix only", prefix))
	}
	d.yearNames(c.Year)
	d.src = m
	return d, nil
}

// simpleCounts refuses a calendar whose lists, leap rule or current year
// are beyond what a calendar holds, before anything is built from them.
func simpleCounts(c scCalendar) error {
	err := checkCounts(
		count{c.key("months"), len(c.Months), client.MaxAnswerMonths, holds(client.MaxAnswerMonths)},
		count{c.key("weekdays"), len(c.Weekdays), client.MaxAnswerWeekdays, holds(client.MaxAnswerWeekdays)},
		count{c.key("moons"), len(c.Moons), maxMoons, fmt.Sprintf("kanka imports at most %d moons", maxMoons)},
		count{c.key("seasons"), len(c.Seasons), client.MaxAnswerSeasons, holds(client.MaxAnswerSeasons)},
		count{c.key("year.yearNames"), len(c.Year.YearNames), client.MaxAnswerYears, holds(client.MaxAnswerYears)},
	)
	if err != nil {
		return err
	}
	for i, mo := range c.Moons {
		for j, p := range mo.Phases {
			// Simple Calendar draws a phase of no length as none; one
			// below 0 would make the phases overlap.
			if p.Length < 0 {
				return fmt.Errorf("moon %d (%s): phase %d (%s) has a length of %v days, below 0", i+1, strings.TrimSpace(string(mo.Name)), j+1, p.Name, float64(p.Length))
			}
		}
	}
	// A custom rule is counted over its cycle: one of more than a million
	// years is too long to count (as Fantasy-Calendar's intervals are).
	if strings.EqualFold(string(c.LeapYear.Rule), "custom") && c.LeapYear.CustomMod.int() > maxPeriod {
		return fmt.Errorf("%s is %d; kanka counts leap rules that repeat within %d years", c.key("leapYear.customMod"), c.LeapYear.CustomMod.int(), maxPeriod)
	}
	if c.CurrentDate != nil {
		return checkYear("currentDate.year", c.CurrentDate.Year.int())
	}
	return checkYear(c.key("year.numericRepresentation"), c.Year.NumericRepresentation.int())
}

func isFullPhase(p scPhase) bool {
	icon := strings.ToLower(string(p.Icon))
	if icon != "" {
		return icon == "full"
	}
	return strings.Contains(strings.ToLower(string(p.Name)), "full")
}

func phaseNames(ps []scPhase) string {
	var names []string
	for _, p := range ps {
		names = append(names, string(p.Name))
	}
	return strings.Join(names, ", ")
}

// yearNames carries Simple Calendar's year names: by its default rule
// the names are those of the years from yearNamesStart on, one each; a
// rule that repeats them, or picks them at random, Kanka cannot hold.
func (d *draft) yearNames(y scYear) {
	names := y.YearNames
	if len(names) == 0 {
		return
	}
	start := y.YearNamesStart.int()
	switch strings.ToLower(string(y.YearNamingRule)) {
	case "repeat":
		// One round of the names, from the current year on.
		d.in.Years = client.Years{}
		year := d.current.year
		for i := range names {
			n := len(names)
			d.in.Years[year+i] = string(names[mod(year+i-start, n)])
		}
		d.losses = append(d.losses, fmt.Sprintf("year names: Simple Calendar repeats its %d year names; Kanka names single years: those of %d to %d are carried",
			len(names), year, year+len(names)-1))
	case "random":
		d.losses = append(d.losses, fmt.Sprintf("year names: Simple Calendar picks one of its %d year names at random: they are not carried", len(names)))
	default:
		// An empty name is none: Simple Calendar shows the year's number.
		d.in.Years = client.Years{}
		for i, n := range names {
			if name := strings.TrimSpace(string(n)); name != "" {
				d.in.Years[start+i] = name
			}
		}
	}
}
