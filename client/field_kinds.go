package client

import (
	"encoding/json"
	"html"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	yaml "go.yaml.in/yaml/v3"
)

// The kinds of value a field holds, and the field constructors built on
// them: a table entry names its key, where the value lives in the record,
// and its kind.

// StoredText is s as the service stores it: every request passes its
// TrimStrings middleware (Unicode white space and the zero-width marks it
// names are cut from both ends), and ConvertEmptyStringsToNull stores ""
// as none.
func StoredText(s string) string {
	return strings.TrimFunc(s, func(r rune) bool {
		return unicode.IsSpace(r) || r == '\uFEFF' || r == '\u200B' || r == '\u200E'
	})
}

// SameStoredText reports whether the service stores a and b alike.
func SameStoredText(a, b string) bool { return StoredText(a) == StoredText(b) }

// valueKind says how a value of type T is read, compared and shown.
type valueKind[T any] struct {
	// answer reads the value from the server's JSON, leniently.
	answer func(raw json.RawMessage) (T, error)
	// file reads it from a file, strictly; nil for null ("not given").
	file func(r *fileReader, n *yaml.Node, path string) *T
	same func(a, b T) bool
	show func(v T) string
	// none reports a value the service stores as nothing ("" is null), so
	// that it equals a value not given; nil when every value is something.
	none func(v T) bool
	// brief reports a value a file leaves out to stay short (an empty
	// text, false, 0): the record keeps it, so nothing is lost.
	brief func(v T) bool
}

var textKind = valueKind[string]{
	answer: answerValue(func(v flexString) string { return string(v) }),
	file:   orNull((*fileReader).text),
	same:   SameStoredText,
	show:   strconv.Quote,
	none:   func(v string) bool { return StoredText(v) == "" },
	brief:  func(v string) bool { return v == "" },
}

// StoredPurifiedText is a text the service passes through its HTML
// purifier (a reminder's comment) as it keeps it, for comparing: trimmed,
// and read with its HTML entities decoded. The purifier writes the &, <
// and > of plain text as entities (Tom & Jerry is stored as Tom &amp;
// Jerry) and named entities as the characters they stand for, so that the
// text a file gives and the text the service keeps compare alike once
// both are decoded.
func StoredPurifiedText(s string) string { return StoredText(html.UnescapeString(StoredText(s))) }

// SamePurifiedText reports whether the service keeps purified texts a and
// b alike.
func SamePurifiedText(a, b string) bool { return StoredPurifiedText(a) == StoredPurifiedText(b) }

// purifiedTextKind is a text the service purifies as HTML: a text in every
// way but how it compares (StoredPurifiedText).
var purifiedTextKind = func() valueKind[string] {
	kind := textKind
	kind.same = SamePurifiedText
	kind.none = func(v string) bool { return StoredPurifiedText(v) == "" }
	return kind
}()

var wholeKind = valueKind[int]{
	answer: answerValue(func(v flexInt) int { return int(v) }),
	file:   orNull((*fileReader).whole),
	same:   func(a, b int) bool { return a == b },
	show:   strconv.Itoa,
	brief:  func(v int) bool { return v == 0 },
}

var flagKind = valueKind[bool]{
	answer: answerValue(func(v flexBool) bool { return bool(v) }),
	file:   (*fileReader).flagPtr,
	same:   func(a, b bool) bool { return a == b },
	show:   strconv.FormatBool,
	brief:  func(v bool) bool { return !v },
}

// textAtMost is a text field of at most n characters (its column's), in
// UTF-8 (JSON would send U+FFFD for a bad byte).
func textAtMost[In any](key string, get func(*In) **string, n int) Field[In] {
	return textOfKindAtMost(textKind, key, get, n)
}

// textOfKindAtMost is textAtMost for a text of another kind (purified).
func textOfKindAtMost[In any](kind valueKind[string], key string, get func(*In) **string, n int) Field[In] {
	return checked(scalarField(key, get, kind), func(in *In, ps *problems) {
		v := *get(in)
		if v != nil && !utf8.ValidString(*v) {
			ps.add(key, notUTF8)
		}
		if v != nil && utf8.RuneCountInString(*v) > n {
			ps.add(key, "has %d characters; at most %d are allowed", utf8.RuneCountInString(*v), n)
		}
	})
}

// namedField is a whole number that files know by name (who sees a
// record, a reminder's type): key in files, which write it by name and
// read it with file (nil: the record's reader reads it itself), answer in
// answers and on the wire; check says what is wrong with a number.
func namedField[In any](key, answer string, get func(*In) **int, name func(int) string,
	file func(*fileReader, *yaml.Node, string) *int, check func(in *In, ps *problems)) Field[In] {
	kind := wholeKind
	kind.show, kind.file = name, file
	f := scalarField(key, get, kind)
	if file == nil {
		f.file = nil
	}
	f.Answer = answer
	f.encode = func(in *In, p map[string]any) { p[answer] = **get(in) }
	f.yaml = func(in *In) any {
		if v := *get(in); v != nil {
			return name(*v)
		}
		return nil
	}
	return checked(f, check)
}

