package output

import (
	"fmt"
	"io"
	"strings"
)

// Priority says which columns of a table give way first on a terminal too
// narrow for it. The columns of the lowest priority shrink first, the
// widest one cell of width at a time (so columns of equal width shrink
// together), down to their MinWidth; if the table still does not fit, they
// are left out, the rightmost first, and the next priority's turn comes
// only once all of them are gone. Key columns are never left out: they
// shrink last, and a table that still does not fit runs long rather than
// lose its headers. A Kind declares its columns' priorities, so that what
// a row is about stays readable at 80 columns.
type Priority int

const (
	// ByHeader, the zero value, is Key for the columns headed ID, NAME
	// and DATE and Ordinary for the others.
	ByHeader Priority = iota
	// Expendable columns (long free text: an effect, a note) shrink first
	// and are the first left out.
	Expendable
	// Ordinary columns give way once the expendable ones are gone.
	Ordinary
	// Important columns (what a row is about: the weather, the wind) give
	// way after every other column but the keys.
	Important
	// Key columns say which record a row is: never left out, shrunk last.
	Key
)

// givingWay are the priorities whose columns may be left out, in the order
// they give way.
var givingWay = []Priority{Expendable, Ordinary, Important}

// keyHeaders are the columns that are Key when their Kind does not say.
var keyHeaders = map[string]bool{"ID": true, "NAME": true, "DATE": true}

// priority is the column's declared priority, or the one its header gives.
func (c Column) priority() Priority {
	switch {
	case c.Priority != ByHeader:
		return c.Priority
	case keyHeaders[c.Header]:
		return Key
	}
	return Ordinary
}

// fitted is a table cut to a width: the header and rows of the columns
// kept, and the headers of the columns left out, in table order.
type fitted struct {
	header []string
	rows   [][]string
	left   []string
}

// fitToWidth makes the table fit in width, as Priority says. Cells cut are
// ended with an ellipsis.
func fitToWidth(columns []Column, header []string, rows [][]string, width int) fitted {
	plan := planColumns(columns, header, rows)
	widths, kept := plan.fit(width)

	var out fitted
	for j, c := range columns {
		if !kept[j] {
			out.left = append(out.left, c.Header)
		} else if header != nil { // nil, as header, with --no-headers
			out.header = append(out.header, header[j])
		}
	}
	out.rows = make([][]string, len(rows))
	for i, row := range rows {
		for j, cell := range row {
			if !kept[j] {
				continue
			}
			if Width(cell) > widths[j] {
				// "travel at half..." rather than "travel at half ...".
				cell = Cut(cell, widths[j])
			}
			out.rows[i] = append(out.rows[i], cell)
		}
	}
	return out
}

// FitRows cuts a table of text that is not a printer's (a picture's) to
// width as a list table is cut: the columns give way as their Priority and
// MinWidth say (only Header, Priority and MinWidth are read), cells cut end
// in "...". It returns the header (nil stays nil) and rows of the columns
// kept, and the headers of those left out, in table order; the columns are
// meant to be two spaces apart.
func FitRows(columns []Column, header []string, rows [][]string, width int) (keptHeader []string, keptRows [][]string, left []string) {
	f := fitToWidth(columns, header, rows, width)
	return f.header, f.rows, f.left
}

// columnPlan is what fitting needs to know of each column: how wide its
// widest cell (or header) is, how narrow it may be cut, and its priority.
type columnPlan struct {
	natural, floor []int
	priority       []Priority
}

func planColumns(columns []Column, header []string, rows [][]string) columnPlan {
	n := len(columns)
	p := columnPlan{natural: make([]int, n), floor: make([]int, n), priority: make([]Priority, n)}
	for j, c := range columns {
		p.priority[j] = c.priority()
		p.floor[j] = minTruncatedWidth
		if c.MinWidth > 0 {
			p.floor[j] = max(c.MinWidth, len(ellipsis)+1)
		}
		if header != nil {
			p.natural[j] = Width(header[j])
			p.floor[j] = max(p.floor[j], p.natural[j])
		}
		for _, row := range rows {
			p.natural[j] = max(p.natural[j], Width(row[j]))
		}
		p.floor[j] = min(p.floor[j], p.natural[j])
	}
	return p
}

// fit is the width of each column and whether it is kept: the priorities
// give way in turn, each shrinking and then leaving out its columns from
// the right, until the table fits; the keys shrink last. Each try starts
// again from the natural widths, so a column left out gives its room back
// to the ones that had shrunk.
func (p columnPlan) fit(width int) (widths []int, kept []bool) {
	kept = make([]bool, len(p.natural))
	for j := range kept {
		kept[j] = true
	}
	for _, giving := range givingWay {
		for {
			if widths = p.shrink(kept, giving, width); total(widths, kept) <= width {
				return widths, kept
			}
			j := p.rightmost(kept, giving)
			if j < 0 {
				break
			}
			kept[j] = false
		}
	}
	return p.shrink(kept, Key, width), kept
}

// shrink is the natural widths of the columns kept, those of priority
// shrinking cut, the widest first, until the table fits in width or they
// are all at their floor.
func (p columnPlan) shrink(kept []bool, shrinking Priority, width int) []int {
	widths := append([]int(nil), p.natural...)
	for total(widths, kept) > width {
		widest := -1
		for j, w := range widths {
			if kept[j] && p.priority[j] == shrinking && w > p.floor[j] && (widest < 0 || w > widths[widest]) {
				widest = j
			}
		}
		if widest < 0 {
			break
		}
		widths[widest]--
	}
	return widths
}

// rightmost is the last column kept of priority, -1 when none is left.
func (p columnPlan) rightmost(kept []bool, priority Priority) int {
	for j := len(kept) - 1; j >= 0; j-- {
		if kept[j] && p.priority[j] == priority {
			return j
		}
	}
	return -1
}

// total is the width of the columns kept, with the gaps between them.
func total(widths []int, kept []bool) int {
	t, shown := 0, 0
	for j, w := range widths {
		if kept[j] {
			t += w
			shown++
		}
	}
	return t + len(columnGap)*max(shown-1, 0)
}

// noteLeftOut says, once per Printer, which columns a table left out to
// fit the terminal, and how to see them: wrapped to the terminal (stderr
// is taken to be as wide as stdout).
func (p *Printer) noteLeftOut(left []string) {
	if len(left) == 0 || p.opts.Notes == nil || p.noted {
		return
	}
	p.noted = true
	columns := "columns"
	if len(left) == 1 {
		columns = "column"
	}
	note := fmt.Sprintf("%d %s left out to fit %d columns (%s): use -o wide or a wider terminal",
		len(left), columns, p.opts.Width, strings.Join(left, ", "))
	lines := Wrap(note, p.opts.Width, "note: ", strings.Repeat(" ", len("note: ")))
	_, _ = io.WriteString(p.opts.Notes, strings.Join(lines, "\n")+"\n")
}
