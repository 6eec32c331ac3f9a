package calexport

import (
	"fmt"
	"slices"

	"github.com/kanka-cli/kanka/almanac"
)

// Simple Calendar notes (docs/formats.md 2.2 to 2.6): a Foundry
// JournalEntry each, under the calendar's id, its date in the module's
// flag (months and days from 0), all day, repeating never, monthly or
// yearly. A repeating note shows in every year (every month), from the
// same month and day to the same month and day, before its first year and
// after its last too (NoteStub.isVisible); a day the note names that a
// month lacks is the next month's (its count of days runs on).

type scNote struct {
	ID        string         `json:"_id"`
	Name      string         `json:"name"`
	Pages     []scPage       `json:"pages"`
	Ownership map[string]int `json:"ownership"`
	Flags     scNoteFlags    `json:"flags"`
}

type scPage struct {
	Name string `json:"name"`
	Type string `json:"type"`
	Text struct {
		Content string `json:"content"`
		Format  int    `json:"format"`
	} `json:"text"`
}

type scNoteFlags struct {
	Core struct {
		SheetClass string `json:"sheetClass"`
	} `json:"core"`
	Module struct {
		NoteData scNoteData `json:"noteData"`
	} `json:"foundryvtt-simple-calendar"`
}

type scNoteData struct {
	CalendarID  string     `json:"calendarId"`
	StartDate   scNoteDate `json:"startDate"`
	EndDate     scNoteDate `json:"endDate"`
	AllDay      bool       `json:"allDay"`
	Repeats     int        `json:"repeats"`
	Order       int        `json:"order"`
	Categories  []string   `json:"categories"`
	RemindUsers []string   `json:"remindUsers"`
}

type scNoteDate struct {
	Year    int `json:"year"`
	Month   int `json:"month"`
	Day     int `json:"day"`
	Hour    int `json:"hour"`
	Minute  int `json:"minute"`
	Seconds int `json:"seconds"`
}

// scCategory is a note category of the calendar: a reminder's colour.
type scCategory struct {
	Name      string `json:"name"`
	Color     string `json:"color"`
	TextColor string `json:"textColor"`
}

// Simple Calendar's repeats (NoteRepeat).
const (
	scNever   = 0
	scMonthly = 2
	scYearly  = 3
)

// simpleNotes are the reminders as Simple Calendar notes of calendar id,
// and the categories their colours need. Days are compared within
// from..to.
func (c *calendar) simpleNotes(id string, reminders []planned, from, to int64) ([]scNote, []scCategory) {
	const tool = "Simple Calendar"
	notes, categories := make([]scNote, 0, len(reminders)), []scCategory{} // a note a reminder, grown once
	colours := newColourLosses()
	known := map[string]bool{}
	var hidden []planned
	written := make([]planned, 0, len(reminders))
	for _, p := range reminders {
		start := p.date()
		end, err := c.r.DateOf(p.own + int64(p.length()-1))
		if err != nil {
			c.notCarried(p, "its last day is beyond the days Kanka counts")
			continue
		}
		note := scNote{ID: foundryID(p.ID), Name: p.title, Ownership: map[string]int{"default": 0}}
		if p.Visibility == 1 {
			note.Ownership["default"] = 2
		} else if p.Visibility != 2 {
			hidden = append(hidden, p)
		}
		page := scPage{Name: "Details", Type: "text"}
		page.Text.Content, page.Text.Format = p.description, 1
		note.Pages = []scPage{page}
		note.Flags.Core.SheetClass = "foundryvtt-simple-calendar.NoteSheet"
		data := scNoteData{CalendarID: id, StartDate: scNoteOn(start), EndDate: scNoteOn(end), AllDay: true,
			Categories: []string{}, RemindUsers: []string{}}
		switch p.kind() {
		case almanac.RepeatNone:
			data.Repeats = scNever
		case almanac.RepeatYear:
			data.Repeats = scYearly
			c.differsLoss(p, from, to, c.scYearlyDays(start, end),
				"Simple Calendar shows a yearly note in every year, with no first or last, from the same month and day to the same month and day")
		case almanac.RepeatMonth:
			data.Repeats = scMonthly
			c.differsLoss(p, from, to, c.scMonthlyDays(start, end),
				"Simple Calendar shows a monthly note in every month, with no first or last, from the same day to the same day")
		case almanac.RepeatMoon:
			c.notCarried(p, "%s's notes have no moon repeat", tool)
			continue
		}
		if hex := colours.hex(p); hex != "" {
			data.Categories = []string{hex}
			if !known[hex] {
				known[hex] = true
				categories = append(categories, scCategory{Name: hex, Color: hex, TextColor: textColour(hex)})
			}
		}
		note.Flags.Module.NoteData = data
		notes = append(notes, note)
		written = append(written, p)
	}
	colours.say(c, tool)
	c.hiddenLoss(tool, hidden, "shows a note to its players or not")
	c.typeLoss(tool, "note", written)
	return notes, categories
}

