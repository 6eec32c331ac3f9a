package calimport

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
)

// Calendarium's events (docs/formats.md 4.2, 4.5), in the calendar object:
// a Date (a null part matches any: year null is yearly, month null
// monthly), a Range (a span), a Recurring date whose year, month and day
// are each a number, any (null or [null, null]) or a range [a, b] (a year
// range bounds the repeat; a day range within a month is a span), or
// Undated (no day at all). Each becomes a reminder where Kanka has its
// repeat; the rest are losses naming them.

type cmEvent struct {
	Name        text        `json:"name"`
	Description text        `json:"description"`
	Type        text        `json:"type"`
	Date        cmEventDate `json:"date"`
	End         *cmDate     `json:"end"`
	Category    text        `json:"category"`
}

// cmEventDate is an event's date: each part a number, null, or a range.
type cmEventDate struct {
	Year  cmPart `json:"year"`
	Month cmPart `json:"month"`
	Day   cmPart `json:"day"`
}

// cmPart is one part of a date: a number (one value), null or [null,
// null] (any), or [from, to], either end null for open.
type cmPart struct {
	isRange  bool
	from, to *int
}

// given says the part is a number or a range with an end, not "any".
func (p cmPart) given() bool { return p.from != nil || p.to != nil }

func (p *cmPart) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	if string(b) == "null" {
		return nil
	}
	if len(b) > 0 && b[0] == '[' {
		var ends []*number
		if err := json.Unmarshal(b, &ends); err != nil || len(ends) != 2 {
			return fmt.Errorf("a range is [from, to]")
		}
		for i, e := range ends {
			if e != nil {
				v := e.int()
				if i == 0 {
					p.from = &v
				} else {
					p.to = &v
				}
			}
		}
		p.isRange = true
		return nil
	}
	var n number
	if err := json.Unmarshal(b, &n); err != nil {
		return err
	}
	v := n.int()
	p.from, p.to = &v, &v
	return nil
}

// single is the part's one value.
func (p cmPart) single() (int, bool) {
	if p.given() && !p.isRange {
		return *p.from, true
	}
	return 0, false
}

type cmCategory struct {
	ID    text `json:"id"`
	Color text `json:"color"`
}

// calendariumEvents reads the calendar's events into the draft's, their
// colour from their category's.
func (d *draft) calendariumEvents(events []json.RawMessage, categories []cmCategory) error {
	if len(events) > maxEvents {
		return fmt.Errorf("events has %d; kanka imports at most %d", len(events), maxEvents)
	}
	colours := map[string]string{}
	for _, c := range categories {
		colours[string(c.ID)] = hexColour(string(c.Color))
	}
	described := 0
	for i, raw := range events {
		var ev cmEvent
		if err := json.Unmarshal(raw, &ev); err != nil {
			d.events = append(d.events, srcEvent{noun: "event", name: fmt.Sprintf("%d", i+1), lost: "it is not an event Calendarium writes"})
			continue
		}
		e := srcEvent{noun: "event", name: string(ev.Name), colour: colours[string(ev.Category)]}
		e.lost = e.fromCalendarium(ev, len(d.months.toKanka))
		if i > 0 && joinsMonthly(&d.events[len(d.events)-1], e, len(d.months.toKanka)) {
			continue // one reminder, one description (the first's) counted
		}
		if strings.TrimSpace(string(ev.Description)) != "" {
			described++
		}
		d.events = append(d.events, e)
	}
	d.textsNotCarried("event", "description", described)
	return nil
}

// joinsMonthly joins e to the event before it, first, when the two are one
// monthly repeat: first its months to the year's end in one year (or the
// year's last month alone, a day of it), e every month from the next year,
// on the same days, of the same name and colour (as kanka's export writes a
// monthly reminder that starts after a year's first month). first then
// lasts until e does; false when they are not. The calendar has months
// months.
func joinsMonthly(first *srcEvent, e srcEvent, months int) bool {
	if first.lost != "" || e.lost != "" || e.repeat != monthly || e.from != nil || e.fromYear == nil ||
		first.name != e.name || first.colour != e.colour || first.date.day != e.date.day || max(first.length, 1) != max(e.length, 1) {
		return false
	}
	switch {
	case first.repeat == once && first.end == nil && first.date.month == months-1 && *e.fromYear == first.date.year+1:
		first.repeat, first.from = monthly, &srcDate{year: first.date.year, month: first.date.month, day: 1}
		first.date = srcDate{day: first.date.day}
	case first.repeat == monthly && first.from != nil && first.until != nil && *first.until == first.from.year && *e.fromYear == first.from.year+1:
	default:
		return false
	}
	first.until = e.until
	return true
}

