package calimport

import (
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/kanka-cli/kanka/almanac"
	"github.com/kanka-cli/kanka/internal/fantasycal"
)

// Fantasy-Calendar's events (docs/formats.md 1.2 to 1.6): an event is a
// fixed date (data.date, or Date#0, or Year#0 && Month#0 && Day#0), or a
// rule of conditions joined by && that Kanka's repeats hold: month and day
// (yearly), day (monthly), a whole month (yearly, as long as the month), a
// moon's phase on Kanka's eight, or a dated season's start; bounded by
// Year#2 (from a year), Date#2 (from a day) and Year#3 (up to a year).
// Anything else (relative to another event, weekdays, random, cycles...)
// is a loss that names it.

type fcEvent struct {
	Name        text            `json:"name"`
	Description text            `json:"description"`
	Category    json.RawMessage `json:"event_category_id"`
	Data        struct {
		HasDuration yesNo           `json:"has_duration"`
		Duration    number          `json:"duration"`
		Conditions  json.RawMessage `json:"conditions"`
		Date        []number        `json:"date"`
	} `json:"data"`
	Settings struct {
		Color    text  `json:"color"`
		Hide     yesNo `json:"hide"`
		HideFull yesNo `json:"hide_full"`
	} `json:"settings"`
}

type fcCategory struct {
	ID               json.RawMessage `json:"id"`
	Name             text            `json:"name"`
	CategorySettings struct {
		Hide yesNo `json:"hide"`
	} `json:"category_settings"`
	EventSettings struct {
		Color text  `json:"color"`
		Hide  yesNo `json:"hide"`
	} `json:"event_settings"`
}

// fcEventColour is an event's colour as hex, and whether name is one of
// Fantasy-Calendar's (fantasycal.EventColours): Dark-Solid, the colour FC
// gives an event nobody coloured (and kanka's export one without a
// colour), is none.
func fcEventColour(name text) (hex string, named bool) {
	key := strings.ToLower(strings.TrimSpace(string(name)))
	if key == "dark-solid" {
		return "", true
	}
	for _, c := range fantasycal.EventColours {
		if strings.ToLower(c.Name) == key {
			return c.Hex, true
		}
	}
	return "", false
}

// fcCalendar is what an event's conditions are read with: the moons (the
// export's, in order) and the seasons' first days when they are dated.
type fcCalendar struct {
	moons        []fcMoonModel
	seasons      []srcDate
	datedSeasons bool
}

// fantasyEvents reads the export's events into the draft's, with the
// categories their colour and visibility may come from, and the calendar
// (m) their moons and seasons are read with.
func (d *draft) fantasyEvents(events, categories []json.RawMessage, m fcCalendar) error {
	if len(events) > maxEvents {
		return fmt.Errorf("events has %d; kanka imports at most %d", len(events), maxEvents)
	}
	cats := map[string]fcCategory{}
	for _, raw := range categories {
		var c fcCategory
		if json.Unmarshal(raw, &c) == nil {
			cats[slugify(string(c.Name))] = c
			cats[strings.Trim(string(c.ID), `"`)] = c
		}
	}
	described := 0
	for i, raw := range events {
		var ev fcEvent
		if err := json.Unmarshal(raw, &ev); err != nil {
			d.events = append(d.events, srcEvent{noun: "event", name: fmt.Sprintf("%d", i+1), lost: "it is not an event Fantasy-Calendar writes"})
			continue
		}
		e := srcEvent{noun: "event", name: string(ev.Name)}
		if strings.TrimSpace(string(ev.Description)) != "" {
			described++
		}
		cat, hasCat := cats[strings.Trim(string(ev.Category), `"`)]
		colour, named := fcEventColour(ev.Settings.Color)
		if !named && hasCat {
			colour, _ = fcEventColour(cat.EventSettings.Color)
		}
		e.colour = colour
		e.visibility = 1
		if bool(ev.Settings.Hide) || hasCat && bool(cat.CategorySettings.Hide || cat.EventSettings.Hide) {
			e.visibility = 2
		}
		if ev.Data.HasDuration && ev.Data.Duration.int() > 1 {
			e.length = ev.Data.Duration.int()
		}
		switch {
		case bool(ev.Settings.HideFull):
			e.lost = "it is hidden entirely in Fantasy-Calendar, a helper of other events"
		case len(ev.Data.Date) == 3:
			e.repeat = once
			e.date = srcDate{year: ev.Data.Date[0].int(), month: ev.Data.Date[1].int(), day: ev.Data.Date[2].int()}
		default:
			conds, why := fcConditions(ev.Data.Conditions, 0)
			if why == "" {
				why = e.fromConditions(conds, m)
			}
			e.lost = why
		}
		d.events = append(d.events, e)
	}
	d.textsNotCarried("event", "description", described)
	d.carriedNotes = fantasyMoonNote
	return nil
}

