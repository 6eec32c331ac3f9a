package calimport

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/kanka-cli/kanka/client"
)

// A Calendarium calendar (the Obsidian plugin), the object its settings'
// "Export this calendar" saves and its Import reads (docs/formats.md 4.1):
// {id, name, static: {firstWeekDay, overflow, weekdays, months, leapDays,
// moons, eras, offset, ...}, current, events, categories, seasonal, ...}.
// Months count from 0, days from 1; a month's subtitle is its second name
// (Kanka's alias); there is no year 0; a leap day's conditions are tested
// as testLeapDay tests them.

type cmFile struct {
	Name       text              `json:"name"`
	Static     *cmStatic         `json:"static"`
	Current    *cmDate           `json:"current"`
	Events     []json.RawMessage `json:"events"`
	Categories []cmCategory      `json:"categories"`
	Seasonal   struct {
		Type    text       `json:"type"`
		Seasons []cmSeason `json:"seasons"`
	} `json:"seasonal"`
}

type cmStatic struct {
	FirstWeekDay   number      `json:"firstWeekDay"`
	Overflow       *yesNo      `json:"overflow"`
	Weekdays       []cmNamed   `json:"weekdays"`
	Months         []cmMonth   `json:"months"`
	LeapDays       []cmLeapDay `json:"leapDays"`
	Moons          []cmMoon    `json:"moons"`
	Eras           []cmEra     `json:"eras"`
	Offset         number      `json:"offset"`
	UseCustomYears yesNo       `json:"useCustomYears"`
	Years          []cmNamed   `json:"years"`
}

type cmNamed struct {
	Name text `json:"name"`
}

type cmMonth struct {
	Name     text              `json:"name"`
	Subtitle text              `json:"subtitle"`
	Type     text              `json:"type"`
	Length   number            `json:"length"`
	Interval *number           `json:"interval"`
	Week     []json.RawMessage `json:"week"`
}

type cmLeapDay struct {
	Name        text          `json:"name"`
	Interval    []cmCondition `json:"interval"`
	Timespan    number        `json:"timespan"`
	Intercalary yesNo         `json:"intercalary"`
	Offset      number        `json:"offset"`
	After       *number       `json:"after"`
}

type cmCondition struct {
	Interval  *number `json:"interval"`
	Exclusive yesNo   `json:"exclusive"`
	Ignore    yesNo   `json:"ignore"`
}

type cmMoon struct {
	Name      text   `json:"name"`
	Cycle     number `json:"cycle"`
	Offset    number `json:"offset"`
	FaceColor text   `json:"faceColor"`
}

type cmDate struct {
	Year  *number `json:"year"`
	Month *number `json:"month"`
	Day   *number `json:"day"`
}

type cmSeason struct {
	Name  text    `json:"name"`
	Month *number `json:"month"`
	Day   *number `json:"day"`
}

type cmEra struct {
	Name          text  `json:"name"`
	EndsYear      yesNo `json:"endsYear"`
	IsStartingEra yesNo `json:"isStartingEra"`
}

var errNotCalendarium = errors.New("not a Calendarium calendar: expected {name, static: {months, weekdays, ...}, current: {year, month, day}, ...}")

// maxConditions bounds the conditions of one leap day: Gregorian has
// three; each is tested for every year counted.
const maxConditions = 16

