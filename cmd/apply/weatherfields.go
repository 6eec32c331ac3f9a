package apply

import (
	"strconv"

	"github.com/kanka-cli/kanka/client"
)

// weatherText is one optional text of a weather entry.
type weatherText struct {
	name string
	get  func(*client.WeatherInput) **string
}

var weatherTexts = []weatherText{
	{"weather", func(in *client.WeatherInput) **string { return &in.Weather }},
	{"temperature", func(in *client.WeatherInput) **string { return &in.Temperature }},
	{"precipitation", func(in *client.WeatherInput) **string { return &in.Precipitation }},
	{"wind", func(in *client.WeatherInput) **string { return &in.Wind }},
	{"effect", func(in *client.WeatherInput) **string { return &in.Effect }},
	{"name", func(in *client.WeatherInput) **string { return &in.Name }},
}

// weatherChanges are the managed fields of want that differ from have (an
// entry as client.FromWeather gives it). A nil text or visibility is not
// managed (the weather code always is: Check requires it).
func weatherChanges(want, have *client.WeatherInput) []Change {
	var out []Change
	for _, t := range weatherTexts {
		w, h := *t.get(want), *t.get(have)
		if w == nil {
			continue
		}
		old := ""
		if h != nil {
			old = *h // the service keeps no name as no name at all
		}
		if *w != old {
			out = append(out, Change{Field: t.name, Old: cutShown(strconv.Quote(old)), New: cutShown(strconv.Quote(*w))})
		}
	}
	if want.VisibilityID != nil && *want.VisibilityID != deref(have.VisibilityID) {
		out = append(out, Change{Field: "visibility", Old: client.VisibilityName(deref(have.VisibilityID)), New: client.VisibilityName(*want.VisibilityID)})
	}
	return out
}

// mergedWeather is the whole entry to send in an update: the current one
// with the managed fields of want over it.
func mergedWeather(have client.WeatherInput, want *client.WeatherInput) client.WeatherInput {
	out := have
	for _, t := range weatherTexts {
		if v := *t.get(want); v != nil {
			s := *v
			*t.get(&out) = &s
		}
	}
	if want.VisibilityID != nil {
		v := *want.VisibilityID
		out.VisibilityID = &v
	}
	return out
}
