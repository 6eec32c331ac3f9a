package client

import (
	"encoding/binary"
	"encoding/json"
	"unicode/utf16"
	"unicode/utf8"
)

// measureAnswer reads the JSON value b once, byte by byte, and stops at the
// first bound of shape it passes, so that it costs what the bounds allow,
// not what the answer holds. It keeps nothing of b and allocates nothing
// but the error it returns. Text that is not JSON passes: the decoding
// that follows says what is wrong with it; what comes before the first
// byte that is not JSON is measured, as encoding/json's Decoder.Token
// would read it token by token (the test of this file checks the two
// agree).
func measureAnswer(b []byte, shape answerShape) error {
	_, err := scanAnswer(b, &shape, nil)
	return err
}

// measured, when set, is told the length of each answer a scan measures
// (not of a value split again): the tests check that what a page's scan
// measured is not measured again.
var measured func(n int)

// answerPair is one key of the JSON object an answer is and its value, as
// spans of the answer: the key with its quotes, the value as written. An
// item of a list has no key.
type answerPair struct {
	keyStart, keyEnd, valueStart, valueEnd int
}

// innerValue is a value one deeper: an item of a list (or a value of an
// object) that is the value of pairs[pair].
type innerValue struct {
	pair                 int
	valueStart, valueEnd int
}

// answerSplit is what a scan finds of the answer it measures: pairs,
// the keys of the object it is and their values (a list: its items); with
// records set, inner, the values in those, and deep, the keys and values of
// the objects among them (a page's records), deep[i] in inner[deepIn[i]].
type answerSplit struct {
	pairs   []answerPair
	inner   []innerValue
	deep    []answerPair
	deepIn  []int
	records bool
}

// The states of scanAnswer between two tokens, named as encoding/json's
// Decoder names them: what may come next.
const (
	scanTopValue    = iota // a value (one more after each at the top)
	scanArrayStart         // a value or ]
	scanArrayValue         // a value, after a comma
	scanArrayComma         // a comma or ]
	scanObjectStart        // a key or }
	scanObjectKey          // a key, after a comma
	scanObjectColon        // the colon after a key
	scanObjectValue        // a value, after the colon
	scanObjectComma        // a comma or }
)

// scanFrame is an object or a list scanAnswer is inside: the state to go
// back to after it, and the values it holds so far.
type scanFrame struct {
	outer int
	items int
}

// scanFrames is what a scan holds on the stack before it needs the heap:
// more than the deepest shape (a page) allows.
const scanFrames = MaxAnswerDepth + 4

