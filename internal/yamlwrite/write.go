package yamlwrite

import (
	"bytes"
	"errors"
	"strings"

	yaml "go.yaml.in/yaml/v3"
)

// Encode is v as kanka writes YAML everywhere: the library's encoder with
// an indent of two, a document without "---". A tree (*yaml.Node), a Map
// or a list of them ([]any) is written by Append; another Go value by
// the library, which writes one without a tree, in one pass.
func Encode(v any) ([]byte, error) {
	if writable(v) {
		return Append(nil, v)
	}
	return library(nil, v)
}

// writable reports whether v is what the writer takes: a tree, a Map, a
// list of them.
func writable(v any) bool {
	switch x := v.(type) {
	case *yaml.Node:
		return x != nil
	case Map:
		return true
	case []any:
		for _, item := range x {
			if !writable(item) {
				return false
			}
		}
		return len(x) > 0
	}
	return false
}

// Append appends the YAML of v (a tree, a Map, a list of them) to dst, as
// Encode of it. The writer below knows the trees kanka builds; one that
// holds what it does not (see simple) is written by the library, whole.
func Append(dst []byte, v any) ([]byte, error) {
	w := &writer{buf: dst}
	if writable(v) && w.root(v) == nil {
		return w.buf, nil
	}
	return library(dst, v)
}

// library appends v as the library's encoder writes it.
func library(dst []byte, v any) ([]byte, error) {
	buf := bytes.NewBuffer(dst)
	enc := yaml.NewEncoder(buf)
	enc.SetIndent(2)
	if err := enc.Encode(v); err != nil {
		return dst, err
	}
	if err := enc.Close(); err != nil {
		return dst, err
	}
	return buf.Bytes(), nil
}

// errLibrary says a tree holds what the writer leaves to the library.
var errLibrary = errors.New("yamlwrite: left to the library")

// writer writes a tree as the library's emitter lays it out with an indent
// of two: a block mapping's keys at its indent, a block collection under a
// key two further in, the items of a sequence two further in than their
// key, a mapping or sequence in an item starting on the item's line, an
// empty or flow collection on one line. Every line it writes ends with a
// line break.
type writer struct {
	buf     []byte
	probe   yaml.Node // asks the library the tag of a plain value (tagOf)
	scratch yaml.Node // a key or a string of a Map, as its tree has it
}

func (w *writer) root(v any) error {
	switch x := v.(type) {
	case Map:
		if len(x) == 0 {
			return errLibrary
		}
		return w.mapPairs(x, 0, false)
	case []any:
		for _, item := range x {
			w.buf = append(w.buf, '-')
			if err := w.value(item, 0, true); err != nil {
				return err
			}
		}
		return nil
	}
	n := v.(*yaml.Node)
	if !simple(n) || n.Kind == yaml.ScalarNode || oneLine(n) {
		return errLibrary // a document, a lone scalar, a flow collection: not kanka's
	}
	if n.Kind == yaml.MappingNode {
		return w.blockMapping(n, 0, false)
	}
	return w.blockSequence(n, 0, false)
}

// simple reports whether n is a node the writer knows: a scalar, mapping
// or sequence without an anchor, a comment or a tag the encoder would
// write on a collection.
func simple(n *yaml.Node) bool {
	if n.Anchor != "" || n.HeadComment != "" || n.LineComment != "" || n.FootComment != "" {
		return false
	}
	switch n.Kind {
	case yaml.ScalarNode:
		return true
	case yaml.MappingNode, yaml.SequenceNode:
		if n.Style&^yaml.FlowStyle != 0 {
			return false
		}
		tag := shortTag(n.Tag)
		return tag == "" || n.Kind == yaml.MappingNode && tag == "!!map" || n.Kind == yaml.SequenceNode && tag == "!!seq"
	}
	return false
}

// oneLine reports whether the collection n is written in flow style: it
// asks for it, or it is empty ({} and []).
func oneLine(n *yaml.Node) bool {
	return n.Style&yaml.FlowStyle != 0 || n.Kind == yaml.MappingNode && len(n.Content) < 2 || n.Kind == yaml.SequenceNode && len(n.Content) == 0
}

// blockMapping writes the entries of m, each key at indent; inline, the
// first goes on the current line (after an item's "-").
func (w *writer) blockMapping(m *yaml.Node, indent int, inline bool) error {
	for i := 0; i+1 < len(m.Content); i += 2 {
		first := inline && i == 0
		if !first {
			w.indent(indent)
		}
		if err := w.key(m.Content[i], place{}, first); err != nil {
			return err
		}
		w.buf = append(w.buf, ':')
		if err := w.blockValue(m.Content[i+1], indent, false); err != nil {
			return err
		}
	}
	return nil
}

