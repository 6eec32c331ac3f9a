package yamlwrite

import (
	"strings"
	"unicode/utf8"

	yaml "go.yaml.in/yaml/v3"
)

// The library's emitter chooses how to write a scalar from the style its
// node asks for, the characters of its value and where it stands (in a
// flow collection, as a simple key). What follows is that choice for a
// value on one line, as the emitter makes it (emitterc.go:
// yaml_emitter_analyze_scalar, yaml_emitter_select_scalar_style); a value
// with a line break is left to the library (slowScalar).

// style is how a scalar is written.
type style int

const (
	plainStyle style = iota
	singleQuoted
	doubleQuoted
)

// place is where a scalar stands: in a flow collection or not, as a key or
// not.
type place struct{ flow, key bool }

// analysis is what the emitter reads from a value on one line: where it may
// be written plain, and whether single quotes can hold it.
type analysis struct {
	flowPlain, blockPlain, single bool
}

// analyze is yaml_emitter_analyze_scalar for a value without a line break;
// ok is false when v has one.
func analyze(v string) (a analysis, ok bool) {
	if v == "" {
		return analysis{blockPlain: true, single: true}, true
	}
	var blockIndicators, flowIndicators, special, tab, leadingSpace, trailingSpace bool
	if strings.HasPrefix(v, "---") || strings.HasPrefix(v, "...") {
		blockIndicators, flowIndicators = true, true
	}
	precededByWhitespace := true
	for i, w := 0, 0; i < len(v); i += w {
		w = width(v[i])
		followedByWhitespace := i+w >= len(v) || v[i+w] == ' ' || v[i+w] == '\t'
		if i == 0 {
			switch v[i] {
			case '#', ',', '[', ']', '{', '}', '&', '*', '!', '|', '>', '\'', '"', '%', '@', '`':
				flowIndicators, blockIndicators = true, true
			case '?', ':':
				flowIndicators = true
				if followedByWhitespace {
					blockIndicators = true
				}
			case '-':
				if followedByWhitespace {
					flowIndicators, blockIndicators = true, true
				}
			}
		} else {
			switch v[i] {
			case ',', '?', '[', ']', '{', '}':
				flowIndicators = true
			case ':':
				flowIndicators = true
				if followedByWhitespace {
					blockIndicators = true
				}
			case '#':
				if precededByWhitespace {
					flowIndicators, blockIndicators = true, true
				}
			}
		}
		switch c := v[i]; {
		case c == ' ':
			leadingSpace = leadingSpace || i == 0
			trailingSpace = trailingSpace || i+w == len(v)
			precededByWhitespace = true
			continue
		case c > 0x20 && c < 0x7F:
			precededByWhitespace = false
			continue // printable ASCII: the common case, decided above
		case isBreak(v, i):
			return analysis{}, false
		case c == '\t':
			tab = true
		case !isPrintable(v, i):
			special = true
		}
		precededByWhitespace = isBlankz(v, i)
	}
	a = analysis{flowPlain: true, blockPlain: true, single: true}
	if leadingSpace || trailingSpace {
		a.flowPlain, a.blockPlain = false, false
	}
	if tab || special {
		a = analysis{}
	}
	if flowIndicators {
		a.flowPlain = false
	}
	if blockIndicators {
		a.blockPlain = false
	}
	return a, true
}

// choose is yaml_emitter_select_scalar_style for a value on one line that
// asks for asked, written at p.
func choose(v string, a analysis, asked style, p place) style {
	if asked == plainStyle {
		if p.flow && !a.flowPlain || !p.flow && !a.blockPlain || v == "" && (p.flow || p.key) {
			asked = singleQuoted
		}
	}
	if asked == singleQuoted && !a.single {
		asked = doubleQuoted
	}
	return asked
}

// appendScalar writes v in the chosen style on one line; ok is false for a
// double-quoted value that needs escapes (left to the library).
func appendScalar(b []byte, v string, s style) ([]byte, bool) {
	switch s {
	case plainStyle:
		return append(b, v...), true
	case singleQuoted:
		b = append(b, '\'')
		for {
			i := strings.IndexByte(v, '\'')
			if i < 0 {
				break
			}
			b = append(append(b, v[:i+1]...), '\'')
			v = v[i+1:]
		}
		return append(append(b, v...), '\''), true
	}
	for i := 0; i < len(v); i++ {
		if c := v[i]; c < 0x20 || c > 0x7E || c == '"' || c == '\\' {
			return b, false
		}
	}
	return append(append(append(b, '"'), v...), '"'), true
}