// scanAnswer measures b against shape (see measureAnswer) and, when split
// is not nil, finds what it holds (answerSplit), in order. whole reports
// that b is one JSON value and nothing else but white space: only then
// does split say what b holds.
func scanAnswer(b []byte, shape *answerShape, split *answerSplit) (whole bool, err error) {
	if measured != nil && !shape.unbounded {
		measured(len(b))
	}
	var frames [scanFrames]scanFrame
	stack := frames[:0]
	state := scanTopValue
	values, tops := 0, 0
	// What the value being read is under: the key of b (its span), and
	// what the shape says of it.
	var under []byte
	underLimit, underListed, underFree := 0, false, false
	// The id of the record, for its errors: the span of the last text or
	// number of at most 20 bytes under the key id of b.
	idStart, idEnd := -1, -1
	keyStart, keyEnd := 0, 0         // the last key of b read
	valueStart := 0                  // where the value under it starts
	innerStart := 0                  // where the value one deeper starts
	deepKeyStart, deepKeyEnd := 0, 0 // the last key of a value one deeper
	deepStart := 0                   // where the value under it starts

	bound := func(what string, count, limit int) *AnswerBoundError {
		e := &AnswerBoundError{What: what, Count: count, Limit: limit}
		switch {
		case shape.record == "":
			e.Per = shape.per
		case idStart >= 0:
			e.Record = shape.record + " " + scannedText(b[idStart:idEnd])
		default:
			e.Record = "a " + shape.record
		}
		return e
	}
	// length bounds a key, text or number of n bytes (decoded) under the
	// key of b the value is under (none for a key of b itself).
	length := func(n int, underKey bool, what string) error {
		if n <= MaxAnswerTextBytes || (underKey && underFree) || shape.unbounded {
			return nil
		}
		in := ""
		if underKey {
			in = string(under)
		}
		e := bound(in, n, MaxAnswerTextBytes)
		e.Length = what
		return e
	}
	// value counts a value that starts at i (a text, number, literal or
	// the start of an object or list) in what it is inside.
	value := func(i int) error {
		n := len(stack)
		if values++; values > shape.values {
			return bound("values", values, shape.values)
		}
		if n == 0 {
			tops++
			return nil
		}
		in := &stack[n-1]
		in.items++
		switch n {
		case 1:
			valueStart = i
		case 2:
			innerStart = i
		case 3:
			deepStart = i
		}
		if n == 2 && underListed && in.items > underLimit {
			if shape.record == "" {
				return bound("records", in.items, underLimit)
			}
			return bound(string(under), in.items, underLimit)
		}
		return nil
	}
	// ended notes the end, at i, of a value of b's own object.
	ended := func(i int) {
		switch {
		case split == nil:
		case len(stack) == 1:
			split.pairs = append(split.pairs, answerPair{keyStart, keyEnd, valueStart, i})
		case len(stack) == 2 && split.records:
			split.inner = append(split.inner, innerValue{len(split.pairs), innerStart, i})
		case len(stack) == 3 && split.records && state == scanObjectValue:
			split.deep = append(split.deep, answerPair{deepKeyStart, deepKeyEnd, deepStart, i})
			split.deepIn = append(split.deepIn, len(split.inner))
		}
		switch state {
		case scanArrayStart, scanArrayValue:
			state = scanArrayComma
		case scanObjectValue:
			state = scanObjectComma
		}
	}

	i := 0
scan:
	for {
		for i < len(b) && isJSONSpace(b[i]) {
			i++
		}
		if i == len(b) {
			return tops == 1 && len(stack) == 0, wholeBound(b, shape, bound)
		}
		switch c := b[i]; c {
		case '[', '{':
			if !scanValueAllowed(state) {
				break scan
			}
			if err := value(i); err != nil {
				return false, err
			}
			if n := len(stack); n+1 > shape.depth {
				return false, bound("levels of nesting", n+1, shape.depth)
			}
			if len(stack) == 0 {
				under, underListed, underFree = nil, false, false
			}
			stack = append(stack, scanFrame{outer: state})
			if c == '[' {
				state = scanArrayStart
			} else {
				state = scanObjectStart
			}
			i++
		case ']', '}':
			if c == ']' && state != scanArrayStart && state != scanArrayComma ||
				c == '}' && state != scanObjectStart && state != scanObjectComma {
				break scan
			}
			state = stack[len(stack)-1].outer
			stack = stack[:len(stack)-1]
			i++
			ended(i)
		case ':':
			if state != scanObjectColon {
				break scan
			}
			state = scanObjectValue
			i++
		case ',':
			switch state {
			case scanArrayComma:
				state = scanArrayValue
			case scanObjectComma:
				state = scanObjectKey
			default:
				break scan
			}
			i++
		case '"':
			end, escaped := scanString(b, i)
			if end < 0 {
				break scan
			}
			if state == scanObjectStart || state == scanObjectKey {
				// A key.
				atTop := len(stack) == 1
				if len(stack) == 3 {
					deepKeyStart, deepKeyEnd = i, end
				}
				if atTop {
					keyStart, keyEnd = i, end
					under = b[i+1 : end-1]
					if escaped {
						under = []byte(scannedText(b[i:end]))
					}
					underLimit, underListed = shape.lists[string(under)]
					underFree = shape.freeTexts[string(under)]
				}
				if err := length(boundedLength(b[i+1:end-1], escaped), !atTop, "key"); err != nil {
					return false, err
				}
				state = scanObjectColon
				i = end
				continue
			}
			if !scanValueAllowed(state) {
				break scan
			}
			if err := value(i); err != nil {
				return false, err
			}
			if err := length(boundedLength(b[i+1:end-1], escaped), len(stack) > 0, "text"); err != nil {
				return false, err
			}
			if len(stack) == 1 && string(under) == "id" && textLength(b[i+1:end-1], escaped) <= 20 {
				idStart, idEnd = i, end
			}
			i = end
			ended(i)
		default:
			if !scanValueAllowed(state) {
				break scan
			}
			end := scanLiteral(b, i)
			if end < 0 {
				break scan
			}
			if err := value(i); err != nil {
				return false, err
			}
			if c == '-' || c >= '0' && c <= '9' {
				if err := length(end-i, len(stack) > 0, "number"); err != nil {
					return false, err
				}
				if len(stack) == 1 && string(under) == "id" && end-i <= 20 {
					idStart, idEnd = i, end
				}
			}
			i = end
			ended(i)
		}
	}
	// Not JSON from here on: what was read is measured, the rest is the
	// decoder's to refuse.
	return false, wholeBound(b, shape, bound)
}

// wholeBound bounds the length of b, last, so that what an answer holds
// too much of, when it does, is named rather than only its length.
func wholeBound(b []byte, shape *answerShape, bound func(string, int, int) *AnswerBoundError) error {
	if shape.bytes > 0 && len(b) > shape.bytes {
		e := bound("", len(b), shape.bytes)
		e.Whole = true
		return e
	}
	return nil
}

func scanValueAllowed(state int) bool {
	switch state {
	case scanTopValue, scanArrayStart, scanArrayValue, scanObjectValue:
		return true
	}
	return false
}

func isJSONSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\r' || c == '\n' }

