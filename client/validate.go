package client

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strings"
	"unicode/utf8"
)

// Problem is one reason an input would be rejected, with the field named in
// the user's words ("month 2 name", not "month_name.1").
type Problem struct {
	Field   string
	Message string
}

// InputError lists every problem found before anything was sent.
type InputError struct {
	Problems []Problem
}

func (e *InputError) Error() string {
	lines := make([]string, len(e.Problems))
	for i, p := range e.Problems {
		lines[i] = p.Field + ": " + p.Message
	}
	return strings.Join(lines, "\n")
}

type problems []Problem

func (ps *problems) add(field, format string, args ...any) {
	*ps = append(*ps, Problem{Field: field, Message: fmt.Sprintf(format, args...)})
}

func (ps problems) err() error {
	if len(ps) == 0 {
		return nil
	}
	return &InputError{Problems: ps}
}

// Limits of the service (document and live rules).
const (
	maxNameLength = 191
	// The live service accepts a type of 191 characters but stores 45: a
	// longer one fails there with a 500.
	maxTypeLength      = 45
	maxFormatLength    = 20
	maxStartOffset     = 99
	maxLeapAmount      = 128
	maxLeapYearSetting = 255
)

// MaxEntryBytes is the largest entry (a calendar's HTML description) sent.
// Neither the interface document nor the live service states a limit (the
// column holds far more), but a page of text is a few KiB and a book a
// few hundred: 1 MiB leaves room for any description, and refuses at once
// a wrong file or a pasted image before it is sent, and before the service
// or a proxy refuses it after the upload.
const MaxEntryBytes = 1 << 20

// EntryProblem says what is wrong with an entry ("" when nothing is): text
// that is not UTF-8 (JSON would send U+FFFD in its place) or more than
// MaxEntryBytes.
func EntryProblem(entry string) string {
	switch {
	case !utf8.ValidString(entry):
		return notUTF8
	case len(entry) > MaxEntryBytes:
		return fmt.Sprintf("has %d bytes; at most %d (1 MiB) are allowed", len(entry), MaxEntryBytes)
	}
	return ""
}

// notUTF8 is the problem of a text that is not UTF-8: encoded as JSON, each
// bad byte would silently become U+FFFD.
const notUTF8 = "is not valid UTF-8 text"

// namedText is a text of an input and the field it is, for checkText.
type namedText struct{ field, text string }

// checkText adds a problem for each text that is not UTF-8.
func (ps *problems) checkText(texts []namedText) {
	for _, t := range texts {
		if !utf8.ValidString(t.text) {
			ps.add(t.field, notUTF8)
		}
	}
}

// texts are the texts of the calendar, in the order of its fields.
func (in CalendarInput) texts() []namedText {
	t := []namedText{{"name", in.Name}}
	add := func(field string, p *string) {
		if p != nil {
			t = append(t, namedText{field, *p})
		}
	}
	add("type", in.Type)
	for i, m := range in.Months {
		t = append(t, namedText{fmt.Sprintf("month %d name", i+1), m.Name}, namedText{fmt.Sprintf("month %d type", i+1), m.Type},
			namedText{fmt.Sprintf("month %d alias", i+1), m.Alias})
	}
	for i, d := range in.Weekdays {
		t = append(t, namedText{fmt.Sprintf("weekday %d", i+1), d})
	}
	for _, n := range sortedYears(in.Years) {
		t = append(t, namedText{fmt.Sprintf("year %d", n), in.Years[n]})
	}
	for i, s := range in.Seasons {
		t = append(t, namedText{fmt.Sprintf("season %d name", i+1), s.Name})
	}
	for i, m := range in.Moons {
		t = append(t, namedText{fmt.Sprintf("moon %d name", i+1), m.Name}, namedText{fmt.Sprintf("moon %d colour", i+1), m.Colour})
	}
	for i, e := range in.Epochs {
		t = append(t, namedText{fmt.Sprintf("epoch %d", i+1), e})
	}
	add("suffix", in.Suffix)
	add("format", in.Format)
	return append(t, namedText{"image url", in.ImageURL}, namedText{"entity image", in.EntityImageUUID}, namedText{"entity header", in.EntityHeaderUUID})
}

