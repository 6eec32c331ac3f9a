package client

import (
	"strconv"
	"strings"

	"github.com/kanka-cli/kanka/almanac"
	yaml "go.yaml.in/yaml/v3"
)

// The calendar's file: the schema a -f file (and later apply) is read with,
// and the form `get -o yaml` prints, in one place.

// calendarServerKeys are the read-only keys of a calendar record (the
// document's and the live service's): accepted and ignored, so that what
// `get -o yaml` or `get -o json` printed can be edited and sent back.
var calendarServerKeys = map[string]bool{
	"id": true, "entity_id": true, "image": true, "image_full": true, "image_thumb": true,
	"has_custom_image": true, "image_uuid": true, "header_full": true, "header_uuid": true,
	"has_custom_header": true, "focus_x": true, "focus_y": true, "is_template": true,
	"is_attributes_private": true, "status_id": true, "status": true, "entry_parsed": true,
	"tooltip": true, "urls": true, "created_at": true, "created_by": true, "updated_at": true,
	"updated_by": true, "parameters": true,
}

// DecodeCalendar reads one calendar from mapping n, strictly: unknown keys,
// mistyped values and fractions where a whole number is wanted are
// problems of a *FileError, each with its line. Leniently, as the server's
// JSON writes them: numbers and flags as text ("30", "0"), fullmoon as
// "30.4375", years as [] when there are none and their numbers as quoted
// keys. A key the file leaves out stays unset (nil), so update keeps it; a
// list key written with no value (`seasons:`, `years: null`) is an empty
// list, so that deleting every line under it removes them all. A month may
// be a name (date, seasons, leap_year_month): see ResolveMonths.
func DecodeCalendar(n *yaml.Node) (CalendarInput, error) {
	var r fileReader
	in := r.calendar(documentRoot(n))
	return in, r.err()
}

// CalendarInput has no UnmarshalYAML: yaml.v3 would then leave its fields
// out of the inline file form (calendarFile) when encoding. Decode with
// DecodeCalendar.

func (r *fileReader) calendar(n *yaml.Node) CalendarInput {
	var in CalendarInput
	r.pairs(n, "", func(key string, v *yaml.Node, p string) bool {
		switch key {
		case "name":
			in.Name = r.text(v, p)
		case "type":
			in.Type = r.textPtr(v, p)
		case "entry":
			in.Entry = r.textPtr(v, p)
		case "date":
			in.Date, in.DateMonth = r.date(v, p)
		case "months":
			in.Months = r.months(v, p)
		case "weekdays":
			in.Weekdays = r.texts(v, p)
		case "years":
			in.Years = r.years(v, p)
		case "seasons":
			in.Seasons = r.seasons(v, p)
		case "moons":
			in.Moons = r.moons(v, p)
		case "epochs":
			in.Epochs = r.texts(v, p)
		case "suffix":
			in.Suffix = r.textPtr(v, p)
		case "format":
			in.Format = r.textPtr(v, p)
		case "skip_year_zero":
			in.SkipYearZero = r.flagPtr(v, p)
		case "start_offset":
			in.StartOffset = r.wholePtr(v, p)
		case "has_leap_year":
			in.HasLeapYear = r.flagPtr(v, p)
		case "leap_year_amount":
			in.LeapYearAmount = r.wholePtr(v, p)
		case "leap_year_offset":
			in.LeapYearOffset = r.wholePtr(v, p)
		case "leap_year_start":
			in.LeapYearStart = r.wholePtr(v, p)
		case "leap_year_month":
			in.LeapYearMonth, in.LeapYearMonthName = r.month(v, p)
		case "tags":
			in.Tags = r.wholes(v, p)
		case "is_private":
			in.IsPrivate = r.flagPtr(v, p)
		case "image_url":
			in.ImageURL = r.text(v, p)
		case "entity_image_uuid":
			in.EntityImageUUID = r.text(v, p)
		case "entity_header_uuid":
			in.EntityHeaderUUID = r.text(v, p)
		default:
			return calendarServerKeys[key]
		}
		return true
	})
	return in
}

func (r *fileReader) months(n *yaml.Node, path string) []Month {
	out := []Month{}
	r.items(n, path, func(item *yaml.Node, p string) {
		var m Month
		r.pairs(item, p, func(key string, v *yaml.Node, p string) bool {
			switch key {
			case "name":
				m.Name = r.text(v, p)
			case "length":
				m.Length = r.whole(v, p)
			case "type":
				m.Type = r.text(v, p)
			case "alias":
				m.Alias = r.text(v, p)
			default:
				return false
			}
			return true
		})
		out = append(out, m)
	})
	return out
}