func readCalendarium(data []byte) (*draft, error) {
	f, err := decodeToolFile(data, errNotCalendarium, []string{"static", "current"},
		func(f *cmFile) bool { return f.Static != nil && f.Current != nil })
	if err != nil {
		return nil, err
	}
	st := f.Static
	if err := calendariumCounts(f); err != nil {
		return nil, err
	}
	d := &draft{}
	d.in.Name = strings.TrimSpace(string(f.Name))
	skip := true // Calendarium's year 1 follows year -1
	d.in.SkipYearZero = &skip
	m := &cmModel{firstWeekDay: st.FirstWeekDay.int(), offset: st.Offset.int(), overflow: true, mm: &d.months}
	if st.Overflow != nil {
		m.overflow = bool(*st.Overflow)
	}
	if !m.overflow {
		d.restart = "on the first day of every month (its weeks do not overflow)"
	}
	for _, w := range st.Weekdays {
		d.in.Weekdays = append(d.in.Weekdays, string(w.Name))
	}
	m.week = len(d.in.Weekdays)

	var ownWeeks []string
	for i, mo := range st.Months {
		name := strings.TrimSpace(string(mo.Name))
		kind := strings.ToLower(string(mo.Type))
		if kind != "month" && kind != "intercalary" {
			return nil, fmt.Errorf("month %d (%s): its type is %q, not month or intercalary", i+1, name, mo.Type)
		}
		if mo.Length.int() < 1 {
			return nil, fmt.Errorf("month %d (%s): its length is %v, not a number of days", i+1, name, float64(mo.Length))
		}
		if mo.Interval != nil && mo.Interval.int() > 1 {
			return nil, fmt.Errorf("month %d (%s) exists only every %d years: kanka reads Calendarium months that come every year", i+1, name, mo.Interval.int())
		}
		month := cmMonthModel{length: mo.Length.int(), intercalary: kind == "intercalary", ownWeek: len(mo.Week) > 0 && kind == "month"}
		m.months = append(m.months, month)
		if month.ownWeek {
			ownWeeks = append(ownWeeks, fmt.Sprintf("%s (%d days)", name, len(mo.Week)))
		}
		d.months.add(i)
		km := client.Month{Name: name, Length: month.length, Alias: strings.TrimSpace(string(mo.Subtitle))}
		if month.intercalary {
			km.Type = "intercalary"
		}
		d.in.Months = append(d.in.Months, km)
	}
	if len(ownWeeks) > 0 {
		d.losses = append(d.losses, fmt.Sprintf("weeks: %s %s a week of %s own; Kanka has one week for every month",
			strings.Join(ownWeeks, ", "), hasHave(len(ownWeeks)), itsTheir(len(ownWeeks))))
	}

	for i, ld := range st.LeapDays {
		name := strings.TrimSpace(string(ld.Name))
		t := ld.Timespan.int()
		if t < 0 || t >= len(m.months) {
			return nil, fmt.Errorf("leap day %d (%s): month %d does not exist", i+1, name, t)
		}
		leap, err := calendariumLeap(ld)
		if err != nil {
			return nil, fmt.Errorf("leap day %d (%s): %w", i+1, name, err)
		}
		leap.month = t
		m.leaps = append(m.leaps, leap)
		d.leaps = append(d.leaps, leapDay{name: name, month: t + 1, amount: 1, rule: leap.rule(), fold: -1})
		var odd []string
		if ld.After != nil && ld.After.int() < m.months[t].length {
			odd = append(odd, fmt.Sprintf("falls after day %d of %s", ld.After.int(), d.in.Months[t].Name))
		}
		if leap.intercalary && !m.months[t].intercalary {
			odd = append(odd, "stands outside the week")
		}
		if len(odd) > 0 {
			d.losses = append(d.losses, fmt.Sprintf("%s: a leap day that %s became the last day of %s, a day of the week",
				name, strings.Join(odd, " and "), d.in.Months[t].Name))
		}
	}
	m.prepare()

	for i, mo := range st.Moons {
		name := strings.TrimSpace(string(mo.Name))
		if !(mo.Cycle > 0) {
			return nil, fmt.Errorf("moon %d (%s): its cycle is %v, not a number of days above 0", i+1, name, float64(mo.Cycle))
		}
		m.moons = append(m.moons, cmMoonModel{cycle: float64(mo.Cycle), offset: float64(mo.Offset)})
		d.in.Moons = append(d.in.Moons, client.Moon{Name: name, Fullmoon: float64(mo.Cycle), Colour: nearestColour(string(mo.FaceColor))})
	}
	d.ownMoons = true

	if strings.EqualFold(strings.TrimSpace(string(f.Seasonal.Type)), "periodic") {
		if n := len(f.Seasonal.Seasons); n > 0 {
			d.dropped = append(d.dropped, fmt.Sprintf("seasons: Calendarium's %s, which follow each other by their lengths, %s not carried",
				plural(n, "periodic season"), isAre(n)))
		}
	} else {
		for i, s := range f.Seasonal.Seasons {
			if s.Month == nil || s.Day == nil {
				return nil, fmt.Errorf("season %d (%s): a dated season needs a month and a day", i+1, s.Name)
			}
			d.seasons = append(d.seasons, srcSeason{name: strings.TrimSpace(string(s.Name)), month: s.Month.int(), day: s.Day.int()})
		}
	}

	cur := f.Current
	if cur.Year == nil || cur.Month == nil || cur.Day == nil {
		return nil, errors.New("its current date is not set (current.year, current.month and current.day)")
	}
	d.current = srcDate{year: cur.Year.int(), month: cur.Month.int(), day: cur.Day.int()}
	if d.current.year == 0 {
		return nil, errors.New("its current year is 0, which Calendarium does not have")
	}
	if st.UseCustomYears {
		d.in.Years = client.Years{}
		for n, y := range st.Years {
			// The calendar shows year n as years[n] (years.store.ts).
			if name := strings.TrimSpace(string(y.Name)); name != "" && n > 0 {
				d.in.Years[n] = name
			}
		}
	}
	if err := d.calendariumDropped(f); err != nil {
		return nil, err
	}
	if err := d.calendariumEvents(f.Events, f.Categories); err != nil {
		return nil, err
	}
	d.src = m
	return d, nil
}

