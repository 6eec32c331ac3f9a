package output

import (
	"strings"
	"unicode/utf8"
)

// Text from the server reaches a terminal: a calendar named
// "\x1b]0;PWNED\a" would retitle the window, "\x1b[2J" clear the screen, an
// OSC 8 sequence forge a link. Tables, detail views and messages show such
// characters in caret notation instead, as gh and `cat -v` do:
//
//	C0 controls U+0000-U+001F  ^@ .. ^_   (ESC is ^[, BEL is ^G, CR is ^M)
//	DEL U+007F                 ^?
//	C1 controls U+0080-U+009F  ^[ and the 7-bit form (CSI U+009B is ^[[)
//
// Newline and tab are kept: they lay text out and command nothing.

// shown is a value of a table or detail view as it may be printed: secrets
// hidden, control characters escaped.
func (p *Printer) shown(s string) string {
	if p.opts.Redact != nil {
		s = p.opts.Redact(s)
	}
	return Sanitize(s)
}

// Sanitize returns s with its control characters other than newline and tab
// in caret notation. Invalid UTF-8 is left as it is: a UTF-8 terminal shows
// it as a replacement character and runs nothing.
func Sanitize(s string) string {
	if !hasControl(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 8)
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			b.WriteByte(s[i])
		case r == '\n' || r == '\t':
			b.WriteRune(r)
		case r < 0x20:
			b.WriteByte('^')
			b.WriteByte(byte(r) + 0x40)
		case r == 0x7f:
			b.WriteString("^?")
		case r >= 0x80 && r <= 0x9f:
			b.WriteString("^[")
			b.WriteByte(byte(r - 0x40))
		default:
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	return b.String()
}

// hasControl reports whether s holds a character Sanitize replaces.
func hasControl(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '\n' || c == '\t':
		case c < 0x20 || c == 0x7f:
			return true
		case c == 0xc2 && i+1 < len(s) && s[i+1] >= 0x80 && s[i+1] <= 0x9f:
			return true // U+0080-U+009F in UTF-8
		}
	}
	return false
}
