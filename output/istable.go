package output

// IsTable reports whether lists print as a table (table or wide, not
// replaced by --jq or --template): the one answer to "is this a table",
// so that commands do not parse -o again.
func (p *Printer) IsTable() bool {
	return !p.transforms() && (p.opts.Format == Table || p.opts.Format == Wide)
}

// Format is the output format in use (-o), parsed.
func (p *Printer) Format() Format { return p.opts.Format }
