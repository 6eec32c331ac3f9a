package client

import (
	"encoding/json"
	"errors"
	"strconv"

	"github.com/kanka-cli/kanka/almanac"
	"github.com/kanka-cli/kanka/internal/yamlwrite"
	yaml "go.yaml.in/yaml/v3"
)

// WeatherInput is the writable part of a weather entry, its one shape: the
// field flags build it, a file decodes into it (DecodeWeather), and `get -o
// yaml` prints it (WeatherFile). A nil field is "not given": a source
// changes only what it names. The live service requires year, month, day
// and weather on every write, update included, so an update starts from
// FromWeather and they are always sent.
type WeatherInput struct {
	Year, Month, Day *int
	// Written is the date written with names ("3 Ches 1492": Written.Date,
	// the parts then nil), or its month by name (a file's month: Ches):
	// ResolveDate reads it with the calendar's months and years.
	Written *Written

	Weather       *string
	Temperature   *string
	Precipitation *string
	Wind          *string
	Effect        *string
	// Name is a live-service extra (up to 40 characters).
	Name *string
	// VisibilityID is 1 to 5; nil leaves it to the server.
	VisibilityID *int
}

// FromWeather is a copy of the writable part of w as it was read: what
// the answer left out stays nil, so that an update sends only what it read
// (the service keeps a field an update leaves out).
func FromWeather(w *Weather) WeatherInput { return WeatherFields.Clone(&w.WeatherInput) }

// Date is the entry's date; a part that is unknown is 0.
func (in WeatherInput) Date() Date {
	return Date{Year: deref(in.Year, 0), Month: deref(in.Month, 0), Day: deref(in.Day, 0)}
}

// SetDate gives the whole date.
func (in *WeatherInput) SetDate(d Date) {
	in.Year, in.Month, in.Day, in.Written = ptr(d.Year), ptr(d.Month), ptr(d.Day), nil
}

// SetWrittenDate gives the whole date as written with names.
func (in *WeatherInput) SetWrittenDate(w *Written) {
	in.Year, in.Month, in.Day, in.Written = nil, nil, nil, w
}

// HasDate reports whether the whole date is given: in numbers, with the
// month by name, or written with names.
func (in WeatherInput) HasDate() bool {
	if in.Written != nil && in.Written.Date {
		return true
	}
	return in.Year != nil && in.Day != nil && (in.Month != nil || in.Written != nil)
}

// DateLabel is the date as written, for messages ("1492-1-3",
// "1492-Ches-3", "3 Ches 1492"), "" when it is not whole.
func (in WeatherInput) DateLabel() string {
	switch {
	case !in.HasDate():
		return ""
	case in.Written != nil && in.Written.Date:
		return in.Written.Text
	case in.Written != nil:
		return strconv.Itoa(*in.Year) + "-" + in.Written.Text + "-" + strconv.Itoa(*in.Day)
	}
	return strconv.Itoa(*in.Year) + "-" + strconv.Itoa(*in.Month) + "-" + strconv.Itoa(*in.Day)
}

// ResolveDate reads a date (or month) written with names with r, the
// arithmetic of the entry's calendar (Calendar.Reckoning). It does nothing
// when the date is in numbers. The error names where it was written and
// the month meant, or the months there are.
func (in *WeatherInput) ResolveDate(r *almanac.Reckoning) error {
	switch {
	case in.Written == nil:
		return nil
	case in.Written.Date:
		d, err := in.Written.resolveDate(r)
		if err != nil {
			return err
		}
		in.SetDate(d)
		return nil
	}
	m, err := in.Written.resolve(r)
	if err != nil {
		return err
	}
	in.Month, in.Written = &m, nil
	return nil
}

// ResolveDates is ResolveDate over every entry of ins, with the months
// and years of cal: every name that is no month of it is said, one a line.
func ResolveDates(cal *Calendar, ins []WeatherInput) error {
	var r *almanac.Reckoning
	var errs []error
	for i := range ins {
		if ins[i].Written == nil {
			continue
		}
		if r == nil {
			r, _ = cal.Reckoning()
		}
		errs = append(errs, ins[i].ResolveDate(r))
	}
	return errors.Join(errs...)
}

// MarshalJSON encodes the wire payload (WeatherFields.Payload).
func (in WeatherInput) MarshalJSON() ([]byte, error) {
	return json.Marshal(WeatherFields.Payload(&in))
}

// MarshalYAML writes the file form (date: Y-M-D, visibility by name).
func (in WeatherInput) MarshalYAML() (any, error) { return weatherFileForm(&in), nil }

