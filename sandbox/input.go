package sandbox

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"unicode/utf8"
)

// input is a write's JSON body, read field by field the way the service's
// validator does: numbers may come as strings ("30"), booleans as 1/0,
// null is the same as absent, unknown fields are ignored. Every problem met
// is added to p with the field's key.
type input struct {
	raw map[string]json.RawMessage
	p   *problems
	// live: the body went through the live service's middleware (see
	// laravelClean), and a null is a value that clears a field.
	live bool
}

// readInput reads a JSON object body; anything else is a 400. An empty body
// is an empty object. Live, every string in it, at any depth, is trimmed
// and an empty one becomes null, as the live service's middleware does.
func readInput(r *http.Request, live bool) (*input, *reply) {
	body, err := io.ReadAll(io.LimitReader(r.Body, 8<<20))
	if err != nil {
		rep := errorReply(400, "The request body could not be read: "+err.Error())
		return nil, &rep
	}
	in := &input{raw: map[string]json.RawMessage{}, p: &problems{}, live: live}
	if len(bytes.TrimSpace(body)) == 0 {
		return in, nil
	}
	if err := json.Unmarshal(body, &in.raw); err != nil || in.raw == nil {
		msg := "The request body is not a JSON object"
		if err != nil {
			msg += ": " + err.Error()
		}
		rep := errorReply(400, msg+".")
		return nil, &rep
	}
	if live {
		for k, v := range in.raw {
			in.raw[k] = laravelClean(v)
		}
	}
	return in, nil
}

// laravelClean is what Laravel's global TrimStrings and
// ConvertEmptyStringsToNull middleware do to one value of a request: every
// string, at any depth (array items, nested objects), loses the white space
// around it, and a string left empty becomes null. Numbers keep their text.
func laravelClean(raw json.RawMessage) json.RawMessage {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return raw // cannot happen: raw came out of a decoded object
	}
	b, err := marshal(cleanValue(v))
	if err != nil {
		return raw
	}
	return b
}

func cleanValue(v any) any {
	switch x := v.(type) {
	case string:
		// Laravel trims ~^[\s\x{FEFF}\x{200B}]+ and the same at the end;
		// \s is ASCII white space.
		if t := strings.Trim(x, " \t\n\v\f\r\uFEFF\u200B"); t != "" {
			return t
		}
		return nil
	case []any:
		for i := range x {
			x[i] = cleanValue(x[i])
		}
	case map[string]any:
		for k := range x {
			x[k] = cleanValue(x[k])
		}
	}
	return v
}

// has reports whether key was sent with a value other than null.
func (in *input) has(key string) bool {
	v, ok := in.raw[key]
	return ok && !isNull(v)
}

func isNull(v json.RawMessage) bool { return string(bytes.TrimSpace(v)) == "null" }

// sentNull reports whether key was sent as null.
func (in *input) sentNull(key string) bool {
	v, ok := in.raw[key]
	return ok && isNull(v)
}

// nullable is an optional field of a write: sent says the write sets it,
// v is the value, nil for null. Only live writes set a field to null (as
// the live service stores a null it is sent); in document mode a null is
// the same as leaving the field out.
type nullable[T any] struct {
	sent bool
	v    *T
}

func sentValue[T any](v T, ok bool) nullable[T] {
	if !ok {
		return nullable[T]{}
	}
	return nullable[T]{sent: true, v: &v}
}

// applyTo sets *field when the write sets it.
func (n nullable[T]) applyTo(field **T) {
	if n.sent {
		*field = n.v
	}
}

// optStr reads an optional string (see str) that a live write may set to
// null.
func (in *input) optStr(key string, max int) nullable[string] {
	if in.live && in.sentNull(key) {
		return nullable[string]{sent: true}
	}
	return sentValue(in.str(key, max))
}

// optText is optStr for a field the service gives no string rule: a
// number is taken as its text ("2"), as the service stores it.
func (in *input) optText(key string, max int) nullable[string] {
	var n json.Number
	if raw, ok := in.raw[key]; ok && !isNull(raw) && json.Unmarshal(raw, &n) == nil {
		if max > 0 && len(n) > max {
			in.p.add(key, msgMaxChars(key, max))
			return nullable[string]{}
		}
		return sentValue(string(n), true)
	}
	return in.optStr(key, max)
}

// str reads an optional string of at most max characters (0: no limit).
func (in *input) str(key string, max int) (string, bool) {
	if !in.has(key) {
		return "", false
	}
	s, ok := decodeString(in.raw[key])
	if !ok {
		in.p.add(key, msgString(key))
		return "", false
	}
	if max > 0 && utf8.RuneCountInString(s) > max {
		in.p.add(key, msgMaxChars(key, max))
		return "", false
	}
	return s, true
}

// integer reads an optional integer.
func (in *input) integer(key string) (int, bool) {
	if !in.has(key) {
		return 0, false
	}
	n, ok := decodeInt(in.raw[key])
	if !ok {
		in.p.add(key, msgInteger(key))
	}
	return n, ok
}