// fromCalendarium sets e from Calendarium's event, or says why Kanka has
// no reminder for it; the calendar has months months.
func (e *srcEvent) fromCalendarium(ev cmEvent, months int) string {
	dt := ev.Date
	kind := strings.TrimSpace(string(ev.Type))
	if kind == "" { // as Calendarium's loader infers it
		switch {
		case !dt.Year.given() && !dt.Month.given() && !dt.Day.given():
			kind = "Undated"
		case !dt.Year.given() || !dt.Month.given() || !dt.Day.given():
			kind = "Recurring"
		case ev.End != nil && ev.End.Year != nil && ev.End.Month != nil && ev.End.Day != nil:
			kind = "Range"
		default:
			kind = "Date"
		}
	}
	year, hasYear := dt.Year.single()
	month, hasMonth := dt.Month.single()
	day, hasDay := dt.Day.single()
	switch kind {
	case "Undated":
		return "it has no date (Calendarium shows it on no day)"
	case "Date", "Range":
		if dt.Year.isRange || dt.Month.isRange || dt.Day.isRange {
			return "its date holds a range, which a " + kind + " does not"
		}
		if !hasDay {
			return "its date has no day"
		}
		if kind == "Range" {
			if !hasYear || !hasMonth || ev.End == nil || ev.End.Year == nil || ev.End.Month == nil || ev.End.Day == nil {
				return "its range is not two whole dates"
			}
			e.repeat, e.date = once, srcDate{year: year, month: month, day: day}
			e.end = &srcDate{year: ev.End.Year.int(), month: ev.End.Month.int(), day: ev.End.Day.int()}
			return ""
		}
		return e.fromParts(dt.Year, hasMonth, month, day, 0)
	case "Recurring":
		first, last := 0, 0
		switch {
		case hasDay:
			first, last = day, day
		case dt.Day.isRange && dt.Day.from != nil && dt.Day.to != nil && *dt.Day.to >= *dt.Day.from:
			first, last = *dt.Day.from, *dt.Day.to
		default:
			return "its days are no day, nor a span within a month"
		}
		if dt.Month.given() && !hasMonth {
			return e.fromMonthsOfAYear(dt, first, last, months)
		}
		return e.fromParts(dt.Year, hasMonth, month, first, last-first+1)
	}
	return fmt.Sprintf("its type %q is none Calendarium has", kind)
}

// fromMonthsOfAYear sets e from an event on days first to last of a range
// of months: from a month to the year's last (months months), in one year,
// is a monthly repeat from that month until that year; any other range is
// said.
func (e *srcEvent) fromMonthsOfAYear(dt cmEventDate, first, last, months int) string {
	year, oneYear := dt.Year.single()
	if !oneYear || dt.Month.from == nil || *dt.Month.from < 0 || dt.Month.to != nil && *dt.Month.to != months-1 || *dt.Month.from > months-1 {
		return "it falls in a range of months, which a reminder cannot"
	}
	e.repeat, e.length = monthly, last-first+1
	e.date = srcDate{day: first}
	e.from = &srcDate{year: year, month: *dt.Month.from, day: 1}
	e.until = ptr(year)
	return ""
}

// fromParts sets e on day of month (every month when !hasMonth), in the
// years year says (one, a range, or any), lasting length days (0: one).
func (e *srcEvent) fromParts(year cmPart, hasMonth bool, month, day, length int) string {
	e.length = length
	e.date = srcDate{month: month, day: day}
	if y, ok := year.single(); ok && hasMonth {
		e.repeat, e.date.year = once, y
		return ""
	}
	e.repeat = yearly
	if !hasMonth {
		e.repeat = monthly
	}
	switch {
	case !year.given():
	case year.isRange:
		if year.from != nil {
			e.fromYear = ptr(*year.from)
		}
		if year.to != nil {
			e.until = ptr(*year.to)
		}
	default: // one year, every month of it
		e.fromYear, e.until = ptr(*year.from), ptr(*year.from)
	}
	return ""
}
