package client

import (
	"bytes"
	"sort"
	"unicode/utf8"
)

// A server may echo the token as JSON escapes ("\u0068\u006f..."), whole or
// in part: a JSON reader makes the token of it, a search of the bytes finds
// nothing. What kanka writes of a server's text (stdout, stderr, the cache,
// its own errors) is therefore searched twice: as written, and with its
// JSON string escapes decoded (\uXXXX, a surrogate pair, \/, \n, ...); what
// spells a secret either way is hidden, whole escapes at a time, so that
// JSON stays JSON. Decoding costs a pass only where an escape could stand
// for a character of a secret: a text with no backslash, or whose escapes
// stand for characters no secret holds (the live service's "https:\/\/"),
// is searched as written alone.

// Span is the bytes [From, To) of a text.
type Span struct{ From, To int }

// SecretSpans returns the runs of text that spell one of secrets, as written
// or once its JSON escapes are decoded, in order; overlapping runs are one.
// A secret shorter than MinSecretLen is not searched for.
func SecretSpans(text []byte, secrets [][]byte) []Span {
	var spans []Span
	for _, s := range secrets {
		if len(s) < MinSecretLen {
			continue
		}
		for from := 0; ; {
			i := bytes.Index(text[from:], s)
			if i < 0 {
				break
			}
			spans = append(spans, Span{from + i, from + i + len(s)})
			from += i + 1
		}
	}
	if bytes.IndexByte(text, '\\') >= 0 && escapesMatter(text, secrets) {
		d := decodeEscapes(text)
		for _, s := range secrets {
			if len(s) < MinSecretLen {
				continue
			}
			for from := 0; ; {
				i := bytes.Index(d.text[from:], s)
				if i < 0 {
					break
				}
				spans = append(spans, Span{d.start(from + i), d.end(from + i + len(s) - 1)})
				from += i + 1
			}
		}
	}
	spans = mergeOverlapping(spans)
	if len(spans) > 0 && bytes.IndexByte(text, '\\') >= 0 {
		spans = wholeEscapes(text, spans)
	}
	return spans
}

// wholeEscapes widens spans to the whole of each escape they cut into, so
// that what replaces them leaves no half escape behind.
func wholeEscapes(text []byte, spans []Span) []Span {
	k := 0
	forEachEscape(text, func(at int, e escape) {
		end := at + e.n
		if e.short {
			end = len(text)
		}
		for k < len(spans) && spans[k].To <= at {
			k++
		}
		for j := k; j < len(spans) && spans[j].From < end; j++ {
			spans[j].From = min(spans[j].From, at)
			spans[j].To = max(spans[j].To, end)
		}
	})
	return mergeOverlapping(spans)
}

// HoldsSecret reports whether text spells secret, as written or with JSON
// escapes decoded; a secret shorter than MinSecretLen is never found.
func HoldsSecret(text []byte, secret string) bool {
	switch {
	case len(secret) < MinSecretLen:
		return false
	case bytes.Contains(text, []byte(secret)):
		return true
	case bytes.IndexByte(text, '\\') < 0:
		return false
	}
	return len(SecretSpans(text, [][]byte{[]byte(secret)})) > 0
}

// SecretMayStart is where the end of text may be the start of a secret
// (its first bytes, written or escaped), or of an escape cut short: what
// comes next decides; len(text) when it cannot be. It is always the start
// of a character or of an escape, never inside one.
func SecretMayStart(text []byte, secrets [][]byte) int {
	if bytes.IndexByte(text, '\\') < 0 {
		return prefixAtEnd(text, secrets)
	}
	// A secret's start at the end, escaped, is at most its length in
	// escapes of 12 bytes (a surrogate pair) long: only that window is
	// decoded, from the start of the escape it cuts into.
	longest := 0
	for _, s := range secrets {
		longest = max(longest, len(s))
	}
	window := max(0, len(text)-12*longest)
	cut, matter := len(text), false
	set := secretBytes(secrets)
	forEachEscape(text, func(at int, e escape) {
		switch {
		case e.short:
			cut = at
		case at < window && window < at+e.n:
			window = at
		}
		matter = matter || at+e.n > window && e.n > 0 && e.matters(&set)
	})
	hold := prefixAtEnd(text[:cut], secrets)
	if hold < cut {
		forEachEscape(text[:cut], func(at int, e escape) {
			if at < hold && hold < at+e.n {
				hold = at // not in the middle of an escape
			}
		})
	}
	if matter && window < cut {
		d := decodeEscapes(text[window:cut])
		if i := prefixAtEnd(d.text, secrets); i < len(d.text) {
			hold = min(hold, window+d.start(i))
		}
	}
	return min(hold, cut)
}

