package monthgrid

import (
	"strconv"
	"strings"

	"github.com/kanka-cli/kanka/almanac"
	"github.com/kanka-cli/kanka/output"
)

// The layout, like cal(1): a title centred over the grid, the weekdays
// abbreviated to the shortest prefix that tells them apart (at least 2
// letters, "Mo Tu" or "Fir Sec"), then one row per week. A cell is
//
//	[pad][ or space][number][] or space][moon][season][weather]
//
// with the number right-aligned to the month's widest, cells one space
// apart. An intercalary month has no weekday row: its days fill rows of
// their own from the first column, the block centred under the title.
//
// When the week does not fit the width, the cells narrow before the grid
// is given up (cellLayouts): the weekday names are cut to the cell as it
// narrows, a cell shows only its most notable mark, then its number loses
// its frame. Only a week too wide even then (many weekdays, a very long
// month, a very narrow terminal) is written one day per line with its
// weekday instead.

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
	marks   int // the mark slots of a cell in layout
	digits  int
	cellW   int
	gridW   int
	list    bool
	headers []string
}

// cellLayout is how much of a day a cell holds.
type cellLayout struct {
	// framed puts a column either side of the number: spaces, or the
	// brackets of today when piped. Unframed, today is in reverse video on
	// a terminal and marked in the mark slot (todayMark) when piped.
	framed bool
	// oneMark shows the day's most notable mark in one slot (a moon's
	// phase, else a season's start, else weather) instead of a slot per
	// kind of mark; the legend still lists every day.
	oneMark bool
}

// cellLayouts are the cells tried in turn until the week fits the width,
// the widest first: every mark in its slot; one mark a cell; one mark and
// no frame (a 10-day week with marks then takes 39 columns).
var cellLayouts = []cellLayout{{framed: true}, {framed: true, oneMark: true}, {oneMark: true}}

// markSlots is the number of mark columns a cell has in layout l.
func (r *renderer) markSlots(l cellLayout) int {
	n := r.slots.count()
	if !l.oneMark {
		return n
	}
	if !l.framed && !r.o.Terminal && r.g.today != nil && r.g.shows(*r.g.today) {
		return 1 // today's mark
	}
	return min(n, 1)
}

// cellWidth is the columns a cell takes in layout l.
func (r *renderer) cellWidth(l cellLayout) int {
	w := r.digits + r.markSlots(l)
	if l.framed {
		w += 2
	}
	return w
}

// layOut picks the widest cell whose week of n days fits the width, or
// the list (with whole cells) when none does.
func (r *renderer) layOut(n int) {
	for _, l := range cellLayouts {
		r.layout, r.marks, r.cellW = l, r.markSlots(l), r.cellWidth(l)
		if r.gridW = n*(r.cellW+1) - 1; r.gridW <= r.o.Width {
			return
		}
	}
	l := cellLayouts[0]
	r.layout, r.marks, r.cellW = l, r.markSlots(l), r.cellWidth(l)
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
			cell := r.cell(d, len(m.weather[i]) > 0)
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
		if r.layout.framed {
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
		row = append(row, r.cell(d, len(m.weather[i]) > 0))
	}
	if len(row) > 0 {
		r.line(b, indent+strings.Join(row, " "))
	}
}

// headerRoom is the columns a weekday's name may take: the cell's, less
// the frame before the number.
func (r *renderer) headerRoom() int {
	if r.layout.framed {
		return r.cellW - 1
	}
	return r.cellW
}

// cell is a day's number, today highlighted, and its marks: r.cellW columns.
func (r *renderer) cell(d almanac.Day, weather bool) string {
	var b strings.Builder
	num := strconv.Itoa(d.Date.Day)
	today := r.g.isToday(d.Date)
	b.WriteString(strings.Repeat(" ", r.digits-len(num)))
	b.WriteString(r.number(num, today))
	switch {
	case r.layout.oneMark && r.marks > 0:
		b.WriteString(r.oneMark(d, weather, today))
	case !r.layout.oneMark:
		if r.slots.moon {
			b.WriteString(r.mark(phaseMark(r.sym, d.Moons)))
		}
		if r.slots.season {
			b.WriteString(r.mark(r.sym.season, d.SeasonStart))
		}
		if r.slots.weather {
			b.WriteString(r.mark(r.sym.weather, weather))
		}
	}
	return b.String()
}

// oneMark is the one mark of a cell that has room for one: today's when
// the number has no frame to show it, else the most notable of the day's.
func (r *renderer) oneMark(d almanac.Day, weather, today bool) string {
	if today && r.todayMarked() {
		return todayMark
	}
	if phase, ok := phaseMark(r.sym, d.Moons); ok {
		return phase
	}
	switch {
	case d.SeasonStart:
		return r.sym.season
	case weather:
		return r.sym.weather
	}
	return " "
}

// todayMarked reports whether today is shown by todayMark: piped, in a
// cell whose number has no frame for the brackets.
func (r *renderer) todayMarked() bool { return !r.layout.framed && !r.o.Terminal }

// number is a day number, framed to len(num)+2 columns when the layout
// frames it: in brackets when it is today and the output is piped; in
// reverse video on a terminal.
func (r *renderer) number(num string, today bool) string {
	switch {
	case today && r.o.Terminal && !r.layout.framed:
		return reverseVideo + num + attrReset
	case !r.layout.framed:
		return num
	case today && r.o.Terminal:
		return " " + reverseVideo + num + attrReset + " "
	case today:
		return "[" + num + "]"
	default:
		return " " + num + " "
	}
}

func (r *renderer) mark(symbol string, on bool) string {
	if on {
		return symbol
	}
	return " "
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
