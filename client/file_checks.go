package client

import (
	"errors"
	"regexp"
	"strings"
	"sync"

	yaml "go.yaml.in/yaml/v3"
)

// The checks of a record (Validate) run on the values a file gives as it
// is read, and their problems join the reading's, each at the line of its
// value, so that one run says every problem of the file (an unknown key,
// a mistyped value, a moon without a name, a season in a month the file's
// months lack) rather than one kind a run: always for a seed, which no
// flag changes; for a -f file, whose values flags may replace, when the
// file is refused anyway (DecodeCalendar). The checks of the record made
// of the file, the flags and the current record find the rest; FileLines
// says where the file gave what they name.

// checkCalendar adds the problems Validate finds in in, the calendar a
// file gives at path, each at its line. What the file leaves out is not
// checked (an update takes it from the record): the months and weekdays
// it does not give are no problem, and when it gives months but does not
// say whether there are leap years, only that each season and the date
// fall in a month of them (a leap day may be the record's). Month names
// are read with the file's months when resolve is set and it gives them;
// a season or date whose month is no month is said once, by that. since
// is the first of r's problems found in reading it.
func (r *fileReader) checkCalendar(in CalendarInput, path string, resolve bool, since int) {
	if r.stopped() {
		return
	}
	c := in
	if resolve && len(c.Months) > 0 {
		r.addWritten(c.ResolveMonths())
	}
	if c.HasLeapYear == nil && len(c.Months) > 0 {
		seasons := make([]Season, len(c.Seasons))
		for i, s := range c.Seasons {
			s.Day = 1
			seasons[i] = s
		}
		c.Seasons = seasons
		if c.Date != nil {
			d := *c.Date
			d.Day = 1
			c.Date = &d
		}
	}
	r.addCheck(c.validate(false), path, since, func(field string) string {
		key := calendarFieldKey(field)
		if !r.given(keyPath(path, topKey(key))) || unresolvedMonth(c, field) {
			return ""
		}
		return key
	})
}

// checkWeather adds the problems Validate finds in in, a weather entry a
// file gives at path, each at its line: of a whole entry (a seed's: its
// weather and date are required), or of what the file gives (whole
// unset: an update's changes). since is the first of r's problems found
// in reading it.
func (r *fileReader) checkWeather(in WeatherInput, path string, whole bool, since int) {
	if r.stopped() {
		return
	}
	r.addCheck(in.Validate(nil), path, since, func(key string) string {
		if key == "visibility" && !r.given(keyPath(path, key)) {
			key = "visibility_id"
		}
		if !whole && !r.givesWeather(path, key) {
			return ""
		}
		return key
	})
}

// givesWeather reports whether the entry at path gives key: the date as
// date, or as year, month and day.
func (r *fileReader) givesWeather(path, key string) bool {
	keys := []string{key}
	if key == "date" {
		keys = append(keys, "year", "month", "day")
	}
	for _, k := range keys {
		if r.given(keyPath(path, k)) {
			return true
		}
	}
	return false
}

// addCheck adds the problems err, the check of a record a file gives at
// path, finds (its *InputError's), each under the file's key of its field
// (key: "" for a problem the file is not to say) at the line of that
// value, or of the nearest value around it that the file gives (the moon
// that has no name). A problem of a value the reading found wrong already
// (since: the first problem of this record), or of one around it, is not
// said again: a fraction read as 0 is no length of 0.
func (r *fileReader) addCheck(err error, path string, since int, key func(field string) string) {
	var ie *InputError
	if !errors.As(err, &ie) {
		return
	}
	var read []string
	for _, p := range r.problems[since:] {
		if p.Path != "" {
			read = append(read, p.Path)
		}
	}
	for _, p := range ie.Problems {
		k := key(p.Field)
		if k == "" {
			continue
		}
		if field := keyPath(path, k); !within(read, field) {
			r.problems = append(r.problems, FileProblem{Line: r.lineOf(field), Path: field, Message: p.Message})
		}
	}
}

// within reports whether a problem at one of paths is of the value at
// path or of a value inside it.
func within(paths []string, path string) bool {
	for _, p := range paths {
		if p == path || strings.HasPrefix(p, path+".") || strings.HasPrefix(p, path+"[") {
			return true
		}
	}
	return false
}

// given reports whether the file gives the key or item at path.
func (r *fileReader) given(path string) bool {
	_, ok := r.bounds().lines[path]
	return ok
}

// lineOf is the line of the value at path, or of the nearest value the
// file gives around it; 0 when there is none.
func (r *fileReader) lineOf(path string) int {
	for path != "" {
		if line, ok := r.bounds().lines[path]; ok {
			return line
		}
		path = parentPath(path)
	}
	return 0
}

