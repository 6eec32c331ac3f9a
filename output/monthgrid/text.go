package monthgrid

import (
	"slices"
	"strconv"
	"strings"

	"github.com/kanka-cli/kanka/almanac"
	"github.com/kanka-cli/kanka/output"
)

// The layout, like cal(1): a title centred over the grid, the weekdays
// abbreviated to the shortest prefix that tells them apart (at least 2
// letters, "Mo Tu" or "Fir Sec"), then one row per week. A cell is
//
//	[pad][ or space][number][] or space][weather][reminder][moon][season]
//
// with the number right-aligned to the month's widest, cells one space
// apart. An intercalary month has no weekday row: its days fill rows of
// their own from the first column, the block centred under the title.
//
// When the week does not fit the width, the cells narrow before the grid
// is given up (cellLayouts), the weekday names cut to them: the moon and
// the season share a slot, then the number loses its frame, then the moon
// and the season leave the cell (the legend still lists them), then the
// weather and the reminder share a slot. Only a week too wide even then
// (many weekdays, a very long month, a very narrow terminal) is written
// one day per line with its weekday instead.

// Today is in reverse video on a terminal: output.WriteStyled lets
// these two through its escaping.
const (
	reverseVideo = output.SGRReverse
	attrReset    = output.SGRReset
)

// renderer holds what every month of one Text call shares.
type renderer struct {
	g       *Grid
	o       Options
	sym     symbols
	slots   slots
	layout  cellLayout
	marks   []slot // the mark slots of a cell in layout
	digits  int
	cellW   int
	gridW   int
	list    bool
	headers []string
}

// cellLayout is how much of a day a cell holds.
type cellLayout struct {
	// frame is the columns about the number: 2, a space either side (the
	// brackets of today when piped); 1, a space before it; 0, none. With
	// less than 2, today is in reverse video on a terminal and marked by
	// todayMark in a slot when piped.
	frame int
	// shared shows the moon's phase, else a season's start, in one slot.
	shared bool
	// skyless leaves moons and seasons to the legend: the cell shows its
	// weather and its reminder alone (only a grid with one of them has
	// this layout).
	skyless bool
	// merged shows a reminder, else the weather, in one slot (only a grid
	// with both has this layout).
	merged bool
}

// cellLayouts are the cells tried in turn until the week fits the width,
// the widest first: what gives way is a season's slot of its own, then the
// frame, then the moon, then a slot of the reminder's own; the number and
// one of the weather and the reminder stay. A 10-day week with every mark
// but a reminder takes 79 columns, then 69, 59, 49 and 39; with a
// reminder 89, 79, 69, 59, 49 and 39.
var cellLayouts = []cellLayout{{frame: 2}, {frame: 2, shared: true}, {frame: 1, shared: true}, {shared: true}, {skyless: true},
	{skyless: true, merged: true}}

// slot is one mark column of a cell.
type slot int

const (
	weatherSlot  slot = iota
	reminderSlot      // a reminder falls on the day
	eventSlot         // a reminder, else the weather
	moonSlot          // a moon's phase
	seasonSlot        // a season's start
	skySlot           // a moon's phase, else a season's start
	todaySlot         // today's mark alone, when no other slot can hold it
)

// slotsOf are the mark slots of a cell in layout l.
func (r *renderer) slotsOf(l cellLayout) []slot {
	var out []slot
	switch {
	case l.merged && r.slots.weather && r.slots.reminder:
		out = append(out, eventSlot)
	default:
		if r.slots.weather {
			out = append(out, weatherSlot)
		}
		if r.slots.reminder {
			out = append(out, reminderSlot)
		}
	}
	switch {
	case l.skyless:
	case l.shared && (r.slots.moon || r.slots.season):
		out = append(out, skySlot)
	default:
		if r.slots.moon {
			out = append(out, moonSlot)
		}
		if r.slots.season {
			out = append(out, seasonSlot)
		}
	}
	if len(out) == 0 && r.todayMarked(l) && r.g.today != nil && r.g.shows(*r.g.today) {
		out = append(out, todaySlot)
	}
	return out
}

// todayMarked reports whether today is shown by todayMark in layout l:
// piped, in a cell whose number has no frame for the brackets. The mark
// takes the slot of today's moon or season, else of its weather (the
// legend still says them).
func (r *renderer) todayMarked(l cellLayout) bool { return l.frame < 2 && !r.o.Terminal }