// valueOrWritten is a field held as a value or, until it is resolved with
// the calendar's months, as what the user wrote by name (a month, a date):
// the two are given, cleared and copied together, and a file gives one or
// the other (fileRead). How they compare, show, read and write is the
// field's own.
func valueOrWritten[In, V any](key string, value func(*In) **V, written func(*In) **Written,
	fileRead func(*fileReader, *yaml.Node, string) (*V, *Written)) Field[In] {
	return Field[In]{
		Key:   key,
		given: func(in *In) bool { return *value(in) != nil || *written(in) != nil },
		clear: func(in *In) { *value(in), *written(in) = nil, nil },
		copy: func(dst, src *In) {
			*value(dst), *written(dst) = nil, *written(src)
			if v := *value(src); v != nil {
				*value(dst) = ptr(*v)
			}
		},
		file: func(r *fileReader, v *yaml.Node, p string, in *In) { *value(in), *written(in) = fileRead(r, v, p) },
	}
}

// monthOrName is a month by number or, in flags and files, by name (shown
// quoted) until it is resolved.
func monthOrName[In any](key string, value func(*In) **int, written func(*In) **Written) Field[In] {
	f := valueOrWritten(key, value, written, (*fileReader).month)
	f.show = func(in *In) string {
		switch {
		case *written(in) != nil:
			return strconv.Quote((*written(in)).Text)
		case *value(in) != nil:
			return strconv.Itoa(**value(in))
		}
		return "(none)"
	}
	return f
}

// scalarField is a field held as a pointer: nil is not given.
func scalarField[In, T any](key string, get func(*In) **T, kind valueKind[T]) Field[In] {
	return Field[In]{
		Key:   key,
		given: func(in *In) bool { return *get(in) != nil },
		clear: func(in *In) { *get(in) = nil },
		copy: func(dst, src *In) {
			v := **get(src)
			*get(dst) = &v
		},
		equal: func(a, b *In) bool {
			x, y := *get(a), *get(b)
			switch {
			case x != nil && y != nil:
				return kind.same(*x, *y)
			case x == nil && y == nil:
				return true
			case kind.none == nil:
				return false
			case x == nil:
				return kind.none(*y)
			}
			return kind.none(*x)
		},
		show: func(in *In) string {
			if v := *get(in); v != nil {
				return kind.show(*v)
			}
			return "(none)"
		},
		read: func(raw json.RawMessage, in *In) error {
			v, err := kind.answer(raw)
			if err == nil {
				*get(in) = &v
			}
			return err
		},
		file: func(r *fileReader, n *yaml.Node, path string, in *In) { *get(in) = kind.file(r, n, path) },
		encode: func(in *In, p map[string]any) {
			p[key] = **get(in)
		},
		yaml: func(in *In) any {
			if v := *get(in); v != nil && !kind.brief(*v) {
				return *v
			}
			return nil
		},
	}
}

// listField is a field held as a slice: nil is not given, an empty list
// given is "none". Items compare after normal, which fills in what the
// service fills in (a month's type, a moon's colour) and drops what it
// assigns (a moon's id).
type listKind[T any] struct {
	answer func(raw json.RawMessage) ([]T, error)
	file   func(r *fileReader, n *yaml.Node, path string) []T
	normal func(T) T
	show   func(T) string
	clone  func(T) T
}

func listField[In, T any](key string, get func(*In) *[]T, kind listKind[T], encode func(items []T, p map[string]any)) Field[In] {
	normalized := func(in *In) []T {
		out := make([]T, len(*get(in)))
		for i, v := range *get(in) {
			out[i] = kind.normal(v)
		}
		return out
	}
	clone := kind.clone
	if clone == nil {
		clone = func(v T) T { return v }
	}
	return Field[In]{
		Key:   key,
		given: func(in *In) bool { return *get(in) != nil },
		clear: func(in *In) { *get(in) = nil },
		copy: func(dst, src *In) {
			out := make([]T, len(*get(src)))
			for i, v := range *get(src) {
				out[i] = clone(v)
			}
			*get(dst) = out
		},
		equal: func(a, b *In) bool {
			if (*get(a) == nil) != (*get(b) == nil) {
				return false
			}
			return deepEqual(normalized(a), normalized(b))
		},
		show: func(in *In) string {
			if *get(in) == nil {
				return "(unknown)" // a list not given, or null in an answer
			}
			return showList(*get(in), kind.show)
		},
		read: func(raw json.RawMessage, in *In) error {
			v, err := kind.answer(raw)
			if err == nil {
				if v == nil {
					v = []T{}
				}
				*get(in) = v
			}
			return err
		},
		file:   func(r *fileReader, n *yaml.Node, path string, in *In) { *get(in) = kind.file(r, n, path) },
		encode: func(in *In, p map[string]any) { encode(*get(in), p) },
		yaml: func(in *In) any {
			if v := *get(in); len(v) > 0 {
				return v
			}
			return nil
		},
	}
}

