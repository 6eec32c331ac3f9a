package client

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/kanka-cli/kanka/almanac"
	yaml "go.yaml.in/yaml/v3"
)

// CalendarFields is the field table of a calendar: every writable field,
// once, in the order of the file form (what `get -o yaml` prints and `-f`
// reads). See Field.
//
// The live service rebuilds months, weekdays, years, named weeks, moons,
// seasons and the date from every update (an update leaving them out wipes
// them: live-service.md), so those are Rebuilt. Every other field is kept
// by the service when an update leaves it out, so an unknown one is simply
// not sent.
//
// Play moves one field: the current date (calendar advance and retreat,
// the web interface's day buttons), so it alone is MovedByPlay. Every
// other field changes only when someone edits the calendar, so a seed
// that gives it manages it: the months, weekdays, years, weeks, seasons,
// moons and leap rules are the reckoning; name, type, entry, suffix,
// format, tags, privacy and images are the game master's edits, made in a
// file as well as in the web interface.
var CalendarFields = Fields[CalendarInput]{
	{
		Key:    "name",
		given:  func(in *CalendarInput) bool { return in.Name != "" },
		clear:  func(in *CalendarInput) { in.Name = "" },
		copy:   func(dst, src *CalendarInput) { dst.Name = src.Name },
		equal:  func(a, b *CalendarInput) bool { return SameStoredText(a.Name, b.Name) },
		show:   func(in *CalendarInput) string { return strconv.Quote(in.Name) },
		read:   func(raw json.RawMessage, in *CalendarInput) (err error) { in.Name, err = textKind.answer(raw); return },
		file:   func(r *fileReader, v *yaml.Node, p string, in *CalendarInput) { in.Name = r.text(v, p) },
		encode: func(in *CalendarInput, p map[string]any) { p["name"] = in.Name },
		yaml:   func(in *CalendarInput) any { return in.Name },
	},
	scalarField("type", func(in *CalendarInput) **string { return &in.Type }, textKind),
	scalarField("entry", func(in *CalendarInput) **string { return &in.Entry }, textKind),
	dateField,
	days(rebuilt(listField("months", func(in *CalendarInput) *[]Month { return &in.Months }, monthKind, encodeMonths))),
	rebuilt(listField("weekdays", func(in *CalendarInput) *[]string { return &in.Weekdays }, textListKind,
		func(days []string, p map[string]any) { p["weekday"] = nonNil(days) })),
	rebuilt(namedNumbersField("years", "year", func(in *CalendarInput) *map[int]string { return (*map[int]string)(&in.Years) }, "year_number", "year_name")),
	weeksField,
	rebuilt(listField("seasons", func(in *CalendarInput) *[]Season { return &in.Seasons }, seasonKind, encodeSeasons)),
	rebuilt(listField("moons", func(in *CalendarInput) *[]Moon { return &in.Moons }, moonKind, encodeMoons)),
	writeOnly(listField("epochs", func(in *CalendarInput) *[]string { return &in.Epochs }, textListKind,
		func(names []string, p map[string]any) { p["epoch_name"] = nonNil(names) })),
	scalarField("suffix", func(in *CalendarInput) **string { return &in.Suffix }, textKind),
	checked(scalarField("format", func(in *CalendarInput) **string { return &in.Format }, textKind), func(in *CalendarInput, ps *problems) {
		if in.Format == nil {
			return
		}
		if len(*in.Format) > maxFormatLength {
			ps.add("format", "is longer than %d characters", maxFormatLength)
		}
		if strings.Trim(*in.Format, "ymMds ,-") != "" {
			ps.add("format", "may only use the letters y m M d s, spaces, commas and dashes")
		}
	}),
	days(scalarField("skip_year_zero", func(in *CalendarInput) **bool { return &in.SkipYearZero }, flagKind)),
	inRange(scalarField("start_offset", func(in *CalendarInput) **int { return &in.StartOffset }, wholeKind),
		func(in *CalendarInput) **int { return &in.StartOffset }, 0, maxStartOffset, "must be from 0 to %[2]d", false),
	days(scalarField("has_leap_year", func(in *CalendarInput) **bool { return &in.HasLeapYear }, flagKind)),
	leapSetting("leap_year_amount", "", func(in *CalendarInput) **int { return &in.LeapYearAmount },
		-maxLeapAmount, maxLeapAmount, "must be from %d to %d"),
	leapSetting("leap_year_offset", "leap year every", func(in *CalendarInput) **int { return &in.LeapYearOffset },
		1, maxLeapYearSetting, "must be from 1 to %[2]d years"),
	leapSetting("leap_year_start", "", func(in *CalendarInput) **int { return &in.LeapYearStart },
		1, maxLeapYearSetting, "must be from 1 to %[2]d"),
	days(checked(leapMonthField, func(in *CalendarInput, ps *problems) {
		if m := in.LeapYearMonth; leapYears(in) && m != nil && len(in.Months) > 0 && (*m < 1 || *m > len(in.Months)) {
			ps.add("leap year month", "month %d does not exist: the calendar has %s", *m, count(len(in.Months), "month"))
		}
	})),
	tagsField,
	labelled("private", scalarField("is_private", func(in *CalendarInput) **bool { return &in.IsPrivate }, flagKind)),
	writeOnlyText("image_url", "image URL", func(in *CalendarInput) *string { return &in.ImageURL }),
	writeOnlyText("entity_image_uuid", "entity image", func(in *CalendarInput) *string { return &in.EntityImageUUID }),
	writeOnlyText("entity_header_uuid", "entity header", func(in *CalendarInput) *string { return &in.EntityHeaderUUID }),
}

