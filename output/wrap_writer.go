package output

import (
	"bytes"
	"io"
	"sync"
	"unicode/utf8"
)

// WrapWriter breaks the lines written through it at spaces so that none is
// wider than the terminal: a message on stderr (an error naming a long
// calendar, a note) never has a word cut in two by the terminal's own
// wrapping. A line's continuation hangs two columns under the line's own
// indent. It decides as the text streams: a word is held until the space
// or newline after it says where it ends, and whatever a write leaves
// (a question's "[y/N] ") is written at once, so nothing waits for a
// newline. A carriage return starts the line again (the progress line), and
// an escape sequence (the progress line's, written by TerminalWriter's
// WriteControl) takes no room. A word wider than a whole line is left
// whole for the terminal to fold.
type WrapWriter struct {
	mu    sync.Mutex
	w     io.Writer
	width int

	col    int          // columns written on this line
	indent int          // the line's leading spaces, while at its start
	start  bool         // nothing but spaces written on this line yet
	gap    bytes.Buffer // spaces after the last word, not yet written
	word   bytes.Buffer // the word being read
	escape bool         // inside an escape sequence
	out    bytes.Buffer
}

// NewWrapWriter is a WrapWriter on w for a terminal width columns wide; a
// width below 20 wraps nothing (no line would hold a message).
func NewWrapWriter(w io.Writer, width int) *WrapWriter {
	return &WrapWriter{w: w, width: width, start: true}
}

func (ww *WrapWriter) Write(p []byte) (int, error) {
	ww.mu.Lock()
	defer ww.mu.Unlock()
	if ww.width < 20 {
		return ww.w.Write(p)
	}
	ww.out.Reset()
	for i := 0; i < len(p); {
		r, size := utf8.DecodeRune(p[i:])
		c := p[i : i+size]
		i += size
		switch {
		case ww.escape:
			ww.word.Write(c)
			// A CSI or OSC ends at a final byte or BEL; ESC [ itself
			// does not end it.
			if r == '\a' || (r >= 0x40 && r <= 0x7e && r != '[' && r != ']') {
				ww.escape = false
			}
		case r == 0x1b:
			ww.escape = true
			ww.word.Write(c)
		case r == '\n' || r == '\r':
			ww.endWord()
			ww.out.Write(ww.gap.Bytes())
			ww.gap.Reset()
			ww.out.Write(c)
			ww.col, ww.indent, ww.start = 0, 0, true
		case r == ' ':
			ww.endWord()
			if ww.start {
				ww.out.WriteByte(' ')
				ww.col++
				ww.indent++
				continue
			}
			ww.gap.WriteByte(' ')
		default:
			ww.word.Write(c)
		}
	}
	ww.endWord()
	ww.out.Write(ww.gap.Bytes())
	ww.col += ww.gap.Len()
	ww.gap.Reset()
	if _, err := ww.w.Write(ww.out.Bytes()); err != nil {
		return 0, err
	}
	return len(p), nil
}

// endWord writes the word read so far after the gap before it, or on a
// new line when the two would pass the width.
func (ww *WrapWriter) endWord() {
	if ww.word.Len() == 0 {
		return
	}
	w := Width(stripEscapes(ww.word.String()))
	if !ww.start && ww.col+ww.gap.Len()+w > ww.width {
		hang := ww.indent + 2
		ww.out.WriteByte('\n')
		ww.out.Write(bytes.Repeat([]byte{' '}, hang))
		ww.col = hang
	} else {
		ww.out.Write(ww.gap.Bytes())
		ww.col += ww.gap.Len()
	}
	ww.gap.Reset()
	ww.out.Write(ww.word.Bytes())
	ww.col += w
	ww.word.Reset()
	ww.start = false
}

// stripEscapes is s without its escape sequences, which take no room.
func stripEscapes(s string) string {
	if !bytes.Contains([]byte(s), []byte{0x1b}) {
		return s
	}
	var b bytes.Buffer
	escape := false
	for _, r := range s {
		switch {
		case escape:
			if r == '\a' || (r >= 0x40 && r <= 0x7e && r != '[' && r != ']') {
				escape = false
			}
		case r == 0x1b:
			escape = true
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}