// namedNumbers is a field held as a map of number to name (years, named
// weeks): nil is not given. encode writes it as the two parallel arrays
// numberKey and nameKey, in order of number.
func namedNumbersField[In any](key, noun string, get func(*In) *map[int]string, numberKey, nameKey string) Field[In] {
	return Field[In]{
		Key:   key,
		given: func(in *In) bool { return *get(in) != nil },
		clear: func(in *In) { *get(in) = nil },
		copy: func(dst, src *In) {
			out := make(map[int]string, len(*get(src)))
			for k, v := range *get(src) {
				out[k] = v
			}
			*get(dst) = out
		},
		equal: func(a, b *In) bool {
			x, y := *get(a), *get(b)
			if (x == nil) != (y == nil) || len(x) != len(y) {
				return false
			}
			for k, v := range x {
				w, ok := y[k]
				if !ok || !SameStoredText(v, w) {
					return false
				}
			}
			return true
		},
		show: func(in *In) string {
			m := *get(in)
			if m == nil {
				return "(unknown)"
			}
			return showList(sortedKeys(m), func(n int) string { return strconv.Itoa(n) + " " + m[n] })
		},
		read: func(raw json.RawMessage, in *In) error {
			var v flexYears
			if err := readValue(raw, &v); err != nil {
				return err
			}
			*get(in) = map[int]string(v)
			return nil
		},
		file: func(r *fileReader, n *yaml.Node, path string, in *In) { *get(in) = r.namedNumbers(n, path, noun) },
		encode: func(in *In, p map[string]any) {
			m := *get(in)
			numbers, names := []int{}, []string{}
			for _, n := range sortedKeys(m) {
				numbers, names = append(numbers, n), append(names, m[n])
			}
			p[numberKey], p[nameKey] = numbers, names
		},
		yaml: func(in *In) any {
			if m := *get(in); len(m) > 0 {
				return m
			}
			return nil
		},
	}
}

// writeOnlyText is a text the service takes but never returns (an image
// URL): "" is not given. It is labelled label.
func writeOnlyText[In any](key, label string, get func(*In) *string) Field[In] {
	return Field[In]{
		Key: key, WriteOnly: true, Label: label,
		given:  func(in *In) bool { return *get(in) != "" },
		clear:  func(in *In) { *get(in) = "" },
		copy:   func(dst, src *In) { *get(dst) = *get(src) },
		equal:  func(a, b *In) bool { return *get(a) == *get(b) },
		show:   func(*In) string { return "(not readable)" },
		file:   func(r *fileReader, n *yaml.Node, path string, in *In) { *get(in) = r.text(n, path) },
		encode: func(in *In, p map[string]any) { p[key] = *get(in) },
		yaml: func(in *In) any {
			if v := *get(in); v != "" {
				return v
			}
			return nil
		},
	}
}

// maxShown bounds a value as a plan shows it: a long entry or month list
// is cut, the count of items kept.
const maxShown = 60

func showList[T any](items []T, item func(T) string) string {
	if len(items) == 0 {
		return "(none)"
	}
	parts := make([]string, len(items))
	for i, v := range items {
		parts[i] = item(v)
	}
	return "[" + strconv.Itoa(len(items)) + "] " + cutShown(strings.Join(parts, ", "))
}

// cutShown cuts one shown value to maxShown characters.
func cutShown(s string) string {
	if utf8.RuneCountInString(s) > maxShown {
		return string([]rune(s)[:maxShown]) + "…"
	}
	return s
}

// deepEqual compares two lists item by item, by value.
func deepEqual[T any](a, b []T) bool {
	return slices.EqualFunc(a, b, func(x, y T) bool { return reflect.DeepEqual(x, y) })
}

// answerValue decodes a value of the answer as W (a lenient type) and
// makes it a T.
func answerValue[W, T any](value func(W) T) func(raw json.RawMessage) (T, error) {
	return func(raw json.RawMessage) (T, error) {
		var v W
		err := readValue(raw, &v)
		return value(v), err
	}
}

// answerItems decodes a list of the answer into items of W (lenient types)
// and makes each a T.
func answerItems[W, T any](item func(W) T) func(raw json.RawMessage) ([]T, error) {
	return func(raw json.RawMessage) ([]T, error) {
		v, err := readAnswerItems[W](raw)
		if err != nil {
			return nil, err
		}
		out := make([]T, len(v))
		for i, w := range v {
			out[i] = item(w)
		}
		return out, nil
	}
}