// fantasyMoonNote says once that the moon events carried can fall a day
// off (docs/formats.md 1.5).
func fantasyMoonNote(carried []srcEvent) []string {
	moons := 0
	for _, e := range carried {
		if e.repeat == moonly {
			moons++
		}
	}
	if moons == 0 {
		return nil
	}
	return []string{fmt.Sprintf("moon events: %s on a moon's phase can fall a day off Fantasy-Calendar's, which marks every day of the phase's band (Kanka one day)",
		plural(moons, "event"))}
}

// fcCond is one condition: its group, its index in the group, its values
// (Number() of each, rounded; a name, which no condition Kanka holds
// reads, is noValue).
type fcCond struct {
	group  string
	index  int
	values []int
}

// noValue stands for a value that is no number.
const noValue = math.MinInt

func (c fcCond) String() string { return c.group + "#" + strconv.Itoa(c.index) }

// maxConditionDepth bounds the groups within groups of an event.
const maxConditionDepth = 8

// fcConditions reads a list of conditions into those that must all hold:
// items joined by && only (a trailing operator dropped), plain groups
// flattened. why says what else it holds, "" when it is such a list.
func fcConditions(raw json.RawMessage, depth int) (conds []fcCond, why string) {
	var items []json.RawMessage
	if err := json.Unmarshal(raw, &items); err != nil {
		return nil, "its conditions are not a list Fantasy-Calendar writes"
	}
	if depth > maxConditionDepth {
		return nil, "its conditions are nested too deep"
	}
	if n := len(items); n > 0 && isOperator(items[n-1]) != "" {
		items = items[:n-1]
	}
	if len(items) == 0 {
		return nil, "it has no condition (Fantasy-Calendar shows it on no day)"
	}
	for i, item := range items {
		if op := isOperator(item); op != "" {
			if i%2 == 0 {
				return nil, "its conditions are not a list Fantasy-Calendar writes"
			}
			if op != "&&" {
				return nil, fmt.Sprintf("its conditions are joined by %s, where Kanka's repeats hold only conditions that all hold (&&)", op)
			}
			continue
		}
		if i%2 == 1 {
			return nil, "its conditions are not a list Fantasy-Calendar writes"
		}
		var parts []json.RawMessage
		if json.Unmarshal(item, &parts) != nil || len(parts) < 2 {
			return nil, "its conditions are not a list Fantasy-Calendar writes"
		}
		var kind string
		if json.Unmarshal(parts[0], &kind) != nil {
			return nil, "its conditions are not a list Fantasy-Calendar writes"
		}
		var inner []json.RawMessage
		if len(parts) == 2 && json.Unmarshal(parts[1], &inner) == nil {
			// A group: ["", [...]] plain, ["!", [...]] NOT, ["N", [...]] AT LEAST N.
			switch {
			case kind == "!":
				return nil, "it has a NOT group of conditions"
			case kind != "":
				return nil, fmt.Sprintf("it has an AT LEAST %s group of conditions", kind)
			}
			sub, why := fcConditions(parts[1], depth+1)
			if why != "" {
				return nil, why
			}
			conds = append(conds, sub...)
			continue
		}
		if len(parts) != 3 {
			return nil, "its conditions are not a list Fantasy-Calendar writes"
		}
		var index number
		var values []json.RawMessage
		if json.Unmarshal(parts[1], &index) != nil || json.Unmarshal(parts[2], &values) != nil {
			return nil, "its conditions are not a list Fantasy-Calendar writes"
		}
		c := fcCond{group: kind, index: index.int()}
		for _, v := range values {
			var n number
			if json.Unmarshal(v, &n) != nil {
				c.values = append(c.values, noValue)
				continue
			}
			c.values = append(c.values, n.int())
		}
		conds = append(conds, c)
	}
	return conds, ""
}

// isOperator is the operator item holds (["&&"]), "" when it is none.
func isOperator(item json.RawMessage) string {
	var op []string
	if json.Unmarshal(item, &op) == nil && len(op) == 1 {
		return op[0]
	}
	return ""
}

