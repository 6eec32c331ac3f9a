package client

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
)

// The bounds below keep what one answer decodes into in proportion to what
// kanka needs, not to what a server sends. MaxAnswerBytes bounds the text
// of an answer, but not what decoding makes of it: 30 MB of `years` are two
// million map entries, and the YAML of them gigabytes. So each answer is
// measured (measureAnswer, one pass over its bytes, nothing of it kept)
// before anything of it is built, and refused whole, with what was too
// much, when it passes one.
//
// The service keeps a calendar's months, weekdays, years, seasons and moons
// as JSON, each list in one MySQL TEXT column of at most 65,535 bytes
// (owlchester/kanka, the calendars table), its names in 191 characters and
// a weather entry's texts in 20 to 45. Each bound is that column's most,
// counted with the fewest bytes an item can take, times a wide margin; a
// real calendar holds a few dozen of each.
const (
	// MaxAnswerMonths: a month takes at least 30 bytes of its column
	// ({"name":"","length":1,"type":""}), so the service holds at most
	// about 2,200; kanka reads 10,000.
	MaxAnswerMonths = 10_000
	// MaxAnswerWeekdays: a weekday takes at least 4 bytes ("a",), so at
	// most about 16,000; kanka reads 25,000.
	MaxAnswerWeekdays = 25_000
	// MaxAnswerYears: a named year takes at least 7 bytes ("1":"",), so
	// at most 9,362; kanka reads 20,000. Each costs `-o yaml` and export
	// two nodes and a map entry, about 2 KiB (measured).
	MaxAnswerYears = 20_000
	// MaxAnswerSeasons: a season takes at least 26 bytes, so at most
	// about 2,500; kanka reads 10,000.
	MaxAnswerSeasons = 10_000
	// MaxAnswerMoons: a moon takes at least 40 bytes, so at most about
	// 1,600; kanka reads 10,000.
	MaxAnswerMoons = 10_000
	// MaxAnswerTags: tags are the campaign's, linked one by one from the
	// web interface; a calendar with more than a few dozen is rare, and
	// 10,000 is more than any campaign has.
	MaxAnswerTags = 10_000
	// MaxAnswerTextBytes bounds every text and number kanka reads from a
	// record but its entry: names, types, dates, the names in its lists,
	// a weather entry's texts, and every key. The longest the service
	// keeps is under 64 KiB (a name inside one TEXT column); 256 KiB
	// leaves four times that. It is counted decoded, in bytes.
	MaxAnswerTextBytes = 256 << 10
	// MaxRecordBytes bounds one record as sent, escapes included: what
	// its printing copies over and over (the answer, the record kept
	// whole for -o json, its keys, its values decoded, its YAML: about ten
	// times the record for -o yaml and export, measured). The service
	// holds its lists in five TEXT columns (under 1 MiB as JSON, escaped),
	// its entry and, on the live service, the entry again as
	// entry_parsed; kanka writes an entry of 1 MiB at most. 8 MiB leaves
	// twice the most of all of them together, and keeps the printing of
	// one record under 100 MiB.
	MaxRecordBytes = 8 << 20
	// MaxRecordValues bounds the JSON values of one record, at any depth,
	// keys kanka does not know included: what `-o yaml` and export turn
	// into nodes, 1 to 2 KiB of memory each, measured. A real calendar
	// holds a few hundred; one that names each of the 2,000 years of a
	// setting's history a few thousand. 50,000 keeps the YAML of one
	// record under 100 MiB.
	MaxRecordValues = 50_000
	// MaxAnswerValues bounds the JSON values of one answer, a page of a
	// list included, whose records `-o yaml` prints together: a page of
	// 45 real calendars (100 for subscribers) holds a few thousand to
	// 30,000. 50,000 keeps the YAML of a page under 100 MiB.
	MaxAnswerValues = 50_000
	// MaxAnswerDepth bounds how deep a record nests: the service's go
	// three deep (a moon's name, in the moon, in the list of moons); 32
	// leaves ten times that. Unbounded, a nesting of keys kanka does not
	// know costs the YAML of `-o yaml` and export an indentation a level,
	// that is memory and output with the square of the depth.
	MaxAnswerDepth = 32
	// MaxPageItems bounds the records of one page: the service serves 15
	// to 100 a page.
	MaxPageItems = 1_000
)

// entryKeys are the record keys whose text is the entry (HTML written in
// the web interface, a MySQL LONGTEXT): they are bounded by the answer's
// own size only.
var entryKeys = map[string]bool{"entry": true, "entry_parsed": true}

