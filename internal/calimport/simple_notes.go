package calimport

import (
	"encoding/json"
	"fmt"
	"strings"
)

// Simple Calendar's notes (docs/formats.md 2.2 to 2.4): a Foundry journal
// entry whose flags hold its noteData (start and end date, month and day
// from 0; repeats 0 never, 1 weekly, 2 monthly, 3 yearly; categories by
// name), in an export or a predefined calendar; or, in the first version's
// export, {title, year, month, day (from 1), endDate, repeats,
// playerVisible, categories}. A note becomes a reminder on its start date,
// as long as it lasts, repeating monthly or yearly; weekly is a loss.

type scNote struct {
	Name       text              `json:"name"`
	Title      text              `json:"title"`
	Content    text              `json:"content"`
	Pages      []json.RawMessage `json:"pages"`
	Ownership  map[string]number `json:"ownership"`
	Permission map[string]number `json:"permission"`
	Flags      struct {
		SC *struct {
			NoteData *scNoteData `json:"noteData"`
		} `json:"foundryvtt-simple-calendar"`
	} `json:"flags"`
	// The first version's note.
	Year          *number     `json:"year"`
	Month         *number     `json:"month"`
	Day           *number     `json:"day"`
	EndDate       *scNoteDate `json:"endDate"`
	Repeats       number      `json:"repeats"`
	PlayerVisible *yesNo      `json:"playerVisible"`
	Categories    []text      `json:"categories"`
}

type scNoteData struct {
	StartDate  *scNoteDate `json:"startDate"`
	EndDate    *scNoteDate `json:"endDate"`
	Repeats    number      `json:"repeats"`
	Categories []text      `json:"categories"`
}

type scNoteDate struct {
	Year  number `json:"year"`
	Month number `json:"month"`
	Day   number `json:"day"`
}

type scCategory struct {
	Name  text `json:"name"`
	Color text `json:"color"`
}

// simpleNotes reads the notes of the imported calendar into the draft's
// events; firstVersion says they are the first version's, counted from 1;
// categories are the calendar's, which give a note its colour.
func (d *draft) simpleNotes(notes []json.RawMessage, categories []scCategory, firstVersion bool) error {
	if len(notes) > maxEvents {
		return fmt.Errorf("notes has %d; kanka imports at most %d", len(notes), maxEvents)
	}
	colours := map[string]string{}
	for _, c := range categories {
		colours[strings.TrimSpace(string(c.Name))] = hexColour(string(c.Color))
	}
	texts := 0
	for i, raw := range notes {
		var n scNote
		if err := json.Unmarshal(raw, &n); err != nil {
			d.events = append(d.events, srcEvent{noun: "note", name: fmt.Sprintf("%d", i+1), lost: "it is not a note Simple Calendar writes"})
			continue
		}
		e, hasText := n.event(firstVersion, colours)
		if e.name == "" {
			e.name = fmt.Sprintf("%d", i+1)
		}
		if hasText {
			texts++
		}
		d.events = append(d.events, e)
	}
	d.textsNotCarried("note", "text", texts)
	d.carriedNotes = simpleRepeatNote
	return nil
}

// simpleRepeatNote says once that Simple Calendar shows the repeating notes
// carried before their start date too (docs/formats.md 2.3).
func simpleRepeatNote(carried []srcEvent) []string {
	repeating := 0
	for _, e := range carried {
		if e.repeat != once {
			repeating++
		}
	}
	if repeating == 0 {
		return nil
	}
	whose := "its reminder starts"
	if repeating > 1 {
		whose = "their reminders start"
	}
	return []string{fmt.Sprintf("repeating notes: Simple Calendar shows %s in the months or years before %s start date too; %s on it",
		plural(repeating, "repeating note"), itsTheir(repeating), whose)}
}

// event is the note as an event; hasText says it has a text, which is not
// carried.
func (n scNote) event(firstVersion bool, colours map[string]string) (e srcEvent, hasText bool) {
	e = srcEvent{noun: "note", name: string(n.Name)}
	hasText = strings.TrimSpace(string(n.Content)) != "" || len(n.Pages) > 0
	var start, end *scNoteDate
	var repeats int
	var categories []text
	switch {
	case n.Flags.SC != nil && n.Flags.SC.NoteData != nil:
		data := n.Flags.SC.NoteData
		start, end, repeats, categories = data.StartDate, data.EndDate, data.Repeats.int(), data.Categories
		if start == nil {
			e.lost = "its noteData has no startDate"
			return e, hasText
		}
	case firstVersion && n.Year != nil && n.Month != nil && n.Day != nil:
		e.name = string(n.Title)
		start = &scNoteDate{Year: *n.Year, Month: *n.Month - 1, Day: *n.Day - 1}
		if n.EndDate != nil {
			end = &scNoteDate{Year: n.EndDate.Year, Month: n.EndDate.Month - 1, Day: n.EndDate.Day - 1}
		}
		repeats, categories = n.Repeats.int(), n.Categories
	default:
		if e.name == "" {
			e.name = string(n.Title)
		}
		e.lost = "it has no date Simple Calendar writes (its flags hold no noteData)"
		return e, hasText
	}
	e.date = srcDate{year: start.Year.int(), month: start.Month.int(), day: start.Day.int() + 1}
	if end != nil {
		last := srcDate{year: end.Year.int(), month: end.Month.int(), day: end.Day.int() + 1}
		if last != e.date {
			e.end = &last
		}
	}
	switch repeats {
	case 0:
		e.repeat = once
	case 2:
		e.repeat, e.from = monthly, &e.date
	case 3:
		e.repeat, e.from = yearly, &e.date
	case 1:
		e.lost = "it repeats every week, which a reminder cannot"
	default:
		e.lost = fmt.Sprintf("its repeat %d is none Simple Calendar has", repeats)
	}
	for _, c := range categories {
		if colour := colours[strings.TrimSpace(string(c))]; colour != "" {
			e.colour = colour
			break
		}
	}
	switch {
	case n.PlayerVisible != nil && firstVersion:
		e.visibility = 2
		if *n.PlayerVisible {
			e.visibility = 1
		}
	case n.Ownership != nil:
		e.visibility = visibilityOf(n.Ownership)
	case n.Permission != nil:
		e.visibility = visibilityOf(n.Permission)
	}
	return e, hasText
}

// visibilityOf is who sees a note whose Foundry ownership (or permission)
// is levels: all when its default lets players observe it (2 or more),
// else the campaign's admins.
func visibilityOf(levels map[string]number) int {
	if levels["default"].int() >= 2 {
		return 1
	}
	return 2
}