// WeatherFile is the file form of w: what `get -o yaml` prints, id first,
// the writable fields (the date as one Y-M-D when it is whole, the
// visibility by name), then the other keys the server sent (accepted and
// ignored when read back; those kanka does not know under other_keys).
func WeatherFile(w *Weather) yamlwrite.Map {
	return recordFile(w.ID, weatherFileForm(&w.WeatherInput), WeatherFields, w.Raw, weatherServerKeys)
}

// weatherFileForm is the writable part of an entry as a file writes it.
func weatherFileForm(in *WeatherInput) yamlwrite.Map {
	if !in.HasDate() {
		return WeatherFields.fileForm(in)
	}
	// A whole date is one key, where the year stands in the table.
	rest := *in
	rest.Year, rest.Month, rest.Written, rest.Day = nil, nil, nil, nil
	date, err := yamlwrite.Node(in.DateLabel())
	if err != nil {
		date = &yaml.Node{} // null
	}
	return append(yamlwrite.Map{{Key: "date", Value: date}}, WeatherFields.fileForm(&rest)...)
}

// UnmarshalYAML reads one entry as DecodeWeather does.
func (in *WeatherInput) UnmarshalYAML(n *yaml.Node) error {
	out, err := DecodeWeather(n)
	if err != nil {
		return err
	}
	*in = out
	return nil
}

// DecodeWeather reads one weather entry from mapping n, strictly: the file
// form (date: Y-M-D or year, month and day; visibility by name or number)
// or the server's JSON (visibility_id; id, calendar_id, created_* and
// updated_* are accepted and ignored). A month may be a name (see
// ResolveDate). Every problem is in a *FileError, with its line.
func DecodeWeather(n *yaml.Node) (WeatherInput, error) {
	var in WeatherInput
	err := decodeFile(n, func(r *fileReader, root *yaml.Node) { in = r.weather(root, "") })
	return in, err
}

// DecodeWeathers reads a list of entries, each as DecodeWeather does;
// paths in problems start with the entry ("[3].date").
func DecodeWeathers(n *yaml.Node) ([]WeatherInput, error) {
	var out []WeatherInput
	err := decodeFile(n, func(r *fileReader, root *yaml.Node) {
		r.items(root, "", func(item *yaml.Node, path string) { out = append(out, r.weather(item, path)) })
	})
	return out, err
}

// weatherServerKeys are set by the server: accepted and ignored.
var weatherServerKeys = map[string]bool{"id": true, "calendar_id": true, "created_at": true, "created_by": true,
	"updated_at": true, otherKeysKey: true}

// weather reads one entry: each key by its field of WeatherFields, and the
// two ways of writing a date (date: Y-M-D, or year, month and day) and a
// visibility (visibility by name, or the server's visibility_id), each
// refused when both are given and disagree.
func (r *fileReader) weather(n *yaml.Node, path string) WeatherInput {
	var in WeatherInput
	var date, visibilityID *yaml.Node
	var vis, visID *int
	parts := false
	WeatherFields.readFile(r, n, path, &in, func(key string) bool { return weatherServerKeys[key] }, map[string]func(v *yaml.Node, p string){
		"date": func(v *yaml.Node, p string) {
			date = v
			switch d, written := r.date(v, p); {
			case d != nil:
				in.SetDate(*d)
			case written != nil:
				in.SetWrittenDate(written)
			}
		},
		"year":          func(*yaml.Node, string) { parts = true },
		"month":         func(*yaml.Node, string) { parts = true },
		"day":           func(*yaml.Node, string) { parts = true },
		"visibility":    func(v *yaml.Node, p string) { vis = r.visibility(v, p) },
		"visibility_id": func(v *yaml.Node, p string) { visibilityID, visID = v, r.visibility(v, p) },
	})
	if date != nil && parts {
		r.add(date, keyPath(path, "date"), "give date: Y-M-D or year, month and day, not both")
	}
	switch {
	case vis != nil && visID != nil && *vis != *visID:
		r.add(visibilityID, keyPath(path, "visibility_id"), "visibility and visibility_id disagree: give one")
	case vis != nil:
		in.VisibilityID = vis
	case visID != nil:
		in.VisibilityID = visID
	}
	return in
}

// visibility reads a visibility name or a number from 1 to 5; null is
// "not given".
func (r *fileReader) visibility(n *yaml.Node, path string) *int {
	if isNull(n) {
		return nil
	}
	if n.Kind == yaml.ScalarNode {
		if id, err := ParseVisibility(n.Value); err == nil {
			return &id
		}
	}
	r.add(n, path, "%q is not a visibility: use %s", n.Value, visibilityChoices())
	return nil
}