func checked[In any](f Field[In], check func(in *In, ps *problems)) Field[In] {
	f.check = check
	return f
}

// inRange checks that a whole number given is from lo to hi, with message
// (lo and hi are its arguments); only with leap years when onlyLeap.
func inRange(f Field[CalendarInput], get func(*CalendarInput) **int, lo, hi int, message string, onlyLeap bool) Field[CalendarInput] {
	label := f.label()
	return checked(f, func(in *CalendarInput, ps *problems) {
		if onlyLeap && !leapYears(in) {
			return
		}
		if v := *get(in); v != nil && (*v < lo || *v > hi) {
			ps.add(label, message, lo, hi)
		}
	})
}

// leapSetting is a number of the leap rule: it decides the days, and is
// checked only when the calendar has leap years (the service ignores it
// otherwise).
func leapSetting(key, label string, get func(*CalendarInput) **int, lo, hi int, message string) Field[CalendarInput] {
	f := labelled(label, scalarField(key, get, wholeKind))
	return days(inRange(f, get, lo, hi, message, true))
}

// leapYears reports whether in has leap years on.
func leapYears(in *CalendarInput) bool { return in.HasLeapYear != nil && *in.HasLeapYear }

func days[In any](f Field[In]) Field[In] {
	f.Days = true
	return f
}

func labelled[In any](label string, f Field[In]) Field[In] {
	f.Label = label
	return f
}

func rebuilt[In any](f Field[In]) Field[In] {
	f.Rebuilt = true
	return f
}

func writeOnly[In any](f Field[In]) Field[In] {
	f.WriteOnly, f.read = true, nil
	return f
}

// nonNil keeps an empty list an empty JSON array, never null.
func nonNil[T any](v []T) []T {
	if v == nil {
		return []T{}
	}
	return v
}

// dateField is the current date, read from the answer's "date" ("Y-M-D")
// and written as current_year, current_month and current_day. A date
// written with names (DateWritten) moves with it until ResolveMonths.
var dateField = func() Field[CalendarInput] {
	f := valueOrWritten("date", func(in *CalendarInput) **Date { return &in.Date },
		func(in *CalendarInput) **Written { return &in.DateWritten }, (*fileReader).date)
	f.Rebuilt, f.MovedByPlay = true, true
	f.equal = func(a, b *CalendarInput) bool {
		return a.Date != nil && b.Date != nil && *a.Date == *b.Date
	}
	f.show = func(in *CalendarInput) string {
		switch {
		case in.Date != nil:
			return in.Date.String()
		case in.DateWritten != nil:
			return strconv.Quote(in.DateWritten.Text)
		}
		return "(none)"
	}
	// A date that does not read as Y-M-D is unknown, not an error: the
	// rest of the record stays readable.
	f.read = func(raw json.RawMessage, in *CalendarInput) error {
		text, err := textKind.answer(raw)
		if err != nil {
			return err
		}
		if d, err := almanac.ParseNumeric(text); err == nil {
			in.Date = &d
		}
		return nil
	}
	f.encode = func(in *CalendarInput, p map[string]any) {
		if in.Date != nil {
			p["current_year"], p["current_month"], p["current_day"] = in.Date.Year, in.Date.Month, in.Date.Day
		}
	}
	f.yaml = func(in *CalendarInput) any {
		switch {
		case in.Date != nil:
			return in.Date.String()
		case in.DateWritten != nil:
			return in.DateWritten.Text
		}
		return nil
	}
	return f
}()

