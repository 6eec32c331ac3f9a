package yamlwrite

import (
	"encoding"
	"math"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	yaml "go.yaml.in/yaml/v3"
)

// Node is v as a tree, the tree (*yaml.Node).Encode(v) makes, without
// writing v as text and reading the text back: the library's encoder
// writes the two alike. It follows the library's marshalling (encode.go):
// a Marshaler's value, maps by the library's order of keys, a struct's
// fields by their yaml tags, a string quoted when it would read back as
// another type. What it does not know (times, inlined fields) it asks of
// (*yaml.Node).Encode, and so a value with a line break in a string: the
// library writes some as text it cannot read back (a literal block that
// starts with a space, in a list), and (*yaml.Node).Encode then fails,
// which kanka's file forms take as a value left out.
func Node(v any) (n *yaml.Node, err error) {
	defer func() {
		switch r := recover().(type) {
		case nil:
		case nodeError:
			n, err = nil, r.err
		case lineBreak:
			libraryNodes++
			var out yaml.Node
			if err = out.Encode(v); err != nil {
				n = nil
			} else {
				n = &out
			}
		default:
			panic(r)
		}
	}()
	return node(reflect.ValueOf(v)), nil
}

// nodeError is an error of the library or of a Marshaler, which ends
// Node as the library ends its encoding: with that error.
type nodeError struct{ err error }

func fail(err error) { panic(nodeError{err}) }

// lineBreak ends the making of a tree at a string with a line break, or a
// tree that is not plain: Node asks the library for the whole value.
type lineBreak struct{}

// libraryNodes counts the values Node asked of the library, for the tests.
var libraryNodes int

// libraryNode is v as (*yaml.Node).Encode makes it.
func libraryNode(v reflect.Value) *yaml.Node {
	libraryNodes++
	var n yaml.Node
	var x any
	if v.IsValid() {
		x = v.Interface()
	}
	if err := n.Encode(x); err != nil {
		fail(err)
	}
	return &n
}

var (
	marshalerType     = reflect.TypeFor[yaml.Marshaler]()
	textMarshalerType = reflect.TypeFor[encoding.TextMarshaler]()
	timeType          = reflect.TypeFor[time.Time]()
	durationType      = reflect.TypeFor[time.Duration]()
)

// node is the library's encoder.marshal, making a tree.
func node(v reflect.Value) *yaml.Node {
	if !v.IsValid() || v.Kind() == reflect.Pointer && v.IsNil() {
		return nullNode()
	}
	// The kinds kanka writes most, without reflection.
	switch x := v.Interface().(type) {
	case string:
		return stringNode(x)
	case int:
		return &yaml.Node{Kind: yaml.ScalarNode, Value: strconv.Itoa(x)}
	case map[int]string:
		return namedNumbers(x)
	case *yaml.Node:
		if !plainTree(x) {
			panic(lineBreak{})
		}
		return x
	case yaml.Node:
		if !plainTree(&x) {
			panic(lineBreak{})
		}
		return &x
	}
	t := v.Type()
	switch {
	case t == timeType || t == durationType || t == reflect.PointerTo(timeType):
		return libraryNode(v)
	case t.Implements(marshalerType):
		if v.Kind() == reflect.Interface && v.IsNil() {
			return nullNode()
		}
		out, err := v.Interface().(yaml.Marshaler).MarshalYAML()
		if err != nil {
			fail(err)
		}
		if out == nil {
			return nullNode()
		}
		return node(reflect.ValueOf(out))
	case t.Implements(textMarshalerType):
		text, err := v.Interface().(encoding.TextMarshaler).MarshalText()
		if err != nil {
			fail(err)
		}
		return stringNode(string(text))
	}
	switch v.Kind() {
	case reflect.Interface, reflect.Pointer:
		if v.IsNil() {
			return nullNode()
		}
		return node(v.Elem())
	case reflect.Map:
		return mapNode(v)
	case reflect.Struct:
		return structNode(v)
	case reflect.Slice, reflect.Array:
		n := &yaml.Node{Kind: yaml.SequenceNode, Tag: "!!seq", Content: make([]*yaml.Node, v.Len())}
		for i := range n.Content {
			n.Content[i] = node(v.Index(i))
		}
		return n
	case reflect.String:
		return stringNode(v.String())
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return &yaml.Node{Kind: yaml.ScalarNode, Value: strconv.FormatInt(v.Int(), 10)}
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return &yaml.Node{Kind: yaml.ScalarNode, Value: strconv.FormatUint(v.Uint(), 10)}
	case reflect.Float32, reflect.Float64:
		return floatNode(v.Float(), t.Bits())
	case reflect.Bool:
		return &yaml.Node{Kind: yaml.ScalarNode, Value: strconv.FormatBool(v.Bool())}
	}
	return libraryNode(v) // a func, a channel: the library's error
}

