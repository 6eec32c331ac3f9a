package output

// IsTable reports whether lists print as a table (table or wide, not
// replaced by --jq or --template): the one answer to "is this a table",
// so that commands do not parse -o again.
func (p *Printer) IsTable() bool {
	return !p.transforms() && (p.opts.Format == Table || p.opts.Format == Wide)
}

// Format is the output format in use (-o), parsed.
func (p *Printer) Format() Format { return p.opts.Format }

// Readable reports whether the output is a table or detail view on a
// terminal, where Column.Readable and Field.Readable replace the values
// that scripts read when the table is piped.
func (p *Printer) Readable() bool { return p.IsTable() && p.opts.Width > 0 }
