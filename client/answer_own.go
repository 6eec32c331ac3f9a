package client

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

// A record's own keys (its id, its timestamps: calendarRecord,
// weatherRecord) are read from the pairs the scan of the answer found, as
// json.Unmarshal would read them into the struct, without reading the
// whole answer again: each key to the field its tag names (exactly, else
// regardless of case as encoding/json folds it), each value through the
// field's own UnmarshalJSON, a null pointer left nil. A struct with a
// field of another kind is read by json.Unmarshal.

// ownField is a field of a record's own struct: its key, and where it is.
type ownField struct {
	key, folded string
	index       int
	pointer     bool // a pointer to a type that reads itself, else such a type
}

// ownFields are the fields of a struct type, ok false when one of them
// cannot be read this way.
type ownFields struct {
	fields []ownField
	ok     bool
}

var ownFieldsOf sync.Map // reflect.Type -> *ownFields

var unmarshalerType = reflect.TypeFor[json.Unmarshaler]()

// ownFieldsFor is the table of the struct type t.
func ownFieldsFor(t reflect.Type) *ownFields {
	if f, ok := ownFieldsOf.Load(t); ok {
		return f.(*ownFields)
	}
	out := &ownFields{ok: t.Kind() == reflect.Struct}
	for i := range t.NumField() {
		if !out.ok {
			break
		}
		sf := t.Field(i)
		key, opts, _ := strings.Cut(sf.Tag.Get("json"), ",")
		f := ownField{key: key, folded: foldedKey(key), index: i}
		switch {
		case !sf.IsExported() || sf.Anonymous || key == "" || key == "-" || opts != "":
			out.ok = false
		case sf.Type.Kind() == reflect.Pointer && sf.Type.Implements(unmarshalerType) && sf.Type.Elem().Kind() != reflect.Pointer:
			f.pointer = true
		case sf.Type.Kind() != reflect.Pointer && reflect.PointerTo(sf.Type).Implements(unmarshalerType):
		default:
			out.ok = false
		}
		out.fields = append(out.fields, f)
	}
	f, _ := ownFieldsOf.LoadOrStore(t, out)
	return f.(*ownFields)
}

// field is the field the key of p names: the one of that name, else the
// first whose name folds as the key does; nil for none.
func (t *ownFields) field(b []byte, p answerPair) *ownField {
	key := b[p.keyStart+1 : p.keyEnd-1]
	if bytes.IndexByte(key, '\\') >= 0 {
		key = []byte(scannedText(b[p.keyStart:p.keyEnd]))
	}
	// A key with bytes that are not UTF-8 decodes with U+FFFD for them,
	// which is in no field's name, as they are not: both are compared
	// as written.
	for i := range t.fields {
		if t.fields[i].key == string(key) {
			return &t.fields[i]
		}
	}
	for i := range t.fields {
		if foldsTo(key, t.fields[i].folded) {
			return &t.fields[i]
		}
	}
	return nil
}

// readOwn reads the pairs of the object b into own, a pointer to a
// struct; false when its type is not one this reads (the caller then
// uses json.Unmarshal).
func readOwn(b []byte, pairs []answerPair, own any) (bool, error) {
	v := reflect.ValueOf(own).Elem()
	table := ownFieldsFor(v.Type())
	if !table.ok {
		return false, nil
	}
	for _, p := range pairs {
		f := table.field(b, p)
		if f == nil {
			continue
		}
		value, fv := b[p.valueStart:p.valueEnd], v.Field(f.index)
		if f.pointer {
			if value[0] == 'n' { // null
				fv.SetZero()
				continue
			}
			if fv.IsNil() {
				fv.Set(reflect.New(fv.Type().Elem()))
			}
		} else {
			fv = fv.Addr()
		}
		if err := fv.Interface().(json.Unmarshaler).UnmarshalJSON(value); err != nil {
			return true, err
		}
	}
	return true, nil
}

// pairKey is the key of p, decoded.
func pairKey(b []byte, p answerPair) string {
	raw := b[p.keyStart:p.keyEnd]
	if s, ok := plainText(raw); ok {
		return s
	}
	return scannedText(raw)
}

// plainText is the JSON text raw (with its quotes) when it needs no
// decoding: no escape, nothing that is not UTF-8 (which encoding/json
// decodes as U+FFFD).
func plainText(raw []byte) (string, bool) {
	if len(raw) < 2 || raw[0] != '"' || raw[len(raw)-1] != '"' {
		return "", false
	}
	s := raw[1 : len(raw)-1]
	for _, c := range s {
		if c < 0x20 || c == '"' || c == '\\' {
			return "", false
		}
	}
	if !utf8.Valid(s) {
		return "", false
	}
	return string(s), true
}

// foldedKey is key as encoding/json compares keys regardless of case:
// ASCII letters in upper case, every other letter as the smallest of the
// letters it folds with.
func foldedKey(key string) string {
	out := make([]byte, 0, len(key))
	for i := 0; i < len(key); {
		if c := key[i]; c < utf8.RuneSelf {
			out = append(out, upperASCII(c))
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(key[i:])
		out = utf8.AppendRune(out, foldRune(r))
		i += n
	}
	return string(out)
}

// foldsTo reports whether key folds to folded (foldedKey), without
// making the folded key.
func foldsTo(key []byte, folded string) bool {
	j := 0
	for i := 0; i < len(key); {
		if c := key[i]; c < utf8.RuneSelf {
			if j >= len(folded) || folded[j] != upperASCII(c) {
				return false
			}
			i, j = i+1, j+1
			continue
		}
		r, n := utf8.DecodeRune(key[i:])
		var buf [utf8.UTFMax]byte
		m := utf8.EncodeRune(buf[:], foldRune(r))
		if j+m > len(folded) || string(buf[:m]) != folded[j:j+m] {
			return false
		}
		i, j = i+n, j+m
	}
	return j == len(folded)
}

func upperASCII(c byte) byte {
	if 'a' <= c && c <= 'z' {
		c -= 'a' - 'A'
	}
	return c
}

// foldRune is the smallest rune r folds with.
func foldRune(r rune) rune {
	for {
		r2 := unicode.SimpleFold(r)
		if r2 <= r {
			return r2
		}
		r = r2
	}
}
