package monthgrid

import (
	"strconv"
	"strings"

	"github.com/kanka-cli/kanka/almanac"
)

// A day with a reminder has a mark in a slot of its own after the
// weather's (• or, in ASCII, !), and the legend lists, after the marks
// explained, each day's reminders in words: its comment, which day of a
// span of several it is, and whose it is when it is not the calendar's
// own. A reminder of several days is on every day it covers.

// Reminder is one day of a reminder's occurrence: the day (Date) and what
// the grid, the day in full and the JSON say of it. Which days a reminder
// falls on is the caller's to count (almanac.Reckoning.Days, the service's
// rules); the grid places each on its Date.
type Reminder struct {
	// Date is the day. It is not in the JSON: a reminder is listed under
	// its day (or, in an agenda, beside it).
	Date    almanac.Date `json:"-"`
	ID      int          `json:"reminder_id"`
	Comment *string      `json:"comment"`
	Owner   Owner        `json:"owner"`
	Span    Span         `json:"span"`
}

// Owner is whose a reminder is: an entity (the calendar's own, a
// character) or a post, by id, with the entity's name and type when they
// are known (null otherwise).
type Owner struct {
	Kind string  `json:"kind"` // "entity" or "post"
	ID   int     `json:"id"`
	Name *string `json:"name"`
	Type *string `json:"type"`
	// Own is the calendar's own entity, which the legend does not name.
	Own bool `json:"-"`
}

// Span is the occurrence a day belongs to: its first and last days, and
// which of its days (from 1) and how many days it has.
type Span struct {
	Start almanac.Date `json:"start"`
	End   almanac.Date `json:"end"`
	Day   int64        `json:"day"`
	Days  int64        `json:"days"`
}

// reminderMark is the mark of a day with a reminder, in each set.
const (
	unicodeReminderMark = "•"
	asciiReminderMark   = "!"
)

// Words is the reminder in words for people, on one line: its comment,
// the day of its span ("day 2 of 3"), and whose it is unless it is the
// calendar's own ("Elminster, character").
func (rm Reminder) Words() string { return rm.words("") }

// dayWords is the reminder in words for the day in full, its span's days
// written out ("The fair (day 2 of 3: 1492-4-11 to 1492-4-13)").
func (rm Reminder) dayWords() string {
	return rm.words(": " + rm.Span.Start.String() + " to " + rm.Span.End.String())
}

// words is Words with more said of a span of several days.
func (rm Reminder) words(spanMore string) string {
	text := ""
	if rm.Comment != nil {
		text = clean(strings.TrimSpace(*rm.Comment))
	}
	if text == "" {
		text = "reminder " + strconv.Itoa(rm.ID)
	}
	var notes []string
	if rm.Span.Days > 1 {
		notes = append(notes, "day "+strconv.FormatInt(rm.Span.Day, 10)+" of "+strconv.FormatInt(rm.Span.Days, 10)+spanMore)
	}
	if !rm.Owner.Own {
		notes = append(notes, rm.Owner.Words())
	}
	if len(notes) > 0 {
		text += " (" + strings.Join(notes, "; ") + ")"
	}
	return text
}

// Words names the owner: "Elminster, character", "entity 50" when its
// name is not known, "post 7".
func (o Owner) Words() string {
	if o.Name == nil || strings.TrimSpace(*o.Name) == "" {
		return o.Kind + " " + strconv.Itoa(o.ID)
	}
	s := clean(strings.TrimSpace(*o.Name))
	if o.Type != nil && strings.TrimSpace(*o.Type) != "" {
		s += ", " + clean(strings.TrimSpace(*o.Type))
	}
	return s
}

// remindersLegend is the reminders' part of the legend: each day's
// reminders, a line each (the day, its mark, the words), in columns as
// the weather's; for a whole year the day names its month.
func (r *renderer) remindersLegend() []string {
	var items [][]string
	for _, m := range r.g.months {
		for i, rs := range m.reminders {
			day := strconv.Itoa(i + 1)
			if r.g.wholeYear {
				day += " " + clean(m.view.Name)
			}
			for _, rm := range rs {
				items = append(items, []string{day, r.sym.reminder, rm.Words()})
			}
		}
	}
	return columns(items, []bool{true, false, false}, r.o.Width)
}