// blockSequence writes the items of s, each "-" at indent; inline, the
// first goes on the current line (after an item's "-").
func (w *writer) blockSequence(s *yaml.Node, indent int, inline bool) error {
	for i, item := range s.Content {
		if inline && i == 0 {
			w.buf = append(w.buf, ' ')
		} else {
			w.indent(indent)
		}
		w.buf = append(w.buf, '-')
		if err := w.blockValue(item, indent, true); err != nil {
			return err
		}
	}
	return nil
}

// blockValue writes v after a key's ":" or an item's "-" at indent, to the
// end of its lines.
func (w *writer) blockValue(v *yaml.Node, indent int, item bool) error {
	if !simple(v) {
		return errLibrary
	}
	switch {
	case v.Kind == yaml.ScalarNode:
		return w.blockScalar(v, indent, item)
	case oneLine(v):
		w.buf = append(w.buf, ' ')
		if err := w.flow(v); err != nil {
			return err
		}
		w.buf = append(w.buf, '\n')
		return nil
	case item && v.Kind == yaml.MappingNode:
		return w.blockMapping(v, indent+2, true)
	case item:
		return w.blockSequence(v, indent+2, true)
	}
	w.buf = append(w.buf, '\n')
	if v.Kind == yaml.MappingNode {
		return w.blockMapping(v, indent+2, false)
	}
	return w.blockSequence(v, indent+2, false)
}

// key writes k, a mapping's key, as a simple key ("key:" on one line):
// the library writes a longer key or one on many lines otherwise.
func (w *writer) key(k *yaml.Node, p place, space bool) error {
	if !simple(k) || k.Kind != yaml.ScalarNode || len(k.Value) > 128 {
		return errLibrary
	}
	asked, ok := w.scalarStyle(k)
	if !ok {
		return errLibrary
	}
	p.key = true
	return w.lineScalar(k, asked, p, space)
}

// lineScalar writes the scalar n on the current line, after a space when
// space says the emitter puts one there (it does before anything but an
// empty plain scalar).
func (w *writer) lineScalar(n *yaml.Node, asked style, p place, space bool) error {
	a, ok := analyze(n.Value)
	return w.lineScalarOf(n, a, ok, asked, p, space)
}

// lineScalarOf is lineScalar with n's analysis made (ok: n has no line
// break).
func (w *writer) lineScalarOf(n *yaml.Node, a analysis, ok bool, asked style, p place, space bool) error {
	if ok {
		at := len(w.buf)
		chosen := choose(n.Value, a, asked, p)
		if space && (chosen != plainStyle || n.Value != "") {
			w.buf = append(w.buf, ' ')
		}
		var written bool
		if w.buf, written = appendScalar(w.buf, n.Value, chosen); written {
			return nil
		}
		w.buf = w.buf[:at]
	}
	text, err := libraryScalar(n, p)
	if err != nil {
		return err
	}
	if space {
		w.buf = append(w.buf, ' ')
	}
	w.buf = append(w.buf, text...)
	return nil
}

// blockScalar writes the scalar v after a key's ":" or an item's "-" at
// indent, to the end of its lines.
func (w *writer) blockScalar(v *yaml.Node, indent int, item bool) error {
	if asked, ok := w.scalarStyle(v); ok {
		if a, oneline := analyze(v.Value); oneline {
			if err := w.lineScalarOf(v, a, true, asked, place{}, true); err != nil {
				return err
			}
			w.buf = append(w.buf, '\n')
			return nil
		}
	}
	// A literal block, or a value only the library knows how to write:
	// it writes it in a document where it stands at the same indent.
	doc, lead := nested(v, indent, item)
	text, err := library(nil, doc)
	if err != nil {
		return err
	}
	rest, ok := bytes.CutPrefix(text, lead)
	if !ok {
		return errLibrary
	}
	w.buf = append(w.buf, rest...)
	return nil
}

