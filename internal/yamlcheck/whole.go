// Package yamlcheck finds what a YAML (or JSON) document says that decoding
// into a Go value would silently change.
package yamlcheck

import (
	"fmt"
	"reflect"
	"strings"

	yaml "go.yaml.in/yaml/v3"
)

// Problem is one value of the document that decoding would change.
type Problem struct {
	Line int
	// Path names the value as keysByLine-style paths do: "months[1].length".
	Path    string
	Message string
}

func (p Problem) String() string {
	if p.Path == "" {
		return fmt.Sprintf("line %d: %s", p.Line, p.Message)
	}
	return fmt.Sprintf("line %d: %s: %s", p.Line, p.Path, p.Message)
}

// Fractions returns every number written with a fraction or an exponent
// (30.9, 30.0, 1e3, .inf) where target, the value doc is decoded into,
// holds a whole number. yaml decodes 30.9 into an int as 30 without a word
// (and -.inf as the smallest int64): the fraction the user wrote would be
// cut, so such a number is refused, as the flags refuse it. Types with
// their own UnmarshalYAML read their values themselves and are not looked
// into.
func Fractions(doc *yaml.Node, target any) []Problem {
	w := walker{seen: map[visit]bool{}}
	w.walk(doc, reflect.TypeOf(target), "")
	return w.found
}

type visit struct {
	node *yaml.Node
	typ  reflect.Type
}

type walker struct {
	// seen holds the nodes already walked as a type: an anchor used many
	// times (the "billion laughs") is looked at once, not once per alias.
	seen  map[visit]bool
	found []Problem
}

var (
	unmarshalerType         = reflect.TypeOf((*yaml.Unmarshaler)(nil)).Elem()
	obsoleteUnmarshalerType = reflect.TypeOf((*interface {
		UnmarshalYAML(func(any) error) error
	})(nil)).Elem()
)

func (w *walker) walk(n *yaml.Node, t reflect.Type, path string) {
	if n == nil || t == nil {
		return
	}
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if n.Kind == yaml.AliasNode {
		n = n.Alias
		if n == nil {
			return
		}
	}
	if w.seen[visit{n, t}] {
		return
	}
	w.seen[visit{n, t}] = true
	if n.Kind == yaml.DocumentNode {
		for _, c := range n.Content {
			w.walk(c, t, path)
		}
		return
	}
	if pt := reflect.PointerTo(t); pt.Implements(unmarshalerType) || pt.Implements(obsoleteUnmarshalerType) {
		return
	}
	switch t.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		if n.Kind == yaml.ScalarNode && n.ShortTag() == "!!float" {
			w.found = append(w.found, Problem{Line: n.Line, Path: path, Message: "must be a whole number, not " + n.Value})
		}
	case reflect.Slice, reflect.Array:
		if n.Kind == yaml.SequenceNode {
			for i, c := range n.Content {
				w.walk(c, t.Elem(), fmt.Sprintf("%s[%d]", path, i+1))
			}
		}
	case reflect.Map:
		w.eachPair(n, path, func(string) reflect.Type { return t.Elem() })
	case reflect.Struct:
		fields := fieldTypes(t)
		w.eachPair(n, path, func(key string) reflect.Type { return fields[key] })
	}
}

// eachPair walks the values of mapping n, each as the type typeOf gives
// its key (nil: a key the decoder will refuse or ignore). Merged mappings
// (<<: *defaults) are walked as n itself.
func (w *walker) eachPair(n *yaml.Node, path string, typeOf func(key string) reflect.Type) {
	if n.Kind != yaml.MappingNode {
		return
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		if k.ShortTag() == "!!merge" {
			w.merged(v, path, typeOf)
			continue
		}
		p := k.Value
		if path != "" {
			p = path + "." + p
		}
		w.walk(v, typeOf(k.Value), p)
	}
}

// merged walks the mapping (or list of mappings) of a merge key.
func (w *walker) merged(v *yaml.Node, path string, typeOf func(key string) reflect.Type) {
	if v.Kind == yaml.AliasNode {
		v = v.Alias
	}
	if v == nil {
		return
	}
	switch v.Kind {
	case yaml.MappingNode:
		w.eachPair(v, path, typeOf)
	case yaml.SequenceNode:
		for _, c := range v.Content {
			w.merged(c, path, typeOf)
		}
	}
}

// fieldTypes maps the YAML keys of struct t to their types, inline fields
// included, as yaml.v3 names them (the tag's name, else the field's name
// in lower case).
func fieldTypes(t reflect.Type) map[string]reflect.Type {
	out := map[string]reflect.Type{}
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		tag := f.Tag.Get("yaml")
		if tag == "-" {
			continue
		}
		name, opts, _ := strings.Cut(tag, ",")
		if strings.Contains(","+opts+",", ",inline,") {
			ft := f.Type
			for ft.Kind() == reflect.Pointer {
				ft = ft.Elem()
			}
			if ft.Kind() == reflect.Struct {
				for k, v := range fieldTypes(ft) {
					out[k] = v
				}
			}
			continue
		}
		if !f.IsExported() {
			continue
		}
		if name == "" {
			name = strings.ToLower(f.Name)
		}
		out[name] = f.Type
	}
	return out
}
