package output

import (
	"bytes"
	"errors"
	"strings"

	"github.com/olekukonko/tablewriter"
	"github.com/olekukonko/tablewriter/pkg/twwidth"
	"github.com/olekukonko/tablewriter/renderer"
	"github.com/olekukonko/tablewriter/tw"
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

// writeTable renders recs with the Kind's columns (all of them with wide).
// An empty list prints nothing: the caller may say so on stderr.
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
	if p.opts.Width > 0 {
		header, rows = fitToWidth(columns, header, rows, p.opts.Width)
	}
	text, err := renderTable(header, rows)
	if err != nil {
		return err
	}
	lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	var out bytes.Buffer
	for i, line := range lines {
		// tablewriter pads the last column too; the look wants no trailing spaces.
		line = strings.TrimRight(line, " ")
		if i == 0 && header != nil {
			line = p.bold(line)
		}
		out.WriteString(line)
		out.WriteByte('\n')
	}
	_, err = p.out.Write(out.Bytes())
	return err
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

// renderTable lays the cells out with tablewriter, configured to draw no
// box, keep headers as given (its auto-format would turn is_private into
// IS PRIVATE), never wrap, and separate columns by the gap alone.
func renderTable(header []string, rows [][]string) (string, error) {
	var buf bytes.Buffer
	cell := tw.CellConfig{
		Formatting: tw.CellFormatting{AutoFormat: tw.Off, AutoWrap: tw.WrapNone},
		Alignment:  tw.CellAlignment{Global: tw.AlignLeft},
		Padding:    tw.CellPadding{Global: tw.Padding{Left: "", Right: columnGap, Overwrite: true}},
	}
	table := tablewriter.NewTable(&buf,
		tablewriter.WithRenderer(renderer.NewBlueprint(tw.Rendition{
			Borders: tw.BorderNone,
			Symbols: tw.NewSymbols(tw.StyleNone),
			Settings: tw.Settings{
				Separators: tw.Separators{ShowHeader: tw.Off, ShowFooter: tw.Off, BetweenRows: tw.Off, BetweenColumns: tw.Off},
				Lines:      tw.Lines{ShowTop: tw.Off, ShowBottom: tw.Off, ShowHeaderLine: tw.Off, ShowFooterLine: tw.Off},
			},
		})),
		tablewriter.WithConfig(tablewriter.Config{Header: cell, Row: cell}),
	)
	if header != nil {
		table.Header(header)
	}
	if err := table.Bulk(rows); err != nil {
		return "", err
	}
	if err := table.Render(); err != nil {
		return "", err
	}
	return buf.String(), nil
}

// oneLine keeps a record on one line of the table whatever its value holds.
func oneLine(s string) string {
	return strings.NewReplacer("\r\n", " ", "\n", " ", "\r", " ", "\t", " ").Replace(s)
}

// keyHeaders are the columns that say which record a row is: on a narrow
// terminal they stay whole while the others shrink or go.
var keyHeaders = map[string]bool{"ID": true, "NAME": true, "DATE": true}

// fitToWidth makes the table fit in width: first the free-text columns
// shrink, the widest one cell of width at a time (so columns of equal width
// shrink together), down to their header or minTruncatedWidth; then they
// go, the rightmost first; only then do the key columns (ID, NAME, DATE)
// shrink. Cells that no longer fit are cut with an ellipsis. A table that
// still does not fit runs long rather than lose its headers.
func fitToWidth(columns []Column, header []string, rows [][]string, width int) ([]string, [][]string) {
	n := len(columns)
	widths := make([]int, n)
	floors := make([]int, n)
	key := make([]bool, n)
	for j, c := range columns {
		key[j] = keyHeaders[c.Header]
		floors[j] = minTruncatedWidth
		if header != nil {
			widths[j] = twwidth.Width(header[j])
			floors[j] = max(floors[j], widths[j])
		}
		for _, row := range rows {
			widths[j] = max(widths[j], twwidth.Width(row[j]))
		}
		floors[j] = min(floors[j], widths[j])
	}
	kept := make([]bool, n)
	for j := range kept {
		kept[j] = true
	}
	total := func() int {
		t, shown := 0, 0
		for j, w := range widths {
			if kept[j] {
				t += w
				shown++
			}
		}
		return t + len(columnGap)*max(shown-1, 0)
	}
	shrink := func(keys bool) {
		for total() > width {
			widest := -1
			for j, w := range widths {
				if kept[j] && key[j] == keys && w > floors[j] && (widest < 0 || w > widths[widest]) {
					widest = j
				}
			}
			if widest < 0 {
				return
			}
			widths[widest]--
		}
	}
	shrink(false)
	for j := n - 1; j >= 0 && total() > width; j-- {
		if !key[j] {
			kept[j] = false
		}
	}
	shrink(true)

	var keptHeader []string // nil, as header, with --no-headers
	for j, h := range header {
		if kept[j] {
			keptHeader = append(keptHeader, h)
		}
	}
	keptRows := make([][]string, len(rows))
	for i, row := range rows {
		for j, cell := range row {
			if !kept[j] {
				continue
			}
			if twwidth.Width(cell) > widths[j] {
				cell = twwidth.Truncate(cell, widths[j]-len(ellipsis)) + ellipsis
			}
			keptRows[i] = append(keptRows[i], cell)
		}
	}
	return keptHeader, keptRows
}