// leapMonthField is the month that gets the leap days, by number or (in
// flags and files) by name. The service holds it as null until a write
// with has_leap_year sets it (its default is month 1), and writes 1 for a
// value below 1: such a value is read as not set, so that an update sends
// nothing in its place and the service keeps its own default.
var leapMonthField = func() Field[CalendarInput] {
	f := monthOrName("leap_year_month", func(in *CalendarInput) **int { return &in.LeapYearMonth },
		func(in *CalendarInput) **Written { return &in.LeapYearMonthName })
	f.equal = func(a, b *CalendarInput) bool {
		return a.LeapYearMonthName == nil && b.LeapYearMonthName == nil && deref(a.LeapYearMonth, 1) == deref(b.LeapYearMonth, 1)
	}
	f.read = func(raw json.RawMessage, in *CalendarInput) error {
		m, err := wholeKind.answer(raw)
		if err == nil && m >= 1 {
			in.LeapYearMonth = &m
		}
		return err
	}
	f.encode = func(in *CalendarInput, p map[string]any) {
		if in.LeapYearMonth != nil {
			p["leap_year_month"] = *in.LeapYearMonth
		}
	}
	f.yaml = func(in *CalendarInput) any {
		if in.LeapYearMonth != nil {
			return *in.LeapYearMonth
		}
		return nil
	}
	return f
}()

// weeksField is the named weeks (week number: name). The service takes
// them on every write and rebuilds them from it, but never returns them:
// kanka keeps them only by sending what a file gives, every time.
var weeksField = func() Field[CalendarInput] {
	f := namedNumbersField("weeks", "week", func(in *CalendarInput) *map[int]string { return (*map[int]string)(&in.Weeks) }, "week_number", "week_name")
	f.Rebuilt, f.WriteOnly, f.read = true, true, nil
	return f
}()

// tagsField is the tag ids; their order means nothing.
var tagsField = func() Field[CalendarInput] {
	f := listField("tags", func(in *CalendarInput) *[]int { return &in.Tags }, listKind[int]{
		answer: func(raw json.RawMessage) ([]int, error) {
			var v flexTags
			err := readValue(raw, &v)
			return []int(v), err
		},
		file:   (*fileReader).wholes,
		normal: func(v int) int { return v },
		show:   strconv.Itoa,
	}, func(tags []int, p map[string]any) { p["tags"] = nonNil(tags) })
	f.equal = func(a, b *CalendarInput) bool {
		if (a.Tags == nil) != (b.Tags == nil) {
			return false
		}
		return slices.Equal(sortedInts(a.Tags), sortedInts(b.Tags))
	}
	return f
}()

func sortedInts(v []int) []int {
	out := slices.Clone(v)
	slices.Sort(out)
	return out
}

var textListKind = listKind[string]{
	answer: answerItems(func(s flexString) string { return string(s) }),
	file:   (*fileReader).texts,
	normal: StoredText,
	show:   func(s string) string { return s },
}

// monthAnswer, seasonAnswer and moonAnswer are an item of the answer's
// list, read leniently (numbers as text, text as numbers).
type monthAnswer struct {
	Name   flexString `json:"name"`
	Length flexInt    `json:"length"`
	Type   flexString `json:"type"`
	Alias  flexString `json:"alias"`
}

type seasonAnswer struct {
	Name  flexString `json:"name"`
	Month flexInt    `json:"month"`
	Day   flexInt    `json:"day"`
}

