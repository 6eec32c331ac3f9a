package calexport

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/net/html"
)

// plainText is a comment's text without its markup: the service keeps
// comments as purified HTML, the tools' event names are plain. Entities
// are read, spaces and line breaks become one space, control characters
// go.
func plainText(comment string) string {
	z := html.NewTokenizer(strings.NewReader(comment))
	var b strings.Builder
	for {
		switch z.Next() {
		case html.ErrorToken:
			return strings.Join(strings.Fields(stripControls(b.String())), " ")
		case html.TextToken:
			b.Write(z.Text())
		case html.StartTagToken, html.EndTagToken, html.SelfClosingTagToken:
			b.WriteByte(' ') // <p>a</p><p>b</p> is two words
		}
	}
}

// stripControls is s without control characters but line breaks and tabs.
func stripControls(s string) string {
	return strings.Map(func(r rune) rune {
		if r == '\n' || r == '\t' || !unicode.IsControl(r) && r != '\u2028' && r != '\u2029' && !isBidi(r) {
			return r
		}
		return -1
	}, s)
}

// isBidi reports the characters that reorder text on a terminal or in an
// editor (the override and isolate marks).
func isBidi(r rune) bool {
	return r >= '\u202a' && r <= '\u202e' || r >= '\u2066' && r <= '\u2069'
}

// cutRunes is s cut to n characters, the last one "…" when cut.
func cutRunes(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}

// maxDescription is the most characters of a comment an event's text
// holds: the service keeps 191 (a little more once purified), so a longer
// one is a broken or hostile answer, and the tools' editors are no place
// for megabytes.
const maxDescription = 4000

// description is a comment as an event's text: its markup kept (the tools
// show HTML), without control characters but line breaks and tabs, cut to
// maxDescription characters; n is how long it was.
func description(comment string) (text string, n int) {
	text = stripControls(comment)
	return cutRunes(text, maxDescription), utf8.RuneCountInString(text)
}
