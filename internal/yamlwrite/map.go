package yamlwrite

import (
	"slices"
	"strconv"
	"unicode/utf8"

	yaml "go.yaml.in/yaml/v3"
)

// Map is a YAML mapping that keeps the order of its keys, its values Go
// values: a record's file form. Its tree (Node) is the mapping of
// (*yaml.Node).Encode of each value under a plain key, as kanka built the
// form before; Append writes it as the library writes that tree, but
// without making it: a calendar's 20,000 named years are 40,000 nodes,
// some 150 bytes each.
type Map []Pair

// Pair is a key of a Map and its value: a string, an int, a float64, a
// bool, nil, a []string, a map[int]string (written as they are), a Map, or
// a tree (*yaml.Node).
type Pair struct {
	Key   string
	Value any
}

// Add appends key: v. A value Append does not write as it is becomes its
// tree (Node); one the library cannot make a tree of is left out, as
// (*yaml.Node).Encode failing left it out before.
func (m *Map) Add(key string, v any) {
	if !direct(v) {
		n, err := Node(v)
		if err != nil {
			return
		}
		v = n
	}
	*m = append(*m, Pair{key, v})
}

// Node is m as a tree: each key a plain scalar, each value its tree.
func (m Map) Node() *yaml.Node {
	n := &yaml.Node{Kind: yaml.MappingNode, Content: make([]*yaml.Node, 0, 2*len(m))}
	for _, p := range m {
		value, err := Node(p.Value)
		if err != nil {
			continue
		}
		n.Content = append(n.Content, &yaml.Node{Kind: yaml.ScalarNode, Value: p.Key}, value)
	}
	return n
}

// MarshalYAML is m's tree, for the library's encoder.
func (m Map) MarshalYAML() (any, error) { return m.Node(), nil }

// direct reports whether v is a value Append writes as it is: one whose
// strings are UTF-8 without a line break (the library writes the others
// from a tree, which Node makes through text).
func direct(v any) bool {
	switch x := v.(type) {
	case nil, int, float64, bool, Map:
		return true
	case *yaml.Node:
		return plainTree(x)
	case string:
		return plainString(x)
	case []string:
		for _, s := range x {
			if !plainString(s) {
				return false
			}
		}
		return true
	case map[int]string:
		for _, s := range x {
			if !plainString(s) {
				return false
			}
		}
		return true
	}
	return false
}

func plainString(s string) bool { return utf8.ValidString(s) && !hasBreak(s) }

// mapPairs writes the pairs of m, each key at indent; inline, the first
// goes on the current line (after an item's "-").
func (w *writer) mapPairs(m Map, indent int, inline bool) error {
	for i, p := range m {
		first := inline && i == 0
		if !first {
			w.indent(indent)
		}
		w.scratch = yaml.Node{Kind: yaml.ScalarNode, Value: p.Key}
		if err := w.key(&w.scratch, place{}, first); err != nil {
			return err
		}
		w.buf = append(w.buf, ':')
		if err := w.value(p.Value, indent, false); err != nil {
			return err
		}
	}
	return nil
}

// value writes v, a Pair's value, after a key's ":" or an item's "-" at
// indent, to the end of its lines, as blockValue writes its tree.
func (w *writer) value(v any, indent int, item bool) error {
	switch x := v.(type) {
	case *yaml.Node:
		return w.blockValue(x, indent, item)
	case Map:
		switch {
		case len(x) == 0:
			w.buf = append(w.buf, " {}\n"...)
			return nil
		case item:
			return w.mapPairs(x, indent+2, true)
		}
		w.buf = append(w.buf, '\n')
		return w.mapPairs(x, indent+2, false)
	case nil:
		w.buf = append(w.buf, " null\n"...)
		return nil
	case int:
		w.buf = append(strconv.AppendInt(append(w.buf, ' '), int64(x), 10), '\n')
		return nil
	case bool:
		w.buf = append(strconv.AppendBool(append(w.buf, ' '), x), '\n')
		return nil
	case float64:
		w.buf = append(append(append(w.buf, ' '), floatNode(x, 64).Value...), '\n')
		return nil
	case string:
		if !plainString(x) {
			break
		}
		return w.stringValue(x, indent, item)
	case []string:
		if !direct(x) {
			break
		}
		if len(x) == 0 {
			w.buf = append(w.buf, " []\n"...)
			return nil
		}
		for i, s := range x {
			if item && i == 0 {
				w.buf = append(w.buf, ' ')
			} else {
				if i == 0 {
					w.buf = append(w.buf, '\n')
				}
				w.indent(indent + 2)
			}
			w.buf = append(w.buf, '-')
			if err := w.stringValue(s, indent+2, true); err != nil {
				return err
			}
		}
		return nil
	case map[int]string:
		if !direct(x) {
			break
		}
		return w.namedNumbers(x, indent, item)
	}
	n, err := Node(v)
	if err != nil {
		return err
	}
	return w.blockValue(n, indent, item)
}

// stringValue writes s, UTF-8 without a line break, as its tree (a !!str,
// stringNode) is written.
func (w *writer) stringValue(s string, indent int, item bool) error {
	w.scratch = yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: s}
	if isOldBool(s) || isBase60Float(s) {
		w.scratch.Style = yaml.DoubleQuotedStyle
	}
	return w.blockScalar(&w.scratch, indent, item)
}

// namedNumbers writes m's entries by number, as its tree (namedNumbers in
// node.go) is written.
func (w *writer) namedNumbers(m map[int]string, indent int, item bool) error {
	if len(m) == 0 {
		w.buf = append(w.buf, " {}\n"...)
		return nil
	}
	keys := sortedKeys(m)
	// Room for all of it at once: a slice that grows by itself past a
	// few kilobytes takes a quarter more each time, five times its size
	// in all.
	room := 0
	for _, name := range m {
		room += indent + len(name) + 16
	}
	w.buf = slices.Grow(w.buf, room)
	if !item {
		w.buf = append(w.buf, '\n')
	}
	for i, k := range keys {
		if item && i == 0 {
			w.buf = append(w.buf, ' ')
		} else {
			w.indent(indent + 2)
		}
		w.buf = append(strconv.AppendInt(w.buf, int64(k), 10), ':')
		if err := w.stringValue(m[k], indent+2, false); err != nil {
			return err
		}
	}
	return nil
}
