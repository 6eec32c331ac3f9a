package output

import (
	"strings"

	"github.com/olekukonko/tablewriter/pkg/twwidth"
)

// Text for people is fitted to the terminal by one rule everywhere (help,
// detail views, notes, legends, pictures): lines break at spaces only,
// never inside a word; the lines after the first hang under an indent; a
// word or value too wide for its line is cut, ending in an ellipsis.
// Widths are display columns as a terminal shows them (escape sequences
// take none, East Asian wide characters two).

// Width is the number of terminal columns s takes.
func Width(s string) int { return twwidth.Width(s) }

// Truncate cuts s to at most w columns, keeping its escape sequences.
func Truncate(s string, w int) string { return twwidth.Truncate(s, max(w, 0)) }

// Cut shortens s to at most w columns, ending in "..." when something was
// cut ("Calendar..." rather than "Calendar ..."); with no room for the
// ellipsis it is cut bare.
func Cut(s string, w int) string {
	switch {
	case Width(s) <= w:
		return s
	case w <= len(ellipsis):
		return twwidth.Truncate(s, max(w, 0))
	}
	return strings.TrimRight(twwidth.Truncate(s, w-len(ellipsis)), " ") + ellipsis
}

// WrapWords lays words out in lines of at most width columns, the first
// line after the indent first, the others after rest. A word wider than a
// line has a line to itself, whole (help keeps a flag or a URL whole, to
// be copied). width <= 0 is no limit: one line.
func WrapWords(words []string, width int, first, rest string) []string {
	var lines []string
	line, indent := first, first
	for _, w := range words {
		if width > 0 && line != indent && Width(line)+1+Width(w) > width {
			lines = append(lines, strings.TrimRight(line, " "))
			line, indent = rest, rest
		}
		if line != indent {
			line += " "
		}
		line += w
	}
	return append(lines, strings.TrimRight(line, " "))
}

// Wrap is text's words (split at white space) laid out by WrapWords, a
// word too wide for its line cut to fit it.
func Wrap(text string, width int, first, rest string) []string {
	lines := WrapWords(strings.Fields(text), width, first, rest)
	if width <= 0 {
		return lines
	}
	for i, l := range lines {
		lines[i] = Cut(l, width)
	}
	return lines
}
