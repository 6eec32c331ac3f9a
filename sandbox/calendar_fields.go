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
var calendarFields = []calendarField{
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

// calendarField is one entry of calendarFields.
type calendarField struct {
	key    string
	kind   fieldKind
	max    int // a text's most characters (0: no limit)
	lo, hi int // a whole number's range
	// checkedWhen says whether a write's number is checked against its
	// range, given the write and the calendar it changes (nil on create);
	// nil is always.
	checkedWhen func(w *calendarWrite, existing *calendar) bool
	check       func(in *input, key, text string) // a text's own check
	// live: answered in the live service's mode only (the document's table
	// does not list it), though stored in both.
	live bool
	// after is the key the document's answers show it after ("": at the
	// end).
	after string
	// onCreate is what a create that leaves it out stores (nil: null).
	onCreate any
}

type fieldKind int

const (
	textField fieldKind = iota
	wholeField
	flagField
)

func text(key string, max int) calendarField {
	return calendarField{key: key, kind: textField, max: max}
}
func whole(key string, lo, hi int) calendarField {
	return calendarField{key: key, kind: wholeField, lo: lo, hi: hi}
}
func flag(key string) calendarField { return calendarField{key: key, kind: flagField} }

func (f calendarField) liveOnly() calendarField           { f.live = true; return f }
func (f calendarField) docAfter(key string) calendarField { f.after = key; return f }
func (f calendarField) created(v any) calendarField       { f.onCreate = v; return f }
func (f calendarField) when(fn func(*calendarWrite, *calendar) bool) calendarField {
	f.checkedWhen = fn
	return f
}
func (f calendarField) checked(fn func(in *input, key, text string)) calendarField {
	f.check = fn
	return f
}

func never(*calendarWrite, *calendar) bool { return false }

// hasLeapYears: the calendar has leap years once the write is applied.
func hasLeapYears(w *calendarWrite, existing *calendar) bool {
	if v := w.fields["has_leap_year"]; v.sent {
		return (*v.v).(bool)
	}
	return existing != nil && existing.Fields.flag("has_leap_year")
}

func formatLetters(in *input, key, text string) {
	if strings.Trim(text, "ymMds ,-") != "" {
		in.p.add(key, "The format format is invalid: only y, m, M, d, s, spaces, commas and dashes are allowed.")
	}
}

// read reads f from a write; a live write may set it to null.
func (f calendarField) read(in *input, w *calendarWrite, existing *calendar) nullable[any] {
	switch f.kind {
	case textField:
		v := in.optStr(f.key, f.max)
		if f.check != nil && v.v != nil {
			f.check(in, f.key, *v.v)
		}
		return anyOf(v)
	case wholeField:
		return anyOf(in.optInt(f.key, f.lo, f.hi, f.checkedWhen == nil || f.checkedWhen(w, existing)))
	}
	return anyOf(sentValue(in.boolean(f.key)))
}

func anyOf[T any](n nullable[T]) nullable[any] {
	if n.v == nil {
		return nullable[any]{sent: n.sent}
	}
	v := any(*n.v)
	return nullable[any]{sent: true, v: &v}
}

// answer is f's value v as answered: live, null for a value never set or
// set to null (a switch is false); in the document's mode, "", 0 or false.
func (f calendarField) answer(v any, live bool) any {
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
func (f calendarField) decode(raw json.RawMessage) (v any, err error) {
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
