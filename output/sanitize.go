package output

import (
	"fmt"
	"strings"
	"unicode"
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
//
// Nor is a character shown that shows nothing yet changes what is seen: a
// bidirectional override (U+202A-U+202E, U+2066-U+2069) turns the rest of
// a line around, so that "abc\u202Eevil" reads "abclive"; a zero-width
// space, joiner or mark (U+200B-U+200F), a byte order mark (U+FEFF), the
// Arabic letter mark (U+061C), a tag character, makes two names that look
// alike differ. Every format character (Unicode's category Cf), and the
// line and paragraph separators U+2028 and U+2029, is shown as its code
// point, as less(1) shows it:
//
//	U+202E  <U+202E>
//
// JSON and YAML print the data as it is: they are read by programs.

// shown is a value of a table or detail view as it may be printed: secrets
// hidden, control and format characters escaped.
func (p *Printer) shown(s string) string {
	if p.opts.Redact != nil {
		s = p.opts.Redact(s)
	}
	return Sanitize(s)
}

// Sanitize returns s with its control characters other than newline and tab
// in caret notation, and its invisible format characters as <U+XXXX>.
// Invalid UTF-8 is left as it is: a UTF-8 terminal shows it as a
// replacement character and runs nothing.
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
		case invisible(r):
			fmt.Fprintf(&b, "<U+%04X>", r)
		default:
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	return b.String()
}

// invisible reports a format character, or a line or paragraph separator:
// what Sanitize shows as its code point.
func invisible(r rune) bool {
	return r == '\u2028' || r == '\u2029' || unicode.Is(unicode.Cf, r)
}

// hasControl reports whether s holds a character Sanitize replaces.
func hasControl(s string) bool {
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if (c < 0x20 && c != '\n' && c != '\t') || c == 0x7f {
				return true
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if (r >= 0x80 && r <= 0x9f) || invisible(r) {
			return true // a C1 control, or a format character
		}
		i += size
	}
	return false
}
