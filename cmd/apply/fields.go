package apply

import (
	"fmt"
	"maps"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/kanka-cli/kanka/client"
)

// calendarField is one writable field of a calendar: whether a seed manages
// it, whether the seed's value equals the record's, how to show a value,
// and how to put the seed's value into the record to send. Diff and merge
// read the same table, so they cannot disagree on a field.
type calendarField struct {
	name    string
	managed func(in *client.CalendarInput) bool
	equal   func(want, have *client.CalendarInput) bool
	show    func(in *client.CalendarInput) string
	set     func(dst, src *client.CalendarInput)
	// writeOnly fields (epochs, images) are never returned by the service:
	// they cannot be compared, so they are sent with a create, or with an
	// update that happens for another field, and never cause one.
	writeOnly bool
}

// calendarFields is every writable field, in the order the plan shows them.
var calendarFields = []calendarField{
	{
		name:    "name",
		managed: func(in *client.CalendarInput) bool { return in.Name != "" },
		equal:   func(w, h *client.CalendarInput) bool { return w.Name == h.Name },
		show:    func(in *client.CalendarInput) string { return strconv.Quote(in.Name) },
		set:     func(d, s *client.CalendarInput) { d.Name = s.Name },
	},
	pointerField("type", func(in *client.CalendarInput) **string { return &in.Type }, strconv.Quote),
	pointerField("entry", func(in *client.CalendarInput) **string { return &in.Entry }, strconv.Quote),
	pointerField("date", func(in *client.CalendarInput) **client.Date { return &in.Date }, client.Date.String),
	listField("months", func(in *client.CalendarInput) *[]client.Month { return &in.Months }, normalMonth, showMonth),
	listField("weekdays", func(in *client.CalendarInput) *[]string { return &in.Weekdays }, same[string], func(s string) string { return s }),
	{
		name:    "years",
		managed: func(in *client.CalendarInput) bool { return in.Years != nil },
		equal:   func(w, h *client.CalendarInput) bool { return maps.Equal(w.Years, h.Years) },
		show:    showYears,
		set:     func(d, s *client.CalendarInput) { d.Years = maps.Clone(s.Years) },
	},
	listField("seasons", func(in *client.CalendarInput) *[]client.Season { return &in.Seasons }, same[client.Season],
		func(s client.Season) string { return fmt.Sprintf("%s %d-%d", s.Name, s.Month, s.Day) }),
	listField("moons", func(in *client.CalendarInput) *[]client.Moon { return &in.Moons }, normalMoon,
		func(m client.Moon) string { return m.Name + " " + strconv.FormatFloat(m.Fullmoon, 'g', -1, 64) }),
	pointerField("suffix", func(in *client.CalendarInput) **string { return &in.Suffix }, strconv.Quote),
	pointerField("format", func(in *client.CalendarInput) **string { return &in.Format }, strconv.Quote),
	pointerField("skip_year_zero", func(in *client.CalendarInput) **bool { return &in.SkipYearZero }, strconv.FormatBool),
	pointerField("start_offset", func(in *client.CalendarInput) **int { return &in.StartOffset }, strconv.Itoa),
	pointerField("has_leap_year", func(in *client.CalendarInput) **bool { return &in.HasLeapYear }, strconv.FormatBool),
	pointerField("leap_year_amount", func(in *client.CalendarInput) **int { return &in.LeapYearAmount }, strconv.Itoa),
	pointerField("leap_year_offset", func(in *client.CalendarInput) **int { return &in.LeapYearOffset }, strconv.Itoa),
	pointerField("leap_year_start", func(in *client.CalendarInput) **int { return &in.LeapYearStart }, strconv.Itoa),
	pointerField("leap_year_month", func(in *client.CalendarInput) **int { return &in.LeapYearMonth }, strconv.Itoa),
	{
		name:    "tags",
		managed: func(in *client.CalendarInput) bool { return in.Tags != nil },
		// The order of tags means nothing.
		equal: func(w, h *client.CalendarInput) bool { return slices.Equal(sortedInts(w.Tags), sortedInts(h.Tags)) },
		show:  func(in *client.CalendarInput) string { return showList(in.Tags, strconv.Itoa) },
		set:   func(d, s *client.CalendarInput) { d.Tags = slices.Clone(s.Tags) },
	},
	pointerField("is_private", func(in *client.CalendarInput) **bool { return &in.IsPrivate }, strconv.FormatBool),
	writeOnlyField("epochs", func(in *client.CalendarInput) bool { return in.Epochs != nil },
		func(d, s *client.CalendarInput) { d.Epochs = slices.Clone(s.Epochs) }),
	writeOnlyField("image_url", func(in *client.CalendarInput) bool { return in.ImageURL != "" },
		func(d, s *client.CalendarInput) { d.ImageURL = s.ImageURL }),
	writeOnlyField("entity_image_uuid", func(in *client.CalendarInput) bool { return in.EntityImageUUID != "" },
		func(d, s *client.CalendarInput) { d.EntityImageUUID = s.EntityImageUUID }),
	writeOnlyField("entity_header_uuid", func(in *client.CalendarInput) bool { return in.EntityHeaderUUID != "" },
		func(d, s *client.CalendarInput) { d.EntityHeaderUUID = s.EntityHeaderUUID }),
}