type moonAnswer struct {
	Name     flexString `json:"name"`
	Fullmoon flexFloat  `json:"fullmoon"`
	Offset   flexInt    `json:"offset"`
	Colour   flexString `json:"colour"`
	ID       *flexInt   `json:"id"`
}

var monthKind = listKind[Month]{
	answer: answerItems(func(m monthAnswer) Month {
		return Month{Name: string(m.Name), Length: int(m.Length), Type: string(m.Type), Alias: string(m.Alias)}
	}),
	file: (*fileReader).months,
	normal: func(m Month) Month {
		m.Name, m.Alias, m.Type = StoredText(m.Name), StoredText(m.Alias), StoredText(m.Type)
		if m.Type == "" {
			m.Type = "standard"
		}
		return m
	},
	show: func(m Month) string {
		s := m.Name + " " + strconv.Itoa(m.Length)
		if m.Type == "intercalary" {
			s += " intercalary"
		}
		return s
	},
}

// encodeMonths writes months as the parallel arrays, each month's type
// (standard when none) and alias always beside its name: the service
// sets a type or alias left out to standard and "".
func encodeMonths(months []Month, p map[string]any) {
	names, lengths, types, aliases := []string{}, []int{}, []string{}, []string{}
	for _, m := range months {
		t := m.Type
		if t == "" {
			t = "standard"
		}
		names, lengths, types, aliases = append(names, m.Name), append(lengths, m.Length), append(types, t), append(aliases, m.Alias)
	}
	p["month_name"], p["month_length"], p["month_type"], p["month_alias"] = names, lengths, types, aliases
}

var seasonKind = listKind[Season]{
	answer: answerItems(func(s seasonAnswer) Season {
		return Season{Name: string(s.Name), Month: int(s.Month), Day: int(s.Day)}
	}),
	file:   (*fileReader).seasons,
	normal: func(s Season) Season { s.Name = StoredText(s.Name); return s },
	show:   func(s Season) string { return fmt.Sprintf("%s %d-%d", s.Name, s.Month, s.Day) },
}

func encodeSeasons(seasons []Season, p map[string]any) {
	names, months, days := []string{}, []int{}, []int{}
	for _, s := range seasons {
		names, months, days = append(names, s.Name), append(months, s.Month), append(days, s.Day)
	}
	p["season_name"], p["season_month"], p["season_day"] = names, months, days
}

var moonKind = listKind[Moon]{
	answer: answerItems(func(m moonAnswer) Moon {
		moon := Moon{Name: string(m.Name), Fullmoon: float64(m.Fullmoon), Offset: int(m.Offset), Colour: string(m.Colour)}
		if m.ID != nil {
			moon.ID = ptr(int(*m.ID))
		}
		return moon
	}),
	file: (*fileReader).moons,
	// The service assigns ids and a default colour: neither is a change.
	normal: func(m Moon) Moon {
		m.ID, m.Name, m.Colour = nil, StoredText(m.Name), StoredText(m.Colour)
		if m.Colour == "" {
			m.Colour = DefaultMoonColour
		}
		return m
	},
	show: func(m Moon) string { return m.Name + " " + strconv.FormatFloat(m.Fullmoon, 'g', -1, 64) },
	clone: func(m Moon) Moon {
		if m.ID != nil {
			m.ID = ptr(*m.ID)
		}
		return m
	},
}

// encodeMoons writes moons as the parallel arrays: the live service
// requires offset, colour and id beside every name (a new moon's id is
// null), and renumbers the moons when the ids are left out.
func encodeMoons(moons []Moon, p map[string]any) {
	names, fulls, offsets, colours, ids := []string{}, []float64{}, []int{}, []string{}, []*int{}
	for _, m := range moons {
		colour := m.Colour
		if strings.TrimSpace(colour) == "" {
			colour = DefaultMoonColour
		}
		names, fulls, offsets = append(names, m.Name), append(fulls, m.Fullmoon), append(offsets, m.Offset)
		colours, ids = append(colours, colour), append(ids, m.ID)
	}
	p["moon_name"], p["moon_fullmoon"], p["moon_offset"], p["moon_colour"], p["moon_id"] = names, fulls, offsets, colours, ids
}