// scalarStyle is the style the library's encoder asks of the emitter for
// the scalar node n (encoder.node): its own, or double quotes for a
// string that would read back as another type. ok is false for what is
// left to the library: an explicit tag, a block style, a line break,
// a value that is not UTF-8.
func (w *writer) scalarStyle(n *yaml.Node) (asked style, ok bool) {
	v := n.Value
	if !utf8.ValidString(v) || n.Style&(yaml.TaggedStyle|yaml.LiteralStyle|yaml.FoldedStyle) != 0 {
		return 0, false
	}
	force := false
	if n.Tag != "" {
		tag := shortTag(n.Tag)
		quoted := n.Style&(yaml.SingleQuotedStyle|yaml.DoubleQuotedStyle) != 0
		if tag != "!!str" || !quoted {
			switch resolved := w.tagOf(v); {
			case resolved == tag:
			case tag == "!!str":
				force = true
			default:
				return 0, false // the encoder would write the tag
			}
		}
	}
	switch {
	case n.Style&yaml.DoubleQuotedStyle != 0:
		return doubleQuoted, true
	case n.Style&yaml.SingleQuotedStyle != 0:
		return singleQuoted, true
	case strings.Contains(v, "\n"):
		return 0, false // a literal block
	case force:
		return doubleQuoted, true
	}
	return plainStyle, true
}

// tagOf is the tag the library reads v as, written plain. A value that
// starts as a number might (an int, a float, a timestamp) is asked of the
// library itself; the rest is its table (resolve.go).
func (w *writer) tagOf(v string) string {
	if v == "" {
		return "!!null"
	}
	switch c := v[0]; {
	case c >= '0' && c <= '9', c == '+', c == '-', c == '.':
		w.probe = yaml.Node{Kind: yaml.ScalarNode, Value: v}
		return w.probe.ShortTag()
	case strings.IndexByte("yYnNtTfFoO~<", c) >= 0:
		switch v {
		case "true", "True", "TRUE", "false", "False", "FALSE":
			return "!!bool"
		case "~", "null", "Null", "NULL":
			return "!!null"
		case "<<":
			return "!!merge"
		}
	}
	return "!!str"
}

// shortTag is the library's shortTag: "tag:yaml.org,2002:str" is "!!str".
func shortTag(tag string) string {
	if rest, ok := strings.CutPrefix(tag, "tag:yaml.org,2002:"); ok {
		return "!!" + rest
	}
	return tag
}

// The emitter's character classes (yamlprivateh.go), on a string.

func width(b byte) int {
	switch {
	case b&0x80 == 0x00:
		return 1
	case b&0xE0 == 0xC0:
		return 2
	case b&0xF0 == 0xE0:
		return 3
	case b&0xF8 == 0xF0:
		return 4
	}
	return 0
}

// at is v[i], or 0 past its end.
func at(v string, i int) byte {
	if i < len(v) {
		return v[i]
	}
	return 0
}

func isPrintable(v string, i int) bool {
	b, b1, b2 := v[i], at(v, i+1), at(v, i+2)
	return b == 0x0A ||
		b >= 0x20 && b <= 0x7E ||
		b == 0xC2 && b1 >= 0xA0 ||
		b > 0xC2 && b < 0xED ||
		b == 0xED && b1 < 0xA0 ||
		b == 0xEE ||
		b == 0xEF && !(b1 == 0xBB && b2 == 0xBF) && !(b1 == 0xBF && (b2 == 0xBE || b2 == 0xBF))
}

func isBreak(v string, i int) bool {
	b, b1, b2 := v[i], at(v, i+1), at(v, i+2)
	return b == '\r' || b == '\n' ||
		b == 0xC2 && b1 == 0x85 ||
		b == 0xE2 && b1 == 0x80 && (b2 == 0xA8 || b2 == 0xA9)
}

func isBlankz(v string, i int) bool {
	return v[i] == ' ' || v[i] == '\t' || v[i] == 0 || isBreak(v, i)
}

// hasBreak reports whether s holds a line break the emitter would write
// as one.
func hasBreak(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; (c == '\r' || c == '\n' || c == 0xC2 || c == 0xE2) && isBreak(s, i) {
			return true
		}
	}
	return false
}
