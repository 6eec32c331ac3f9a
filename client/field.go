package client

import (
	"bytes"
	"cmp"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/kanka-cli/kanka/internal/yamlwrite"
	yaml "go.yaml.in/yaml/v3"
)

// A resource's writable part (CalendarInput, WeatherInput) is declared once,
// in a table of Fields: how each field is read from the server's answer
// (leniently), read from a file (strictly, with lines), written on the wire,
// merged, compared and shown. Everything that goes field by field (a file
// or flags over a record, apply's diff, "nothing changed", what an update
// must send) walks the table, so that adding a field is one entry.
//
// A field that is nil (a nil pointer, slice or map) is not given: a record
// read from the server leaves nil what its answer left out or sent as null
// (unknown, never zero), and a change leaves nil what it does not touch.

// Field is one field of the writable part In of a resource.
type Field[In any] struct {
	// Key names the field in files, in plans and in messages; it is the
	// answer's key too, unless Answer says otherwise.
	Key string
	// Answer is the key of the field in the server's answer, "" when it is
	// Key. WriteOnly fields have none.
	Answer string
	// Rebuilt: the service rebuilds the field from every update, so that
	// an update leaving it out wipes it. An update must send it, and so
	// must have read it (or been given it).
	Rebuilt bool
	// WriteOnly: the service takes the field but never returns it, so it
	// can be neither read nor compared; it is sent when given.
	WriteOnly bool
	// Days: the field decides which days the calendar has (its months,
	// its leap years), so dates are checked against it.
	Days bool
	// MovedByPlay: the game moves the field on as it is played (the
	// calendar's current date: calendar advance, the web interface), so
	// it belongs to the table, not to a description of the record. A
	// seed's value starts a record; on one that exists apply keeps the
	// record's own unless told to set it (--set-date).
	MovedByPlay bool
	// Label is the field in the user's words, where its key with spaces
	// for underscores does not read well ("leap year every").
	Label string

	given  func(in *In) bool
	clear  func(in *In)
	copy   func(dst, src *In)
	equal  func(a, b *In) bool
	show   func(in *In) string
	read   func(raw json.RawMessage, in *In) error
	file   func(r *fileReader, v *yaml.Node, path string, in *In)
	encode func(in *In, payload map[string]any)
	// yaml is the value a file writes, nil to leave the key out.
	yaml func(in *In) any
	// check adds the field's own problems (a range, a format) before a
	// write; nil when the kind's checks are all it has.
	check func(in *In, ps *problems)
}

// answerKey is the key the answer holds the field under.
func (f *Field[In]) answerKey() string {
	if f.Answer != "" {
		return f.Answer
	}
	return f.Key
}

// label is the field in the user's words: Label, else its key with spaces.
func (f *Field[In]) label() string {
	if f.Label != "" {
		return f.Label
	}
	return strings.ReplaceAll(f.Key, "_", " ")
}

// Given reports whether in gives the field.
func (f *Field[In]) Given(in *In) bool { return f.given(in) }

// Show is the field's value as a plan or a message shows it.
func (f *Field[In]) Show(in *In) string { return f.show(in) }

// Equal reports whether a and b hold the field's same value, compared as
// the service stores it.
func (f *Field[In]) Equal(a, b *In) bool { return f.equal(a, b) }

// Clear leaves the field out of in: not given.
func (f *Field[In]) Clear(in *In) { f.clear(in) }

// Fields is the table of a resource's writable part, in the order files
// and plans show the fields.
type Fields[In any] []Field[In]

// LabelOf is the field with wire key key in the user's words, and
// whether the table has it: its Label, else its key with spaces.
func (t Fields[In]) LabelOf(key string) (string, bool) {
	for i := range t {
		if t[i].Key == key || t[i].Answer == key {
			return t[i].label(), true
		}
	}
	return "", false
}

// Lookup is the field with key, or nil.
func (t Fields[In]) Lookup(key string) *Field[In] {
	for i := range t {
		if t[i].Key == key {
			return &t[i]
		}
	}
	return nil
}

// Merge puts every field src gives over dst: a list given replaces the
// whole list; a field src leaves out is kept. It is how field flags go
// over a file, and a file or flags over a record.
func (t Fields[In]) Merge(dst *In, src *In) {
	for i := range t {
		if t[i].given(src) {
			t[i].copy(dst, src)
		}
	}
}

// Over is a copy of base with every field changes gives put over it
// (Merge, on a copy): flags over a file, a file or flags over a record.
func (t Fields[In]) Over(base, changes *In) In {
	out := t.Clone(base)
	t.Merge(&out, changes)
	return out
}