func pointerField[T comparable](name string, get func(*client.CalendarInput) **T, show func(T) string) calendarField {
	return calendarField{
		name:    name,
		managed: func(in *client.CalendarInput) bool { return *get(in) != nil },
		equal: func(w, h *client.CalendarInput) bool {
			want, have := *get(w), *get(h)
			return have != nil && *want == *have
		},
		show: func(in *client.CalendarInput) string {
			if v := *get(in); v != nil {
				return show(*v)
			}
			return "(none)"
		},
		set: func(d, s *client.CalendarInput) {
			v := **get(s)
			*get(d) = &v
		},
	}
}

// listField compares lists item by item after normal, which fills in what
// the service fills in (a month's type, a moon's colour) and drops what it
// assigns (a moon's id).
func listField[T any](name string, get func(*client.CalendarInput) *[]T, normal func(T) T, item func(T) string) calendarField {
	normalized := func(in *client.CalendarInput) []T {
		var out []T
		for _, v := range *get(in) {
			out = append(out, normal(v))
		}
		return out
	}
	return calendarField{
		name:    name,
		managed: func(in *client.CalendarInput) bool { return *get(in) != nil },
		equal: func(w, h *client.CalendarInput) bool {
			return reflect.DeepEqual(normalized(w), normalized(h))
		},
		show: func(in *client.CalendarInput) string { return showList(*get(in), item) },
		set:  func(d, s *client.CalendarInput) { *get(d) = slices.Clone(*get(s)) },
	}
}

func writeOnlyField(name string, managed func(*client.CalendarInput) bool, set func(d, s *client.CalendarInput)) calendarField {
	return calendarField{name: name, managed: managed, set: set, writeOnly: true,
		equal: func(w, h *client.CalendarInput) bool { return true },
		show:  func(*client.CalendarInput) string { return "(not readable)" }}
}

func same[T any](v T) T { return v }

func normalMonth(m client.Month) client.Month {
	if m.Type == "" {
		m.Type = "standard"
	}
	return m
}

func normalMoon(m client.Moon) client.Moon {
	m.ID = nil
	if m.Colour == "" {
		m.Colour = client.DefaultMoonColour
	}
	return m
}

func showMonth(m client.Month) string {
	s := m.Name + " " + strconv.Itoa(m.Length)
	if m.Type == "intercalary" {
		s += " intercalary"
	}
	return s
}

func showYears(in *client.CalendarInput) string {
	keys := slices.Sorted(maps.Keys(in.Years))
	return showList(keys, func(y int) string { return strconv.Itoa(y) + " " + in.Years[y] })
}

func sortedInts(v []int) []int {
	out := slices.Clone(v)
	slices.Sort(out)
	return out
}

// maxShown bounds a value as the plan shows it: a long entry or month list
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
	s := strings.Join(parts, ", ")
	if utf8.RuneCountInString(s) > maxShown {
		s = string([]rune(s)[:maxShown]) + "…"
	}
	return fmt.Sprintf("[%d] %s", len(items), s)
}

// cutShown cuts one shown value to maxShown characters.
func cutShown(s string) string {
	if utf8.RuneCountInString(s) > maxShown {
		return string([]rune(s)[:maxShown]) + "…"
	}
	return s
}

// Change is one managed field that differs: its name and both values as
// the plan shows them.
type Change struct {
	Field string `json:"field"`
	Old   string `json:"old"`
	New   string `json:"new"`
}

// calendarChanges are the managed fields of want that differ from have
// (the record as client.FromCalendar gives it).
func calendarChanges(want, have *client.CalendarInput) []Change {
	var out []Change
	for _, f := range calendarFields {
		if f.writeOnly || !f.managed(want) || f.equal(want, have) {
			continue
		}
		out = append(out, Change{Field: f.name, Old: cutShown(f.show(have)), New: cutShown(f.show(want))})
	}
	return out
}

// merged is the whole record to send in an update: the current one, with
// every managed field of want put over it, so that nothing the seed does
// not name is lost (the live service rebuilds every list from each write).
// Moons keep the id of the current moon of the same name, so that they
// are updated rather than deleted and made again.
func merged(current *client.Calendar, want *client.CalendarInput) client.CalendarInput {
	in := client.FromCalendar(current)
	for _, f := range calendarFields {
		if f.managed(want) {
			f.set(&in, want)
		}
	}
	client.KeepMoonIDs(in.Moons, current.Moons)
	return in
}
