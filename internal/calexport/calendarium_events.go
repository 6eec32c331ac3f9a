package calexport

import (
	"strconv"

	"github.com/kanka-cli/kanka/almanac"
)

// Calendarium events (docs/formats.md 4.2, 4.6): a one-off day is a Date,
// a one-off span a Range, a repeat a Recurring event, whose year, month
// and day each match a number, a range (an end null for none) or anything
// (event-cache.ts). A yearly reminder is its month and day (a span
// within the month) from its year to its end; a monthly one its day
// (span) in its year's months from its own and in every month of the
// years after. Months count from 0, days from 1; there is no year 0.

type cmEvent struct {
	ID          string      `json:"id"`
	Name        string      `json:"name"`
	Type        string      `json:"type"`
	Date        cmEventDate `json:"date"`
	End         *cmDate     `json:"end,omitempty"`
	Category    *string     `json:"category"`
	Description string      `json:"description"`
}

// cmEventDate is an event's date: each part a number, or for a Recurring
// event [from, to] with null for an open end.
type cmEventDate struct {
	Year  any `json:"year"`
	Month any `json:"month"`
	Day   any `json:"day"`
}

type cmCategory struct {
	ID    string `json:"id"`
	Name  string `json:"name"`
	Color string `json:"color"`
}

// cmPart is a part of a Recurring event's date: the values from..to,
// either end open. A range (span) is written as one even when it holds a
// single value, which Calendarium shows alike: kanka's import reads a
// number as one year or month, a range as a repeat's bounds, so that a
// repeat that ends in the year it starts comes back a repeat.
type cmPart struct {
	from, to         int
	openFrom, openTo bool
	span             bool
}

func exactly(v int) cmPart      { return cmPart{from: v, to: v} }
func between(a, b int) cmPart   { return cmPart{from: a, to: b, span: true} }
func fromOn(a int) cmPart       { return cmPart{from: a, openTo: true} }
func anyValue() cmPart          { return cmPart{openFrom: true, openTo: true} }
func (p cmPart) has(v int) bool { return (p.openFrom || v >= p.from) && (p.openTo || v <= p.to) }

// json is the part as the event writes it: a number when it is one value.
func (p cmPart) json() any {
	if !p.span && !p.openFrom && !p.openTo && p.from == p.to {
		return p.from
	}
	ends := [2]*int{}
	if !p.openFrom {
		ends[0] = &p.from
	}
	if !p.openTo {
		ends[1] = &p.to
	}
	return ends
}

// cmRule is a Recurring event's date: years, months (from 1, as Kanka
// counts them) and days.
type cmRule struct{ years, months, days cmPart }

func (r cmRule) date() cmEventDate {
	months := r.months
	if !months.openFrom {
		months.from--
	}
	if !months.openTo {
		months.to--
	}
	return cmEventDate{Year: r.years.json(), Month: months.json(), Day: r.days.json()}
}

// cmEventOf is a reminder's event before its id, name and category: a
// Date, a Range or Recurring rules.
type cmEventOf struct {
	kind       string // "Date", "Range" or "Recurring"
	start, end almanac.Date
	rules      []cmRule
}

// calendariumPlace is what the events need of the calendar's file: the
// days whose years agree.
type calendariumPlace struct{ from, to int64 }

// calendariumEvents are the reminders as Calendarium events, and the
// categories their colours need.
func (c *calendar) calendariumEvents(reminders []planned, at calendariumPlace) ([]cmEvent, []cmCategory) {
	const tool = "Calendarium"
	events := make([]cmEvent, 0, len(reminders)) // most a reminder, grown once
	cats := newCategories()
	var seen []planned
	written := make([]planned, 0, len(reminders))
	for _, p := range reminders {
		of, ok := c.calendariumOf(p, at, false)
		if !ok {
			continue
		}
		category := cats.of(p)
		base := cmEvent{Name: p.title, Description: p.description, Category: category}
		switch of.kind {
		case "Date", "Range":
			ev := base
			ev.ID, ev.Type, ev.Date = "kanka-"+strconv.Itoa(p.ID), of.kind, cmEventDate{Year: of.start.Year, Month: of.start.Month - 1, Day: of.start.Day}
			if of.kind == "Range" {
				ev.End = &cmDate{Year: of.end.Year, Month: of.end.Month - 1, Day: of.end.Day}
			}
			events = append(events, ev)
		default:
			for i, rule := range of.rules {
				ev := base
				ev.ID, ev.Type, ev.Date = "kanka-"+strconv.Itoa(p.ID), "Recurring", rule.date()
				if i > 0 {
					ev.ID += "-" + strconv.Itoa(i+1)
				}
				events = append(events, ev)
			}
		}
		if p.Visibility != 1 {
			seen = append(seen, p)
		}
		written = append(written, p)
	}
	cats.colours.say(c, tool)
	c.visibleLoss(tool, seen)
	c.typeLoss(tool, "event", written)
	return events, cats.list
}