// parentPath is the path of the value around the one at path:
// "moons[1].name" -> "moons[1]" -> "moons" -> "".
func parentPath(path string) string {
	if i := strings.LastIndexAny(path, ".["); i >= 0 {
		return path[:i]
	}
	return ""
}

// topKey is the key a path starts with: "moons[1].name" -> "moons".
func topKey(path string) string {
	if i := strings.IndexAny(path, ".["); i >= 0 {
		return path[:i]
	}
	return path
}

// itemField is a problem's field that names an item of a list in the
// user's words: "month 2 length", "season 1", "year 1492".
// Compiled when first used, not when kanka starts.
var itemField = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^(month|weekday|year|season|moon|epoch) (-?\d+)(?: (.+))?$`)
})

// itemLists are the file's key of each list itemField names, and the keys
// of the parts of an item, in the user's words.
var itemLists = map[string]struct {
	key   string
	parts map[string]string
}{
	"month":   {"months", nil},
	"weekday": {"weekdays", nil},
	"season":  {"seasons", nil},
	"moon":    {"moons", map[string]string{"full moon": "fullmoon"}},
	"epoch":   {"epochs", nil},
}

// calendarFieldKey is the path in a calendar file of the value a problem
// of Validate names: "month 2 length" -> "months[2].length", "year 1492"
// -> "years.1492", a field's label -> its key ("suffix" -> "suffix").
func calendarFieldKey(field string) string {
	if m := itemField().FindStringSubmatch(field); m != nil {
		if m[1] == "year" {
			return "years." + m[2]
		}
		list := itemLists[m[1]]
		path := list.key + "[" + m[2] + "]"
		if m[3] == "" {
			return path
		}
		part, ok := list.parts[m[3]]
		if !ok {
			part = m[3]
		}
		return path + "." + part
	}
	for i := range CalendarFields {
		if CalendarFields[i].label() == field {
			return CalendarFields[i].Key
		}
	}
	return field
}

// unresolvedMonth reports whether the problem of field is about a season
// or date whose month, written by name, is no month of the file's: that
// problem is said already.
func unresolvedMonth(c CalendarInput, field string) bool {
	if field == "date" {
		return c.DateWritten != nil
	}
	if m := itemField().FindStringSubmatch(field); m != nil && m[1] == "season" && m[3] == "" {
		for i, s := range c.Seasons {
			if field == "season "+itoa(i+1) {
				return s.MonthName != nil
			}
		}
	}
	return false
}

// FileLines are where a calendar file gives its values: to say at its
// line a problem that a check finds after the reading, once the file is
// put over the record (a day the record's leap years lack).
type FileLines struct {
	lines map[string]int
}

// CalendarFileLines reads the lines of the values of the calendar file n
// (as DecodeCalendar reads it; its problems are DecodeCalendar's to say).
func CalendarFileLines(n *yaml.Node) FileLines {
	var r fileReader
	if root := documentRoot(n); root != nil {
		var in CalendarInput
		r.visit(root, "", func(v *yaml.Node) {
			CalendarFields.readFile(&r, v, "", &in, func(key string) bool { return calendarServerKeys[key] })
		})
	}
	return FileLines{lines: r.bounds().lines}
}

// Place is where the file gives the value of a check's field ("moon 1
// name"): "line 11: moons[1].name", at the line of the moon when it has
// no name; "" when the file does not give the field at all.
func (l FileLines) Place(field string) string {
	key := calendarFieldKey(field)
	r := fileReader{spent: &fileBounds{lines: l.lines}}
	if !r.given(topKey(key)) {
		return ""
	}
	return FileProblem{Line: r.lineOf(key), Path: key}.place()
}

// WeatherFileLines reads the lines of the values of a weather file n, one
// entry or a list of them, as DecodeWeather and DecodeWeathers read it
// (their problems are theirs to say).
func WeatherFileLines(n *yaml.Node) FileLines { return weatherForm.lines(n) }

// ReminderFileLines is WeatherFileLines of a reminders' file.
func ReminderFileLines(n *yaml.Node) FileLines { return reminderForm.lines(n) }

// PlaceKey is where the file gives the value at key ("[2].weather", a key
// of an entry of a list), or the nearest value around it (the entry's line,
// for a key it lacks): "line 7: [2].weather"; "" when the file gives
// nothing there.
func (l FileLines) PlaceKey(key string) string {
	r := fileReader{spent: &fileBounds{lines: l.lines}}
	line := r.lineOf(key)
	if line == 0 {
		return ""
	}
	return FileProblem{Line: line, Path: key}.place()
}