// AnswerBoundError is an answer that holds more than kanka reads: a record
// with too many items in a list, too long a text, key or number, too many
// values or too deep a nesting, or a page with too many records or values.
// Nothing of it was decoded. It is not retried: the same request would
// bring the same answer.
type AnswerBoundError struct {
	// Record is the record the answer described ("calendar 12", "weather
	// entry 3", "a calendar" when it gave no id before the bound was
	// passed); "" for a page or an error answer.
	Record string
	// What was counted: "years", "values", "levels of nesting",
	// "records"; for a Length, the key of the answer it is under
	// ("months"), "" for a key of the answer itself.
	What string
	// Length, when set, is what Count measures in bytes: "text", "key" or
	// "number"; Whole: Count is the length of the record or answer.
	Length string
	Whole  bool
	// Count is what the answer holds (as far as it was read: counting
	// stops at the first one too many), Limit what kanka reads.
	Count, Limit int
	// Per is what Limit counts in ("in one page", "in an error
	// answer"); "" for a record.
	Per string
}

func (e *AnswerBoundError) Error() string {
	var msg string
	switch {
	case e.Whole && e.Record != "":
		msg = fmt.Sprintf("the record is %s bytes long; kanka reads at most %s", thousands(e.Count), byteSize(e.Limit))
	case e.Whole:
		msg = fmt.Sprintf("the answer is %s bytes long; kanka reads at most %s", thousands(e.Count), byteSize(e.Limit))
	case e.Length != "":
		in := ""
		if e.What != "" {
			in = " in " + e.What
		}
		msg = fmt.Sprintf("the answer holds a %s of %s bytes%s; kanka reads at most %s", e.Length, thousands(e.Count), in, byteSize(e.Limit))
	case e.Count == e.Limit+1:
		// Counting stopped at the first one too many.
		msg = fmt.Sprintf("the answer holds more than %s %s; kanka reads at most %s", thousands(e.Limit), e.What, thousands(e.Limit))
	default:
		msg = fmt.Sprintf("the answer holds %s %s; kanka reads at most %s", thousands(e.Count), e.What, thousands(e.Limit))
	}
	if e.Per != "" {
		msg += " " + e.Per
	}
	if e.Record != "" {
		msg = e.Record + ": " + msg
	}
	return msg
}

// answerShape says what measureAnswer bounds.
type answerShape struct {
	// record names the record b is ("calendar"); per, when b is no
	// record, what the bounds count in ("in one page").
	record, per string
	// lists are the keys of b whose list (or object) has its items
	// counted, with their bounds: a record's lists, a page's data.
	lists map[string]int
	// values and depth bound the whole of b; bytes, when set, its length.
	values, depth, bytes int
	// freeTexts are the keys of b under which texts are not bounded: a
	// record's entry; a page's data, whose records are measured one by
	// one.
	freeTexts map[string]bool
	// unbounded: no text is too long (a value already measured, split).
	unbounded bool
}

// surelyWithin reports whether a record of n bytes, on a page within its
// bounds, is within every bound of s: its nesting, since a page's depth
// is a record's two deeper (pageShape); the rest for want of bytes. A
// list of more than l items takes more than 2l bytes, more than v values
// more than 2v, a text longer than MaxAnswerTextBytes decoded more than a
// third of that (no byte decodes to more than three).
func (s *answerShape) surelyWithin(n int) bool {
	most := min(2*s.values, MaxAnswerTextBytes/3)
	if s.bytes > 0 {
		most = min(most, s.bytes)
	}
	for _, l := range s.lists {
		most = min(most, 2*l)
	}
	return n <= most && s.depth+2 == pageShape.depth
}

// shapeOf is what bounds a record of the resource one names, from the
// resources table: its lists, and the bounds every record shares.
func shapeOf(one string) answerShape {
	r := resources[slices.IndexFunc(resources, func(r resource) bool { return r.one == one })]
	return answerShape{record: cmp.Or(r.entry, r.one), lists: r.lists, values: MaxRecordValues, depth: MaxAnswerDepth,
		bytes: MaxRecordBytes, freeTexts: entryKeys}
}

var (
	calendarShape = shapeOf("calendar")
	weatherShape  = shapeOf("weather")
	reminderShape = shapeOf("reminder")
	// pageShape: a page holds its records two deep ({"data": [{...}]}).
	pageShape = answerShape{per: "in one page", lists: map[string]int{"data": MaxPageItems}, values: MaxAnswerValues,
		depth: MaxAnswerDepth + 2, freeTexts: map[string]bool{"data": true}}
	// errorShape: an error answer (a message, each field's messages) is
	// bounded as a record is.
	errorShape = answerShape{per: "in an error answer", values: MaxRecordValues, depth: MaxAnswerDepth,
		bytes: MaxRecordBytes}
)

// thousands writes n with a comma between each group of three digits.
func thousands(n int) string {
	s := strconv.Itoa(n)
	sign := ""
	if n < 0 {
		sign, s = "-", s[1:]
	}
	out := make([]byte, 0, len(s)+len(s)/3)
	for i := range len(s) {
		if i > 0 && (len(s)-i)%3 == 0 {
			out = append(out, ',')
		}
		out = append(out, s[i])
	}
	return sign + string(out)
}
