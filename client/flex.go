package client

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
)

// The live service and older deployments send numbers as strings, strings as
// null, and empty objects as []. These types decode all of those leniently so
// one odd record never makes a whole list unreadable.

// flexInt decodes a JSON number, a numeric string, a boolean, "" or null.
// A number the server sends with a fraction (30.9) is tolerated and cut
// (30), so that one odd value does not make a record or a whole list
// unreadable: what the server holds is the server's. (Files are stricter:
// a fraction there is the user's mistake and is refused.) A number beyond
// the range of int is an error, never a wrapped-around value.
type flexInt int

func (f *flexInt) UnmarshalJSON(b []byte) error {
	s := strings.TrimSpace(string(b))
	switch {
	case s == "null" || s == `""`:
		*f = 0
		return nil
	case s == "true":
		*f = 1
		return nil
	case s == "false":
		*f = 0
		return nil
	}
	s = strings.Trim(s, `"`)
	if n, err := strconv.ParseInt(s, 10, 64); err == nil {
		*f = flexInt(n)
		return nil
	}
	// Converting a float beyond int's range (or NaN) to int gives an
	// arbitrary value: refuse those instead.
	if x, err := strconv.ParseFloat(s, 64); err == nil && x > math.MinInt64 && x < math.MaxInt64 {
		*f = flexInt(int(x))
		return nil
	}
	return fmt.Errorf("cannot read %s as a whole number", b)
}

// flexFloat decodes a JSON number, a numeric string, "" or null.
type flexFloat float64

func (f *flexFloat) UnmarshalJSON(b []byte) error {
	s := strings.Trim(strings.TrimSpace(string(b)), `"`)
	if s == "null" || s == "" {
		*f = 0
		return nil
	}
	x, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return fmt.Errorf("cannot read %s as a number", b)
	}
	*f = flexFloat(x)
	return nil
}

// flexString decodes a JSON string, a number (kept as written) or null.
type flexString string

func (f *flexString) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	if string(b) == "null" {
		*f = ""
		return nil
	}
	if len(b) > 0 && b[0] == '"' {
		// Most texts need no decoding: those are taken as they are.
		if s, ok := plainText(b); ok && !decodeWhole {
			*f = flexString(s)
			return nil
		}
		var s string
		if err := json.Unmarshal(b, &s); err != nil {
			return err
		}
		*f = flexString(s)
		return nil
	}
	// Numbers and booleans are kept as their literal text.
	*f = flexString(b)
	return nil
}

// flexBool decodes true/false, 0/1, "0"/"1", "true"/"false" or null.
type flexBool bool

func (f *flexBool) UnmarshalJSON(b []byte) error {
	s := strings.Trim(strings.TrimSpace(string(b)), `"`)
	switch strings.ToLower(s) {
	case "true", "1":
		*f = true
	case "false", "0", "", "null":
		*f = false
	default:
		return fmt.Errorf("cannot read %s as true or false", b)
	}
	return nil
}

// flexYears decodes `years`, which is [] when empty and {"1492": "name"}
// otherwise; a list of {number, name} objects is accepted too.
type flexYears map[int]string

func (f *flexYears) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	out := flexYears{}
	switch {
	case string(b) == "null":
	case len(b) > 0 && b[0] == '[':
		var list []struct {
			Number flexInt    `json:"number"`
			Name   flexString `json:"name"`
		}
		if err := json.Unmarshal(b, &list); err != nil {
			return fmt.Errorf("years: %w", err)
		}
		for _, y := range list {
			out[int(y.Number)] = string(y.Name)
		}
	case trimmed(b) && b[0] == '{':
		buf, pairs, whole := splitPooled(b)
		if whole {
			err := f.readPairs(b, pairs)
			releasePairs(buf, pairs)
			return err
		}
		releasePairs(buf, pairs)
		fallthrough
	default:
		var m map[string]flexString
		if err := json.Unmarshal(b, &m); err != nil {
			return fmt.Errorf("years: %w", err)
		}
		for k, v := range m {
			n, err := strconv.Atoi(strings.TrimSpace(k))
			if err != nil {
				return fmt.Errorf("years: key %q is not a year number", k)
			}
			out[n] = string(v)
		}
	}
	*f = out
	return nil
}

// readPairs reads the object b of years (its pairs) where it lies, as
// json.Unmarshal into a map[string]flexString and the loop over it above
// read it: every name first, then every key; the last of a key given
// twice.
func (f *flexYears) readPairs(b []byte, pairs []answerPair) error {
	names := make([]flexString, len(pairs))
	for i, p := range pairs {
		if err := names[i].UnmarshalJSON(b[p.valueStart:p.valueEnd]); err != nil {
			return fmt.Errorf("years: %w", err)
		}
	}
	out := make(flexYears, len(pairs))
	for i, p := range pairs {
		n, ok := yearKey(b[p.keyStart+1 : p.keyEnd-1])
		if !ok {
			k := pairKey(b, p)
			var err error
			if n, err = strconv.Atoi(strings.TrimSpace(k)); err != nil {
				return fmt.Errorf("years: key %q is not a year number", k)
			}
		}
		out[n] = string(names[i])
	}
	*f = out
	return nil
}

// yearKey is the year a key of years names when it is written plainly: an
// optional minus and at most 18 digits; ok is false for any other key
// (strconv.Atoi then reads it, or says it is none).
func yearKey(key []byte) (n int, ok bool) {
	digits := key
	if len(digits) > 0 && digits[0] == '-' {
		digits = digits[1:]
	}
	if len(digits) == 0 || len(digits) > 18 {
		return 0, false
	}
	for _, c := range digits {
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int(c-'0')
	}
	if len(digits) < len(key) {
		n = -n
	}
	return n, true
}

// flexTags decodes tags sent as ids, numeric strings or objects with an id.
type flexTags []int

func (f *flexTags) UnmarshalJSON(b []byte) error {
	var raw []json.RawMessage
	if string(bytes.TrimSpace(b)) == "null" {
		*f = nil
		return nil
	}
	if spans, whole := tagSpans(b); whole {
		// The items where they lie, not copied out.
		for _, sp := range spans {
			raw = append(raw, b[sp.valueStart:sp.valueEnd])
		}
	} else if err := json.Unmarshal(b, &raw); err != nil {
		return fmt.Errorf("tags: %w", err)
	}
	out := make(flexTags, 0, len(raw))
	for _, r := range raw {
		r = bytes.TrimSpace(r)
		if len(r) > 0 && r[0] == '{' {
			var obj struct {
				ID flexInt `json:"id"`
			}
			if err := readObject(r, &obj); err != nil {
				return fmt.Errorf("tags: %w", err)
			}
			out = append(out, int(obj.ID))
			continue
		}
		var id flexInt
		if err := id.UnmarshalJSON(r); err != nil {
			return fmt.Errorf("tags: %w", err)
		}
		out = append(out, int(id))
	}
	*f = out
	return nil
}

// tagSpans are the items of the list b, when it is one that an answer's
// scan found.
func tagSpans(b []byte) ([]answerPair, bool) {
	if !trimmed(b) || b[0] != '[' {
		return nil, false
	}
	return splitValue(b, nil)
}

// sortedYears returns the year numbers of m in ascending order.
func sortedYears(m map[int]string) []int {
	keys := make([]int, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Ints(keys)
	return keys
}
