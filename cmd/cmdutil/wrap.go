package cmdutil

import (
	"strings"

	"github.com/kanka-cli/kanka/output"
)

// Advice mixes prose, wrapped by output.Wrap (at spaces, a word too wide
// cut), and commands, wrapped as help wraps examples: with a backslash, so
// that a command still pastes as one.

// WrapCommand wraps one command line wider than w at its spaces, as help
// wraps examples: each line but the last ends in " \", and the lines after
// the first are indented four more than it. A quoted argument stays one
// word, and a flag stays on the line of its value (--date 1492-1-1). A
// word that fits no line stays whole (a command cut short would not run).
func WrapCommand(line string, w int) []string {
	if w <= 0 || output.Width(line) <= w {
		return []string{line}
	}
	body := strings.TrimLeft(line, " ")
	indent := line[:len(line)-len(body)]
	return ContinuedLines(flagsWithValues(ShellWords(body)), w, indent)
}

// ContinuedLines lays the words of one command out in lines of at most w
// columns, after indent: each line but the last ends in " \", and the
// lines after the first are indented four more.
func ContinuedLines(words []string, w int, indent string) []string {
	lines := output.WrapWords(words, w-2, indent, indent+"    ")
	for i := range lines[:len(lines)-1] {
		lines[i] += " \\"
	}
	return lines
}

// flagsWithValues joins each flag to the word after it when that is no
// flag: the units a command is wrapped by.
func flagsWithValues(words []string) []string {
	var units []string
	for i := 0; i < len(words); i++ {
		if strings.HasPrefix(words[i], "-") && i+1 < len(words) && !strings.HasPrefix(words[i+1], "-") {
			units = append(units, words[i]+" "+words[i+1])
			i++
			continue
		}
		units = append(units, words[i])
	}
	return units
}

// WrapAdvice wraps text of prose and commands to w columns: a line that
// starts with two spaces is a command (WrapCommand), any other is a line
// of prose (Wrap, at the margin: an indent would make it look like a
// command). It returns the text ending in a newline.
func WrapAdvice(text string, w int) string {
	var out []string
	for _, line := range strings.Split(strings.TrimRight(text, "\n"), "\n") {
		if strings.HasPrefix(line, "  ") {
			out = append(out, WrapCommand(line, w)...)
			continue
		}
		out = append(out, output.Wrap(line, w, "", "")...)
	}
	return strings.Join(out, "\n") + "\n"
}

// ShellWords splits a line of shell at the spaces between its words: a
// quoted string, with its spaces, is one word; so is a comment, from its
// "#" to the end of the line (a backslash inside it would not continue the
// line).
func ShellWords(s string) []string {
	var words []string
	var word strings.Builder
	quote := rune(0)
	escaped := false
	for i, r := range s {
		switch {
		case escaped:
			escaped = false
		case quote != 0:
			if r == quote {
				quote = 0
			} else if r == '\\' && quote == '"' {
				escaped = true
			}
		case r == '\\':
			escaped = true
		case r == '\'' || r == '"':
			quote = r
		case r == '#' && word.Len() == 0:
			return append(words, strings.TrimSpace(s[i:]))
		case r == ' ' || r == '\t':
			if word.Len() > 0 {
				words = append(words, word.String())
				word.Reset()
			}
			continue
		}
		word.WriteRune(r)
	}
	if word.Len() > 0 {
		words = append(words, word.String())
	}
	return words
}
