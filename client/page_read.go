package client

import (
	"bytes"
	"encoding/json"
	"reflect"
	"sync"
)

// pageSplits hold what the scans of pages found, for the next pages:
// nothing of it is kept past fetchPage.
var pageSplits = sync.Pool{New: func() any { return new(answerSplit) }}

// readPage decodes a page of a list from the scan that measured it (its
// keys and values, the records of its data and theirs), as json.Unmarshal
// decodes it into a wirePage[T] but without reading the page again: each
// record is decoded where it lies, in the page's order, links and meta
// read key by key. ok is false for a page this does not read (a key of it
// twice, or in another case, or with an escape; data that is not a list;
// a T that is not a pointer to a record that reads itself):
// json.Unmarshal reads those, and says what is wrong with them.
func readPage[T listItem](body []byte, split *answerSplit, w *wirePage[T]) (ok bool, err error) {
	if trimmed := bytes.TrimSpace(body); len(trimmed) == 0 || trimmed[0] != '{' {
		return false, nil
	}
	newItem, ok := itemMaker[T]()
	if !ok {
		return false, nil
	}
	seen := map[string]bool{}
	for _, p := range split.pairs {
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
	for i, p := range split.pairs {
		value := body[p.valueStart:p.valueEnd]
		if value[0] == 'n' {
			continue // null leaves the list nil, links and meta empty
		}
		switch string(body[p.keyStart+1 : p.keyEnd-1]) {
		case "data":
			err = readRecords(body, split, i, newItem, w)
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

// scannedRecord is a record that can be decoded from the keys and values
// the scan of its page found (decodeRecordAnswer); its UnmarshalJSON is decode
// of the record alone (wholeAnswer).
type scannedRecord interface {
	decode(a recordAnswer) error
}

// readRecords reads the records of data, the value of split.pairs[at], in
// order: from the keys and values the page's scan found, or through their
// UnmarshalJSON; null as nil.
func readRecords[T listItem](body []byte, split *answerSplit, at int, newItem func() T, w *wirePage[T]) error {
	first := 0 // the first record: the values before are other keys'
	for first < len(split.inner) && split.inner[first].pair < at {
		first++
	}
	last := first
	for last < len(split.inner) && split.inner[last].pair == at {
		last++
	}
	w.Data = make([]T, last-first)
	d := 0 // the first of split.deep not yet read
	for k := first; k < last; k++ {
		in := split.inner[k]
		for d < len(split.deep) && split.deepIn[d] < k {
			d++
		}
		e := d
		for e < len(split.deep) && split.deepIn[e] == k {
			e++
		}
		pairs := split.deep[d:e]
		d = e
		item := body[in.valueStart:in.valueEnd]
		if item[0] == 'n' {
			continue
		}
		it := newItem()
		w.Data[k-first] = it
		var err error
		if r, ok := any(it).(scannedRecord); ok && item[0] == '{' {
			err = r.decode(recordAnswer{in: body, start: in.valueStart, end: in.valueEnd, pairs: pairs, scanned: true})
		} else {
			err = any(it).(json.Unmarshaler).UnmarshalJSON(item)
		}
		if err != nil {
			return err
		}
	}
	return nil
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
