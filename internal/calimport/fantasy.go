package calimport

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/internal/fantasycal"
)

// A Fantasy-Calendar export: {name, static_data, dynamic_data, events,
// categories}. Months (timespans) count from 0, days from 1; a timespan
// with an interval above 1 exists only every so many years; leap days are
// intervals (intervals.go); a moon's phase runs from its shift, phase 0
// the new moon; the week runs on across months unless overflow is false.

type fcFile struct {
	Name        text              `json:"name"`
	StaticData  *fcStatic         `json:"static_data"`
	DynamicData *fcDynamic        `json:"dynamic_data"`
	Events      []json.RawMessage `json:"events"`
	Categories  []json.RawMessage `json:"categories"`
}

type fcStatic struct {
	YearData struct {
		FirstDay   *number      `json:"first_day"`
		Overflow   *yesNo       `json:"overflow"`
		GlobalWeek []text       `json:"global_week"`
		Timespans  []fcTimespan `json:"timespans"`
		LeapDays   []fcLeapDay  `json:"leap_days"`
	} `json:"year_data"`
	Moons   []fcMoon `json:"moons"`
	Seasons struct {
		Data           []fcSeason `json:"data"`
		GlobalSettings struct {
			PeriodicSeasons *yesNo `json:"periodic_seasons"`
			SeasonOffset    number `json:"season_offset"`
		} `json:"global_settings"`
	} `json:"seasons"`
	Eras   []fcEra `json:"eras"`
	Cycles struct {
		Data []json.RawMessage `json:"data"`
	} `json:"cycles"`
	Settings struct {
		YearZeroExists yesNo `json:"year_zero_exists"`
	} `json:"settings"`
}

type fcTimespan struct {
	Name     text    `json:"name"`
	Type     text    `json:"type"`
	Length   number  `json:"length"`
	Interval *number `json:"interval"`
	Offset   number  `json:"offset"`
	Week     []text  `json:"week"`
}

type fcLeapDay struct {
	Name           text    `json:"name"`
	Intercalary    yesNo   `json:"intercalary"`
	Timespan       number  `json:"timespan"`
	AddsWeekDay    yesNo   `json:"adds_week_day"`
	Day            *number `json:"day"`
	Interval       text    `json:"interval"`
	Offset         number  `json:"offset"`
	CyclicInterval yesNo   `json:"cyclic_interval"`
}

type fcMoon struct {
	Name          text   `json:"name"`
	Cycle         number `json:"cycle"`
	Shift         number `json:"shift"`
	Granularity   number `json:"granularity"`
	Color         text   `json:"color"`
	CustomPhase   yesNo  `json:"custom_phase"`
	CustomCycle   text   `json:"custom_cycle"`
	CycleRounding text   `json:"cycle_rounding"`
}

type fcSeason struct {
	Name             text    `json:"name"`
	TransitionLength number  `json:"transition_length"`
	Duration         number  `json:"duration"`
	Timespan         *number `json:"timespan"`
	Day              *number `json:"day"`
}

type fcEra struct {
	Name     text `json:"name"`
	Settings struct {
		EndsYear    yesNo `json:"ends_year"`
		Restart     yesNo `json:"restart"`
		StartingEra yesNo `json:"starting_era"`
	} `json:"settings"`
}

type fcDynamic struct {
	Year     number  `json:"year"`
	Timespan number  `json:"timespan"`
	Day      *number `json:"day"`
}

var errNotFantasy = errors.New("not a Fantasy-Calendar export: expected {name, static_data, dynamic_data, events, categories}")

