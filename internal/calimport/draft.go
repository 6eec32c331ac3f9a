package calimport

import (
	"strconv"

	"github.com/kanka-cli/kanka/almanac"
	"github.com/kanka-cli/kanka/client"
)

// draft is a calendar read from a tool's file, in Kanka's terms, before
// its leap rule is settled and its weekdays and moons are anchored.
type draft struct {
	format Format
	// in holds the name, months, weekdays, current date, year names,
	// seasons, suffix and whether year zero exists; its moons have their
	// name, period and colour, offset 0.
	in client.CalendarInput
	// current is the source's current date, its month the source's.
	current srcDate
	// seasons start on a day of a source month, every year.
	seasons []srcSeason
	leaps   []leapDay
	months  monthMap
	src     model
	// restart says how the source starts its weeks anew ("every month"),
	// "" when it runs them on: the loss when weekdays then differ.
	restart string
	// seasonsOf, when set, computes the seasons once the calendar's days
	// are known (Fantasy-Calendar's periodic seasons).
	seasonsOf func(r *almanac.Reckoning) ([]client.Season, string)
	// losses are what the reader found Kanka cannot hold in the calendar's
	// structure; dropped what it leaves out (eras, cycles), said after.
	losses, dropped []string
	// events are the file's events or notes, in its order (events.go);
	// eventNotes what they lose together (their descriptions, a day off
	// on moon phases), said last.
	events     []srcEvent
	eventNotes []string
	// carriedNotes, when set, says what the events carried lose together
	// (a moon event's day off), once they are known: after eventNotes.
	carriedNotes func(carried []srcEvent) []string
	// ownMoons says each moon's offset is the source's own (its model's
	// moonOffset), not searched for among the days it shows full: the tool
	// counts its moons in a way no Kanka offset follows far from the
	// current date (Calendarium leaves intercalary days out).
	ownMoons bool
}

// model is a tool's own arithmetic, asked about days written as Kanka
// dates of the converted calendar.
type model interface {
	// weekday is the index in the weekday list of the weekday the source
	// gives d; ok is false when it gives none (a festival day) or has no
	// day d (a leap day it does not have that year).
	weekday(d almanac.Date) (index int, ok bool)
	// full reports whether the source shows moon m (in the draft's order)
	// full on d; ok is false when it has no day d.
	full(m int, d almanac.Date) (isFull, ok bool)
}

// offsetModel is a model that knows, from the tool's own formula, the
// Kanka offset that puts moon m's full moons on the days the tool centres
// them on, counted from the tool's day at date at; ok is false when its
// formula for the moon is not one (custom phases, another rounding).
type offsetModel interface {
	moonOffset(m int, r *almanac.Reckoning, at almanac.Date) (offset int64, ok bool)
}

// srcDate is a day of the source: its year, month (0-based, in the
// source's list) and day (1-based).
type srcDate struct{ year, month, day int }

// srcSeason is a season starting on day of source month (0-based).
type srcSeason struct {
	name       string
	month, day int
}

func (d *draft) date() client.Date { return *d.in.Date }

func (d *draft) monthName(m int) string {
	if m >= 1 && m <= len(d.in.Months) {
		return d.in.Months[m-1].Name
	}
	return "month " + itoa(m)
}

// monthMap ties the converted calendar's months to the source's: every
// source month is a Kanka month, but for one the source has only in leap
// years, which is folded into the Kanka month before it as its leap days.
type monthMap struct {
	// toKanka is the Kanka month (1-based) of each source month (0-based);
	// 0 for a folded month.
	toKanka []int
	// toSource is the source month of each Kanka month (by index m-1).
	toSource []int
	// folds are the folded months by the Kanka month they end.
	folds map[int]foldedMonth
}

// foldedMonth is a source month carried as the last days of a Kanka
// month, after its first after days.
type foldedMonth struct{ src, after int }

// add appends a source month that is a Kanka month.
func (mm *monthMap) add(src int) {
	for len(mm.toKanka) <= src {
		mm.toKanka = append(mm.toKanka, 0)
	}
	mm.toSource = append(mm.toSource, src)
	mm.toKanka[src] = len(mm.toSource)
}

// skip notes a source month that is no Kanka month (folded, or dropped).
func (mm *monthMap) skip(src int) {
	for len(mm.toKanka) <= src {
		mm.toKanka = append(mm.toKanka, 0)
	}
}

// kanka is the Kanka month and day of day (1-based) of source month src
// (0-based); ok is false when the calendar has no such day.
func (mm monthMap) kanka(src, day int) (m, d int, ok bool) {
	if src >= 0 && src < len(mm.toKanka) && mm.toKanka[src] > 0 {
		return mm.toKanka[src], day, true
	}
	for m, f := range mm.folds {
		if f.src == src {
			return m, f.after + day, true
		}
	}
	return 0, 0, false
}

// source is the source month (0-based) and day of Kanka month m, day d.
func (mm monthMap) source(m, d int) (src, day int) {
	if f, ok := mm.folds[m]; ok && d > f.after {
		return f.src, d - f.after
	}
	return mm.toSource[m-1], d
}

func itoa(n int) string { return strconv.Itoa(n) }