// UpdateOf is what an update from have (the record as read) to want
// (have with the changes over it: Over) sends to a service that keeps
// what an update leaves out: the fields it requires or rebuilds (Rebuilt)
// and the ones that differ from have. Sending no more keeps a change
// someone made meanwhile to another field from being put back.
func (t Fields[In]) UpdateOf(want, have *In) In {
	var out In
	for i := range t {
		f := &t[i]
		if f.given(want) && (f.Rebuilt || f.WriteOnly || !f.equal(want, have)) {
			f.copy(&out, want)
		}
	}
	return out
}

// Same reports whether a and b hold the same values field by field (none
// differs: Differing).
func (t Fields[In]) Same(a, b *In) bool { return len(t.Differing(a, b)) == 0 }

// Clone is a deep copy of in: changing it never changes in.
func (t Fields[In]) Clone(in *In) In {
	var out In
	t.Merge(&out, in)
	return out
}

// Change is one field that differs: its key and both values as shown.
type Change struct {
	Field string `json:"field"`
	Old   string `json:"old"`
	New   string `json:"new"`
}

// Changes are the fields want gives that differ from have, compared as
// the service stores them (trimmed text, "" as none, a month's default
// type, a moon's default colour). Write-only fields cannot be compared and
// never count.
func (t Fields[In]) Changes(want, have *In) []Change {
	changes, _ := t.ChangesOf(want, have, nil)
	return changes
}

// ChangesOf is Changes of have as read from answer, the server's object:
// a field whose key the answer left out altogether cannot be compared (a
// server that never returns it would be written to on every run), so it
// is no change; uncompared are the keys of those that want gives and
// have does not hold. Any write that happens anyway sends them. A key
// the answer holds as null is known: the service answers null for what
// it stores as nothing. A nil answer (a record made in code) leaves out
// nothing.
func (t Fields[In]) ChangesOf(want, have *In, answer json.RawMessage) (changes []Change, uncompared []string) {
	var missing map[string]bool // read from answer at the first field that differs
	for i := range t {
		f := &t[i]
		if f.WriteOnly || !f.given(want) || f.equal(want, have) {
			continue
		}
		if missing == nil {
			missing = t.Unanswered(answer)
			if missing == nil {
				missing = map[string]bool{}
			}
		}
		if missing[f.Key] {
			uncompared = append(uncompared, f.Key)
			continue
		}
		changes = append(changes, Change{Field: f.Key, Old: cutShown(f.show(have)), New: cutShown(f.show(want))})
	}
	return changes, uncompared
}

// Unanswered are the keys of the table's readable fields whose answer
// key the JSON object answer does not hold at all, null or otherwise:
// the server never returned them. nil when answer is not an object.
func (t Fields[In]) Unanswered(answer json.RawMessage) map[string]bool {
	if len(answer) == 0 {
		return nil
	}
	obj, err := answerObject(answer)
	if err != nil {
		return nil
	}
	missing := map[string]bool{}
	for i := range t {
		if f := &t[i]; !f.WriteOnly {
			if _, ok := obj[f.answerKey()]; !ok {
				missing[f.Key] = true
			}
		}
	}
	return missing
}

// Differing are the keys of the fields whose values differ between a and
// b, a field given by one and not the other included: what changed
// between two reads of a record, or two versions of an edit.
func (t Fields[In]) Differing(a, b *In) []string {
	var keys []string
	for i := range t {
		f := &t[i]
		// equal tells a field given on one side only from one not given
		// (a text "" equals none: the service stores it as null).
		if (f.given(a) || f.given(b)) && !f.equal(a, b) {
			keys = append(keys, f.Key)
		}
	}
	return keys
}

// Unread are the keys of the fields an update must send (Rebuilt) that in
// does not give: sending in would wipe them.
func (t Fields[In]) Unread(in *In) []string {
	var keys []string
	for i := range t {
		if t[i].Rebuilt && !t[i].WriteOnly && !t[i].given(in) {
			keys = append(keys, t[i].Key)
		}
	}
	return keys
}

// checkFields adds the problems of each field's own check, in the table's
// order.
func (t Fields[In]) checkFields(in *In, ps *problems) {
	for i := range t {
		f := &t[i]
		if f.check == nil {
			continue
		}
		before := len(*ps)
		f.check(in, ps)
		// A table that renames a field (a seed's repeat for the service's
		// recurring_periodicity) says its problems under its own key.
		for j := before; j < len(*ps); j++ {
			if f.Answer != "" && (*ps)[j].Field == f.Answer {
				(*ps)[j].Field = f.Key
			}
		}
	}
}