// nested is a document in which v stands at indent as in the tree (a
// mapping's value with its key at indent, or an item with its "-" there),
// and what the library writes before it: the keys "a:" two further in on
// each line, then "a:" or "-".
func nested(v *yaml.Node, indent int, item bool) (doc *yaml.Node, lead []byte) {
	depth := indent / 2
	doc = &yaml.Node{Kind: yaml.MappingNode, Content: []*yaml.Node{{Kind: yaml.ScalarNode, Value: "a"}, v}}
	if item {
		doc = &yaml.Node{Kind: yaml.SequenceNode, Content: []*yaml.Node{v}}
		if depth == 0 {
			return doc, []byte("-")
		}
		depth--
		doc = &yaml.Node{Kind: yaml.MappingNode, Content: []*yaml.Node{{Kind: yaml.ScalarNode, Value: "a"}, doc}}
	}
	var b strings.Builder
	for i := range depth {
		b.WriteString(strings.Repeat("  ", i) + "a:\n")
		doc = &yaml.Node{Kind: yaml.MappingNode, Content: []*yaml.Node{{Kind: yaml.ScalarNode, Value: "a"}, doc}}
	}
	if item {
		b.WriteString(strings.Repeat("  ", depth) + "a:\n" + strings.Repeat(" ", indent) + "-")
	} else {
		b.WriteString(strings.Repeat("  ", depth) + "a:")
	}
	return doc, []byte(b.String())
}

// libraryScalar is the scalar n as the library writes it at p, on one
// line, without the space before it.
func libraryScalar(n *yaml.Node, p place) ([]byte, error) {
	other := &yaml.Node{Kind: yaml.ScalarNode, Value: "a"}
	var doc *yaml.Node
	var lead, tail string
	switch {
	case p.key && p.flow:
		doc, lead, tail = &yaml.Node{Kind: yaml.MappingNode, Style: yaml.FlowStyle, Content: []*yaml.Node{n, other}}, "{", ": a}\n"
	case p.key:
		doc, lead, tail = &yaml.Node{Kind: yaml.MappingNode, Content: []*yaml.Node{n, other}}, "", ": a\n"
	case p.flow:
		doc, lead, tail = &yaml.Node{Kind: yaml.SequenceNode, Style: yaml.FlowStyle, Content: []*yaml.Node{n}}, "[", "]\n"
	default:
		doc, lead, tail = &yaml.Node{Kind: yaml.SequenceNode, Content: []*yaml.Node{n}}, "- ", "\n"
	}
	text, err := library(nil, doc)
	if err != nil {
		return nil, err
	}
	text, ok := bytes.CutPrefix(text, []byte(lead))
	if ok {
		text, ok = bytes.CutSuffix(text, []byte(tail))
	}
	if !ok || hasBreak(string(text)) {
		return nil, errLibrary
	}
	return text, nil
}

// flow writes the collection n in flow style: {key: value, ...} or
// [item, ...].
func (w *writer) flow(n *yaml.Node) error {
	if n.Kind == yaml.MappingNode {
		w.buf = append(w.buf, '{')
		for i := 0; i+1 < len(n.Content); i += 2 {
			if i > 0 {
				w.buf = append(w.buf, ',')
			}
			if err := w.key(n.Content[i], place{flow: true}, i > 0); err != nil {
				return err
			}
			w.buf = append(w.buf, ':')
			if err := w.flowValue(n.Content[i+1], true); err != nil {
				return err
			}
		}
		w.buf = append(w.buf, '}')
		return nil
	}
	w.buf = append(w.buf, '[')
	for i, item := range n.Content {
		if i > 0 {
			w.buf = append(w.buf, ',')
		}
		if err := w.flowValue(item, i > 0); err != nil {
			return err
		}
	}
	w.buf = append(w.buf, ']')
	return nil
}

// flowValue writes v in a flow collection, after a space when space says
// the emitter puts one there.
func (w *writer) flowValue(v *yaml.Node, space bool) error {
	if !simple(v) {
		return errLibrary
	}
	if v.Kind != yaml.ScalarNode {
		if space {
			w.buf = append(w.buf, ' ')
		}
		return w.flow(v)
	}
	asked, ok := w.scalarStyle(v)
	if !ok {
		// An explicit tag, a literal block the emitter quotes in a flow:
		// the library's text, if it is one line.
		text, err := libraryScalar(v, place{flow: true})
		if err != nil {
			return err
		}
		if space {
			w.buf = append(w.buf, ' ')
		}
		w.buf = append(w.buf, text...)
		return nil
	}
	return w.lineScalar(v, asked, place{flow: true}, space)
}

// indent starts a line at indent.
func (w *writer) indent(n int) {
	for range n {
		w.buf = append(w.buf, ' ')
	}
}
