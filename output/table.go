package output

import (
	"bytes"
	"errors"
	"strings"

	"github.com/olekukonko/tablewriter"
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
	if err = WriteStyled(p.out, out.Bytes()); err != nil {
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
func oneLine(s string) string { return lineBreaks.Replace(s) }

// lineBreaks is built once: a table calls oneLine for every cell.
var lineBreaks = strings.NewReplacer("\r\n", " ", "\n", " ", "\r", " ", "\t", " ")