// Validate checks a whole calendar to create against the rules of the
// interface document and the live service, so that bad input is refused
// before a request is sent.
func (in CalendarInput) Validate() error { return in.validate(true) }

// ValidateUpdate checks the whole record an update sends (the current one
// with the changes over it) as Validate does, but for its name: a name the
// answer did not give is not sent, and the service keeps it.
func (in CalendarInput) ValidateUpdate() error { return in.validate(false) }

func (in CalendarInput) validate(create bool) error {
	var ps problems
	ps.checkText(in.texts())
	if in.Entry != nil {
		if p := EntryProblem(*in.Entry); p != "" {
			ps.add("entry", "%s", p)
		}
	}
	switch n := utf8.RuneCountInString(in.Name); {
	case in.Name == "" && !create:
	case StoredText(in.Name) == "":
		ps.add("name", "is required")
	case n > maxNameLength:
		ps.add("name", "has %d characters; at most %d are allowed", n, maxNameLength)
	}
	if in.Type != nil && utf8.RuneCountInString(*in.Type) > maxTypeLength {
		ps.add("type", "is longer than %d characters", maxTypeLength)
	}
	// The document asks at least 2 months and 2 weekdays.
	if len(in.Months) < 2 {
		ps.add("months", "at least 2 are required, %d given", len(in.Months))
	}
	for i, m := range in.Months {
		if StoredText(m.Name) == "" {
			ps.add(fmt.Sprintf("month %d name", i+1), "is required")
		}
		if m.Length < 1 {
			ps.add(fmt.Sprintf("month %d length", i+1), "must be at least 1, not %d", m.Length)
		}
		if m.Type != "" && !slices.Contains(MonthTypes, m.Type) {
			ps.add(fmt.Sprintf("month %d type", i+1), "must be standard or intercalary, not %q", m.Type)
		}
	}
	dates := ps.reckoningOf(in)
	if len(in.Weekdays) < 2 {
		ps.add("weekdays", "at least 2 are required, %d given", len(in.Weekdays))
	}
	for i, d := range in.Weekdays {
		if StoredText(d) == "" {
			ps.add(fmt.Sprintf("weekday %d", i+1), "is empty")
		}
	}
	for _, n := range sortedYears(in.Years) {
		if StoredText(in.Years[n]) == "" {
			ps.add(fmt.Sprintf("year %d", n), "has no name")
		}
	}
	for i, s := range in.Seasons {
		if StoredText(s.Name) == "" {
			ps.add(fmt.Sprintf("season %d name", i+1), "is required")
		}
		ps.checkSeasonStart(dates, i, s)
	}
	for i, m := range in.Moons {
		if StoredText(m.Name) == "" {
			ps.add(fmt.Sprintf("moon %d name", i+1), "is required")
		}
		if !(m.Fullmoon > 0) || math.IsInf(m.Fullmoon, 0) {
			ps.add(fmt.Sprintf("moon %d full moon", i+1), "must be a number of days above 0")
		}
	}
	ps.checkCurrentDate(dates, in.Date)
	CalendarFields.checkFields(&in, &ps)
	return ps.err()
}

// Validate checks a weather entry; with cal given, the date must also be a
// day of that calendar (the live service does not check it). A month
// written by name is checked once ResolveDate has turned it into a number.
func (in WeatherInput) Validate(cal *Calendar) error {
	var ps problems
	if StoredText(deref(in.Weather, "")) == "" {
		ps.add("weather", "is required")
	}
	ps = append(ps, datedProblems(WeatherFields, &in, cal)...)
	// Keep messages in the order of their fields' names.
	slices.SortStableFunc(ps, func(a, b Problem) int { return cmp.Compare(a.Field, b.Field) })
	return ps.err()
}

// count is "1 day" or "30 days".
func count(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
