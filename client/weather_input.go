package client

import (
	"encoding/json"
	"strconv"

	"github.com/kanka-cli/kanka/almanac"
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
	// MonthName is the month written by name ("1492-Ches-3"): ResolveDate
	// turns it into Month with the calendar's months.
	MonthName *Written

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

// FromWeather returns the writable part of w with every field set.
func FromWeather(w *Weather) WeatherInput {
	in := WeatherInput{
		Year: ptr(w.Year), Month: ptr(w.Month), Day: ptr(w.Day), Weather: ptr(w.Weather),
		Temperature: ptr(w.Temperature), Precipitation: ptr(w.Precipitation),
		Wind: ptr(w.Wind), Effect: ptr(w.Effect),
	}
	if w.Name != "" {
		in.Name = ptr(w.Name)
	}
	if w.VisibilityID != 0 {
		in.VisibilityID = ptr(w.VisibilityID)
	}
	return in
}

// SetDate gives the whole date.
func (in *WeatherInput) SetDate(d Date) {
	in.Year, in.Month, in.Day, in.MonthName = ptr(d.Year), ptr(d.Month), ptr(d.Day), nil
}

// HasDate reports whether year, month (by number or name) and day are given.
func (in WeatherInput) HasDate() bool {
	return in.Year != nil && in.Day != nil && (in.Month != nil || in.MonthName != nil)
}

// DateLabel is the date as written, for messages ("1492-1-3",
// "1492-Ches-3"), "" when it is not whole.
func (in WeatherInput) DateLabel() string {
	if !in.HasDate() {
		return ""
	}
	month := ""
	if in.MonthName != nil {
		month = in.MonthName.Text
	} else {
		month = strconv.Itoa(*in.Month)
	}
	return strconv.Itoa(*in.Year) + "-" + month + "-" + strconv.Itoa(*in.Day)
}

// ResolveDate turns a month written by name into its number with r, the
// arithmetic of the entry's calendar (Calendar.Reckoning). It does nothing
// when the month is a number. The error names where the month was written
// and the month meant, or the months there are.
func (in *WeatherInput) ResolveDate(r *almanac.Reckoning) error {
	if in.MonthName == nil {
		return nil
	}
	m, err := in.MonthName.resolve(r)
	if err != nil {
		return err
	}
	in.Month, in.MonthName = &m, nil
	return nil
}

// MarshalJSON encodes the wire payload.
func (in WeatherInput) MarshalJSON() ([]byte, error) {
	p := map[string]any{"year": deref(in.Year, 0), "month": deref(in.Month, 0), "day": deref(in.Day, 0),
		"weather": deref(in.Weather, "")}
	setIf(p, "temperature", in.Temperature)
	setIf(p, "precipitation", in.Precipitation)
	setIf(p, "wind", in.Wind)
	setIf(p, "effect", in.Effect)
	setIf(p, "name", in.Name)
	setIf(p, "visibility_id", in.VisibilityID)
	return json.Marshal(p)
}

// weatherFile is the file form of an entry: what `get -o yaml` prints and
// DecodeWeather reads back (the id is then ignored).
type weatherFile struct {
	ID   int    `yaml:"id,omitempty"`
	Date string `yaml:"date,omitempty"`
	// A date given only in part is written in its parts.
	Year          *int   `yaml:"year,omitempty"`
	Month         any    `yaml:"month,omitempty"`
	Day           *int   `yaml:"day,omitempty"`
	Weather       string `yaml:"weather,omitempty"`
	Temperature   string `yaml:"temperature,omitempty"`
	Precipitation string `yaml:"precipitation,omitempty"`
	Wind          string `yaml:"wind,omitempty"`
	Effect        string `yaml:"effect,omitempty"`
	Name          string `yaml:"name,omitempty"`
	Visibility    string `yaml:"visibility,omitempty"`
}

// MarshalYAML writes the file form (date: Y-M-D, visibility by name).
func (in WeatherInput) MarshalYAML() (any, error) { return in.file(0), nil }

// WeatherFile is the file form of w, id first: what `get -o yaml` prints.
func WeatherFile(w *Weather) any { return FromWeather(w).file(w.ID) }

func (in WeatherInput) file(id int) weatherFile {
	f := weatherFile{ID: id, Weather: deref(in.Weather, ""), Temperature: deref(in.Temperature, ""),
		Precipitation: deref(in.Precipitation, ""), Wind: deref(in.Wind, ""), Effect: deref(in.Effect, ""),
		Name: deref(in.Name, "")}
	if in.VisibilityID != nil {
		f.Visibility = VisibilityName(*in.VisibilityID)
	}
	switch {
	case in.HasDate():
		f.Date = in.DateLabel()
	default:
		f.Year, f.Day = in.Year, in.Day
		if in.Month != nil {
			f.Month = *in.Month
		} else if in.MonthName != nil {
			f.Month = in.MonthName.Text
		}
	}
	return f
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
	var r fileReader
	in := r.weather(documentRoot(n), "")
	return in, r.err()
}

// DecodeWeathers reads a list of entries, each as DecodeWeather does;
// paths in problems start with the entry ("[3].date").
func DecodeWeathers(n *yaml.Node) ([]WeatherInput, error) {
	var r fileReader
	var out []WeatherInput
	r.items(documentRoot(n), "", func(item *yaml.Node, path string) { out = append(out, r.weather(item, path)) })
	return out, r.err()
}

// weatherServerKeys are set by the server: accepted and ignored.
var weatherServerKeys = map[string]bool{"id": true, "calendar_id": true, "created_at": true, "created_by": true, "updated_at": true}

func (r *fileReader) weather(n *yaml.Node, path string) WeatherInput {
	var in WeatherInput
	var date, visibilityID *yaml.Node
	var vis, visID *int
	parts := false
	r.pairs(n, path, func(key string, v *yaml.Node, p string) bool {
		switch key {
		case "date":
			date = v
			if d, month := r.date(v, p); d != nil {
				in.SetDate(*d)
				if month != nil {
					in.Month, in.MonthName = nil, month
				}
			}
		case "year":
			parts, in.Year = true, r.wholePtr(v, p)
		case "month":
			parts = true
			in.Month, in.MonthName = r.month(v, p)
		case "day":
			parts, in.Day = true, r.wholePtr(v, p)
		case "weather":
			in.Weather = r.textPtr(v, p)
		case "temperature":
			in.Temperature = r.textPtr(v, p)
		case "precipitation":
			in.Precipitation = r.textPtr(v, p)
		case "wind":
			in.Wind = r.textPtr(v, p)
		case "effect":
			in.Effect = r.textPtr(v, p)
		case "name":
			in.Name = r.textPtr(v, p)
		case "visibility":
			vis = r.visibility(v, p)
		case "visibility_id":
			visibilityID, visID = v, r.visibility(v, p)
		default:
			return weatherServerKeys[key]
		}
		return true
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
	r.add(n, path, "%q is not a visibility: use all, self, admin, self-admin, members or 1 to 5", n.Value)
	return nil
}