// boolean reads an optional boolean.
func (in *input) boolean(key string) (bool, bool) {
	if !in.has(key) {
		return false, false
	}
	b, ok := decodeBool(in.raw[key])
	if !ok {
		in.p.add(key, msgBoolean(key))
	}
	return b, ok
}

// array reads an optional array.
func (in *input) array(key string) ([]json.RawMessage, bool) {
	if !in.has(key) {
		return nil, false
	}
	var items []json.RawMessage
	if err := json.Unmarshal(in.raw[key], &items); err != nil {
		in.p.add(key, msgArray(key))
		return nil, false
	}
	return items, true
}

// strings reads the items of an array of strings; each item is required
// (not empty) and at most max characters (0: no limit).
func (in *input) strings(key string, items []json.RawMessage, max int) []string {
	out := make([]string, len(items))
	for i, raw := range items {
		k := itemKey(key, i)
		s, ok := decodeString(raw)
		switch {
		case isNull(raw) || (ok && strings.TrimSpace(s) == ""):
			in.p.add(k, msgRequired(k))
		case !ok:
			in.p.add(k, msgString(k))
		case max > 0 && utf8.RuneCountInString(s) > max:
			in.p.add(k, msgMaxChars(k, max))
		}
		out[i] = s
	}
	return out
}

// ints reads the items of an array of integers, each at least min.
func (in *input) ints(key string, items []json.RawMessage, min int) []int {
	out := make([]int, len(items))
	for i, raw := range items {
		k := itemKey(key, i)
		n, ok := decodeInt(raw)
		switch {
		case isNull(raw):
			in.p.add(k, msgRequired(k))
		case !ok:
			in.p.add(k, msgInteger(k))
		case n < min:
			in.p.add(k, msgAtLeast(k, min))
		}
		out[i] = n
	}
	return out
}

func itemKey(key string, i int) string { return fmt.Sprintf("%s.%d", key, i) }

func decodeString(raw json.RawMessage) (string, bool) {
	var s string
	if err := json.Unmarshal(raw, &s); err != nil {
		return "", false
	}
	return s, true
}

// decodeInt accepts a JSON integer or a string holding one ("30").
func decodeInt(raw json.RawMessage) (int, bool) {
	var n json.Number
	if err := json.Unmarshal(raw, &n); err != nil {
		var s string
		if json.Unmarshal(raw, &s) != nil {
			return 0, false
		}
		n = json.Number(strings.TrimSpace(s))
	}
	i, err := strconv.Atoi(string(n))
	return i, err == nil
}

// decodeNumber accepts a JSON number or a numeric string and returns it as
// the service stores it: its decimal text ("28", "29.5").
func decodeNumber(raw json.RawMessage) (string, bool) {
	var n json.Number
	if err := json.Unmarshal(raw, &n); err != nil {
		var s string
		if json.Unmarshal(raw, &s) != nil {
			return "", false
		}
		n = json.Number(strings.TrimSpace(s))
	}
	f, err := strconv.ParseFloat(string(n), 64)
	if err != nil {
		return "", false
	}
	return strconv.FormatFloat(f, 'f', -1, 64), true
}

// decodeBool accepts what Laravel's boolean rule accepts: true, false, 1,
// 0, "1", "0", and also "true" and "false".
func decodeBool(raw json.RawMessage) (bool, bool) {
	switch strings.Trim(string(bytes.TrimSpace(raw)), `"`) {
	case "true", "1":
		return true, true
	case "false", "0":
		return false, true
	}
	return false, false
}

// sentAny reports whether any of keys is in the body (null counts: it
// is a deliberate value).
func (in *input) sentAny(keys ...string) bool {
	for _, k := range keys {
		if _, ok := in.raw[k]; ok {
			return true
		}
	}
	return false
}

// requiredArray reads an array that must be sent with at least min items.
func (in *input) requiredArray(key string, min int) ([]json.RawMessage, bool) {
	if !in.has(key) {
		in.p.add(key, msgRequired(key))
		return nil, false
	}
	items, ok := in.array(key)
	if ok && len(items) < min {
		in.p.add(key, msgMinItems(key, min))
	}
	return items, ok
}

// requiredWithArray reads an array that must be sent when `with` is.
func (in *input) requiredWithArray(key, with string) ([]json.RawMessage, bool) {
	if !in.has(key) {
		if in.has(with) {
			in.p.add(key, msgRequiredWith(key, with))
		}
		return nil, false
	}
	return in.array(key)
}

// alignedArray reads an optional array that must match `with` item for
// item.
func (in *input) alignedArray(key, with string, n int) ([]json.RawMessage, bool) {
	items, ok := in.array(key)
	if ok && len(items) != n {
		in.p.add(key, msgSameCount(key, with))
	}
	return items, ok
}
