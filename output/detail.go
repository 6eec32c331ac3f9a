package output

import (
	"bytes"
	"strings"
)

// detailIndent sets a multi-line value's block under its label.
const detailIndent = "  "

// writeDetail writes the key/value view of one record:
//
//	Name:    Harptos
//	Type:    Forgotten Realms
//	Months:
//	  Hammer    30
//	  Alturiak  30
//
// Labels are padded so one-line values align; a value with newlines is an
// indented block under its label. A Kind without Detail shows its columns.
func (p *Printer) writeDetail(rec Record, kind Kind) error {
	fields := detailFields(rec, kind)
	for i, f := range fields {
		// Labels and values may come from the server (month names): the
		// data is made safe, before the labels' colour is added.
		value := f.Value
		if f.Readable != "" && p.opts.Width > 0 {
			value = f.Readable
		}
		fields[i] = Field{Label: p.shown(f.Label), Value: p.shown(value)}
	}
	labelWidth := 0
	for _, f := range fields {
		labelWidth = max(labelWidth, Width(f.Label)+1) // +1 for the colon
	}
	var out bytes.Buffer
	for _, f := range fields {
		label := f.Label + ":"
		value := strings.TrimRight(f.Value, "\n")
		switch {
		case strings.Contains(value, "\n"):
			out.WriteString(p.bold(label))
			for _, line := range strings.Split(value, "\n") {
				out.WriteByte('\n')
				if line = strings.TrimRight(line, " \t"); line != "" {
					body := strings.TrimLeft(line, " ")
					first := detailIndent + line[:len(line)-len(body)]
					out.WriteString(strings.Join(p.fitLine(body, first, first+detailIndent), "\n"))
				}
			}
		case value != "":
			first := p.bold(label) + strings.Repeat(" ", labelWidth-Width(label)+1)
			out.WriteString(strings.Join(p.fitLine(value, first, strings.Repeat(" ", labelWidth+1)), "\n"))
		default:
			out.WriteString(p.bold(label))
		}
		out.WriteByte('\n')
	}
	return WriteStyled(p.out, out.Bytes())
}

// fitLine is a line of a value after the indent first: as it is when it
// fits the terminal (or there is none), so that the spaces that align a
// block stay; else wrapped at spaces, the lines after the first under
// rest. first may hold the label in bold: escape sequences take no room.
func (p *Printer) fitLine(value, first, rest string) []string {
	if p.opts.Width <= 0 || Width(first+value) <= p.opts.Width {
		return []string{first + value}
	}
	return Wrap(value, p.opts.Width, first, rest)
}

// detailFields is Kind.Detail, or one field per column for a kind without it.
func detailFields(rec Record, kind Kind) []Field {
	if kind.Detail != nil {
		return kind.Detail(rec)
	}
	fields := make([]Field, len(kind.Columns))
	for i, c := range kind.Columns {
		fields[i] = Field{Label: c.Header, Value: c.Value(rec)}
	}
	return fields
}

// ColumnsDetail is a Kind.Detail of cols, for a record whose detail view
// says no more than its table: every column, its header in words as the
// label ("VISIBILITY" is "Visibility"), with its readable form.
func ColumnsDetail(cols []Column) func(Record) []Field {
	return func(rec Record) []Field {
		fields := make([]Field, len(cols))
		for i, c := range cols {
			fields[i] = Field{Label: strings.ToUpper(c.Header[:1]) + strings.ToLower(c.Header[1:]), Value: c.Value(rec)}
			if c.Readable != nil {
				fields[i].Readable = c.Readable(rec)
			}
		}
		return fields
	}
}
