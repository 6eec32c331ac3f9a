package client

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/kanka-cli/kanka/almanac"
	"github.com/kanka-cli/kanka/internal/yamlwrite"
	yaml "go.yaml.in/yaml/v3"
)

// The calendar's file: the schema a -f file (and later apply) is read with,
// and the form `get -o yaml` prints, in one place.

// calendarServerKeys are the read-only keys of a calendar record (the
// document's and the live service's, related=1 included): accepted and
// ignored, so that what `get -o yaml` or `get -o json` printed can be
// edited and sent back.
var calendarServerKeys = map[string]bool{
	"id": true, "entity_id": true, "image": true, "image_full": true, "image_thumb": true,
	"has_custom_image": true, "image_uuid": true, "header_full": true, "header_uuid": true,
	"has_custom_header": true, "focus_x": true, "focus_y": true, "is_template": true,
	"is_attributes_private": true, "status_id": true, "status": true, "entry_parsed": true,
	"tooltip": true, "urls": true, "created_at": true, "created_by": true, "updated_at": true,
	"updated_by": true, "parameters": true, "attributes": true, "posts": true, "entity_events": true,
	"reminders": true, "relations": true, "inventory": true, "entity_abilities": true,
	"entity_assets": true, "parents": true, "children": true, otherKeysKey: true,
}

// otherKeysKey holds, in the file form, the keys of an answer that kanka
// does not know (a field the service added since): kept for the reader,
// ignored when the file is read back.
const otherKeysKey = "other_keys"

// DecodeCalendar reads one calendar from mapping n, strictly: unknown keys,
// mistyped values and fractions where a whole number is wanted are
// problems of a *FileError, each with its line; with them, what Validate
// refuses in the values the file gives (checkCalendar), so that one run
// says them all. Leniently, as the server's JSON writes them: numbers and
// flags as text ("30", "0"), fullmoon as "30.4375", years as [] when there
// are none and their numbers as quoted keys. A key the file leaves out
// stays unset (nil), so update keeps it; a list key written with no value
// (`seasons:`, `years: null`) is an empty list, so that deleting every
// line under it removes them all. A month may be a name (date, seasons,
// leap_year_month): see ResolveMonths. Each key is read by its field of
// CalendarFields.
func DecodeCalendar(n *yaml.Node) (CalendarInput, error) {
	var in CalendarInput
	err := decodeFile(n, func(r *fileReader, root *yaml.Node) {
		CalendarFields.readFile(r, root, "", &in, func(key string) bool { return calendarServerKeys[key] })
		// Flags given beside -f replace what the file gives (--month over
		// a list of one month), so its values are checked with them, after
		// the reading; unless the file is refused anyway: then what they
		// would find is said with the rest, at its lines.
		if len(r.problems) > 0 {
			r.checkCalendar(in, "", true, 0)
		}
	})
	return in, err
}

// FileOrigin is the record a file was written from, as `get -o yaml` or
// `get -o json` wrote it: its id and update time, zero when the file does
// not say (a file written by hand).
type FileOrigin struct {
	ID        int
	UpdatedAt string
}

// ReadFileOrigin reads the id and updated_at a file carries, if any.
func ReadFileOrigin(n *yaml.Node) FileOrigin {
	var o FileOrigin
	root := documentRoot(n)
	if root == nil || root.Kind != yaml.MappingNode {
		return o
	}
	for i := 0; i+1 < len(root.Content); i += 2 {
		key, v := root.Content[i].Value, resolveAlias(root.Content[i+1])
		if v == nil || v.Kind != yaml.ScalarNode {
			continue
		}
		switch key {
		case "id":
			o.ID, _ = strconv.Atoi(strings.TrimSpace(v.Value))
		case "updated_at":
			o.UpdatedAt = v.Value
		}
	}
	return o
}

// itemKeys read the keys of one item of a file's list into a T, each with
// its reader.
type itemKeys[T any] map[string]func(r *fileReader, v *yaml.Node, p string, item *T)

