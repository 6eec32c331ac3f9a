package calexport

import (
	"html"
	"strings"
	"unicode"
	"unicode/utf8"
)

// plainText is a comment's text without its markup: the service keeps
// comments as purified HTML, the tools' event names are plain. Tags and
// comments go (each parts two words), entities are read, spaces and line
// breaks become one space, control characters go. (golang.org/x/net/html
// did this at the cost of 113 KB allocated on every start of kanka, its
// entity table; the standard library's html reads entities lazily.)
func plainText(comment string) string {
	var b strings.Builder
	for s := comment; s != ""; {
		i := strings.IndexByte(s, '<')
		if i < 0 {
			b.WriteString(html.UnescapeString(s))
			break
		}
		b.WriteString(html.UnescapeString(s[:i]))
		s = s[i:]
		n, tag := markupLength(s)
		switch {
		case n == 0:
			b.WriteByte('<') // a "<" that opens no tag is text
			s = s[1:]
			continue
		case tag:
			b.WriteByte(' ') // <p>a</p><p>b</p> is two words
		}
		s = s[n:]
	}
	return strings.Join(strings.Fields(stripControls(b.String())), " ")
}

// markupLength is the length of the tag, end tag or comment s begins
// with, as HTML reads it ("<b>", "</p>", "<!-- x -->", "<img alt='>'>"),
// all of s when it is not closed; 0 when its "<" opens none. tag is false
// for a comment, which parts no words.
func markupLength(s string) (n int, tag bool) {
	if len(s) < 2 {
		return 0, false
	}
	switch c := s[1]; {
	case isLetter(c):
		return tagLength(s, 2), true
	case c == '/' && len(s) > 2 && isLetter(s[2]):
		return tagLength(s, 3), true
	case c == '!' && strings.HasPrefix(s, "<!--"):
		return commentLength(s), false
	case c == '/' && len(s) > 2, c == '?', c == '!':
		return upTo(s, ">"), false
	}
	return 0, false
}

// commentLength is the length of the comment s begins with ("<!--"): up
// to its "-->" or "--!>", or at once "<!-->" and "<!--->".
func commentLength(s string) int {
	switch {
	case strings.HasPrefix(s[4:], ">"):
		return 5
	case strings.HasPrefix(s[4:], "->"):
		return 6
	}
	for i := 4; i < len(s); i++ {
		if strings.HasPrefix(s[i:], "-->") {
			return i + 3
		}
		if strings.HasPrefix(s[i:], "--!>") {
			return i + 4
		}
	}
	return len(s)
}

// tagLength is the length of the tag s begins with, its name from
// index from: up to the ">" that closes it, which a quoted attribute value
// holds as text (HTML's tag, attribute name and value states).
func tagLength(s string, from int) int {
	isSpace := func(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' }
	i := from
	for i < len(s) && !isSpace(s[i]) && s[i] != '/' && s[i] != '>' { // the name
		i++
	}
	for i < len(s) {
		for i < len(s) && (isSpace(s[i]) || s[i] == '/') {
			i++
		}
		if i >= len(s) || s[i] == '>' {
			break
		}
		i++ // an attribute's name; its first character may be "="
		for i < len(s) && !isSpace(s[i]) && s[i] != '/' && s[i] != '>' && s[i] != '=' {
			i++
		}
		for i < len(s) && isSpace(s[i]) {
			i++
		}
		if i >= len(s) || s[i] != '=' {
			continue
		}
		for i++; i < len(s) && isSpace(s[i]); i++ {
		}
		switch {
		case i >= len(s) || s[i] == '>':
		case s[i] == '"' || s[i] == '\'':
			end := strings.IndexByte(s[i+1:], s[i])
			if end < 0 {
				return len(s)
			}
			i += end + 2
		default:
			for i < len(s) && !isSpace(s[i]) && s[i] != '>' {
				i++
			}
		}
	}
	if i >= len(s) {
		return len(s)
	}
	return i + 1
}

// upTo is the length of s up to and with the first sep, all of s without.
func upTo(s, sep string) int {
	if i := strings.Index(s, sep); i >= 0 {
		return i + len(sep)
	}
	return len(s)
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

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
