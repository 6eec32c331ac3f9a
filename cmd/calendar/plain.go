package calendar

import (
	"slices"
	"strings"

	yaml "go.yaml.in/yaml/v3"
)

// The server's JSON writes some numbers and flags as text ("length": "30",
// "start_offset": "3", "skip_year_zero": "0"). So that what `get -o json`
// prints is a valid -f file, plainScalars rewrites those values, at the keys
// where the file shape wants a number or a flag, into plain YAML numbers and
// booleans before the strict decoding. The rewrite happens in the text, in
// place, so every line keeps its number and errors still point at the
// user's lines. (Moons and years read their own lenient forms.)
var (
	numberKeys = map[string]bool{
		"start_offset": true, "leap_year_amount": true, "leap_year_offset": true,
		"leap_year_start": true, "leap_year_month": true, "tags": true,
		"months.length": true, "seasons.month": true, "seasons.day": true,
	}
	flagKeys = map[string]bool{"skip_year_zero": true, "has_leap_year": true, "is_private": true}
)

// textEdit replaces old, found at a 1-based line and column, with new.
type textEdit struct {
	line, column int
	old, new     string
}

func plainScalars(data []byte) []byte {
	var root yaml.Node
	if yaml.Unmarshal(data, &root) != nil || len(root.Content) == 0 || root.Content[0].Kind != yaml.MappingNode {
		return data // DecodeStrict will say what is wrong
	}
	var edits []textEdit
	visit := func(key string, v *yaml.Node) {
		if e, ok := plainEdit(key, v); ok {
			edits = append(edits, e)
		}
	}
	doc := root.Content[0]
	for i := 0; i+1 < len(doc.Content); i += 2 {
		key, v := doc.Content[i].Value, doc.Content[i+1]
		switch v.Kind {
		case yaml.ScalarNode:
			visit(key, v)
		case yaml.SequenceNode:
			for _, item := range v.Content {
				if item.Kind == yaml.ScalarNode {
					visit(key, item)
					continue
				}
				for j := 0; item.Kind == yaml.MappingNode && j+1 < len(item.Content); j += 2 {
					visit(key+"."+item.Content[j].Value, item.Content[j+1])
				}
			}
		}
	}
	return applyEdits(data, edits)
}

// plainEdit is the rewrite of scalar v at key, if it needs one.
func plainEdit(key string, v *yaml.Node) (textEdit, bool) {
	if v.Kind != yaml.ScalarNode {
		return textEdit{}, false
	}
	quoted := v.Style&(yaml.DoubleQuotedStyle|yaml.SingleQuotedStyle) != 0
	source := v.Value
	if quoted {
		quote := `"`
		if v.Style&yaml.SingleQuotedStyle != 0 {
			quote = "'"
		}
		source = quote + v.Value + quote
	}
	e := textEdit{line: v.Line, column: v.Column, old: source}
	switch {
	case numberKeys[key] && quoted && isWholeNumber(v.Value):
		e.new = strings.TrimSpace(v.Value)
	case flagKeys[key] && slices.Contains([]string{"0", "false"}, strings.ToLower(v.Value)) && (quoted || v.Value == "0"):
		e.new = "false"
	case flagKeys[key] && slices.Contains([]string{"1", "true"}, strings.ToLower(v.Value)) && (quoted || v.Value == "1"):
		e.new = "true"
	default:
		return textEdit{}, false
	}
	return e, true
}

func isWholeNumber(s string) bool {
	s = strings.TrimPrefix(strings.TrimSpace(s), "-")
	return s != "" && strings.Trim(s, "0123456789") == ""
}

// applyEdits makes the edits whose old text is where they say, right to left
// on each line so that earlier columns stay valid. Columns count characters.
func applyEdits(data []byte, edits []textEdit) []byte {
	if len(edits) == 0 {
		return data
	}
	slices.SortFunc(edits, func(a, b textEdit) int {
		if a.line != b.line {
			return a.line - b.line
		}
		return b.column - a.column
	})
	lines := strings.SplitAfter(string(data), "\n")
	for _, e := range edits {
		if e.line < 1 || e.line > len(lines) {
			continue
		}
		runes := []rune(lines[e.line-1])
		start := e.column - 1
		old := []rune(e.old)
		if start < 0 || start+len(old) > len(runes) || string(runes[start:start+len(old)]) != e.old {
			continue // not the text we expected: leave it to the decoder
		}
		lines[e.line-1] = string(runes[:start]) + e.new + string(runes[start+len(old):])
	}
	return []byte(strings.Join(lines, ""))
}
