package client

import "encoding/json"

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
var WeatherFields = Fields[WeatherInput]{
	rebuilt(dateWhole(scalarField("year", func(in *WeatherInput) **int { return &in.Year }, wholeKind))),
	weatherMonthField,
	rebuilt(dateWhole(scalarField("day", func(in *WeatherInput) **int { return &in.Day }, wholeKind))),
	rebuilt(scalarField("weather", func(in *WeatherInput) **string { return &in.Weather }, textKind)),
	scalarField("temperature", func(in *WeatherInput) **string { return &in.Temperature }, textKind),
	scalarField("precipitation", func(in *WeatherInput) **string { return &in.Precipitation }, textKind),
	scalarField("wind", func(in *WeatherInput) **string { return &in.Wind }, textKind),
	scalarField("effect", func(in *WeatherInput) **string { return &in.Effect }, textKind),
	scalarField("name", func(in *WeatherInput) **string { return &in.Name }, textKind),
	visibilityField,
}

// dateWhole writes a part of the date in a file only when the date is not
// whole (a whole date is one "date: Y-M-D" key).
func dateWhole(f Field[WeatherInput]) Field[WeatherInput] {
	part := f.yaml
	f.yaml = func(in *WeatherInput) any {
		if in.HasDate() {
			return nil
		}
		return part(in)
	}
	return f
}

// weatherMonthField is the month of the entry's date, by number or (in
// flags and files) by name until ResolveDate; a whole date written with
// names moves with it, as it is read into the three parts at once.
var weatherMonthField = func() Field[WeatherInput] {
	f := monthOrName("month", func(in *WeatherInput) **int { return &in.Month }, func(in *WeatherInput) **Written { return &in.Written })
	f.Rebuilt = true
	f.equal = func(a, b *WeatherInput) bool {
		return a.Written == nil && b.Written == nil && a.Month != nil && b.Month != nil && *a.Month == *b.Month
	}
	f.read = func(raw json.RawMessage, in *WeatherInput) error {
		m, err := wholeKind.answer(raw)
		if err == nil {
			in.Month = &m
		}
		return err
	}
	f.encode = func(in *WeatherInput, p map[string]any) { p["month"] = deref(in.Month, 0) }
	f.yaml = func(in *WeatherInput) any {
		switch {
		case in.HasDate():
			return nil
		case in.Written != nil:
			return in.Written.Text
		case in.Month != nil:
			return *in.Month
		}
		return nil
	}
	return f
}()

// visibilityField is who sees the entry, 1 to 5: visibility_id in answers
// and on the wire, a name (or the number) in files.
var visibilityField = func() Field[WeatherInput] {
	kind := wholeKind
	kind.show = VisibilityName
	f := scalarField("visibility", func(in *WeatherInput) **int { return &in.VisibilityID }, kind)
	f.Answer = "visibility_id"
	// Files write it by name, and may give the server's visibility_id:
	// the entry's reader takes both (fileReader.weather).
	f.file = nil
	f.encode = func(in *WeatherInput, p map[string]any) { p["visibility_id"] = *in.VisibilityID }
	f.yaml = func(in *WeatherInput) any {
		if in.VisibilityID == nil {
			return nil
		}
		return VisibilityName(*in.VisibilityID)
	}
	return f
}()
