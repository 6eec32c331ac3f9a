package cmdutil

import (
	"fmt"
	"io"

	"github.com/kanka-cli/kanka/output"
)

// Progress is the one line a batch (several creates or deletes) draws on
// stderr while it runs, redrawn in place with a carriage return rather than
// a line per entry. It draws only on a terminal and never with -q: piped,
// stderr carries only the results, which scripts and logs read.
type Progress struct {
	w     io.Writer
	on    bool
	drawn bool
}

// NewProgress is the progress line of one batch on s's stderr.
func NewProgress(s *IOStreams, quiet bool) *Progress {
	return &Progress{w: s.ErrOut, on: s.ShowProgress() && !quiet}
}

// Show replaces the line with "[i/total] what". what is sanitized like the
// rest of stderr; only the redraw itself is a control sequence.
func (p *Progress) Show(i, total int, what string) {
	if !p.on {
		return
	}
	p.control("\r\x1b[K")
	fmt.Fprint(p.w, output.Sanitize(fmt.Sprintf("[%d/%d] %s", i, total, what)))
	p.drawn = true
}

// Clear erases the line, so the next message starts a clean line. Call it
// before printing anything else on stderr and when the batch ends.
func (p *Progress) Clear() {
	if !p.on || !p.drawn {
		return
	}
	p.control("\r\x1b[K")
	p.drawn = false
}

// control writes a terminal control sequence as it is: the guarded stderr
// escapes control characters in all other text.
func (p *Progress) control(seq string) {
	if cw, ok := p.w.(interface{ WriteControl(string) error }); ok {
		_ = cw.WriteControl(seq)
		return
	}
	_, _ = io.WriteString(p.w, seq)
}
