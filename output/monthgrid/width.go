package monthgrid

import (
	"strings"
	"unicode"

	"golang.org/x/text/width"
)

// Widths are counted here rather than asked of the terminal, so that the
// same input gives the same text everywhere: East Asian wide and fullwidth
// characters take 2 columns, combining marks and format characters none,
// everything else (ambiguous ones included, like the moon symbols) 1.

func runeWidth(r rune) int {
	switch {
	case unicode.In(r, unicode.Mn, unicode.Me, unicode.Cf):
		return 0
	}
	switch width.LookupRune(r).Kind() {
	case width.EastAsianWide, width.EastAsianFullwidth:
		return 2
	}
	return 1
}

// textWidth is the number of columns s takes (s holds no escape sequences).
func textWidth(s string) int {
	n := 0
	for _, r := range s {
		n += runeWidth(r)
	}
	return n
}

// truncate cuts s to at most w columns.
func truncate(s string, w int) string {
	n := 0
	for i, r := range s {
		rw := runeWidth(r)
		if n+rw > w {
			return s[:i]
		}
		n += rw
	}
	return s
}

// ellipsize cuts s to w columns, ending in "..." when something was cut
// (output.Cut's rule, in this package's widths).
func ellipsize(s string, w int) string {
	if textWidth(s) <= w {
		return s
	}
	if w <= 3 {
		return truncate(s, w)
	}
	return strings.TrimRight(truncate(s, w-3), " ") + "..."
}

// center pads s on the left to sit in the middle of w columns (no padding
// on the right: lines carry no trailing spaces).
func center(s string, w int) string {
	pad := (w - textWidth(s)) / 2
	if pad <= 0 {
		return s
	}
	return strings.Repeat(" ", pad) + s
}

// wrap breaks text into lines of at most w columns at spaces; a word longer
// than a line is cut to it ("..."), as every output cuts.
func wrap(text string, w int) []string {
	var lines []string
	line := ""
	for _, word := range strings.Fields(text) {
		switch {
		case line == "":
			line = word
		case textWidth(line)+1+textWidth(word) <= w:
			line += " " + word
		default:
			lines = append(lines, ellipsize(line, w))
			line = word
		}
	}
	if line != "" || len(lines) == 0 {
		lines = append(lines, ellipsize(line, w))
	}
	return lines
}
