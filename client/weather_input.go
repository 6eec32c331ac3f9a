package client

import (
	"encoding/json"

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
	Dated

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

// MarshalJSON encodes the wire payload (WeatherFields.Payload).
func (in WeatherInput) MarshalJSON() ([]byte, error) {
	return json.Marshal(WeatherFields.Payload(&in))
}

// MarshalYAML writes the file form (date: Y-M-D, visibility by name).
func (in WeatherInput) MarshalYAML() (any, error) { return datedFileForm(WeatherFields, &in), nil }

// WeatherFile is the file form of w: what `get -o yaml` prints, id first,
// the writable fields (the date as one Y-M-D when it is whole, the
// visibility by name), then the other keys the server sent (accepted and
// ignored when read back; those kanka does not know under other_keys).
func WeatherFile(w *Weather) yamlwrite.Map { return weatherForm.file(w.ID, &w.WeatherInput, w.Raw) }

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
// form or the server's JSON (visibility_id; id, calendar_id, created_* and
// updated_* are accepted and ignored). A month may be a name (see
// ResolveDate). Every problem is in a *FileError, with its line.
func DecodeWeather(n *yaml.Node) (WeatherInput, error) { return weatherForm.one(n) }

// DecodeWeathers reads a list of entries, each as DecodeWeather does.
func DecodeWeathers(n *yaml.Node) ([]WeatherInput, error) { return weatherForm.list(n) }

// weatherForm is a weather entry in files: the keys its server sets are
// accepted and ignored.
var weatherForm = datedForm[WeatherInput, *WeatherInput]{
	fields:     func() Fields[WeatherInput] { return WeatherFields },
	visibility: func(in *WeatherInput) **int { return &in.VisibilityID },
	serverKeys: map[string]bool{"id": true, "calendar_id": true, "created_at": true, "created_by": true,
		"updated_at": true, otherKeysKey: true},
}
