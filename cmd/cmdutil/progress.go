package cmdutil

import (
	"fmt"
	"io"

	"github.com/kanka-cli/kanka/output"
)

// Progress is the one line a batch (several creates or deletes) draws on
// stderr while it runs, redrawn in place with a carriage return rather than
// a line per entry. It draws only on a terminal and never with -q: piped,
// stderr carries only the results, which scripts and logs read. On the
// terminal it shares the status line with the run's Activity: the spinner
// and what a slow request waits for come after the progress, on the same
// line.
type Progress struct {
	w     io.Writer
	on    bool
	drawn bool
	// line is the terminal's status line; nil when stderr is a terminal
	// kanka does not hold (tests), where the progress is drawn on w alone.
	line *statusLine
}

// NewProgress is the progress line of one batch on s's stderr.
func NewProgress(s *IOStreams, quiet bool) *Progress {
	p := &Progress{w: s.ErrOut, on: s.ShowProgress() && !quiet}
	if p.on {
		p.line = statusLineOf(s)
	}
	return p
}

// Show replaces the line with "[i/total] what". what is sanitized like the
// rest of stderr; only the redraw itself is a control sequence.
func (p *Progress) Show(i, total int, what string) {
	if !p.on {
		return
	}
	text := fmt.Sprintf("[%d/%d] %s", i, total, what)
	if p.line != nil {
		p.line.setProgress(text)
		return
	}
	controlOn(p.w, "\r\x1b[K")
	fmt.Fprint(p.w, output.Sanitize(text))
	p.drawn = true
}

// Clear erases the line, so the next message starts a clean line. Call it
// before printing anything else on stderr and when the batch ends.
func (p *Progress) Clear() {
	switch {
	case !p.on:
	case p.line != nil:
		p.line.setProgress("")
	case p.drawn:
		controlOn(p.w, "\r\x1b[K")
		p.drawn = false
	}
}