// readItems reads a list of mappings into Ts, each key with its reader; a
// key keys does not know is an unknown key.
func readItems[T any](r *fileReader, n *yaml.Node, path string, keys itemKeys[T]) []T {
	out := []T{}
	known := sortedKeys(keys)
	r.items(n, path, func(node *yaml.Node, p string) {
		var item T
		r.pairs(node, p, known, func(key string, v *yaml.Node, p string) bool {
			read, ok := keys[key]
			if ok {
				read(r, v, p, &item)
			}
			return ok
		})
		out = append(out, item)
	})
	return out
}

var monthKeys = itemKeys[Month]{
	"name":   func(r *fileReader, v *yaml.Node, p string, m *Month) { m.Name = r.text(v, p) },
	"length": func(r *fileReader, v *yaml.Node, p string, m *Month) { m.Length = r.whole(v, p) },
	"type":   func(r *fileReader, v *yaml.Node, p string, m *Month) { m.Type = r.text(v, p) },
	"alias":  func(r *fileReader, v *yaml.Node, p string, m *Month) { m.Alias = r.text(v, p) },
}

var seasonKeys = itemKeys[Season]{
	"name": func(r *fileReader, v *yaml.Node, p string, s *Season) { s.Name = r.text(v, p) },
	"month": func(r *fileReader, v *yaml.Node, p string, s *Season) {
		month, name := r.month(v, p)
		s.Month, s.MonthName = deref(month, 0), name
	},
	"day": func(r *fileReader, v *yaml.Node, p string, s *Season) { s.Day = r.whole(v, p) },
}

// moonKeys read fullmoon, offset and id as numbers or numeric text (the
// server writes fullmoon as "30.4375").
var moonKeys = itemKeys[Moon]{
	"name":     func(r *fileReader, v *yaml.Node, p string, m *Moon) { m.Name = r.text(v, p) },
	"fullmoon": func(r *fileReader, v *yaml.Node, p string, m *Moon) { m.Fullmoon = r.number(v, p) },
	"offset":   func(r *fileReader, v *yaml.Node, p string, m *Moon) { m.Offset = r.whole(v, p) },
	"colour":   func(r *fileReader, v *yaml.Node, p string, m *Moon) { m.Colour = r.text(v, p) },
	"id":       func(r *fileReader, v *yaml.Node, p string, m *Moon) { m.ID = wholeKind.file(r, v, p) },
}

func (r *fileReader) months(n *yaml.Node, path string) []Month {
	return readItems(r, n, path, monthKeys)
}
func (r *fileReader) seasons(n *yaml.Node, path string) []Season {
	return readItems(r, n, path, seasonKeys)
}
func (r *fileReader) moons(n *yaml.Node, path string) []Moon { return readItems(r, n, path, moonKeys) }

// namedNumbers reads a mapping of number: name (quoted numbers too), an
// empty list (the server's JSON for none), or null: years, named weeks
// (noun says which, for messages).
func (r *fileReader) namedNumbers(n *yaml.Node, path, noun string) map[int]string {
	out := map[int]string{}
	switch {
	case isNull(n), n.Kind == yaml.SequenceNode && len(n.Content) == 0:
		return out
	case n.Kind != yaml.MappingNode:
		r.add(n, path, "must be a mapping of %s number: name", noun)
		return out
	}
	r.pairs(n, path, nil, func(key string, v *yaml.Node, p string) bool {
		y, err := strconv.Atoi(strings.TrimSpace(key))
		if err != nil {
			r.add(v, path, "%q is not a %s number", key, noun)
			return true
		}
		out[y] = r.text(v, p)
		return true
	})
	return out
}

// ResolveMonths turns every month written by name (the date's, the
// seasons', the leap month) into its number, with in's own months: on
// create the months being created, on update the record's after the
// changes. Every name that is no month is said, one per line.
func (in *CalendarInput) ResolveMonths() error {
	if len(in.WrittenNames()) == 0 {
		return nil
	}
	r, _ := in.NamesReckoning()
	var errs []error
	resolve := func(w **Written, dst *int) {
		if *w == nil {
			return
		}
		m, err := (*w).resolve(r)
		if err != nil {
			errs = append(errs, err)
			return
		}
		*dst, *w = m, nil
	}
	if in.DateWritten != nil {
		if d, err := in.DateWritten.resolveDate(r); err != nil {
			errs = append(errs, err)
		} else {
			in.Date, in.DateWritten = &d, nil
		}
	}
	// In the order of the file form (date, seasons, leap_year_month).
	seasons := append([]Season(nil), in.Seasons...)
	for i := range seasons {
		resolve(&seasons[i].MonthName, &seasons[i].Month)
	}
	if in.Seasons != nil {
		in.Seasons = seasons
	}
	if in.LeapYearMonthName != nil {
		var m int
		resolve(&in.LeapYearMonthName, &m)
		if in.LeapYearMonthName == nil {
			in.LeapYearMonth = &m
		}
	}
	return errJoin(errs)
}