// scanString reads the JSON text that starts with the quote at b[i]: end
// is just past its closing quote, -1 when it is not a text; escaped says
// it holds an escape.
func scanString(b []byte, i int) (end int, escaped bool) {
	for j := i + 1; j < len(b); {
		j = plainRun(b, j)
		if j == len(b) {
			break
		}
		switch c := b[j]; {
		case c == '"':
			return j + 1, escaped
		case c == '\\':
			escaped = true
			if j+1 >= len(b) {
				return -1, false
			}
			switch b[j+1] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				j += 2
			case 'u':
				if j+6 > len(b) || !isHex(b[j+2]) || !isHex(b[j+3]) || !isHex(b[j+4]) || !isHex(b[j+5]) {
					return -1, false
				}
				j += 6
			default:
				return -1, false
			}
		case c < 0x20:
			return -1, false
		default:
			j++
		}
	}
	return -1, false
}

// plainRun is the end of the run of plain bytes of a text from b[j]: the
// first quote, backslash or control character, or the end of b. Most
// bytes of most texts are plain: eight are looked at at once while none
// of them stops the run.
func plainRun(b []byte, j int) int {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	for ; j+8 <= len(b); j += 8 {
		w := binary.LittleEndian.Uint64(b[j:])
		// A byte below 0x20, or equal to '"' or '\\' (which XOR makes 0):
		// the classic tests for a byte less than n in a word.
		quote, backslash := w^(ones*'"'), w^(ones*'\\')
		if ((w-ones*0x20)&^w|(quote-ones)&^quote|(backslash-ones)&^backslash)&highs != 0 {
			break
		}
	}
	for j < len(b) && !textStops[b[j]] {
		j++
	}
	return j
}

// textStops are the bytes that end a run of plain bytes in a text: a
// quote, a backslash, a control character.
var textStops = func() (t [256]bool) {
	for c := range 0x20 {
		t[c] = true
	}
	t['"'], t['\\'] = true, true
	return t
}()

func isHex(c byte) bool { return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F' }

// scanLiteral reads the number, true, false or null at b[i]: end is just
// past it, -1 when it is none of them. A number ends where its grammar
// does ("01" is 0, then 1), as encoding/json's scanner reads it.
func scanLiteral(b []byte, i int) int {
	for _, lit := range [...]string{"true", "false", "null"} {
		if b[i] == lit[0] {
			if len(b)-i >= len(lit) && string(b[i:i+len(lit)]) == lit {
				return i + len(lit)
			}
			return -1
		}
	}
	j := i
	if b[j] == '-' {
		j++
	}
	switch {
	case j < len(b) && b[j] == '0':
		j++
	case j < len(b) && b[j] >= '1' && b[j] <= '9':
		j = digits(b, j)
	default:
		return -1
	}
	if j < len(b) && b[j] == '.' {
		if j+1 >= len(b) || !isDigit(b[j+1]) {
			return -1
		}
		j = digits(b, j+1)
	}
	if j < len(b) && (b[j] == 'e' || b[j] == 'E') {
		j++
		if j < len(b) && (b[j] == '+' || b[j] == '-') {
			j++
		}
		if j >= len(b) || !isDigit(b[j]) {
			return -1
		}
		j = digits(b, j)
	}
	return j
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// digits is the end of the digits from b[j].
func digits(b []byte, j int) int {
	for j < len(b) && isDigit(b[j]) {
		j++
	}
	return j
}

// boundedLength is the decoded length of the JSON text s (textLength)
// where it could pass MaxAnswerTextBytes, and a length within it where it
// cannot: no text decodes to more than 3 bytes a byte of it.
func boundedLength(s []byte, escaped bool) int {
	if len(s) <= MaxAnswerTextBytes/3 {
		return len(s)
	}
	return textLength(s, escaped)
}

// textLength is the length in bytes of the JSON text s (without its
// quotes, as scanString accepted it) decoded as encoding/json decodes it:
// an escape as what it stands for, a byte that is not UTF-8 or a lone
// surrogate as U+FFFD.
func textLength(s []byte, escaped bool) int {
	if !escaped && utf8.Valid(s) {
		return len(s)
	}
	n := 0
	for r := 0; r < len(s); {
		c := s[r]
		switch {
		case c == '\\':
			if s[r+1] != 'u' {
				n++
				r += 2
				continue
			}
			rr := hexValue(s[r+2 : r+6])
			r += 6
			if utf16.IsSurrogate(rr) {
				if r+6 <= len(s) && s[r] == '\\' && s[r+1] == 'u' {
					if dec := utf16.DecodeRune(rr, hexValue(s[r+2:r+6])); dec != utf8.RuneError {
						n += utf8.RuneLen(dec)
						r += 6
						continue
					}
				}
				rr = utf8.RuneError
			}
			n += utf8.RuneLen(rr)
		case c < utf8.RuneSelf:
			n++
			r++
		default:
			rr, size := utf8.DecodeRune(s[r:])
			r += size
			n += utf8.RuneLen(rr)
		}
	}
	return n
}

// hexValue is the value of four hex digits the scan has already checked.
func hexValue(h []byte) rune {
	r, _, _ := hex4(h)
	return r
}

// scannedText is the text or number raw (a span scanAnswer read) as a
// string: a text decoded, a number as written.
func scannedText(raw []byte) string {
	var s string
	if len(raw) > 0 && raw[0] == '"' && json.Unmarshal(raw, &s) == nil {
		return s
	}
	return string(raw)
}
