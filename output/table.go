package output

import (
	"bytes"
	"errors"
	"strings"
)

// The list table looks like gh's and kubectl's: a header line in the
// capitals the Kind gives, left-aligned columns at least two spaces apart,
// no borders and no trailing spaces.

const (
	columnGap = "  "
	// ellipsis is ASCII, as in gh, so its width is 3 in every locale.
	ellipsis = "..."
	// minTruncatedWidth keeps a shrunk column readable ("Ha...").
	minTruncatedWidth = 5
)

// writeTable renders recs with the Kind's columns (all of them with wide),
// cut to the terminal's width as the columns' Priority says (never with
// wide). An empty list prints nothing: the caller may say so on stderr.
func (p *Printer) writeTable(recs []Record, kind Kind) error {
	if len(recs) == 0 {
		return nil
	}
	columns := p.visibleColumns(kind)
	if len(columns) == 0 {
		return errors.New("this kind has no table columns")
	}
	var header []string
	if !p.opts.NoHeaders {
		for _, c := range columns {
			header = append(header, c.Header)
		}
	}
	rows := make([][]string, len(recs))
	for i, rec := range recs {
		rows[i] = make([]string, len(columns))
		for j, c := range columns {
			// The data is made safe, not the rendered table: the
			// header's colour must still work.
			value := c.Value(rec)
			if c.Readable != nil && p.opts.Width > 0 {
				value = c.Readable(rec)
			}
			if timestampHeaders[c.Header] {
				value = p.tableTimestamp(value)
			}
			rows[i][j] = p.shown(oneLine(value))
		}
	}
	// -o wide asks for every column: it is never cut to the terminal,
	// and runs past its edge rather than lose one (less -S scrolls it).
	var left []string
	if p.opts.Width > 0 && p.opts.Format != Wide {
		fit := fitToWidth(columns, header, rows, p.opts.Width)
		header, rows, left = fit.header, fit.rows, fit.left
	}
	text := renderTable(header, rows)
	lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	var out bytes.Buffer
	for i, line := range lines {
		// The last column is padded too; the look wants no trailing spaces.
		line = strings.TrimRight(line, " ")
		if i == 0 && header != nil {
			line = p.bold(line)
		}
		out.WriteString(line)
		out.WriteByte('\n')
	}
	if _, err := p.out.Write(out.Bytes()); err != nil {
		return err
	}
	p.noteLeftOut(left)
	return nil
}

func (p *Printer) visibleColumns(kind Kind) []Column {
	var columns []Column
	for _, c := range kind.Columns {
		if !c.Wide || p.opts.Format == Wide {
			columns = append(columns, c)
		}
	}
	return columns
}

// renderTable lays the cells out: each left-aligned in its column, as wide
// as the column's widest cell (Width), then the gap. Lines end with the
// padding, which writeTable drops.
func renderTable(header []string, rows [][]string) string {
	lines := rows
	if header != nil {
		lines = append([][]string{header}, rows...)
	}
	var widths []int
	for _, line := range lines {
		for j, cell := range line {
			if j == len(widths) {
				widths = append(widths, 0)
			}
			widths[j] = max(widths[j], Width(cell))
		}
	}
	var b strings.Builder
	for _, line := range lines {
		for j, cell := range line {
			b.WriteString(cell)
			b.WriteString(strings.Repeat(" ", widths[j]-Width(cell)))
			b.WriteString(columnGap)
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// oneLine keeps a record on one line of the table whatever its value holds.
func oneLine(s string) string {
	return strings.NewReplacer("\r\n", " ", "\n", " ", "\r", " ", "\t", " ").Replace(s)
}