// calendariumCounts refuses a calendar whose lists or current year are
// beyond what a calendar holds, before anything is built from them.
func calendariumCounts(f cmFile) error {
	st := f.Static
	err := checkCounts(
		count{"static.months", len(st.Months), client.MaxAnswerMonths, holds(client.MaxAnswerMonths)},
		count{"static.weekdays", len(st.Weekdays), client.MaxAnswerWeekdays, holds(client.MaxAnswerWeekdays)},
		count{"static.leapDays", len(st.LeapDays), maxLeapDays, fmt.Sprintf("Kanka adds at most %d days in a leap year", maxLeapDays)},
		count{"static.moons", len(st.Moons), maxMoons, fmt.Sprintf("kanka imports at most %d moons", maxMoons)},
		count{"static.years", len(st.Years), client.MaxAnswerYears, holds(client.MaxAnswerYears)},
		count{"seasonal.seasons", len(f.Seasonal.Seasons), client.MaxAnswerSeasons, holds(client.MaxAnswerSeasons)},
	)
	if err != nil {
		return err
	}
	for i, ld := range st.LeapDays {
		if n := len(ld.Interval); n > maxConditions {
			return fmt.Errorf("static.leapDays[%d].interval has %d; kanka reads at most %d conditions a leap day", i, n, maxConditions)
		}
	}
	if f.Current.Year != nil {
		return checkYear("current.year", f.Current.Year.int())
	}
	return nil
}

// calendariumLeap reads a leap day's conditions, sorted by interval as
// testLeapDay sorts them.
func calendariumLeap(ld cmLeapDay) (cmLeap, error) {
	leap := cmLeap{offset: ld.Offset.int(), intercalary: bool(ld.Intercalary), period: 1}
	for _, c := range ld.Interval {
		if c.Interval == nil || c.Interval.int() < 1 {
			continue // testLeapDay skips a condition without an interval
		}
		n := c.Interval.int()
		var ok bool
		if leap.period, ok = lcmWithin(leap.period, n, maxPeriod); !ok {
			return cmLeap{}, fmt.Errorf("its conditions repeat only every %d years or more: too long to count", maxPeriod)
		}
		leap.conditions = append(leap.conditions, cmLeapCondition{every: n, exclusive: bool(c.Exclusive), ignore: bool(c.Ignore)})
	}
	if len(leap.conditions) == 0 {
		return cmLeap{}, errors.New("it has no condition with an interval: Calendarium never adds it")
	}
	slices.SortStableFunc(leap.conditions, func(a, b cmLeapCondition) int { return a.every - b.every })
	return leap, nil
}

// calendariumDropped notes what the calendar holds that a Kanka calendar
// does not: eras. An era that ends its year early changes the
// calendar's days, which Kanka cannot hold: an error.
func (d *draft) calendariumDropped(f cmFile) error {
	var eras []string
	for _, e := range f.Static.Eras {
		name := strings.TrimSpace(string(e.Name))
		if e.EndsYear && !e.IsStartingEra {
			return fmt.Errorf("era %s ends its year early: Kanka cannot hold a year cut short", name)
		}
		eras = append(eras, name)
	}
	if len(eras) > 0 {
		d.dropped = append(d.dropped, fmt.Sprintf("eras: %s (%s) %s not carried", plural(len(eras), "era"), strings.Join(eras, ", "), isAre(len(eras))))
	}
	return nil
}
