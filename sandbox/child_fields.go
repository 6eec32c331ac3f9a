package sandbox

import (
	"reflect"
	"slices"
)

// A child kind's writable fields are a table (children.fields) of field,
// as a calendar's are; each is stored in the record's struct field of the
// same JSON key (so in the state file under it), found by reflection: a
// new plain field of a child is its struct field and one line of its
// table (and its key in the answer's).

// values are a write's fields as read, by key (see field.read).
type values map[string]nullable[any]

// readFields reads the kind's fields from the write r, in the table's
// order, missing required ones first when the kind names them first. A
// field stored as a pointer may be set to null.
func (k *children[R]) readFields(r reading) values {
	if k.requiredFirst {
		for _, f := range k.fields {
			f.require(r)
		}
	}
	t := reflect.TypeFor[R]().Elem()
	vs := values{}
	for _, f := range k.fields {
		if !k.requiredFirst {
			f.require(r)
		}
		vs[f.key] = f.read(r, t.FieldByIndex(jsonFields(t)[f.key]).Type.Kind() == reflect.Pointer, true)
	}
	return vs
}

// applyTo puts the values a write sends into rec, a pointer to a struct.
func (vs values) applyTo(rec any) {
	v := reflect.ValueOf(rec).Elem()
	for key, n := range vs {
		f := v.FieldByIndex(jsonFields(v.Type())[key])
		switch {
		case !n.sent:
		case n.v == nil:
			f.SetZero()
		case f.Kind() == reflect.Pointer:
			p := reflect.New(f.Type().Elem())
			p.Elem().Set(reflect.ValueOf(*n.v))
			f.Set(p)
		default:
			f.Set(reflect.ValueOf(*n.v))
		}
	}
}

// recordAnswer is rec, a pointer to a struct, answered under keys in their
// order: each the value computed gives it, or else rec's field of that
// JSON key. A field that is null is null live; in the document's mode, its
// type's zero ("", 0).
func recordAnswer(rec any, live bool, keys []string, computed object) object {
	v := reflect.ValueOf(rec).Elem()
	o := make(object, 0, len(keys))
	for _, key := range keys {
		if i := slices.IndexFunc(computed, func(m member) bool { return m.key == key }); i >= 0 {
			o = append(o, computed[i])
			continue
		}
		f := v.FieldByIndex(jsonFields(v.Type())[key])
		var value any
		switch {
		case f.Kind() != reflect.Pointer:
			value = f.Interface()
		case !f.IsNil():
			value = f.Elem().Interface()
		case !live:
			value = reflect.Zero(f.Type().Elem()).Interface()
		}
		o.set(key, value)
	}
	return o
}
