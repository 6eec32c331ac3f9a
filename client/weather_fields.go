package client

import "slices"

// WeatherCodes are the weather the web interface shows with an icon; any
// other text is allowed too.
var WeatherCodes = []string{"bolt", "cloud", "cloud-rain", "cloud-showers-heavy", "cloud-sun", "cloud-sun-rain", "meteor", "smog", "snowflake", "sun", "wind"}

// WeatherFields is the field table of a weather entry, in the order of
// its file form. The service requires the date and the weather on every
// write, update included, so those are Rebuilt: an update must have read
// them (or be given them). It keeps every other field an update leaves
// out, so an update sends those and what it changes, nothing else
// (UpdateOf): weather has no lastSync, so a change made meanwhile to
// another field could not be seen, and must not be put back.
//
// Play moves none of an entry's fields (none is MovedByPlay): an entry is
// what a day was, kept by its date; the game adds entries for new days
// rather than moving one, so a seed manages every field it gives.
var WeatherFields = Fields[WeatherInput](slices.Concat(
	datedFields(func(in *WeatherInput) *Dated { return &in.Dated }),
	Fields[WeatherInput]{
		rebuilt(textAtMost("weather", func(in *WeatherInput) **string { return &in.Weather }, 20)),
		textAtMost("temperature", func(in *WeatherInput) **string { return &in.Temperature }, 45),
		textAtMost("precipitation", func(in *WeatherInput) **string { return &in.Precipitation }, 45),
		textAtMost("wind", func(in *WeatherInput) **string { return &in.Wind }, 45),
		textAtMost("effect", func(in *WeatherInput) **string { return &in.Effect }, 45),
		textAtMost("name", func(in *WeatherInput) **string { return &in.Name }, 40),
		visibilityField(func(in *WeatherInput) **int { return &in.VisibilityID }),
	}))