// ResolveToday reads a current date counted from today (--date +3) with
// cal, the calendar as read: its current date and its days. The calendar
// as changed cannot count it, since its date is the one being given.
// Nothing else is read; a date counted so is checked as any other.
func (in *CalendarInput) ResolveToday(cal *Calendar) error {
	w := in.DateWritten
	if w == nil || !almanac.IsRelative(w.Text) {
		return nil
	}
	r, err := cal.Reckoning()
	if err != nil {
		return fmt.Errorf("%s: %q: the calendar's days cannot be counted: %v", w.Where, w.Text, err)
	}
	d, err := w.resolveDate(r)
	if err != nil {
		return err
	}
	in.Date, in.DateWritten = &d, nil
	return nil
}

// WrittenNames are the months and the date of in written with names, to
// be read with the calendar's months and years (ResolveMonths), in the
// order of the file form: the date, the seasons, the leap month.
func (in *CalendarInput) WrittenNames() []*Written {
	var out []*Written
	if in.DateWritten != nil {
		out = append(out, in.DateWritten)
	}
	for i := range in.Seasons {
		if w := in.Seasons[i].MonthName; w != nil {
			out = append(out, w)
		}
	}
	if in.LeapYearMonthName != nil {
		out = append(out, in.LeapYearMonthName)
	}
	return out
}

// NamesReckoning is what reads the names of in's dates: its months, year
// names and suffix, nothing else (leap rules and seasons are checked by
// Validate, after). nil when in has no months.
func (in CalendarInput) NamesReckoning() (*almanac.Reckoning, error) {
	if len(in.Months) == 0 {
		return nil, nil
	}
	cal := in.AlmanacCalendar()
	cal.Leap, cal.Seasons, cal.Moons = almanac.LeapRule{}, nil, nil
	return almanac.New(cal)
}

// CalendarFile is the file form of c: what `get -o yaml` prints, id first,
// then the writable fields in the table's order, then the other keys the
// server sent (which DecodeCalendar accepts and ignores; those kanka does
// not know under other_keys). Empty texts, false flags and zero numbers
// are left out to keep the file short: an update starts from the record,
// so leaving them out loses nothing. Months are numbers, so that a round
// trip is exact.
func CalendarFile(c *Calendar) yamlwrite.Map {
	return recordFile(c.ID, CalendarFields.fileForm(&c.CalendarInput), CalendarFields, c.Raw, calendarServerKeys)
}

// recordFile is the file form of a record: its id, the writable fields as
// fields writes them, then the other keys of the answer raw, those the
// server sets (serverKeys) at the top, those kanka does not know under
// other_keys.
func recordFile[In any](id int, fields yamlwrite.Map, t Fields[In], raw []byte, serverKeys map[string]bool) yamlwrite.Map {
	var m yamlwrite.Map
	if id != 0 {
		m = append(m, yamlwrite.Pair{Key: "id", Value: id})
	}
	m = append(m, fields...)
	known := []string{"id"} // and the keys the fields wrote (a reminder's date)
	for _, p := range fields {
		known = append(known, p.Key)
	}
	var others []keyValue
	for _, kv := range extraKeys(t, raw, known...) {
		if serverKeys[kv.Key] {
			addExtra(&m, kv)
		} else {
			others = append(others, kv)
		}
	}
	if len(others) > 0 {
		var other yamlwrite.Map
		addExtra(&other, others...)
		m = append(m, yamlwrite.Pair{Key: otherKeysKey, Value: other})
	}
	return m
}