func scNoteOn(d almanac.Date) scNoteDate {
	return scNoteDate{Year: d.Year, Month: d.Month - 1, Day: d.Day - 1}
}

// foundryID is a stable Foundry id for reminder id: 16 letters and digits,
// so that importing the file again updates the note (keepId).
func foundryID(id int) string {
	return fmt.Sprintf("kanka%011d", max(id, 0)%100_000_000_000)
}

// scDay is Simple Calendar's count of day d of month m of year y as a
// day number: a day beyond the month's days runs on into the next.
func (c *calendar) scDay(y, m, d int) (int64, bool) {
	if !c.exists(y) {
		return 0, false
	}
	o, err := c.r.Ordinal(almanac.Date{Year: y, Month: m, Day: 1})
	return o + int64(d-1), err == nil
}

// scYearFirsts are scDay's day numbers of the first day of each month of
// year (ok false where it has none), counted for one year at a time: a
// monthly note's comparison of a long year asks for each month's days
// five times, and the almanac once.
type scYearFirsts struct {
	year    int
	counted bool
	first   []int64
	ok      []bool
}

// scFirstsOf is c.scFirsts counted for year y (the year before's memory reused).
func (c *calendar) scFirstsOf(y int) *scYearFirsts {
	f := &c.scFirsts
	if f.counted && f.year == y {
		return f
	}
	n := c.r.MonthCount()
	f.year, f.counted = y, true
	f.first, f.ok = slices.Grow(f.first[:0], n)[:n], slices.Grow(f.ok[:0], n)[:n]
	for m := 1; m <= n; m++ {
		f.first[m-1], f.ok[m-1] = c.scDay(y, m, 1)
	}
	return f
}

// day is scDay(y, m, d), from the counted year's months when it is y's.
func (f *scYearFirsts) day(c *calendar, y, m, d int) (int64, bool) {
	if y != f.year || !c.exists(y) || m < 1 || m > len(f.first) {
		return c.scDay(y, m, d)
	}
	return f.first[m-1] + int64(d-1), f.ok[m-1]
}

// scYearlyDays are the days Simple Calendar shows a yearly note on: in
// each year y, those of y between (y, start month and day) and (y + the
// years the note spans, end month and day), or between the same from
// those years before.
func (c *calendar) scYearlyDays(start, end almanac.Date) toolDays {
	years := end.Year - start.Year
	return func(y int, lo, hi int64, add func(from, to int64)) {
		for _, z := range []int{y, y - years} {
			a, okA := c.scDay(z, start.Month, start.Day)
			b, okB := c.scDay(z+years, end.Month, end.Day)
			if okA && okB {
				add(max(a, lo), min(b, hi))
			}
		}
	}
}

// scMonthlyDays are the days Simple Calendar shows a monthly note on: in
// each month, those between its start and end day, or for a note that ends
// in the next month, those between the start day of the month before and
// its end day in this one, or from its start day to the end day of the
// month after.
func (c *calendar) scMonthlyDays(start, end almanac.Date) toolDays {
	sameMonth := start.Month == end.Month
	n := c.r.MonthCount()
	return func(y int, lo, hi int64, add func(from, to int64)) {
		f := c.scFirstsOf(y)
		for m := 1; m <= n; m++ {
			c.work++
			first, okF := f.day(c, y, m, 1)
			length, err := c.r.MonthLength(y, m)
			if !okF || err != nil {
				continue
			}
			last := first + int64(length) - 1
			cut := func(a, b int64, ok bool) {
				if ok {
					add(max(a, first, lo), min(b, last, hi))
				}
			}
			if sameMonth {
				a, okA := f.day(c, y, m, start.Day)
				b, okB := f.day(c, y, m, end.Day)
				cut(a, b, okA && okB)
				continue
			}
			py, pm := c.monthBeside(y, m, -1)
			ny, nm := c.monthBeside(y, m, 1)
			a, okA := f.day(c, py, pm, start.Day)
			b, okB := f.day(c, y, m, end.Day)
			cut(a, b, okA && okB)
			a, okA = f.day(c, y, m, start.Day)
			b, okB = f.day(c, ny, nm, end.Day)
			cut(a, b, okA && okB)
		}
	}
}

// monthBeside is the month before (step -1) or after (1) month m of year
// y, across the year's end (to the year Kanka has).
func (c *calendar) monthBeside(y, m, step int) (int, int) {
	m += step
	switch {
	case m < 1:
		y, m = y-1, c.r.MonthCount()
	case m > c.r.MonthCount():
		y, m = y+1, 1
	default:
		return y, m
	}
	if !c.exists(y) {
		y += step
	}
	return y, m
}