// Payload is the wire form of in: every field it gives, under the keys
// the service takes (parallel arrays for lists).
func (t Fields[In]) Payload(in *In) map[string]any {
	p := map[string]any{}
	for i := range t {
		if t[i].given(in) {
			t[i].encode(in, p)
		}
	}
	return p
}

// readAnswer reads every readable field the answer object gives (not
// absent, not null) into in; the others stay nil. A value that cannot be
// read is an error naming the key. get is the value of a key of the
// answer, the last one when it has the key twice.
func (t Fields[In]) readAnswer(get func(key string) (json.RawMessage, bool), in *In) error {
	for i := range t {
		f := &t[i]
		if f.WriteOnly {
			continue
		}
		raw, ok := get(f.answerKey())
		if !ok || isJSONNull(raw) {
			continue
		}
		if err := f.read(raw, in); err != nil {
			return fmt.Errorf("%s: %w", f.answerKey(), err)
		}
	}
	return nil
}

// readFile reads the mapping n of a file, each key with its field; a key
// no field has is accepted (and ignored) when ignored says so, else it is
// a problem of r. also, when given, is told of the keys it names first
// (a key that is a field is then read by its field too).
func (t Fields[In]) readFile(r *fileReader, n *yaml.Node, path string, in *In, ignored func(key string) bool, also ...map[string]func(v *yaml.Node, path string)) {
	r.pairs(n, path, t.fileKeys(also...), func(key string, v *yaml.Node, p string) bool {
		known := false
		for _, m := range also {
			if f, ok := m[key]; ok {
				f(v, p)
				known = true
			}
		}
		if f := t.Lookup(key); f != nil && f.file != nil {
			f.file(r, v, p, in)
			return true
		}
		return known || ignored(key)
	})
}

// fileKeys are the keys a file of the table takes, in the table's order,
// then those of also, sorted: what an unknown key is compared with.
func (t Fields[In]) fileKeys(also ...map[string]func(v *yaml.Node, path string)) []string {
	var keys []string
	for i := range t {
		if t[i].file != nil {
			keys = append(keys, t[i].Key)
		}
	}
	for _, m := range also {
		keys = append(keys, sortedKeys(m)...)
	}
	return keys
}

// fileForm is in as a file writes it: each field with a value worth
// writing, in the table's order (a value YAML cannot write is left out).
func (t Fields[In]) fileForm(in *In) yamlwrite.Map {
	var m yamlwrite.Map
	for i := range t {
		f := &t[i]
		if f.yaml == nil || !f.given(in) {
			continue
		}
		if v := f.yaml(in); v != nil {
			m.Add(f.Key, v)
		}
	}
	return m
}

// answerKeys are the keys of the table's readable fields in an answer.
func (t Fields[In]) answerKeys() map[string]bool {
	keys := map[string]bool{}
	for i := range t {
		if !t[i].WriteOnly {
			keys[t[i].answerKey()] = true
		}
	}
	return keys
}

func isJSONNull(raw json.RawMessage) bool { return string(bytes.TrimSpace(raw)) == "null" }

// decodeAnswer is the shared half of a record's UnmarshalJSON: the answer b
// is measured against shape before anything of it is built (a record past
// the bounds is an *AnswerBoundError), then its own keys are decoded
// leniently into own and its writable part through fields into in. noun
// names the record in errors: "decoding calendar: ...".
//
// The scan that measures b also finds its keys and values: each value is
// then read where it lies, and b is not read again as a whole.
func decodeAnswer[Own, In any](b []byte, shape answerShape, noun string, own *Own, fields Fields[In], in *In) error {
	buf := pairBuffers.Get().(*[]answerPair)
	defer pairBuffers.Put(buf)
	split := answerSplit{pairs: (*buf)[:0]}
	whole, err := scanAnswer(b, &shape, &split)
	pairs := split.pairs
	*buf = pairs[:0] // grown, for the next record
	if err != nil {
		return err
	}
	if whole && bytes.TrimSpace(b)[0] == '{' {
		return decodePairs(b, b, pairs, noun, own, fields, in)
	}
	// Not one JSON object: the decoder says what it is.
	obj, err := answerObject(b)
	if err == nil {
		err = json.Unmarshal(b, own)
	}
	if err == nil {
		err = fields.readAnswer(func(key string) (json.RawMessage, bool) { v, ok := obj[key]; return v, ok }, in)
	}
	if err != nil {
		return fmt.Errorf("decoding %s: %w", noun, err)
	}
	return nil
}

// recordAnswer is a record of an answer to decode: the JSON object
// in[start:end], with its keys and values (pairs, spans of in) when the
// scan of its page found them (scanned).
type recordAnswer struct {
	in         []byte
	start, end int
	pairs      []answerPair
	scanned    bool
}