// fromConditions sets e from conditions that must all hold, or says why
// Kanka has no reminder for them.
func (e *srcEvent) fromConditions(conds []fcCond, m fcCalendar) string {
	var date, year, month, day, moon, season, seasonDay, from, fromDate, until []fcCond
	for _, c := range conds {
		key := c.String()
		switch {
		case key == "Date#0":
			date = append(date, c)
		case key == "Year#0":
			year = append(year, c)
		case key == "Month#0":
			month = append(month, c)
		case key == "Day#0":
			day = append(day, c)
		case key == "Moons#0":
			moon = append(moon, c)
		case key == "Season#0":
			season = append(season, c)
		case key == "Season#8" && len(c.values) == 1 && c.values[0] == 1:
			seasonDay = append(seasonDay, c)
		case key == "Year#2":
			from = append(from, c)
		case key == "Date#2":
			fromDate = append(fromDate, c)
		case key == "Year#3":
			until = append(until, c)
		default:
			return conditionWords(c)
		}
	}
	for _, cs := range [][]fcCond{date, year, month, day, moon, season, seasonDay, from, fromDate, until} {
		if len(cs) > 1 {
			return fmt.Sprintf("it has %s twice", cs[0])
		}
		for _, c := range cs {
			if want := map[string]int{"Moons": 2, "Date": 3}[c.group]; len(c.values) != max(want, 1) || slices.Contains(c.values, noValue) {
				return fmt.Sprintf("its condition %s is not one Fantasy-Calendar writes", c)
			}
		}
	}
	value := func(cs []fcCond, i int) int { return cs[0].values[i] }
	bounds := len(from) + len(fromDate) + len(until)
	switch {
	case len(date) == 1 && len(conds) == 1:
		e.repeat, e.date = once, srcDate{year: value(date, 0), month: value(date, 1), day: value(date, 2)}
		return ""
	case len(year) == 1 && len(month) == 1 && len(day) == 1 && len(conds) == 3:
		e.repeat, e.date = once, srcDate{year: value(year, 0), month: value(month, 0), day: value(day, 0)}
		return ""
	case len(month) == 1 && len(day) == 1 && len(conds) == 2+bounds:
		e.repeat, e.date = yearly, srcDate{month: value(month, 0), day: value(day, 0)}
	case len(day) == 1 && len(conds) == 1+bounds:
		e.repeat, e.date = monthly, srcDate{day: value(day, 0)}
	case len(month) == 1 && len(conds) == 1+bounds:
		if e.length > 1 {
			return "it starts on every day of a month and lasts several days"
		}
		e.repeat, e.date, e.wholeMonth = yearly, srcDate{month: value(month, 0), day: 1}, true
	case len(moon) == 1 && len(conds) == 1+bounds:
		if why := e.onMoon(value(moon, 0), value(moon, 1), m); why != "" {
			return why
		}
	case len(season) == 1 && len(seasonDay) == 1 && len(conds) == 2+bounds:
		s := value(season, 0)
		if s < 0 || s >= len(m.seasons) {
			return fmt.Sprintf("season %d does not exist", s+1)
		}
		if !m.datedSeasons {
			return "it falls on a season's first day, which moves from year to year (Fantasy-Calendar's periodic seasons)"
		}
		e.repeat, e.date = yearly, m.seasons[s]
	default:
		return "its conditions together are no repeat Kanka has (a date; a month and a day; a day; a moon's phase; a season's first day)"
	}
	if len(from) == 1 {
		e.fromYear = ptr(value(from, 0))
	}
	if len(fromDate) == 1 {
		e.from = &srcDate{year: value(fromDate, 0), month: value(fromDate, 1), day: value(fromDate, 2)}
	}
	if len(until) == 1 {
		e.until = ptr(value(until, 0))
	}
	return ""
}

// onMoon sets e on phase p of moon i (Fantasy-Calendar's indices), when the
// phase is one of Kanka's eight.
func (e *srcEvent) onMoon(i, p int, m fcCalendar) string {
	if i < 0 || i >= len(m.moons) {
		return fmt.Sprintf("moon %d does not exist", i+1)
	}
	moon := m.moons[i]
	if moon.custom != nil {
		return "its moon has custom phases"
	}
	g := moon.granularity
	if p < 0 || p >= g || (8*p)%g != 0 {
		return fmt.Sprintf("its phase (%d of %d) lies between two of Kanka's eight", p, g)
	}
	e.repeat, e.moon, e.phase = moonly, i, almanac.Phase((8*p/g+4)%8)
	return ""
}

// conditionWords says why a condition has no Kanka repeat.
func conditionWords(c fcCond) string {
	switch c.group {
	case "Events":
		return "it falls relative to another event"
	case "Weekday", "Week":
		return "it follows weekdays or weeks"
	case "Random":
		return "it happens at random"
	case "Cycle":
		return "it follows a cycle of names"
	case "Era", "Era year":
		return "it follows eras"
	case "Location":
		return "it depends on a location"
	case "Epoch":
		return "it counts days from the epoch"
	case "Moons":
		return "it counts a moon's phases"
	case "Season":
		return "it follows a season's days or the sun"
	}
	if c.index == 6 || c.index == 13 {
		return "it repeats every so many years, months or days"
	}
	return fmt.Sprintf("its condition %s is no repeat Kanka has", c)
}

// slugify is Fantasy-Calendar's slug of a category's name, by which an
// event names its category in an export (docs/formats.md 1.2).
func slugify(s string) string {
	s = strings.ToLower(strings.TrimSpace(s))
	var b strings.Builder
	for _, r := range s {
		switch {
		case r == '&':
			b.WriteString("-and-")
		case r == ' ' || r == '\t' || r == '\n' || strings.ContainsRune("·/_,:;", r):
			b.WriteByte('-')
		case r == '-' || r >= 'a' && r <= 'z' || r >= '0' && r <= '9':
			b.WriteRune(r)
		}
	}
	out := strings.Join(strings.FieldsFunc(b.String(), func(r rune) bool { return r == '-' }), "-")
	return out
}
