package cmdutil

import (
	"bytes"
	"io"
	"os"

	"golang.org/x/term"
)

// IOStreams are the command's standard streams and what is known of them.
type IOStreams struct {
	In     io.Reader
	Out    io.Writer
	ErrOut io.Writer

	InTTY, OutTTY, ErrTTY bool
	// NoColor is set by --no-color or NO_COLOR.
	NoColor bool
	// TermWidth is the width of the terminal on Out, 0 when not a terminal.
	TermWidth int
}

// System returns the process's streams.
func System() *IOStreams {
	s := &IOStreams{In: os.Stdin, Out: os.Stdout, ErrOut: os.Stderr,
		InTTY:  term.IsTerminal(int(os.Stdin.Fd())),
		OutTTY: term.IsTerminal(int(os.Stdout.Fd())),
		ErrTTY: term.IsTerminal(int(os.Stderr.Fd())),
	}
	if s.OutTTY {
		if w, _, err := term.GetSize(int(os.Stdout.Fd())); err == nil {
			s.TermWidth = w
		}
	}
	// no-color.org: NO_COLOR counts when it is set and not empty.
	s.NoColor = os.Getenv("NO_COLOR") != ""
	return s
}

// Test returns streams on buffers, with no terminal anywhere.
func Test() (s *IOStreams, in, out, errOut *bytes.Buffer) {
	in, out, errOut = &bytes.Buffer{}, &bytes.Buffer{}, &bytes.Buffer{}
	return &IOStreams{In: in, Out: out, ErrOut: errOut}, in, out, errOut
}

// ColorEnabled reports whether output may be coloured.
func (s *IOStreams) ColorEnabled() bool { return s.OutTTY && !s.NoColor }

// CanPrompt reports whether a question can be asked and answered.
func (s *IOStreams) CanPrompt() bool { return s.InTTY && s.ErrTTY }

// ShowProgress reports whether progress may be drawn (stderr is a terminal).
func (s *IOStreams) ShowProgress() bool { return s.ErrTTY }