// prefixAtEnd is where the end of text is a proper start of a secret,
// len(text) when it is none.
func prefixAtEnd(text []byte, secrets [][]byte) int {
	longest := 0
	for _, s := range secrets {
		longest = max(longest, len(s))
	}
	for i := max(0, len(text)-longest+1); i < len(text); i++ {
		for _, s := range secrets {
			if len(s) >= MinSecretLen && len(text)-i < len(s) && bytes.HasPrefix(s, text[i:]) {
				return i
			}
		}
	}
	return len(text)
}

// mergeOverlapping sorts spans and makes one of those that overlap.
func mergeOverlapping(spans []Span) []Span {
	if len(spans) < 2 {
		return spans
	}
	sort.Slice(spans, func(i, j int) bool { return spans[i].From < spans[j].From })
	out := spans[:1]
	for _, s := range spans[1:] {
		if last := &out[len(out)-1]; s.From < last.To {
			last.To = max(last.To, s.To)
			continue
		}
		out = append(out, s)
	}
	return out
}

// escape is one backslash of a text as a JSON string reads it.
type escape struct {
	// n is the length of the escape, 0 when the backslash starts none
	// ("\x" is a backslash and an x).
	n int
	// r is the character it stands for.
	r rune
	// short is an escape the text ends in the middle of ("\u00").
	short bool
}

// matters reports whether the character e stands for holds a byte of a
// secret: only then can decoding it make a secret appear.
func (e escape) matters(set *[256]bool) bool {
	var b [utf8.UTFMax]byte
	for _, c := range b[:utf8.EncodeRune(b[:], e.r)] {
		if set[c] {
			return true
		}
	}
	return false
}

// secretBytes is the set of the bytes of secrets.
func secretBytes(secrets [][]byte) (set [256]bool) {
	for _, s := range secrets {
		if len(s) >= MinSecretLen {
			for _, c := range s {
				set[c] = true
			}
		}
	}
	return set
}

// escapesMatter reports whether an escape of text stands for a character
// that holds a byte of a secret.
func escapesMatter(text []byte, secrets [][]byte) bool {
	set := secretBytes(secrets)
	matter := false
	forEachEscape(text, func(_ int, e escape) {
		matter = matter || e.n > 0 && e.matters(&set)
	})
	return matter
}

// forEachEscape calls fn with each backslash of text that starts an escape
// or is cut short, at its offset, as a JSON string reads them from the
// start (so that "\\u0068" is a backslash and "u0068").
func forEachEscape(text []byte, fn func(at int, e escape)) {
	for i := 0; ; {
		j := bytes.IndexByte(text[i:], '\\')
		if j < 0 {
			return
		}
		i += j
		e := readEscape(text, i)
		if e.n > 0 || e.short {
			fn(i, e)
		}
		i += max(e.n, 1)
		if e.short {
			return
		}
	}
}