// wholeAnswer is the record b, an answer of its own or an item of a page
// not scanned with it: it is measured as it is decoded.
func wholeAnswer(b []byte) recordAnswer { return recordAnswer{in: b, end: len(b)} }

// bytes are the record as the server sent it.
func (a recordAnswer) bytes() []byte { return a.in[a.start:a.end] }

// decodeRecordAnswer is the shared half of a record's decoding: a record of a
// page whose bounds prove it within shape's (surelyWithin) is read from
// the keys and values the page's scan found, without a scan of its own;
// any other is measured and decoded by decodeAnswer.
func decodeRecordAnswer[Own, In any](a recordAnswer, shape *answerShape, noun string, own *Own, fields Fields[In], in *In) error {
	if a.scanned && shape.surelyWithin(a.end-a.start) {
		return decodePairs(a.in, a.bytes(), a.pairs, noun, own, fields, in)
	}
	return decodeAnswer(a.bytes(), *shape, noun, own, fields, in)
}

// decodePairs is decodeAnswer of the record, a JSON object measured
// whole, whose keys and values a scan found (pairs, spans of b): own
// keys into own, the writable part through fields into in.
func decodePairs[Own, In any](b, record []byte, pairs []answerPair, noun string, own *Own, fields Fields[In], in *In) error {
	read, err := readOwn(b, pairs, own)
	if !read {
		err = json.Unmarshal(record, own)
	}
	if err == nil {
		err = fields.readAnswer(func(key string) (json.RawMessage, bool) { return pairValue(b, pairs, key) }, in)
	}
	if err != nil {
		return fmt.Errorf("decoding %s: %w", noun, err)
	}
	return nil
}

// pairBuffers hold the pairs of the records being decoded, for the next
// ones: nothing of them is kept past decodeAnswer.
var pairBuffers = sync.Pool{New: func() any { return new([]answerPair) }}

// pairValue is the value of key in the object b whose pairs are given,
// the last one when it has the key twice.
func pairValue(b []byte, pairs []answerPair, key string) (json.RawMessage, bool) {
	for i := len(pairs) - 1; i >= 0; i-- {
		p := pairs[i]
		raw := b[p.keyStart+1 : p.keyEnd-1]
		if len(raw) == len(key) && string(raw) == key || bytes.IndexByte(raw, '\\') >= 0 && pairKey(b, p) == key {
			return b[p.valueStart:p.valueEnd:p.valueEnd], true
		}
	}
	return nil, false
}

// rawAnswer is a record's MarshalJSON: the answer exactly as the server
// sent it, null for a record that was never read.
func rawAnswer(raw json.RawMessage) ([]byte, error) {
	if len(raw) == 0 {
		return []byte("null"), nil
	}
	return raw, nil
}

// answerObject splits an answer's JSON object into its keys.
func answerObject(b []byte) (map[string]json.RawMessage, error) {
	var obj map[string]json.RawMessage
	if err := json.Unmarshal(b, &obj); err != nil {
		return nil, err
	}
	if obj == nil {
		return nil, fmt.Errorf("not an object")
	}
	return obj, nil
}

// keyValue is one key of a JSON object and its value.
type keyValue struct {
	Key   string
	Value json.RawMessage
}

// orderedKeys are the keys of the JSON object b in the order written.
func orderedKeys(b []byte) []keyValue {
	dec := json.NewDecoder(bytes.NewReader(b))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return nil
	}
	var out []keyValue
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return out
		}
		key, _ := t.(string)
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return out
		}
		out = append(out, keyValue{key, v})
	}
	return out
}

// extraKeys is what the answer b holds beside the table's fields and the
// keys the caller names (the record's own: id, timestamps): every other
// key with its value, in the answer's order, so that -o yaml keeps what
// kanka does not know.
func extraKeys[In any](t Fields[In], b []byte, known ...string) []keyValue {
	skip := t.answerKeys()
	for _, k := range known {
		skip[k] = true
	}
	var out []keyValue
	for _, kv := range orderedKeys(b) {
		if !skip[kv.Key] {
			out = append(out, kv)
		}
	}
	return out
}

// addExtra appends kvs to m, each value decoded from JSON (one YAML cannot
// write is left out).
func addExtra(m *yamlwrite.Map, kvs ...keyValue) {
	for _, kv := range kvs {
		var v any
		if err := json.Unmarshal(kv.Value, &v); err == nil {
			m.Add(kv.Key, v)
		}
	}
}

// sortedKeys are m's keys, in order.
func sortedKeys[K cmp.Ordered, V any](m map[K]V) []K {
	keys := make([]K, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