// todaySlotOf is the slot today's mark takes in marks.
func todaySlotOf(marks []slot) slot {
	for _, s := range []slot{skySlot, seasonSlot, moonSlot, weatherSlot, eventSlot, reminderSlot} {
		if slices.Contains(marks, s) {
			return s
		}
	}
	return todaySlot
}

// cellWidth is the columns a cell takes in layout l.
func (r *renderer) cellWidth(l cellLayout) int {
	return r.digits + l.frame + len(r.slotsOf(l))
}

// layOut picks the widest cell whose week of n days fits the width, or
// the list (with whole cells) when none does.
func (r *renderer) layOut(n int) {
	for _, l := range cellLayouts {
		if l.skyless && !r.slots.weather && !r.slots.reminder || l.merged && !(r.slots.weather && r.slots.reminder) {
			continue
		}
		r.layout, r.marks, r.cellW = l, r.slotsOf(l), r.cellWidth(l)
		if r.gridW = n*(r.cellW+1) - 1; r.gridW <= r.o.Width {
			return
		}
	}
	l := cellLayouts[0]
	r.layout, r.marks, r.cellW = l, r.slotsOf(l), r.cellWidth(l)
	r.list, r.gridW = true, r.o.Width
}

// Text writes the grid: the month (or each month of the year, one after
// another under a line naming the year), then a legend of the marks used.
// Lines have no trailing spaces; the text ends with a newline.
func (g *Grid) Text(o Options) string {
	if o.Width <= 0 {
		o.Width = DefaultWidth
	}
	r := &renderer{g: g, o: o, sym: asciiSymbols, slots: g.usedSlots(), digits: 2}
	if o.Unicode {
		r.sym = unicodeSymbols
	}
	for _, m := range g.months {
		r.digits = max(r.digits, len(strconv.Itoa(m.view.Length)))
	}
	weekdays := g.months[0].view.Weekdays
	r.layOut(len(weekdays))
	r.headers = abbreviate(cleanAll(weekdays), r.headerRoom())

	var b strings.Builder
	yearPart := r.yearTitle()
	if g.wholeYear {
		r.line(&b, r.centered(ellipsize(yearPart, o.Width)))
	}
	for i, m := range g.months {
		if g.wholeYear || i > 0 {
			b.WriteString("\n")
		}
		r.month(&b, m, yearPart)
	}
	if legend := r.legend(); len(legend) > 0 {
		b.WriteString("\n")
		for _, l := range legend {
			r.line(&b, l)
		}
	}
	return b.String()
}

// month writes one month's title, weekday row and days.
func (r *renderer) month(b *strings.Builder, m month, yearPart string) {
	v := m.view
	name := clean(v.Name)
	if alias := clean(v.Alias); alias != "" {
		name += " (" + alias + ")"
	}
	title := []string{name}
	if !r.g.wholeYear {
		title = []string{name + " " + yearPart}
		if textWidth(title[0]) > r.gridW {
			title = []string{name, yearPart}
		}
	}
	for _, t := range title {
		r.line(b, r.centered(ellipsize(t, r.o.Width)))
	}
	if v.Intercalary {
		r.line(b, r.centered("(outside the week)"))
	}
	if r.list {
		for i, d := range v.Days {
			cell := r.cell(d, m.weather[i], m.reminders[i])
			if d.Weekday != nil {
				cell += " " + clean(*d.Weekday)
			}
			r.line(b, cell)
		}
		return
	}
	if !v.Intercalary {
		// A weekday stands over the number, after its frame if it has one.
		lead := ""
		if r.layout.frame > 0 {
			lead = " "
		}
		cells := make([]string, len(r.headers))
		for i, h := range r.headers {
			cells[i] = lead + h + strings.Repeat(" ", max(r.headerRoom()-textWidth(h), 0))
		}
		r.line(b, strings.Join(cells, " "))
	}
	// An intercalary month's short block is centred under its title.
	indent := ""
	if v.Intercalary {
		cells := min(len(v.Days), len(r.headers))
		indent = strings.Repeat(" ", max(r.gridW-(cells*(r.cellW+1)-1), 0)/2)
	}
	var row []string
	for i, d := range v.Days {
		if d.Column == 0 && len(row) > 0 {
			r.line(b, indent+strings.Join(row, " "))
			row = row[:0]
		}
		for len(row) < d.Column {
			row = append(row, strings.Repeat(" ", r.cellW))
		}
		row = append(row, r.cell(d, m.weather[i], m.reminders[i]))
	}
	if len(row) > 0 {
		r.line(b, indent+strings.Join(row, " "))
	}
}

