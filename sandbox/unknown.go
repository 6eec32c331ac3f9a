package sandbox

import (
	"bytes"
	"encoding/json"
	"maps"
	"reflect"
	"slices"
	"strings"
	"sync"

	tokens "github.com/segmentio/encoding/json"
)

// unknown are the keys of a state file's object that this version of the
// sandbox does not know, as they were read: a newer kanka's state file,
// read and written back by this one, loses nothing. They are written back
// after the known keys, in key order.
type unknown map[string]json.RawMessage

// readKeeping decodes the JSON object b into v, a pointer to a struct, and
// into *rest the keys that no field of v names.
func readKeeping(b []byte, v any, rest *unknown) error {
	if err := json.Unmarshal(b, v); err != nil {
		return err
	}
	// Most records have no other key: a scan of their keys sees that for
	// much less than a second decode into a map.
	known := jsonFields(reflect.TypeOf(v).Elem())
	if namesOnly(b, known) {
		return nil
	}
	var all map[string]json.RawMessage
	if err := json.Unmarshal(b, &all); err != nil {
		return err
	}
	for k, raw := range all {
		if !hasKey(known, k) {
			if *rest == nil {
				*rest = unknown{}
			}
			(*rest)[k] = raw
		}
	}
	return nil
}

// namesOnly reports whether every key of the JSON object b is one of known,
// spelled exactly: encoding/json fills a field from its key in another case
// too, and such a key is kept as well. A key with an escape is not known.
// b has been decoded already: this does not check that it is JSON.
func namesOnly[V any](b []byte, known map[string]V) bool {
	t := tokens.NewTokenizer(b)
	for t.Next() {
		if k := t.Value; t.Depth == 1 && t.IsKey && (len(k) < 2 || bytes.IndexByte(k, '\\') >= 0 || !hasKey(known, string(k[1:len(k)-1]))) {
			return false
		}
	}
	return t.Err == nil
}

func hasKey[V any](m map[string]V, k string) bool {
	_, ok := m[k]
	return ok
}

// writeKeeping is the JSON object of v, a struct, followed by rest.
func writeKeeping(v any, rest unknown) ([]byte, error) {
	b, err := json.Marshal(v)
	if err != nil || len(rest) == 0 {
		return b, err
	}
	out := bytes.NewBuffer(append([]byte(nil), b[:len(b)-1]...))
	for i, k := range slices.Sorted(maps.Keys(rest)) {
		if i > 0 || len(b) > 2 {
			out.WriteByte(',')
		}
		key, _ := json.Marshal(k)
		out.Write(key)
		out.WriteByte(':')
		out.Write(rest[k])
	}
	out.WriteByte('}')
	return out.Bytes(), nil
}

// first is the first of the keys, in key order, or "".
func (u unknown) first() string {
	keys := slices.Sorted(maps.Keys(u))
	if len(keys) == 0 {
		return ""
	}
	return keys[0]
}

// jsonFields are the keys the fields of struct type t are encoded under,
// those of embedded structs included, each with its field's index (see
// reflect.Value.FieldByIndex).
func jsonFields(t reflect.Type) map[string][]int {
	if keys, ok := keysOf.Load(t); ok {
		return keys.(map[string][]int)
	}
	keys := map[string][]int{}
	for i := range t.NumField() {
		f := t.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		switch {
		case name == "-":
		case f.Anonymous && name == "" && f.Type.Kind() == reflect.Struct:
			for k, at := range jsonFields(f.Type) {
				keys[k] = append([]int{i}, at...)
			}
		case name != "":
			keys[name] = []int{i}
		case f.IsExported():
			keys[f.Name] = []int{i}
		}
	}
	keysOf.Store(t, keys)
	return keys
}

var keysOf sync.Map // reflect.Type → map[string][]int