// calendariumOf is the event a reminder becomes, as a Calendarium event
// (note false) or a note's front matter, which holds one rule and no
// negative year in a range; the days the tool shows are compared and what
// differs said. ok is false (and said) when it is not written.
func (c *calendar) calendariumOf(p planned, at calendariumPlace, note bool) (cmEventOf, bool) {
	const tool = "Calendarium"
	d := p.date()
	// Calendarium has no year 0: a repeat from year 0 starts in year 1.
	firstYear := d.Year
	if firstYear == 0 {
		firstYear = 1
	}
	var of cmEventOf
	switch p.kind() {
	case almanac.RepeatNone:
		end, err := c.r.DateOf(p.own + int64(p.length()-1))
		switch {
		case err != nil:
			c.notCarried(p, "its last day is beyond the days Kanka counts")
			return cmEventOf{}, false
		case d.Year == 0 || end.Year == 0:
			c.notCarried(p, "%s has no year 0", tool)
			return cmEventOf{}, false
		case p.length() == 1:
			return cmEventOf{kind: "Date", start: d, end: d}, true
		}
		of = cmEventOf{kind: "Range", start: d, end: end}
		c.differsLoss(p, at.from, at.to, c.cmRangeDays(d, end), "Calendarium has no year 0")
		return of, true
	case almanac.RepeatYear:
		years := fromOn(firstYear)
		if p.bounded {
			years = between(firstYear, clampYear(p.until))
		}
		days := exactly(d.Day)
		if p.length() > 1 {
			days = between(d.Day, min(d.Day+p.length()-1, c.longest(d.Month)))
		}
		if note {
			years, days = c.noteDates(d.Month, c.noteYears(years), days)
		}
		of = cmEventOf{kind: "Recurring", rules: []cmRule{{years: years, months: exactly(d.Month), days: days}}}
		c.differsLoss(p, at.from, at.to, c.cmRuleDays(of.rules),
			"Calendarium repeats the month and days of a yearly event within the month")
	case almanac.RepeatMonth:
		days := exactly(d.Day)
		if p.length() > 1 {
			days = between(d.Day, min(d.Day+p.length()-1, c.longestMonth()))
		}
		years := fromOn(firstYear)
		later := fromOn(firstYear + 1)
		if p.bounded {
			years, later = between(firstYear, clampYear(p.until)), between(firstYear+1, clampYear(p.until))
		}
		switch {
		case note:
			of.rules = []cmRule{{years: c.noteYears(years), months: anyValue(), days: days}}
		case d.Month == 1 || d.Year == 0:
			of.rules = []cmRule{{years: years, months: anyValue(), days: days}}
		default:
			of.rules = []cmRule{{years: exactly(d.Year), months: between(d.Month, c.r.MonthCount()), days: days}}
			if !later.openTo && later.to < later.from {
				break
			}
			of.rules = append(of.rules, cmRule{years: later, months: anyValue(), days: days})
		}
		of.kind = "Recurring"
		why := "Calendarium repeats the days of a monthly event within each month"
		if note {
			why = "a note's date repeats a monthly event in every month of its years (its own year's months before its own too), the days within each month"
		}
		c.differsLoss(p, at.from, at.to, c.cmRuleDays(of.rules), why)
	case almanac.RepeatMoon:
		c.notCarried(p, "%s has no moon repeat", tool)
		return cmEventOf{}, false
	}
	return of, true
}

// clampYear is an end year as an int, within the years Kanka counts.
func clampYear(y int64) int {
	return int(max(min(y, almanac.MaxYear), -almanac.MaxYear))
}

// longest is the most days month m has (in a leap year).
func (c *calendar) longest(m int) int {
	return c.length(m, max(c.leapAmount(), 0))
}

// longestMonth is the most days a month has.
func (c *calendar) longestMonth() int {
	n := 1
	for m := 1; m <= c.r.MonthCount(); m++ {
		n = max(n, c.longest(m))
	}
	return n
}

func (c *calendar) leapAmount() int {
	if c.leap == nil {
		return 0
	}
	return c.leap.amount
}

// cmRangeDays are the days Calendarium shows a Range on: from its date
// through its end, but year 0, which it has not.
func (c *calendar) cmRangeDays(start, end almanac.Date) toolDays {
	from, _ := c.r.Ordinal(start)
	to, _ := c.r.Ordinal(end)
	return func(y int, lo, hi int64, add func(from, to int64)) {
		if y != 0 {
			add(max(from, lo), min(to, hi))
		}
	}
}

// cmRuleDays are the days Calendarium shows Recurring events on: each day
// whose year, month and day the rules match (a day a month lacks is none).
func (c *calendar) cmRuleDays(rules []cmRule) toolDays {
	return func(y int, lo, hi int64, add func(from, to int64)) {
		if y == 0 {
			return
		}
		for _, r := range rules {
			if !r.years.has(y) {
				continue
			}
			for m := 1; m <= c.r.MonthCount(); m++ {
				c.work++
				if !r.months.has(m) {
					continue
				}
				n, err := c.r.MonthLength(y, m)
				first, errF := c.r.Ordinal(almanac.Date{Year: y, Month: m, Day: 1})
				if err != nil || errF != nil {
					continue
				}
				a, b := 1, n
				if !r.days.openFrom {
					a = max(a, r.days.from)
				}
				if !r.days.openTo {
					b = min(b, r.days.to)
				}
				if a <= b {
					add(max(first+int64(a-1), lo), min(first+int64(b-1), hi))
				}
			}
		}
	}
}
