package client

import (
	"bytes"
	"encoding/json"
	"reflect"
)

// readPage decodes a page of a list from the scan that measured it (its
// keys and values, the items of its lists), as json.Unmarshal decodes it
// into a wirePage[T] but without reading the page again: each record is
// handed to its UnmarshalJSON where it lies, in the page's order, links
// and meta read key by key. ok is false for a page this does not read
// (a key of it twice, or in another case, or with an escape; data that is
// not a list; a T that is not a pointer to a record that reads itself):
// json.Unmarshal reads those, and says what is wrong with them.
func readPage[T listItem](body []byte, pairs []answerPair, inner []innerValue, w *wirePage[T]) (ok bool, err error) {
	if trimmed := bytes.TrimSpace(body); len(trimmed) == 0 || trimmed[0] != '{' {
		return false, nil
	}
	newItem, ok := itemMaker[T]()
	if !ok {
		return false, nil
	}
	seen := map[string]bool{}
	for _, p := range pairs {
		key := body[p.keyStart+1 : p.keyEnd-1]
		if bytes.IndexByte(key, '\\') >= 0 {
			return false, nil
		}
		for _, name := range [...]string{"data", "links", "meta"} {
			if foldedKey(string(key)) != foldedKey(name) {
				continue
			}
			want := byte('{')
			if name == "data" {
				want = '['
			}
			if first := body[p.valueStart]; string(key) != name || seen[name] || first != 'n' && first != want {
				return false, nil
			}
			seen[name] = true
		}
	}
	next := 0 // the first of inner that may be data's
	for i, p := range pairs {
		value := body[p.valueStart:p.valueEnd]
		if value[0] == 'n' {
			continue // null leaves the list nil, links and meta empty
		}
		switch string(body[p.keyStart+1 : p.keyEnd-1]) {
		case "data":
			for next < len(inner) && inner[next].pair < i {
				next++
			}
			items := inner[next:]
			for j := range items {
				if items[j].pair != i {
					items = items[:j]
					break
				}
			}
			w.Data = make([]T, len(items))
			for j, in := range items {
				if item := body[in.valueStart:in.valueEnd]; item[0] != 'n' {
					w.Data[j] = newItem()
					if err := any(w.Data[j]).(json.Unmarshaler).UnmarshalJSON(item); err != nil {
						return true, err
					}
				}
			}
		case "links":
			err = readObject(value, &w.Links)
		case "meta":
			err = readObject(value, &w.Meta)
		}
		if err != nil {
			return true, err
		}
	}
	return true, nil
}

// itemMaker makes a new record of a page, when T is a pointer to a record
// that reads itself.
func itemMaker[T any]() (func() T, bool) {
	t := reflect.TypeFor[T]()
	if t.Kind() != reflect.Pointer || !t.Implements(unmarshalerType) {
		return nil, false
	}
	return func() T { return reflect.New(t.Elem()).Interface().(T) }, true
}
