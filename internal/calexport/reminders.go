package calexport

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/kanka-cli/kanka/almanac"
)

// Reminder is a reminder of the calendar as the tools' events and notes
// carry it: its days (the almanac's recurrence), its text, colour and
// visibility, and whose it is.
type Reminder struct {
	ID         int
	Recurrence almanac.Recurrence
	// Comment is the reminder's comment as stored (HTML the service
	// purified).
	Comment string
	// Colour is as stored: "#aa0000", a name of Kanka's colours, or "".
	Colour string
	// Visibility is visibility_id: 1 all, 2 admin, 3 admin-self, 4 self,
	// 5 members.
	Visibility int
	// Owner names whose it is when it is not the calendar's own entity's
	// ("Elminster", "post 3"); "" for the calendar's own.
	Owner string
	// Type is type_id: 2 birth, 3 death, 4 date, 5 founded; 0 for none.
	Type int
}

// planned is a reminder ready to be written: its repeat read, its own
// date's day number, its end year, and its name in the tool.
type planned struct {
	Reminder
	per     almanac.Periodicity
	own     int64 // the own date's day number
	until   int64 // the last year an occurrence starts in, when bounded
	bounded bool
	// title is the event's name: the owner's and the comment as plain
	// text; label names the reminder in a loss; description is the
	// event's text (description).
	title, label, description string
}

func (p planned) kind() almanac.Repeat { return p.per.Repeat }

func (p planned) length() int { return p.Recurrence.Length }

func (p planned) date() almanac.Date { return p.Recurrence.Date }

// plan reads the reminders in date order (then by id); one that falls on
// no day in Kanka (its own date does not exist, its repeat or end cannot
// be read, its end comes before it) is not written, and said.
func (c *calendar) plan(reminders []Reminder) []planned {
	sorted := slices.Clone(reminders)
	slices.SortStableFunc(sorted, func(a, b Reminder) int {
		return cmp.Or(a.Recurrence.Date.Compare(b.Recurrence.Date), cmp.Compare(a.ID, b.ID))
	})
	out := make([]planned, 0, len(sorted)) // grown once: a planned reminder is large
	for _, rm := range sorted {
		p := planned{Reminder: rm, title: eventTitle(rm), label: reminderLabel(rm)}
		var n int
		if p.description, n = description(rm.Comment); n > maxDescription {
			c.lose(nil, "%s: its comment is %d characters long, more than the service keeps: the file holds its first %d", p.label, n, maxDescription)
		}
		rec := rm.Recurrence
		if err := c.r.CheckRecurrence(rec); err != nil {
			c.lose(nil, "%s: not written: it falls on no day in Kanka (%v)", p.label, err)
			continue
		}
		if rec.IsRecurring {
			p.per, _ = almanac.ParsePeriodicity(rec.Periodicity)
			p.until, p.bounded, _ = rec.UntilYear()
		}
		p.own, _ = c.r.Ordinal(rec.Date)
		_, last := c.r.OrdinalRange()
		if !c.occurs(rec, p.own, last) {
			c.lose(nil, "%s: not written: it falls on no day in Kanka (its repeat ends in %d, before its date %s)", p.label, p.until, rec.Date)
			continue
		}
		out = append(out, p)
	}
	return out
}

// occurs reports whether rec has an occurrence starting within from..to.
func (c *calendar) occurs(rec almanac.Recurrence, from, to int64) bool {
	for o := range c.r.Occurrences(rec, from, to) {
		if o.Start >= from {
			return true
		}
	}
	return false
}

// reminderLabel is `reminder 12 "Midsummer feast"`: its id and the start
// of its comment.
func reminderLabel(rm Reminder) string {
	label := "reminder " + strconv.Itoa(rm.ID)
	if text := cutRunes(plainText(rm.Comment), 40); text != "" {
		label += " " + strconv.Quote(text)
	}
	return label
}

// eventTitle is the event's name: the comment as plain text, after the
// owner's name when it is not the calendar's own ("Elminster: Born");
// "Reminder" when there is neither (the tools need a name).
func eventTitle(rm Reminder) string {
	text := plainText(rm.Comment)
	owner := strings.Join(strings.Fields(stripControls(rm.Owner)), " ")
	switch {
	case owner != "" && text != "":
		text = owner + ": " + text
	case owner != "":
		text = owner
	case text == "":
		text = "Reminder"
	}
	return cutRunes(text, maxTitle)
}

// maxTitle is the longest event name written: Fantasy-Calendar's editor
// keeps 255 characters.
const maxTitle = 255

// repeatWords is the reminder's repeat in words, for a loss: "every year
// from 1491 to 1500".
func (c *calendar) repeatWords(p planned) string {
	var s string
	switch p.kind() {
	case almanac.RepeatNone:
		return "on " + p.date().String()
	case almanac.RepeatYear:
		s = "every year"
	case almanac.RepeatMonth:
		s = "every month"
	case almanac.RepeatMoon:
		s = c.moonName(p.per.MoonID) + " " + p.per.Phase.String()
	}
	s += fmt.Sprintf(" from %s", p.date())
	if p.bounded {
		s += fmt.Sprintf(" until %d", p.until)
	}
	return s
}

// moonName is the name of the calendar's moon with the id, "moon N" when
// it has none.
func (c *calendar) moonName(id int) string {
	for _, m := range c.in.Moons {
		if m.ID != nil && *m.ID == id {
			return m.Name
		}
	}
	return "moon " + strconv.Itoa(id)
}

// differsLoss says the tool shows the reminder on other days than Kanka,
// why (the tool's rule), and the nearest day that differs; nothing when
// every day within from..to agrees.
func (c *calendar) differsLoss(p planned, from, to int64, tool toolDays, why string) {
	d, counted := c.reminderDiffers(p.Recurrence, from, to, tool)
	switch {
	case !counted:
		c.lose(nil, "%s (%s): %s; not compared day by day (the calendar and its reminders are too large to count)", p.label, c.repeatWords(p), why)
	case d != nil:
		c.lose(d, "%s (%s): %s; %s", p.label, c.repeatWords(p), why, firstDiffers(d))
	}
}

// notCarried says a reminder is not written, and why.
func (c *calendar) notCarried(p planned, format string, args ...any) {
	c.lose(nil, "%s (%s): not written: %s", p.label, c.repeatWords(p), fmt.Sprintf(format, args...))
}

// idList is "reminder 3", "reminders 3 and 7", "reminders 3, 7 and 9".
func idList(ids []int) string {
	words := make([]string, len(ids))
	for i, id := range ids {
		words[i] = strconv.Itoa(id)
	}
	if len(words) == 1 {
		return "reminder " + words[0]
	}
	return "reminders " + joinWords(words)
}