func (r *fileReader) seasons(n *yaml.Node, path string) []Season {
	out := []Season{}
	r.items(n, path, func(item *yaml.Node, p string) {
		var s Season
		r.pairs(item, p, func(key string, v *yaml.Node, p string) bool {
			switch key {
			case "name":
				s.Name = r.text(v, p)
			case "month":
				month, name := r.month(v, p)
				s.Month, s.MonthName = deref(month, 0), name
			case "day":
				s.Day = r.whole(v, p)
			default:
				return false
			}
			return true
		})
		out = append(out, s)
	})
	return out
}

// moons reads moons with fullmoon, offset and id as numbers or numeric
// text (the server writes fullmoon as "30.4375").
func (r *fileReader) moons(n *yaml.Node, path string) []Moon {
	out := []Moon{}
	r.items(n, path, func(item *yaml.Node, p string) {
		var m Moon
		r.pairs(item, p, func(key string, v *yaml.Node, p string) bool {
			switch key {
			case "name":
				m.Name = r.text(v, p)
			case "fullmoon":
				m.Fullmoon = r.number(v, p)
			case "offset":
				m.Offset = r.whole(v, p)
			case "colour":
				m.Colour = r.text(v, p)
			case "id":
				m.ID = r.wholePtr(v, p)
			default:
				return false
			}
			return true
		})
		out = append(out, m)
	})
	return out
}

// years reads a mapping of number: name (quoted numbers too), an empty
// list (the server's JSON for none), or null.
func (r *fileReader) years(n *yaml.Node, path string) Years {
	out := Years{}
	switch {
	case isNull(n), n.Kind == yaml.SequenceNode && len(n.Content) == 0:
		return out
	case n.Kind != yaml.MappingNode:
		r.add(n, path, "must be a mapping of year number: name")
		return out
	}
	r.pairs(n, path, func(key string, v *yaml.Node, p string) bool {
		y, err := strconv.Atoi(strings.TrimSpace(key))
		if err != nil {
			r.add(v, path, "%q is not a year number", key)
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
	named := in.DateMonth != nil || in.LeapYearMonthName != nil
	for _, s := range in.Seasons {
		named = named || s.MonthName != nil
	}
	if !named {
		return nil
	}
	var r *almanac.Reckoning
	if len(in.Months) > 0 {
		// Only the months count here: leap rules and seasons are checked
		// by Validate, after.
		cal := in.AlmanacCalendar()
		cal.Leap, cal.Seasons, cal.Moons = almanac.LeapRule{}, nil, nil
		r, _ = almanac.New(cal)
	}
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
	if in.DateMonth != nil {
		d := *in.Date
		resolve(&in.DateMonth, &d.Month)
		in.Date = &d
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

// calendarFile is the file form of a calendar record: the writable calendar
// with the id first and some keys only the server sets beside it (which
// DecodeCalendar accepts and ignores).
type calendarFile struct {
	ID            int `yaml:"id,omitempty"`
	CalendarInput `yaml:",inline"`
	EntityID      int    `yaml:"entity_id,omitempty"`
	Image         string `yaml:"image,omitempty"`
	ImageFull     string `yaml:"image_full,omitempty"`
	ImageThumb    string `yaml:"image_thumb,omitempty"`
	CreatedAt     string `yaml:"created_at,omitempty"`
	CreatedBy     int    `yaml:"created_by,omitempty"`
	UpdatedAt     string `yaml:"updated_at,omitempty"`
	UpdatedBy     int    `yaml:"updated_by,omitempty"`
}

// CalendarFile is the file form of c: what `get -o yaml` prints. Empty
// texts, false flags and zero numbers are left out to keep the file short;
// update starts from the full record, so leaving them out loses nothing.
// Months are numbers, so that a round trip is exact.
func CalendarFile(c *Calendar) any {
	in := FromCalendar(c)
	for _, s := range []**string{&in.Type, &in.Entry, &in.Suffix, &in.Format} {
		if *s != nil && **s == "" {
			*s = nil
		}
	}
	for _, b := range []**bool{&in.SkipYearZero, &in.HasLeapYear, &in.IsPrivate} {
		if *b != nil && !**b {
			*b = nil
		}
	}
	for _, n := range []**int{&in.StartOffset, &in.LeapYearAmount, &in.LeapYearOffset, &in.LeapYearStart, &in.LeapYearMonth} {
		if *n != nil && **n == 0 {
			*n = nil
		}
	}
	return calendarFile{ID: c.ID, CalendarInput: in, EntityID: c.EntityID, Image: c.Image, ImageFull: c.ImageFull,
		ImageThumb: c.ImageThumb, CreatedAt: c.CreatedAt, CreatedBy: c.CreatedBy, UpdatedAt: c.UpdatedAt, UpdatedBy: c.UpdatedBy}
}
