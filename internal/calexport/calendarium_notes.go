package calexport

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"unicode"

	"github.com/kanka-cli/kanka/almanac"
)

// Calendarium reads an event from a note's front matter too (docs/
// formats.md 4.3): fc-calendar names the calendar, fc-date the day (a
// year, month or day of * repeats, [a-b] is a range, [a-*] an open one),
// fc-end the last day of a span, fc-category and fc-display-name the
// rest. Events read from notes add to those of the calendar object, so
// with notes the calendar's events are left empty: each reminder is its
// note, which the vault keeps and a person edits.

// Note is a reminder as a Markdown note of Calendarium's vault.
type Note struct {
	// Name is the file's name, "Midsummer feast (12).md": no folder, and
	// none of the characters a file system or Obsidian refuses.
	Name string
	Data []byte
}

// categories are the reminders' colours as Calendarium's categories, one
// a colour, in the order met.
type categories struct {
	colours *colourLosses
	list    []cmCategory
	index   map[string]int // where each id is in list: thousands of colours are not searched one by one
}

func newCategories() *categories {
	return &categories{colours: newColourLosses(), list: []cmCategory{}, index: map[string]int{}}
}

// of is the id of the reminder's category, nil for no colour.
func (k *categories) of(p planned) *string {
	hex := k.colours.hex(p)
	if hex == "" {
		return nil
	}
	id := "kanka-colour-" + strings.TrimPrefix(hex, "#")
	if _, ok := k.index[id]; !ok {
		k.index[id] = len(k.list)
		k.list = append(k.list, cmCategory{ID: id, Name: hex, Color: hex})
	}
	return &id
}

// name is the name of the category with the id that of gave.
func (k *categories) name(id string) string { return k.list[k.index[id]].Name }

// calendariumNotes are the reminders as notes, and the categories their
// colours need (kept in the calendar object, which the notes name).
func (c *calendar) calendariumNotes(reminders []planned, at calendariumPlace) ([]Note, []cmCategory) {
	const tool = "Calendarium"
	notes := []Note{}
	cats := newCategories()
	var seen []planned
	written := make([]planned, 0, len(reminders))
	for _, p := range reminders {
		of, ok := c.calendariumOf(p, at, true)
		if !ok {
			continue
		}
		var b strings.Builder
		b.WriteString("---\n")
		frontMatter(&b, "fc-calendar", c.name())
		switch of.kind {
		case "Date":
			frontMatter(&b, "fc-date", fcDay(of.start))
		case "Range":
			frontMatter(&b, "fc-date", fcDay(of.start))
			frontMatter(&b, "fc-end", fcDay(of.end))
		default:
			frontMatter(&b, "fc-date", fcRule(of.rules[0]))
		}
		if id := cats.of(p); id != nil {
			frontMatter(&b, "fc-category", cats.name(*id))
		}
		frontMatter(&b, "fc-display-name", p.title)
		b.WriteString("---\n")
		if body := strings.TrimSpace(p.description); body != "" {
			b.WriteString(body + "\n")
		}
		notes = append(notes, Note{Name: noteName(p), Data: []byte(b.String())})
		if p.Visibility != 1 {
			seen = append(seen, p)
		}
		written = append(written, p)
	}
	cats.colours.say(c, tool)
	c.visibleLoss(tool, seen)
	c.typeLoss(tool, "event", written)
	return notes, cats.list
}

// frontMatter writes one key of the front matter, its value a quoted
// string (YAML reads JSON's quoting), as Calendarium reads a date that
// begins with [ or looks like a timestamp: as text.
func frontMatter(b *strings.Builder, key, value string) {
	quoted, _ := json.Marshal(value)
	fmt.Fprintf(b, "%s: %s\n", key, quoted)
}

// fcDay is a day as fc-date writes it, Y-MM-DD (months and days from 1).
func fcDay(d almanac.Date) string { return fmt.Sprintf("%d-%02d-%02d", d.Year, d.Month, d.Day) }

// fcRule is a Recurring rule as fc-date writes it: "[1491-*]-10-01",
// "[1491-1500]-*-[03-05]".
func fcRule(r cmRule) string {
	return fcPart(r.years, "%d") + "-" + fcPart(r.months, "%02d") + "-" + fcPart(r.days, "%02d")
}

func fcPart(p cmPart, format string) string {
	end := func(v int, open bool) string {
		if open {
			return "*"
		}
		return fmt.Sprintf(format, v)
	}
	switch {
	case p.openFrom && p.openTo:
		return "*"
	case !p.openFrom && !p.openTo && p.from == p.to:
		return end(p.from, false)
	}
	return "[" + end(p.from, p.openFrom) + "-" + end(p.to, p.openTo) + "]"
}

// noteYears are the years a note's fc-date can say: a range holds no
// negative year (its inner "-" splits it), so such an end is left open.
func (c *calendar) noteYears(years cmPart) cmPart {
	if years.from == years.to && !years.openFrom && !years.openTo {
		return years
	}
	if !years.openFrom && years.from < 0 {
		years.openFrom = true
	}
	if !years.openTo && years.to < 0 {
		years.openTo = true
	}
	return years
}

// noteDates are a yearly note's years and days as Calendarium takes them:
// it drops a note whose day is beyond the month's days in the first or
// last year of its range (a leap day), so the days end within the first
// year's month, and the last year is the last before it that has them
// (the same days).
func (c *calendar) noteDates(month int, years, days cmPart) (cmPart, cmPart) {
	need := func(y int) int {
		n, err := c.r.MonthLength(y, month)
		if err != nil {
			return 0
		}
		return n
	}
	if !years.openFrom && !days.openTo {
		days.to = max(min(days.to, need(years.from)), days.from)
	}
	if !years.openTo && !days.openTo {
		for step := 0; step < maxNoteSteps && years.to > years.from && need(years.to) < days.to; step++ {
			years.to--
		}
	}
	return years, days
}

// maxNoteSteps bounds the years looked back for a note's last year.
const maxNoteSteps = 100_000

// noteName is the reminder's note's file name: its title, cut and made a
// safe name, and its id, which keeps every name its own.
func noteName(p planned) string {
	title := strings.Map(func(r rune) rune {
		if strings.ContainsRune(`/\:*?"<>|#^[]`, r) || unicode.IsControl(r) || isBidi(r) || r == '\u2028' || r == '\u2029' {
			return ' '
		}
		return r
	}, p.title)
	title = strings.Trim(strings.Join(strings.Fields(cutRunes(title, 60)), " "), ". ")
	if title == "" {
		title = "Reminder"
	}
	return title + " (" + strconv.Itoa(p.ID) + ").md"
}