// headerRoom is the columns a weekday's name may take: the cell's, less
// the frame before the number.
func (r *renderer) headerRoom() int {
	return r.cellW - min(r.layout.frame, 1)
}

// cell is a day's number, today highlighted, and its marks: r.cellW
// columns.
func (r *renderer) cell(d almanac.Day, weather []Weather, reminders []Reminder) string {
	var b strings.Builder
	num := strconv.Itoa(d.Date.Day)
	today := r.g.isToday(d.Date)
	b.WriteString(strings.Repeat(" ", r.digits-len(num)))
	b.WriteString(r.number(num, today))
	phase, hasPhase := phaseMark(r.sym, d.Moons)
	marked := slot(-1)
	if today && r.todayMarked(r.layout) {
		marked = todaySlotOf(r.marks)
	}
	for _, s := range r.marks {
		mark := " "
		switch {
		case s == marked:
			mark = todayMark
		case (s == reminderSlot || s == eventSlot) && len(reminders) > 0:
			mark = r.sym.reminder
		case (s == weatherSlot || s == eventSlot) && len(weather) > 0:
			mark = r.sym.weatherMark(weather[0].Code)
		case (s == moonSlot || s == skySlot) && hasPhase:
			mark = phase
		case (s == seasonSlot || s == skySlot) && d.SeasonStart:
			mark = r.sym.season
		}
		b.WriteString(mark)
	}
	return b.String()
}

// number is a day number with its frame (layout.frame columns): in
// brackets when it is today, piped, and the frame has room for them; in
// reverse video on a terminal.
func (r *renderer) number(num string, today bool) string {
	if today && r.o.Terminal {
		num = reverseVideo + num + attrReset
	}
	switch {
	case r.layout.frame == 2 && today && !r.o.Terminal:
		return "[" + num + "]"
	case r.layout.frame == 2:
		return " " + num + " "
	case r.layout.frame == 1:
		return " " + num
	}
	return num
}

func phaseMark(sym symbols, moons []almanac.MoonPhase) (string, bool) {
	p, ok := shownPhase(moons)
	return sym.phase[p], ok
}

// yearTitle is "1492 DR, Year of Three Ships Sailing": the year, the
// calendar's suffix and the year's name, each when there is one.
func (r *renderer) yearTitle() string {
	cal := r.g.r.Calendar()
	s := strconv.Itoa(r.g.year)
	if suffix := clean(strings.TrimSpace(cal.Suffix)); suffix != "" {
		s += " " + suffix
	}
	if name := clean(cal.Years[r.g.year]); name != "" {
		s += ", " + name
	}
	return s
}

// centered centres s over the grid (a list is not centred).
func (r *renderer) centered(s string) string {
	if r.list {
		return s
	}
	return center(s, r.gridW)
}

// line writes s without trailing spaces, and a newline.
func (r *renderer) line(b *strings.Builder, s string) {
	b.WriteString(strings.TrimRight(s, " "))
	b.WriteString("\n")
}

// abbreviate shortens the weekday names to the shortest prefix, from 2
// columns up to limit, that keeps them all distinct (limit if none does).
func abbreviate(names []string, limit int) []string {
	out := make([]string, len(names))
	for n := min(2, limit); n <= limit; n++ {
		seen := map[string]bool{}
		distinct := true
		for i, name := range names {
			out[i] = truncate(name, n)
			distinct = distinct && !seen[out[i]]
			seen[out[i]] = true
		}
		if distinct {
			break
		}
	}
	return out
}

// clean makes a name from the server safe and one line: control characters
// in caret notation (a month named "\x1b[2J" must not clear the screen),
// newlines and tabs as spaces.
func clean(s string) string { return oneLine.Replace(output.Sanitize(s)) }

var oneLine = strings.NewReplacer("\n", " ", "\t", " ")

func cleanAll(names []string) []string {
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = clean(n)
	}
	return out
}