func readFantasy(data []byte) (*draft, error) {
	f, err := decodeToolFile(data, errNotFantasy, []string{"static_data", "dynamic_data"},
		func(f *fcFile) bool { return f.StaticData != nil && f.DynamicData != nil })
	if err != nil {
		return nil, err
	}
	st := f.StaticData
	yd := &st.YearData
	if err := fantasyCounts(f); err != nil {
		return nil, err
	}
	yearZero := bool(st.Settings.YearZeroExists)
	d := &draft{}
	d.in.Name = strings.TrimSpace(string(f.Name))
	// A calendar with year 0 leaves skip_year_zero unset, as the service
	// stores one made without it: the interface document's service never
	// returns the field, so a calendar that set it false would differ from
	// its answer on every import.
	if !yearZero {
		skip := true
		d.in.SkipYearZero = &skip
	}
	m := &fcModel{yearZero: yearZero, firstDay: 1, overflow: true, mm: &d.months}
	if yd.FirstDay != nil {
		m.firstDay = yd.FirstDay.int()
	}
	if yd.Overflow != nil {
		m.overflow = bool(*yd.Overflow)
	}
	for _, w := range yd.GlobalWeek {
		d.in.Weekdays = append(d.in.Weekdays, string(w))
	}
	m.week = len(d.in.Weekdays)
	if !m.overflow {
		d.restart = "on the first day of every month (its weeks do not overflow)"
	}

	var ownWeeks []string
	for i, ts := range yd.Timespans {
		name := strings.TrimSpace(string(ts.Name))
		kind := strings.ToLower(string(ts.Type))
		if kind != "month" && kind != "intercalary" {
			return nil, fmt.Errorf("timespan %d (%s): its type is %q, not month or intercalary", i+1, name, ts.Type)
		}
		if ts.Length.int() < 1 {
			return nil, fmt.Errorf("timespan %d (%s): its length is %v, not a number of days", i+1, name, float64(ts.Length))
		}
		span := fcSpan{length: ts.Length.int(), intercalary: kind == "intercalary", interval: 1, offset: ts.Offset.int(), ownWeek: len(ts.Week) > 0}
		if ts.Interval != nil && ts.Interval.int() > 1 {
			span.interval = ts.Interval.int()
		}
		m.spans = append(m.spans, span)
		if span.ownWeek {
			ownWeeks = append(ownWeeks, fmt.Sprintf("%s (%d days)", name, len(ts.Week)))
		}
		if span.interval == 1 {
			d.months.add(i)
			month := client.Month{Name: name, Length: span.length}
			if span.intercalary {
				month.Type = "intercalary"
			}
			d.in.Months = append(d.in.Months, month)
			continue
		}
		// A month only every so many years: the leap days of the month
		// before it.
		d.months.skip(i)
		if len(d.in.Months) == 0 {
			return nil, fmt.Errorf("timespan 1 (%s) exists only every %d years: kanka can carry such a month only after another", name, span.interval)
		}
		rule := m.spanRule(span)
		rule.text = fmt.Sprintf("every %d years", span.interval)
		if off := mod(span.offset, span.interval); off != 0 {
			rule.text += fmt.Sprintf(" (offset %d)", off)
		}
		before := len(d.in.Months)
		d.leaps = append(d.leaps, leapDay{name: name, month: before, amount: span.length, rule: rule, fold: i})
		d.losses = append(d.losses, fmt.Sprintf("%s: a month Fantasy-Calendar has only every %d years became %s at the end of %s in those years",
			name, span.interval, plural(span.length, "leap day"), d.in.Months[before-1].Name))
	}
	// Each month that comes and goes is a leap day of the month before it,
	// counted in every year of its rule, as leap days are: together they
	// are bounded as leap days are, else a year of ten thousand rare
	// months costs ten thousand steps a day to count.
	if n := len(d.leaps) + len(yd.LeapDays); n > maxLeapDays {
		return nil, fmt.Errorf("static_data.year_data: %d timespans that exist only every so many years and %s; kanka imports at most %d together (Kanka adds at most %d days in a leap year)",
			len(d.leaps), plural(len(yd.LeapDays), "leap day"), maxLeapDays, maxLeapAmount)
	}
	if len(ownWeeks) > 0 {
		d.losses = append(d.losses, fmt.Sprintf("weeks: %s %s a week of %s own; Kanka has one week for every month",
			strings.Join(ownWeeks, ", "), hasHave(len(ownWeeks)), itsTheir(len(ownWeeks))))
	}

	for i, ld := range yd.LeapDays {
		name := strings.TrimSpace(string(ld.Name))
		t := ld.Timespan.int()
		if t < 0 || t >= len(m.spans) {
			return nil, fmt.Errorf("leap day %d (%s): timespan %d does not exist", i+1, name, t)
		}
		rule, err := intervalRule(string(ld.Interval), ld.Offset.int(), bool(ld.CyclicInterval), yearZero)
		if err != nil {
			return nil, fmt.Errorf("leap day %d (%s): %w", i+1, name, err)
		}
		span := m.spans[t]
		outside := bool(ld.Intercalary) && !span.intercalary
		m.leaps = append(m.leaps, fcLeap{span: t, outsideWeek: bool(ld.Intercalary) || span.intercalary, rule: rule})
		month := d.months.toKanka[t]
		if month == 0 {
			// On a month that exists only in some years: kanka counts it
			// with that month's days.
			for _, l := range d.leaps {
				if l.fold == t {
					month = l.month
				}
			}
		}
		d.leaps = append(d.leaps, leapDay{name: name, month: month, amount: 1, rule: rule, fold: -1})
		var odd []string
		if outside && ld.Day != nil && ld.Day.int() < span.length {
			odd = append(odd, fmt.Sprintf("falls after day %d of %s", ld.Day.int(), yd.Timespans[t].Name))
		}
		if outside {
			odd = append(odd, "stands outside the week")
		}
		if ld.AddsWeekDay {
			odd = append(odd, "adds a weekday")
		}
		if len(odd) > 0 {
			d.losses = append(d.losses, fmt.Sprintf("%s: a leap day that %s became the last day of %s, a day of the week",
				name, strings.Join(odd, " and "), strings.TrimSpace(string(yd.Timespans[t].Name))))
		}
	}
	if err := m.prepare(); err != nil {
		return nil, err
	}

	for i, mo := range st.Moons {
		name := strings.TrimSpace(string(mo.Name))
		moon := fcMoonModel{cycle: float64(mo.Cycle), shift: float64(mo.Shift), granularity: mo.Granularity.int(), rounding: string(mo.CycleRounding)}
		if mo.CustomPhase {
			for _, p := range strings.Split(string(mo.CustomCycle), ",") {
				var n number
				if err := json.Unmarshal([]byte(strings.TrimSpace(p)), &n); err != nil {
					return nil, fmt.Errorf("moon %d (%s): its custom cycle %q is not a list of phase numbers", i+1, name, mo.CustomCycle)
				}
				moon.custom = append(moon.custom, n.int())
			}
			highest := 0
			for _, p := range moon.custom {
				highest = max(highest, p)
			}
			moon.granularity = fantasycal.Granularity(float64(highest + 1))
			moon.cycle = float64(len(moon.custom))
			d.losses = append(d.losses, fmt.Sprintf("moon %s: its custom phases (a cycle of %d days) are not carried: Kanka shows 8 even phases over those %d days",
				name, len(moon.custom), len(moon.custom)))
		}
		if !(moon.cycle > 0) {
			return nil, fmt.Errorf("moon %d (%s): its cycle is %v, not a number of days above 0", i+1, name, float64(mo.Cycle))
		}
		if moon.granularity < 2 {
			moon.granularity = fantasycal.Granularity(moon.cycle)
		}
		m.moons = append(m.moons, moon)
		d.in.Moons = append(d.in.Moons, client.Moon{Name: name, Fullmoon: moon.cycle, Colour: nearestColour(string(mo.Color))})
	}

	seasons := st.Seasons
	periodic := len(seasons.Data) > 0 && seasons.Data[0].Timespan == nil
	if p := seasons.GlobalSettings.PeriodicSeasons; p != nil {
		periodic = bool(*p)
	}
	if periodic && len(seasons.Data) > 0 {
		d.seasonsOf = m.periodicSeasons(d, seasons.Data, float64(seasons.GlobalSettings.SeasonOffset))
	} else {
		for i, s := range seasons.Data {
			if s.Timespan == nil || s.Day == nil {
				return nil, fmt.Errorf("season %d (%s): a dated season needs a timespan and a day", i+1, s.Name)
			}
			d.seasons = append(d.seasons, srcSeason{name: strings.TrimSpace(string(s.Name)), month: s.Timespan.int(), day: s.Day.int()})
		}
	}

	day := 1
	if f.DynamicData.Day != nil {
		day = f.DynamicData.Day.int()
	}
	d.current = srcDate{year: f.DynamicData.Year.int(), month: f.DynamicData.Timespan.int(), day: day}

	if err := d.fantasyDropped(f, st); err != nil {
		return nil, err
	}
	events := fcCalendar{moons: m.moons, datedSeasons: !periodic}
	for _, s := range d.seasons {
		events.seasons = append(events.seasons, srcDate{month: s.month, day: s.day})
	}
	if err := d.fantasyEvents(f.Events, f.Categories, events); err != nil {
		return nil, err
	}
	d.src = m
	return d, nil
}

