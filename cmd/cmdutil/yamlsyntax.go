package cmdutil

import (
	"bytes"
	"strconv"
	"strings"

	yaml "go.yaml.in/yaml/v3"
)

// yaml.v3 names the line of a syntax error from where the construct being
// read began, counted from 0 for the parser's errors and from 1 for the
// scanner's: an unclosed { opened on line 3 is "line 2", one opened on
// line 1 names the line where the file ended instead, and a bad
// indentation inside a list names the list's first line. Its error holds
// no more than that text, so the line is found again here, from the file:
// yaml.v3 stops at the first error, and reads a file from its start, so
// every beginning of the file that holds the faulty line fails as the
// whole file does, and no shorter one does. The first such line is where
// the problem shows: the line that opens what is never closed (a {, a [, a
// quote), or the line that breaks the indentation or holds the tab.

// syntaxMessage is err, yaml.v3's error parsing data, as "line N: what"
// with N the line found as above; an error that is not of the syntax
// (an unknown anchor) as yaml.v3 says it.
func syntaxMessage(data []byte, err error) string {
	msg := strings.TrimPrefix(err.Error(), "yaml: ")
	what := msg
	if rest, ok := strings.CutPrefix(msg, "line "); ok {
		if _, after, found := strings.Cut(rest, ": "); found {
			what = after
		}
	}
	if !isSyntaxError(what) {
		return msg
	}
	if len(data) > maxSyntaxSearch {
		return guessedLine(msg, what)
	}
	// A beginning fails alike when it fails with the same text, yaml.v3's
	// line included (which tells an unclosed [ from an earlier one that
	// is closed further on); or with the same words only, when yaml.v3's
	// line is where the text ends (what is unclosed began on line 1), so
	// that a few more empty lines move it.
	alike := func(e error) bool { return strings.TrimPrefix(e.Error(), "yaml: ") == msg }
	var more yaml.Node
	again := yaml.Unmarshal(append(data[:len(data):len(data)], "\n\n"...), &more)
	endDependent := again == nil || again.Error() != err.Error()
	if endDependent {
		alike = func(e error) bool { return strings.HasSuffix(e.Error(), ": "+what) || e.Error() == "yaml: "+what }
	}
	from := 1
	if !endDependent {
		// The beginning must hold where yaml.v3's line says the
		// construct began.
		from = max(1, yamlLine(msg))
	}
	line := firstFailing(data, lineEnds(data), from, alike)
	if line == 0 {
		return msg
	}
	return "line " + strconv.Itoa(line) + ": " + what
}

// maxSyntaxSearch is the largest file whose syntax error's line is found
// by parsing its beginnings (a few each time, at some 5 MB a second): a
// file of calendars is a few KiB, a seed of years of weather a few
// hundred. Past it, the line is yaml.v3's, put right (guessedLine).
const maxSyntaxSearch = 1 << 20

// guessedLine is msg with the line of yaml.v3's parser, which counts from
// 0 where its scanner counts from 1, counted from 1: the line where the
// construct began.
func guessedLine(msg, what string) string {
	if !parserErrors[what] {
		return msg
	}
	return "line " + strconv.Itoa(yamlLine(msg)+1) + ": " + what
}

// parserErrors are the words of yaml.v3's parser's errors (the others are
// its scanner's).
var parserErrors = map[string]bool{
	"did not find expected ',' or '}'": true, "did not find expected ',' or ']'": true,
	"did not find expected key": true, "did not find expected '-' indicator": true,
	"did not find expected node content": true, "did not find expected <document start>": true,
	"did not find expected <stream-start>": true, "found undefined tag handle": true,
}

// yamlLine is the line yaml.v3's message names, 0 when it names none.
func yamlLine(msg string) int {
	rest, ok := strings.CutPrefix(msg, "line ")
	if !ok {
		return 0
	}
	n, _, _ := strings.Cut(rest, ":")
	line, _ := strconv.Atoi(n)
	return line
}

// firstFailing is the first line L from line from on such that the lines
// 1 to L of data fail to parse with an error alike says is the file's; 0
// when even the whole file does not. It looks near from first, with steps
// that double, then bisects: the line is most often from or the next.
func firstFailing(data []byte, ends []int, from int, alike func(error) bool) int {
	fails := func(lines int) bool {
		var n yaml.Node
		err := yaml.Unmarshal(data[:ends[lines-1]], &n)
		return err != nil && alike(err)
	}
	last := len(ends)
	if last == 0 || from > last || !fails(last) {
		return 0
	}
	lo, hi := from, last // fails(hi); not below lo
	for step := 1; lo+step-1 < hi; step *= 2 {
		if probe := lo + step - 1; fails(probe) {
			hi = probe
			break
		} else {
			lo = probe + 1
		}
	}
	for lo < hi {
		mid := (lo + hi) / 2
		if fails(mid) {
			hi = mid
		} else {
			lo = mid + 1
		}
	}
	return hi
}

// lineEnds are the offsets just past each line of data (its newline
// included); a last line without a newline ends with data.
func lineEnds(data []byte) []int {
	var ends []int
	for at := 0; at < len(data); {
		i := bytes.IndexByte(data[at:], '\n')
		if i < 0 {
			ends = append(ends, len(data))
			break
		}
		at += i + 1
		ends = append(ends, at)
	}
	return ends
}

// isSyntaxError reports whether what is one of the errors of yaml.v3's
// scanner or parser (its words, without the line), which are about the
// text; not one about the document (an unknown anchor, a document too
// deep for the decoder).
func isSyntaxError(what string) bool {
	for _, prefix := range []string{"did not find expected", "could not find expected", "found ", "mapping values are not allowed",
		"mapping keys are not allowed", "block sequence entries are not allowed", "did not find the expected", "while "} {
		if strings.HasPrefix(what, prefix) {
			return true
		}
	}
	return false
}
