package cmdutil

import (
	"bytes"
	"io"
	"os"
	"time"

	"github.com/kanka-cli/kanka/output"
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
	// ErrWidth is the width of the terminal on ErrOut, 0 when not a
	// terminal: messages wrap at spaces to it (output.WrapWriter).
	ErrWidth int
	// ErrTerminal is the terminal behind ErrOut, nil when stderr is not one:
	// the spinner draws on it directly (its control codes would be escaped
	// by the guarded ErrOut), and nothing else does.
	ErrTerminal *os.File
	// Watch, when set, is told of each request the run sends and each wait
	// it makes: kanka mcp reports them to the assistant as the call's
	// progress. Nil on a command line.
	Watch Watcher

	// secrets and guarded are set by Guard.
	secrets *secretSet
	guarded []*guardedWriter
	// forShell: Out goes to a shell, which prints what it reads
	// (completion candidates).
	forShell bool
}

// Watcher follows a run from outside while it runs. Its methods may be
// called from several goroutines at once (the pages of a list).
type Watcher interface {
	// Requesting is told what a request does ("reading calendar 5") as it
	// is sent.
	Requesting(doing string)
	// Waiting is told of a wait of d and its reason ("for the rate
	// limit's next window").
	Waiting(reason string, d time.Duration)
}

// ForShell says that Out goes to a shell that shows what it reads
// (completion candidates): Guard then escapes its control characters as on
// a terminal. Call it before Guard.
func (s *IOStreams) ForShell() { s.forShell = true }

// Guard wraps Out and ErrOut so that every secret later given to Redact is
// shown as [redacted] in what they print, whatever its source, and so that
// control characters are shown escaped on ErrOut, and on Out when it is a
// terminal or ForShell was called (output.TerminalWriter). On a terminal,
// ErrOut's messages also wrap at spaces to its width (output.WrapWriter). Call it once,
// before the streams are handed out, and Flush at the end of the run.
func (s *IOStreams) Guard() {
	if s.secrets != nil {
		return
	}
	s.secrets = &secretSet{}
	stdout := s.Out
	if s.OutTTY || s.forShell {
		stdout = output.NewTerminalWriter(stdout)
	}
	out := &guardedWriter{w: stdout, secrets: s.secrets}
	stderr := s.ErrOut
	if s.ErrTTY && s.ErrWidth > 0 {
		stderr = output.NewWrapWriter(stderr, s.ErrWidth)
	}
	errOut := &guardedWriter{w: output.NewTerminalWriter(stderr), secrets: s.secrets}
	s.Out, s.ErrOut = out, errOut
	s.guarded = []*guardedWriter{out, errOut}
}

// Redact hides secret in all that Out and ErrOut print from now on (once
// guarded). Secrets shorter than client.MinSecretLen are not hidden.
func (s *IOStreams) Redact(secret string) {
	if s.secrets != nil {
		s.secrets.add(secret)
	}
}

// RedactString is s with the secrets given to Redact hidden: for text that
// is laid out before it is printed (a table's columns).
func (s *IOStreams) RedactString(text string) string {
	if s.secrets == nil {
		return text
	}
	return string(hide([]byte(text), carry{}, s.secrets.snapshot(), true).done)
}

// Flush writes what the guarded streams hold back (the start of what might
// have been a secret): before reading an answer from stdin, so that the
// question is all on screen, and at the end of the run.
func (s *IOStreams) Flush() {
	for _, g := range s.guarded {
		_ = g.Flush()
	}
}

// System returns the process's streams.
func System() *IOStreams {
	s := &IOStreams{In: os.Stdin, Out: os.Stdout, ErrOut: os.Stderr,
		InTTY:  term.IsTerminal(int(os.Stdin.Fd())),
		OutTTY: term.IsTerminal(int(os.Stdout.Fd())),
		ErrTTY: term.IsTerminal(int(os.Stderr.Fd())),
	}
	if s.ErrTTY {
		s.ErrTerminal = os.Stderr
		if w, _, err := term.GetSize(int(os.Stderr.Fd())); err == nil {
			s.ErrWidth = w
		}
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