func nullNode() *yaml.Node { return &yaml.Node{Kind: yaml.ScalarNode, Value: "null"} }

// floatNode is encoder.floatv: the shortest text that reads back as f.
func floatNode(f float64, bits int) *yaml.Node {
	s := strconv.FormatFloat(f, 'g', -1, bits)
	switch {
	case math.IsInf(f, 1):
		s = ".inf"
	case math.IsInf(f, -1):
		s = "-.inf"
	case math.IsNaN(f):
		s = ".nan"
	}
	return &yaml.Node{Kind: yaml.ScalarNode, Value: s}
}

// stringNode is s as encoder.stringv asks it written, as a node: a !!str,
// which the encoder quotes when it would read back as another type, and
// quoted when YAML 1.1 would read it as a boolean or a number in base 60.
func stringNode(s string) *yaml.Node {
	n := &yaml.Node{}
	setString(n, s)
	return n
}

func setString(n *yaml.Node, s string) {
	switch {
	case hasBreak(s):
		panic(lineBreak{})
	case !utf8.ValidString(s):
		*n = *libraryNode(reflect.ValueOf(s)) // written as !!binary
		return
	}
	*n = yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: s}
	if isOldBool(s) || isBase60Float(s) {
		n.Style = yaml.DoubleQuotedStyle
	}
}

// plainTree reports whether the tree n is one the library writes and reads
// back as it is, so that Node may take it as it is: nothing but what
// simple takes (no comment, which a round trip may move or drop), no
// scalar with a line break, an explicit tag or a block style.
func plainTree(n *yaml.Node) bool {
	var w writer
	var plain func(n *yaml.Node) bool
	plain = func(n *yaml.Node) bool {
		if !simple(n) {
			return false
		}
		if n.Kind == yaml.ScalarNode {
			_, ok := w.scalarStyle(n)
			return ok && !hasBreak(n.Value)
		}
		for _, c := range n.Content {
			if !plain(c) {
				return false
			}
		}
		return true
	}
	return plain(n)
}

// isOldBool is the library's isOldBool: YAML 1.1's booleans.
func isOldBool(s string) bool {
	switch s {
	case "y", "Y", "yes", "Yes", "YES", "on", "On", "ON",
		"n", "N", "no", "No", "NO", "off", "Off", "OFF":
		return true
	}
	return false
}

