package calimport

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"reflect"
	"strconv"
	"strings"
)

// The three tools write JSON by hand-rolled code, and read it leniently:
// Fantasy-Calendar's reader takes Number(x) of a field, so "30" is 30.
// These types read a value the way the tool that wrote it would, and a
// value no reader could take is an error naming the field.

// number is a JSON number, or a text holding one; null is 0.
type number float64

func (n *number) UnmarshalJSON(b []byte) error {
	s := string(bytes.TrimSpace(b))
	if s == "null" {
		*n = 0
		return nil
	}
	if strings.HasPrefix(s, `"`) {
		var text string
		if err := json.Unmarshal(b, &text); err != nil {
			return err
		}
		s = strings.TrimSpace(text)
		if s == "" {
			*n = 0
			return nil
		}
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
		return &json.UnmarshalTypeError{Value: "value " + string(b), Type: typeOfNumber}
	}
	*n = number(v)
	return nil
}

// int is the number rounded to a whole number, as the tools' readers do
// where they want one ("|0", Number()). A number beyond what an int holds
// (1e300) is the nearest int holds: Go leaves the conversion of such a
// float to the machine, and a count or a year that large is refused
// further on, with the key it is at, whatever it becomes.
func (n number) int() int {
	v := math.Round(float64(n))
	switch {
	case v >= math.MaxInt:
		return math.MaxInt
	case v <= math.MinInt:
		return math.MinInt
	}
	return int(v)
}

var typeOfNumber = reflect.TypeFor[float64]()

// text is a JSON string, or a number written where a name is wanted
// (a weekday named 1); null is "".
type text string

func (t *text) UnmarshalJSON(b []byte) error {
	s := bytes.TrimSpace(b)
	switch {
	case string(s) == "null":
		*t = ""
	case len(s) > 0 && s[0] == '"':
		var v string
		if err := json.Unmarshal(s, &v); err != nil {
			return err
		}
		*t = text(v)
	case len(s) > 0 && (s[0] == '-' || (s[0] >= '0' && s[0] <= '9')):
		*t = text(s)
	default:
		return &json.UnmarshalTypeError{Value: "value " + string(s), Type: reflect.TypeFor[string]()}
	}
	return nil
}

// flag is a JSON boolean, or 0/1 and "true"/"false"; null is false.
type yesNo bool

func (f *yesNo) UnmarshalJSON(b []byte) error {
	switch strings.Trim(string(bytes.TrimSpace(b)), `"`) {
	case "true", "1":
		*f = true
	case "false", "0", "null", "":
		*f = false
	default:
		return &json.UnmarshalTypeError{Value: "value " + string(b), Type: reflect.TypeFor[bool]()}
	}
	return nil
}

// decode reads data into v; an error says where in the file it is, by
// line and column, and which field, in the user's words.
func decode(data []byte, v any) error {
	err := json.Unmarshal(data, v)
	if err == nil {
		return nil
	}
	var syntax *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case errors.As(err, &syntax):
		if strings.Contains(syntax.Error(), "unexpected end of JSON input") {
			return fmt.Errorf("%s: not valid JSON: the file ends before the value does", endOf(data))
		}
		return fmt.Errorf("%s: not valid JSON: %s", position(data, syntax.Offset), strings.TrimPrefix(syntax.Error(), "json: "))
	case errors.As(err, &typ):
		what := "a " + typ.Type.String()
		switch typ.Type.Kind() {
		case reflect.Float64, reflect.Int:
			what = "a number"
		case reflect.Bool:
			what = "true or false"
		case reflect.String:
			what = "a text"
		case reflect.Slice:
			what = "a list"
		case reflect.Map, reflect.Struct, reflect.Pointer:
			what = "an object"
		}
		got := strings.TrimPrefix(typ.Value, "value ")
		if at, path, ok := locate(data, typ.Field, got); ok {
			return fmt.Errorf("%s: %s: expected %s, got %s", position(data, at+1), path, what, got)
		}
		where := typ.Field
		if where == "" {
			where = "the file"
		}
		return fmt.Errorf("%s: expected %s, got %s", where, what, got)
	}
	return err
}

var errEmpty = errors.New("the file is empty")

// endOf is "line L, column C" just past the last byte of data.
func endOf(data []byte) string {
	line := bytes.Count(data, []byte("\n")) + 1
	return fmt.Sprintf("line %d, column %d", line, len(data)-(bytes.LastIndexByte(data, '\n')+1)+1)
}

// locate finds where in data the value at field (a dotted path without
// the indexes of lists, as encoding/json names it) is written as raw: its
// offset, and its path with the indexes ("timespans[3].length"). ok is
// false when no such value is found.
func locate(data []byte, field, raw string) (offset int64, path string, ok bool) {
	type frame struct {
		object    bool
		key       string
		index     int
		expectKey bool
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var stack []frame
	paths := func() (plain, indexed string) {
		var p, q []string
		for _, f := range stack {
			if f.object {
				p, q = append(p, f.key), append(q, f.key)
			} else if len(q) > 0 {
				q[len(q)-1] += fmt.Sprintf("[%d]", f.index)
			} else {
				q = append(q, fmt.Sprintf("[%d]", f.index))
			}
		}
		return strings.Join(p, "."), strings.Join(q, ".")
	}
	// done notes a value of the innermost list or object read.
	done := func() {
		if n := len(stack); n > 0 {
			if stack[n-1].object {
				stack[n-1].expectKey = true
			} else {
				stack[n-1].index++
			}
		}
	}
	for {
		before := dec.InputOffset()
		tok, err := dec.Token()
		if err != nil {
			return 0, "", false
		}
		if n := len(stack); n > 0 && stack[n-1].object && stack[n-1].expectKey {
			if key, isKey := tok.(string); isKey {
				stack[n-1].key, stack[n-1].expectKey = key, false
				continue
			}
		}
		// A value starts after the separator and spaces before it.
		start := before
		for start < int64(len(data)) && strings.IndexByte(" \t\r\n:,", data[start]) >= 0 {
			start++
		}
		if plain, indexed := paths(); plain == field && bytes.HasPrefix(data[start:], []byte(raw)) {
			return start, indexed, true
		}
		switch tok {
		case json.Delim('{'):
			stack = append(stack, frame{object: true, expectKey: true})
		case json.Delim('['):
			stack = append(stack, frame{})
		case json.Delim('}'), json.Delim(']'):
			stack = stack[:len(stack)-1]
			done()
		default:
			done()
		}
	}
}

// position is "line L, column C" of the byte before offset: where a JSON
// reader that stopped after offset bytes found the fault.
func position(data []byte, offset int64) string {
	offset = min(max(offset, 1), int64(len(data)))
	at := data[:offset-1]
	line := bytes.Count(at, []byte("\n")) + 1
	column := len(at) - (bytes.LastIndexByte(at, '\n') + 1) + 1
	return fmt.Sprintf("line %d, column %d", line, column)
}
