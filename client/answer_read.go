package client

import (
	"encoding/json"
	"math"
	"reflect"
)

// The values of an answer (a key's value, an item of a list) are read as
// json.Unmarshal reads them, but without its checking every value again
// first: decodeAnswer's scan of the record found each of them whole and
// valid. A type that reads itself (flexInt, flexString, ...) is handed its
// value at once; a list is split by the same scan and each item read
// where it lies; a struct of such types is read key by key (readOwn).
// Anything else is json.Unmarshal's.

// decodeWhole reads every value with json.Unmarshal, as kanka did before
// it read them where they lie: the tests check the two agree.
var decodeWhole = false

// splitShape scans a value already measured, only to split it.
var splitShape = answerShape{values: math.MaxInt, depth: math.MaxInt, unbounded: true}

// splitValue is the keys and values of the JSON object raw, or the items
// of the JSON list raw (the pairs' values), and whether raw is one JSON
// value.
func splitValue(raw []byte, pairs []answerPair) ([]answerPair, bool) {
	split := answerSplit{pairs: pairs}
	whole, _ := scanAnswer(raw, &splitShape, &split)
	return split.pairs, whole
}

// splitPooled is splitValue into a buffer of pairBuffers: the values
// inside a record (its lists, its years) are split once each, and a fresh
// slice grown for each would be most of what a page allocates. The pairs
// are read, not kept: releasePairs gives the buffer back.
func splitPooled(raw []byte) (buf *[]answerPair, pairs []answerPair, whole bool) {
	buf = pairBuffers.Get().(*[]answerPair)
	pairs, whole = splitValue(raw, (*buf)[:0])
	return buf, pairs, whole
}

// releasePairs gives back a buffer of splitPooled, grown to hold pairs.
func releasePairs(buf *[]answerPair, pairs []answerPair) {
	*buf = pairs[:0]
	pairBuffers.Put(buf)
}

// trimmed reports whether raw is a value as an answer's scan finds it:
// not empty, no white space around it.
func trimmed(raw []byte) bool {
	return !decodeWhole && len(raw) > 0 && !isJSONSpace(raw[0]) && !isJSONSpace(raw[len(raw)-1])
}

// readValue decodes the value raw into v, as json.Unmarshal does.
func readValue[W any](raw []byte, v *W) error {
	if u, ok := any(v).(json.Unmarshaler); ok && trimmed(raw) {
		return u.UnmarshalJSON(raw)
	}
	return json.Unmarshal(raw, v)
}

// readObject decodes the object raw into v, a struct of types that read
// themselves, as json.Unmarshal does.
func readObject[W any](raw []byte, v *W) error {
	if trimmed(raw) && raw[0] == '{' {
		buf, pairs, whole := splitPooled(raw)
		read, err := false, error(nil)
		if whole {
			read, err = readOwn(raw, pairs, v)
		}
		releasePairs(buf, pairs)
		if read {
			return err
		}
	}
	return json.Unmarshal(raw, v)
}

// readAnswerItems decodes the list raw into items of W, as json.Unmarshal does
// into a nil []W: a W that reads itself is handed each item, a struct of
// such types is read key by key; another list, or a list with an item
// that is neither an object nor null, is json.Unmarshal's.
func readAnswerItems[W any](raw []byte) ([]W, error) {
	var zero W
	_, reads := any(&zero).(json.Unmarshaler)
	var table *ownFields
	if !reads {
		table = ownFieldsFor(reflect.TypeFor[W]())
	}
	if trimmed(raw) && raw[0] == '[' && (reads || table.ok) {
		buf, spans, whole := splitPooled(raw)
		var items []W
		done, err := false, error(nil)
		if whole {
			items, done, err = readSpans[W](raw, spans, reads)
		}
		releasePairs(buf, spans)
		if done {
			return items, err
		}
	}
	var v []W
	err := json.Unmarshal(raw, &v)
	return v, err
}

// readSpans reads the items of the list raw at spans; done is false when
// one of them is not for it to read.
func readSpans[W any](raw []byte, spans []answerPair, reads bool) (items []W, done bool, err error) {
	items = make([]W, len(spans))
	buf := pairBuffers.Get().(*[]answerPair)
	pairs := (*buf)[:0]
	defer func() { releasePairs(buf, pairs) }()
	for i, sp := range spans {
		item := raw[sp.valueStart:sp.valueEnd]
		switch {
		case reads:
			err = any(&items[i]).(json.Unmarshaler).UnmarshalJSON(item)
		case item[0] == 'n': // null leaves a struct as it is
		case item[0] == '{':
			pairs, _ = splitValue(item, pairs[:0])
			_, err = readOwn(item, pairs, &items[i])
		default:
			return nil, false, nil
		}
		if err != nil {
			return nil, true, err
		}
	}
	return items, true, nil
}