// base60Float is the library's, compiled when first needed.
var base60Float = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+(?:\.[0-9_]*)?$`)
})

// isBase60Float is the library's isBase60Float: YAML 1.1's numbers in
// base 60 ("1:20").
func isBase60Float(s string) bool {
	if s == "" {
		return false
	}
	c := s[0]
	if !(c == '+' || c == '-' || c >= '0' && c <= '9') || strings.IndexByte(s, ':') < 0 {
		return false
	}
	return base60Float().MatchString(s)
}

// namedNumbers is a map of number to name (a calendar's years): its
// numbers in order. Its nodes are made at once, for maps of thousands.
func namedNumbers(m map[int]string) *yaml.Node {
	keys := sortedKeys(m)
	nodes := make([]yaml.Node, 2*len(keys))
	n := &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map", Content: make([]*yaml.Node, 2*len(keys))}
	for i, k := range keys {
		key, value := &nodes[2*i], &nodes[2*i+1]
		*key = yaml.Node{Kind: yaml.ScalarNode, Value: strconv.Itoa(k)}
		setString(value, m[k])
		n.Content[2*i], n.Content[2*i+1] = key, value
	}
	return n
}

// sortedKeys are m's keys, in order: the library's order of int keys.
func sortedKeys(m map[int]string) []int {
	keys := make([]int, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// mapNode is encoder.mapv: the entries by the library's order of keys
// (keyLess).
func mapNode(v reflect.Value) *yaml.Node {
	keys := v.MapKeys()
	slices.SortFunc(keys, func(a, b reflect.Value) int {
		switch {
		case keyLess(a, b):
			return -1
		case keyLess(b, a):
			return 1
		}
		return 0
	})
	n := &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map", Content: make([]*yaml.Node, 0, 2*len(keys))}
	for _, k := range keys {
		n.Content = append(n.Content, node(k), node(v.MapIndex(k)))
	}
	return n
}

// structNode is encoder.structv for the structs whose fields it knows
// (fieldsOf); another is the library's.
func structNode(v reflect.Value) *yaml.Node {
	fields, ok := fieldsOf(v.Type())
	if !ok {
		return libraryNode(v)
	}
	n := &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map", Content: make([]*yaml.Node, 0, 2*len(fields))}
	for _, f := range fields {
		value := v.Field(f.index)
		if f.omitEmpty && isZero(value) {
			continue
		}
		n.Content = append(n.Content, stringNode(f.key), node(value))
	}
	return n
}

// field is a struct field as the library writes it: its key, and whether
// it is left out when zero.
type field struct {
	index     int
	key       string
	omitEmpty bool
}

var structFields sync.Map // reflect.Type → []field, or nil when the library's

// fieldsOf are the fields of t the library writes, in order, when they
// are only exported fields with a key and perhaps omitempty (the library's
// getStructInfo); ok is false for a struct with an embedded, inlined or
// flow field, which the library writes itself.
func fieldsOf(t reflect.Type) (fields []field, ok bool) {
	if cached, found := structFields.Load(t); found {
		fields = cached.([]field)
		return fields, fields != nil
	}
	fields, ok = readFields(t)
	if !ok {
		fields = nil
	}
	structFields.Store(t, fields)
	return fields, ok
}

func readFields(t reflect.Type) ([]field, bool) {
	fields := []field{}
	seen := map[string]bool{}
	for i := range t.NumField() {
		f := t.Field(i)
		if f.Anonymous {
			return nil, false
		}
		if f.PkgPath != "" {
			continue // unexported
		}
		tag := f.Tag.Get("yaml")
		if tag == "" && !strings.Contains(string(f.Tag), ":") {
			tag = string(f.Tag)
		}
		if tag == "-" {
			continue
		}
		name, flags, _ := strings.Cut(tag, ",")
		out := field{index: i, key: name}
		if flags != "" {
			if flags != "omitempty" {
				return nil, false
			}
			out.omitEmpty = true
		}
		if out.key == "" {
			out.key = strings.ToLower(f.Name)
		}
		if seen[out.key] {
			return nil, false // the library's error
		}
		seen[out.key] = true
		fields = append(fields, out)
	}
	return fields, true
}

// isZero is the library's isZero, which omitempty asks.
func isZero(v reflect.Value) bool {
	kind := v.Kind()
	if z, ok := v.Interface().(yaml.IsZeroer); ok {
		if (kind == reflect.Pointer || kind == reflect.Interface) && v.IsNil() {
			return true
		}
		return z.IsZero()
	}
	switch kind {
	case reflect.String:
		return v.Len() == 0
	case reflect.Interface, reflect.Pointer:
		return v.IsNil()
	case reflect.Slice, reflect.Map:
		return v.Len() == 0
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return v.Int() == 0
	case reflect.Float32, reflect.Float64:
		return v.Float() == 0
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return v.Uint() == 0
	case reflect.Bool:
		return !v.Bool()
	case reflect.Struct:
		t := v.Type()
		for i := v.NumField() - 1; i >= 0; i-- {
			if t.Field(i).PkgPath != "" {
				continue
			}
			if !isZero(v.Field(i)) {
				return false
			}
		}
		return true
	}
	return false
}
