package root

import (
	"strings"

	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/output"
)

// The help of every command is wrapped to the width of the terminal (80
// when there is none) here, as it is printed: the texts are written once,
// in whatever lines suit the source, and read on any terminal.

// columns is how wide s is on a terminal.
func columns(s string) int { return output.Width(s) }

// wrapWords lays words out in lines of at most width columns, the first
// line after the indent first, the others after rest, by output's one rule
// of wrapping. A word wider than a line has a line to itself: help keeps
// a flag or a URL whole.
func wrapWords(words []string, width int, first, rest string) []string {
	return output.WrapWords(words, width, first, rest)
}

// reflow wraps the prose of a help text to width: each paragraph, a run of
// lines that start at the margin, is joined and wrapped again. A line that
// starts with a space or a tab (an example, a table, a file) is code and is
// kept as it is written; blank lines stay.
func reflow(text string, width int) string {
	var out, prose []string
	flush := func() {
		if len(prose) > 0 {
			out = append(out, wrapWords(strings.Fields(strings.Join(prose, " ")), width, "", "")...)
			prose = nil
		}
	}
	for _, line := range strings.Split(strings.TrimRight(text, " \t\n"), "\n") {
		line = strings.TrimRight(line, " \t")
		switch {
		case line == "":
			flush()
			out = append(out, "")
		case line[0] == ' ' || line[0] == '\t':
			flush()
			out = append(out, line)
		default:
			prose = append(prose, line)
		}
	}
	flush()
	return strings.Join(out, "\n")
}

// wrapCommandLine wraps one line of shell (an example) that is wider than
// width into lines joined by a backslash, so that it still pastes as one
// command; the lines after the first are indented four more. It breaks
// only between words, never inside quotes or a comment. A line that fits,
// and a comment line, which it wraps as comment lines, stay commands too.
func wrapCommandLine(line string, width int) []string {
	if columns(line) <= width {
		return []string{line}
	}
	body := strings.TrimLeft(line, " \t")
	indent := line[:len(line)-len(body)]
	if strings.HasPrefix(body, "#") {
		return wrapWords(strings.Fields(strings.TrimPrefix(body, "#")), width, indent+"# ", indent+"# ")
	}
	return cmdutil.ContinuedLines(cmdutil.ShellWords(body), width, indent)
}
