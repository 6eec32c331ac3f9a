package output

import (
	"bytes"
	"io"
	"sync"
	"unicode/utf8"
)

// Every text kanka writes to a terminal or to a shell goes through one
// writer, a TerminalWriter, whatever printed it: --jq and --template,
// -o json and yaml, tables, the month grid, kanka api, messages on stderr,
// completion candidates. It shows control and format characters as
// Sanitize does; the only sequences that pass as they are are kanka's own
// (bold, reverse video, the progress line's), given to WriteControl. The
// streams of a run set it up (cmd/cmdutil's Guard): stderr always, stdout
// on a terminal, or when a shell reads completion candidates from it.
// Piped elsewhere, stdout is data and stays exact.

// The terminal sequences kanka itself writes on stdout: bold for headers
// and labels, reverse video for today in the month grid, and the end of
// either.
const (
	SGRBold    = "\x1b[1m"
	SGRReverse = "\x1b[7m"
	SGRReset   = "\x1b[0m"
)

// ControlWriter is a writer that escapes what it is given to write, but
// writes a control sequence given to WriteControl as it is.
type ControlWriter interface {
	io.Writer
	WriteControl(seq string) error
}

// TerminalWriter writes to a terminal (or a shell) with Sanitize applied.
// A character cut between two writes waits for the rest of it: whether it
// is a control character depends on its missing bytes. Flush writes what
// waits. It is safe for concurrent use.
type TerminalWriter struct {
	mu      sync.Mutex
	w       io.Writer
	pending []byte // the start of a character cut short
}

// NewTerminalWriter is a TerminalWriter on w.
func NewTerminalWriter(w io.Writer) *TerminalWriter { return &TerminalWriter{w: w} }

func (t *TerminalWriter) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	text := p
	if len(t.pending) > 0 {
		text = append(t.pending, p...)
	}
	cut := incompleteRune(text)
	t.pending = append([]byte(nil), text[len(text)-cut:]...)
	if err := t.emit(text[:len(text)-cut]); err != nil {
		return 0, err
	}
	return len(p), nil
}

// Flush writes the start of a character that never came whole.
func (t *TerminalWriter) Flush() error {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.flushLocked()
}

func (t *TerminalWriter) flushLocked() error {
	pending := t.pending
	t.pending = nil
	return t.emit(pending)
}

// WriteControl writes seq as it is, after what waits: kanka's own
// sequences only, never text from elsewhere.
func (t *TerminalWriter) WriteControl(seq string) error {
	t.mu.Lock()
	defer t.mu.Unlock()
	if err := t.flushLocked(); err != nil {
		return err
	}
	_, err := io.WriteString(t.w, seq)
	return err
}

func (t *TerminalWriter) emit(b []byte) error {
	if len(b) == 0 {
		return nil
	}
	if !hasControl(string(b)) {
		_, err := t.w.Write(b)
		return err
	}
	_, err := io.WriteString(t.w, Sanitize(string(b)))
	return err
}

// incompleteRune is the length of the character cut short at the end of b.
func incompleteRune(b []byte) int {
	for i := len(b) - 1; i >= 0 && i >= len(b)-utf8.UTFMax; i-- {
		if utf8.RuneStart(b[i]) {
			if !utf8.FullRune(b[i:]) {
				return len(b) - i
			}
			return 0
		}
	}
	return 0
}

// WriteStyled writes text that holds kanka's own sequences (SGRBold,
// SGRReverse, SGRReset) around text already made safe (a table, the month
// grid): those sequences go to WriteControl when w has it, and are the only
// ones that do, so that a terminal sees them while any other escape in
// text stays escaped.
func WriteStyled(w io.Writer, text []byte) error {
	cw, ok := w.(ControlWriter)
	if !ok || bytes.IndexByte(text, 0x1b) < 0 {
		_, err := w.Write(text)
		return err
	}
	for len(text) > 0 {
		i := bytes.IndexByte(text, 0x1b)
		if i < 0 {
			_, err := w.Write(text)
			return err
		}
		seq := ownSequenceAt(text[i:])
		if seq == "" {
			i++ // an escape of no sequence of kanka's: written, so escaped
		}
		if i > 0 {
			if _, err := w.Write(text[:i]); err != nil {
				return err
			}
			text = text[i:]
		}
		if seq != "" {
			if err := cw.WriteControl(seq); err != nil {
				return err
			}
			text = text[len(seq):]
		}
	}
	return nil
}

// ownSequenceAt is the sequence of kanka's own at the start of b, "" when
// there is none.
func ownSequenceAt(b []byte) string {
	for _, seq := range []string{SGRBold, SGRReverse, SGRReset} {
		if bytes.HasPrefix(b, []byte(seq)) {
			return seq
		}
	}
	return ""
}