// readEscape reads the escape at text[i], a backslash.
func readEscape(text []byte, i int) escape {
	rest := text[i+1:]
	if len(rest) == 0 {
		return escape{short: true}
	}
	switch c := rest[0]; c {
	case '"', '\\', '/':
		return escape{n: 2, r: rune(c)}
	case 'b':
		return escape{n: 2, r: '\b'}
	case 'f':
		return escape{n: 2, r: '\f'}
	case 'n':
		return escape{n: 2, r: '\n'}
	case 'r':
		return escape{n: 2, r: '\r'}
	case 't':
		return escape{n: 2, r: '\t'}
	case 'u':
	default:
		return escape{}
	}
	r, ok, short := hex4(rest[1:])
	switch {
	case short:
		return escape{short: true}
	case !ok:
		return escape{}
	case r < 0xd800 || r > 0xdfff:
		return escape{n: 6, r: r}
	case r >= 0xdc00:
		return escape{n: 6, r: utf8.RuneError} // a low surrogate alone
	}
	// A high surrogate: with the low one that follows, one character.
	next := rest[5:]
	if len(next) < 2 {
		if len(next) == 0 || next[0] == '\\' {
			return escape{short: true}
		}
		return escape{n: 6, r: utf8.RuneError}
	}
	if next[0] != '\\' || next[1] != 'u' {
		return escape{n: 6, r: utf8.RuneError}
	}
	low, ok, short := hex4(next[2:])
	switch {
	case short:
		return escape{short: true}
	case ok && low >= 0xdc00 && low <= 0xdfff:
		return escape{n: 12, r: 0x10000 + (r-0xd800)<<10 + (low - 0xdc00)}
	}
	return escape{n: 6, r: utf8.RuneError}
}

// hex4 reads four hex digits at the start of b; short when b ends before
// them with only hex digits.
func hex4(b []byte) (r rune, ok, short bool) {
	for k := 0; k < 4; k++ {
		if k == len(b) {
			return 0, false, true
		}
		var v byte
		switch c := b[k]; {
		case '0' <= c && c <= '9':
			v = c - '0'
		case 'a' <= c && c <= 'f':
			v = c - 'a' + 10
		case 'A' <= c && c <= 'F':
			v = c - 'A' + 10
		default:
			return 0, false, false
		}
		r = r<<4 | rune(v)
	}
	return r, true, false
}

// decoded is a text with its escapes decoded, and where each of them was.
type decoded struct {
	text []byte
	// escapes are the escapes decoded, in order; between them the bytes
	// are the text's own.
	escapes []decodedEscape
}

// decodedEscape is an escape of src bytes [src, src+srcLen) decoded into
// bytes [at, at+n) of the decoded text.
type decodedEscape struct{ at, n, src, srcLen int }

// decodeEscapes decodes every escape of text; a backslash that starts none
// stays, and so does an escape cut short.
func decodeEscapes(text []byte) *decoded {
	d := &decoded{text: make([]byte, 0, len(text))}
	i := 0
	forEachEscape(text, func(at int, e escape) {
		if e.short {
			return
		}
		d.text = append(d.text, text[i:at]...)
		n := len(d.text)
		d.text = utf8.AppendRune(d.text, e.r)
		d.escapes = append(d.escapes, decodedEscape{at: n, n: len(d.text) - n, src: at, srcLen: e.n})
		i = at + e.n
	})
	d.text = append(d.text, text[i:]...)
	return d
}

// escapeOf is the last escape that starts at or before decoded offset k,
// nil when none does.
func (d *decoded) escapeOf(k int) *decodedEscape {
	i := sort.Search(len(d.escapes), func(i int) bool { return d.escapes[i].at > k })
	if i == 0 {
		return nil
	}
	return &d.escapes[i-1]
}

// start is the offset in the text of what made decoded byte k: the start of
// its escape, or its own.
func (d *decoded) start(k int) int {
	e := d.escapeOf(k)
	switch {
	case e == nil:
		return k
	case k < e.at+e.n:
		return e.src
	}
	return e.src + e.srcLen + k - (e.at + e.n)
}

// end is the offset in the text just after what made decoded byte k.
func (d *decoded) end(k int) int {
	if e := d.escapeOf(k); e != nil && k < e.at+e.n {
		return e.src + e.srcLen
	}
	return d.start(k) + 1
}