// fantasyCounts refuses an export whose lists or current year are beyond
// what a calendar holds, before anything is built from them.
func fantasyCounts(f fcFile) error {
	st, yd := f.StaticData, &f.StaticData.YearData
	err := checkCounts(
		count{"static_data.year_data.timespans", len(yd.Timespans), client.MaxAnswerMonths, holds(client.MaxAnswerMonths)},
		count{"static_data.year_data.global_week", len(yd.GlobalWeek), client.MaxAnswerWeekdays, holds(client.MaxAnswerWeekdays)},
		count{"static_data.year_data.leap_days", len(yd.LeapDays), maxLeapDays, fmt.Sprintf("Kanka adds at most %d days in a leap year", maxLeapDays)},
		count{"static_data.moons", len(st.Moons), maxMoons, fmt.Sprintf("kanka imports at most %d moons", maxMoons)},
		count{"static_data.seasons.data", len(st.Seasons.Data), client.MaxAnswerSeasons, holds(client.MaxAnswerSeasons)},
	)
	if err != nil {
		return err
	}
	return checkYear("dynamic_data.year", f.DynamicData.Year.int())
}

// fantasyDropped notes what the export holds that a Kanka calendar does
// not: eras, cycles of names. An era that ends its year early
// changes the calendar's days, which Kanka cannot hold: an error.
func (d *draft) fantasyDropped(f fcFile, st *fcStatic) error {
	var eras, restarts []string
	for _, e := range st.Eras {
		name := strings.TrimSpace(string(e.Name))
		if e.Settings.EndsYear && !e.Settings.StartingEra {
			return fmt.Errorf("era %s ends its year early: Kanka cannot hold a year cut short", name)
		}
		eras = append(eras, name)
		if e.Settings.Restart {
			restarts = append(restarts, name)
		}
	}
	if len(eras) > 0 {
		loss := fmt.Sprintf("eras: %s (%s) %s not carried", plural(len(eras), "era"), strings.Join(eras, ", "), isAre(len(eras)))
		if len(restarts) > 0 {
			loss += fmt.Sprintf("; years are counted on through %s, which restart%s the count", strings.Join(restarts, ", "), singular(len(restarts)))
		}
		d.dropped = append(d.dropped, loss)
	}
	if n := len(st.Cycles.Data); n > 0 {
		d.dropped = append(d.dropped, fmt.Sprintf("cycles: %s of names %s not carried", plural(n, "cycle"), isAre(n)))
	}
	return nil
}

// plural is "1 day" or "3 days".
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

func singular(n int) string {
	if n == 1 {
		return "s"
	}
	return ""
}

func hasHave(n int) string {
	if n == 1 {
		return "has"
	}
	return "have"
}

func itsTheir(n int) string {
	if n == 1 {
		return "its"
	}
	return "their"
}
