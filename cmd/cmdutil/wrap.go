package cmdutil

import (
	"strings"
	"unicode"

	"golang.org/x/text/width"
)

// Text written for people on a terminal (advice, a plan) is wrapped here
// to the terminal's width: at spaces, never inside a word, with a hanging
// indent; a word wider than a whole line is cut with "…". A command is
// wrapped as help wraps examples, with a backslash, so that it still
// pastes as one.

// Columns is how many columns s takes on a terminal (s holds no escape
// sequences): East Asian wide characters 2, combining marks and format
// characters none, anything else 1.
func Columns(s string) int {
	n := 0
	for _, r := range s {
		n += runeColumns(r)
	}
	return n
}

func runeColumns(r rune) int {
	if unicode.In(r, unicode.Mn, unicode.Me, unicode.Cf) {
		return 0
	}
	switch width.LookupRune(r).Kind() {
	case width.EastAsianWide, width.EastAsianFullwidth:
		return 2
	}
	return 1
}

// Wrap lays the words of text out in lines of at most w columns: the
// first line after first, the others after rest (a hanging indent). A word
// wider than a line is cut to fit, ending in "…". w of 0 or less is no
// limit: one line.
func Wrap(text string, w int, first, rest string) []string {
	words := strings.Fields(text)
	if w <= 0 {
		return []string{first + strings.Join(words, " ")}
	}
	var lines []string
	line, indent := first, first
	for _, word := range words {
		if line != indent && Columns(line)+1+Columns(word) > w {
			lines = append(lines, line)
			line, indent = rest, rest
		}
		if line != indent {
			line += " "
		}
		line += Cut(word, w-Columns(line))
	}
	return append(lines, line)
}

// Cut shortens s to at most w columns, ending in "…" when something was
// cut.
func Cut(s string, w int) string {
	if Columns(s) <= w {
		return s
	}
	if w <= 0 {
		return ""
	}
	n := 0
	for i, r := range s {
		if n+runeColumns(r) > w-1 {
			return s[:i] + "…"
		}
		n += runeColumns(r)
	}
	return s
}

// WrapCommand wraps one command line wider than w at its spaces: each
// line but the last ends in " \", and the lines after the first are
// indented four more than it. A flag stays on the line of its value
// (--date 1492-1-1). A word that fits no line stays whole (a command cut
// short would not run). It does not look inside quotes: it is for
// commands kanka writes, whose arguments hold no spaces.
func WrapCommand(line string, w int) []string {
	if w <= 0 || Columns(line) <= w {
		return []string{line}
	}
	body := strings.TrimLeft(line, " ")
	indent := line[:len(line)-len(body)]
	var lines []string
	cur, curIndent := indent, indent
	for _, word := range flagsWithValues(strings.Fields(body)) {
		if cur != curIndent && Columns(cur)+1+Columns(word)+2 > w {
			lines = append(lines, cur+" \\")
			cur, curIndent = indent+"    ", indent+"    "
		}
		if cur != curIndent {
			cur += " "
		}
		cur += word
	}
	return append(lines, cur)
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
		out = append(out, Wrap(line, w, "", "")...)
	}
	return strings.Join(out, "\n") + "\n"
}
