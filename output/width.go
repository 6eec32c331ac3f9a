package output

import (
	"os"
	"regexp"
	"strings"
	"sync"

	"github.com/clipperhouse/displaywidth"
)

// Widths are counted as a terminal shows text: each character's width
// (East Asian wide and fullwidth ones 2, combining marks none, a tab 8),
// escape sequences none. A character of ambiguous width (°, ±, Greek)
// counts 1, or 2 when RUNEWIDTH_EASTASIAN says the terminal shows it wide,
// as the tables drawn before counted them.
//
// Counted here, not by a table library: the one kanka drew its tables with
// built width tables and a cache of 600 KB when it started, on every run
// of every command (a sixth of what `kanka --help` touched).

const tabWidth = 8

// widthOptions are the counting's options, read from the environment once.
var widthOptions = sync.OnceValue(readWidthOptions)

func readWidthOptions() displaywidth.Options {
	switch strings.ToLower(os.Getenv("RUNEWIDTH_EASTASIAN")) {
	case "1", "on", "true", "yes":
		return displaywidth.Options{EastAsianWidth: true}
	}
	return displaywidth.Options{}
}

// escapes are the terminal's control sequences (CSI, OSC), which take no
// room.
var escapes = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile("(\x1b\\[[\x30-\x3f]*[\x20-\x2f]*[\x40-\x7e]|\x1b\\].*?(\x1b\\\\|\x07))")
})

// runeWidth is the columns r takes.
func runeWidth(r rune, opts displaywidth.Options) int {
	if r == '\t' {
		return tabWidth
	}
	return opts.Rune(r)
}

// Width is the number of columns s takes on a terminal.
func Width(s string) int {
	if strings.IndexByte(s, '\x1b') >= 0 {
		s = escapes().ReplaceAllLiteralString(s, "")
	}
	opts, n := widthOptions(), 0
	for _, r := range s {
		n += runeWidth(r, opts)
	}
	return n
}

// Truncate cuts s to at most w columns, keeping its escape sequences (and
// ending a cut one with a reset, so that no colour runs past it).
func Truncate(s string, w int) string {
	if w < 0 {
		return ""
	}
	whole := Width(s)
	switch {
	case whole == 0:
		if w == 0 && s != "" {
			return ""
		}
		return s
	case w == 0:
		return ""
	case whole <= w:
		if strings.Contains(s, "\x1b") && !strings.HasSuffix(s, "\x1b[0m") {
			return s + "\x1b[0m"
		}
		return s
	}
	opts := widthOptions()
	var out, escape strings.Builder
	inEscape, wroteEscape, used := false, false, 0
	for _, r := range s {
		switch {
		case r == '\x1b':
			inEscape = true
			escape.Reset()
			escape.WriteRune(r)
		case inEscape:
			escape.WriteRune(r)
			seq := escape.String()
			ended := false
			if len(seq) >= 2 {
				switch seq[1] {
				case '[':
					ended = len(seq) >= 3 && r >= 0x40 && r <= 0x7E
				case ']':
					ended = r == '\x07' || len(seq) > 1 && seq[len(seq)-2] == '\x1b' && r == '\\'
				}
			}
			if ended {
				inEscape = false
				out.WriteString(seq)
				wroteEscape = true
				escape.Reset()
			}
		default:
			rw := runeWidth(r, opts)
			if used+rw > w {
				return withReset(out.String(), s, used, wroteEscape, inEscape)
			}
			out.WriteRune(r)
			used += rw
		}
	}
	return withReset(out.String(), s, used, wroteEscape, inEscape)
}

// withReset ends a cut text with a reset when it holds (or cut) a colour.
func withReset(cut, s string, used int, wroteEscape, inEscape bool) string {
	reset := false
	if (wroteEscape || inEscape && strings.Contains(s, "\x1b[")) && (used > 0 || wroteEscape) {
		reset = !strings.HasSuffix(cut, "\x1b[0m")
	} else if used > 0 && strings.Contains(cut, "\x1b[") && !strings.HasSuffix(cut, "\x1b[0m") && strings.Contains(s, "\x1b[") {
		reset = true
	}
	if reset {
		return cut + "\x1b[0m"
	}
	return cut
}
