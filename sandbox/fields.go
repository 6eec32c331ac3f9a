package sandbox

import "math"

// field is a record's field of one plain value (a text, a whole number or
// a switch) that a write sets under its key: a calendar's (calendarFields)
// or a child's (children.fields). A table of them says how a write is read
// and checked, the way the service's validator reads it.
type field struct {
	key     string
	kind    fieldKind
	max     int  // a text's most characters (0: no limit)
	liveMax int  // a text's most characters in the live service's mode, when it differs
	numbers bool // a text the service gives no string rule: a number is taken as its text
	lo, hi  int  // a whole number's range
	among   bool // the range is a set of ids: outside it is "invalid", not "between"
	need    need
	// checkedWhen says whether a calendar write's number is checked against
	// its range, given the write and the calendar it changes (nil on
	// create); nil is always.
	checkedWhen func(w *calendarWrite, existing *calendar) bool
	check       func(r reading, key string, v any) // a value's own check
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

// need is when a write must send a field, not null.
type need int

const (
	optional need = iota
	onCreate      // an update may leave it out, not send it null
	always
)

func text(key string, max int) field {
	return field{key: key, kind: textField, max: max}
}
func whole(key string, lo, hi int) field {
	return field{key: key, kind: wholeField, lo: lo, hi: hi}
}
func integer(key string) field { return whole(key, math.MinInt, math.MaxInt) }
func flag(key string) field    { return field{key: key, kind: flagField} }

func (f field) liveOnly() field           { f.live = true; return f }
func (f field) docAfter(key string) field { f.after = key; return f }
func (f field) created(v any) field       { f.onCreate = v; return f }
func (f field) required(n need) field     { f.need = n; return f }
func (f field) maxLive(n int) field       { f.liveMax = n; return f }
func (f field) orNumber() field           { f.numbers = true; return f }
func (f field) oneOf() field              { f.among = true; return f }
func (f field) when(fn func(*calendarWrite, *calendar) bool) field {
	f.checkedWhen = fn
	return f
}
func (f field) checked(fn func(r reading, key string, v any)) field {
	f.check = fn
	return f
}

// reading is a write being read, and what its fields' checks look at.
type reading struct {
	in       *input
	st       *state // the records a check looks up
	creating bool   // the write makes the record
	live     bool   // the server is in the live service's mode
}

// aCalendar checks that a write's id names a calendar.
func aCalendar(r reading, key string, id any) {
	if r.st.findCalendar(id.(int)) == nil {
		r.in.p.add(key, msgInvalid(key))
	}
}

// requiredIn reports whether the write r must send f.
func (f field) requiredIn(r reading) bool {
	return f.need == always || (f.need == onCreate && r.creating)
}

// require names f missing when r must send it and does not (or sends it
// null).
func (f field) require(r reading) {
	if f.requiredIn(r) && !r.in.has(f.key) {
		r.in.p.add(f.key, msgRequired(f.key))
	}
}

// read reads f from the write r: clears says whether a null (a live
// write's) sets it to null, ranged whether a number is checked against its
// range. A null for a field that cannot be null is left out, or refused as
// not of its type when only a create must send it.
func (f field) read(r reading, clears, ranged bool) nullable[any] {
	in := r.in
	if !in.has(f.key) {
		switch {
		case !in.sentNull(f.key) || f.requiredIn(r): // left out, or named by require
		case f.need == onCreate:
			in.p.add(f.key, typeMessages[f.kind](f.key))
		case clears && in.live:
			return nullable[any]{sent: true}
		}
		return nullable[any]{}
	}
	switch f.kind {
	case textField:
		max, read := f.max, in.optStr
		if r.live && f.liveMax > 0 {
			max = f.liveMax
		}
		if f.numbers {
			read = in.optText
		}
		v := read(f.key, max)
		switch {
		case v.v != nil && *v.v == "" && f.requiredIn(r):
			in.p.add(f.key, msgRequired(f.key))
			return nullable[any]{}
		case v.v != nil && f.check != nil:
			f.check(r, f.key, *v.v)
		}
		return anyOf(v)
	case wholeField:
		n, ok := in.integer(f.key)
		if ok && ranged && (n < f.lo || n > f.hi) {
			in.p.add(f.key, f.outOfRange())
			return nullable[any]{}
		}
		if ok && f.check != nil {
			f.check(r, f.key, n)
		}
		return anyOf(sentValue(n, ok))
	}
	return anyOf(sentValue(in.boolean(f.key)))
}

var typeMessages = map[fieldKind]func(key string) string{textField: msgString, wholeField: msgInteger, flagField: msgBoolean}

// outOfRange is the problem of a number outside f's range.
func (f field) outOfRange() string {
	switch {
	case f.among:
		return msgInvalid(f.key)
	case f.hi == math.MaxInt:
		return msgAtLeast(f.key, f.lo)
	}
	return msgBetween(f.key, f.lo, f.hi)
}

func anyOf[T any](n nullable[T]) nullable[any] {
	if n.v == nil {
		return nullable[any]{sent: n.sent}
	}
	v := any(*n.v)
	return nullable[any]{sent: true, v: &v}
}
