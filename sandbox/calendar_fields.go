package sandbox

import (
	"encoding/json"
	"strconv"
	"strings"
)

// calendarFields are the calendar's fields of one plain value: a text, a
// whole number or a switch, read from a write under its key, stored under
// it (calendar.Fields, and so in the state file), and answered under it
// after the moons, in this order. A new such field is one line here.
var calendarFields = []field{
	whole("start_offset", 0, 99).created(0).docAfter("months"),
	text("suffix", 191),
	text("format", 20).liveOnly().checked(formatLetters),
	flag("has_leap_year"),
	flag("skip_year_zero").liveOnly(),
	whole("leap_year_amount", -128, 128),
	// Checked against the months the write leaves (readCalendarWrite).
	whole("leap_year_month", 0, 0).when(never),
	// The offset and start only mean something, and are only checked,
	// when the calendar has leap years.
	whole("leap_year_offset", 1, 255).when(hasLeapYears),
	whole("leap_year_start", 1, 255).when(hasLeapYears),
}

func never(*calendarWrite, *calendar) bool { return false }

// hasLeapYears: the calendar has leap years once the write is applied.
func hasLeapYears(w *calendarWrite, existing *calendar) bool {
	if v := w.fields["has_leap_year"]; v.sent {
		return (*v.v).(bool)
	}
	return existing != nil && existing.Fields.flag("has_leap_year")
}

func formatLetters(r reading, key string, v any) {
	if strings.Trim(v.(string), "ymMds ,-") != "" {
		r.in.p.add(key, "The format format is invalid: only y, m, M, d, s, spaces, commas and dashes are allowed.")
	}
}

// answer is f's value v as answered: live, null for a value never set or
// set to null (a switch is false); in the document's mode, "", 0 or false.
func (f field) answer(v any, live bool) any {
	switch {
	case v != nil || (live && f.kind != flagField):
		return v
	case f.kind == textField:
		return ""
	case f.kind == wholeField:
		return 0
	}
	return false
}

// decode reads f's value from the state file.
func (f field) decode(raw json.RawMessage) (v any, err error) {
	switch f.kind {
	case textField:
		v, err = decodeAs[string](raw)
	case wholeField:
		v, err = decodeAs[int](raw)
	default:
		v, err = decodeAs[bool](raw)
	}
	if typeErr, ok := err.(*json.UnmarshalTypeError); ok {
		typeErr.Field = f.key
	}
	return v, err
}

// decodeAs is the T of raw, or nil for null.
func decodeAs[T any](raw json.RawMessage) (any, error) {
	var v *T
	if err := json.Unmarshal(raw, &v); err != nil || v == nil {
		return nil, err
	}
	return *v, nil
}

// fields are a calendar's values of calendarFields, by key: a string, an
// int or a bool; nil or missing is null.
type fields map[string]any

func (fs fields) text(key string) *string {
	if v, ok := fs[key].(string); ok {
		return &v
	}
	return nil
}

func (fs fields) whole(key string) *int {
	if v, ok := fs[key].(int); ok {
		return &v
	}
	return nil
}

func (fs fields) flag(key string) bool { v, _ := fs[key].(bool); return v }

// takeFields moves the values of calendarFields out of the keys of a
// calendar that its struct does not name.
func takeFields(rest unknown) (fields, error) {
	fs := fields{}
	for _, f := range calendarFields {
		if raw, ok := rest[f.key]; ok {
			v, err := f.decode(raw)
			if err != nil {
				return nil, err
			}
			fs[f.key] = v
			delete(rest, f.key)
		}
	}
	return fs, nil
}

// withFields are the keys of a calendar that its struct does not name, as
// the state file has them: every field (null, or false, when never set) and
// its unknown keys.
func withFields(fs fields, rest unknown) unknown {
	all := make(unknown, len(calendarFields)+len(rest))
	for k, v := range rest {
		all[k] = v
	}
	for _, f := range calendarFields {
		switch v := f.answer(fs[f.key], true).(type) {
		case nil:
			all[f.key] = jsonNull
		case bool:
			all[f.key] = json.RawMessage(strconv.FormatBool(v))
		case int:
			all[f.key] = json.RawMessage(strconv.Itoa(v))
		default:
			all[f.key], _ = json.Marshal(v)
		}
	}
	return all
}

var jsonNull = json.RawMessage("null")
