package output

// Colour is only ever bold: enough to set headers and labels apart, and
// readable on any terminal theme.

// bold wraps s in bold when colour is on.
func (p *Printer) bold(s string) string {
	if !p.opts.Color || s == "" {
		return s
	}
	return SGRBold + s + SGRReset
}
