package client

import (
	"encoding/json"
	"strings"
)

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
	// The date's flag sets its three parts at once: it stands with the
	// first.
	withFlags(rebuilt(dateWhole(scalarField("year", func(in *WeatherInput) **int { return &in.Year }, wholeKind))), weatherDateFlag),
	weatherMonthField,
	rebuilt(dateWhole(scalarField("day", func(in *WeatherInput) **int { return &in.Day }, wholeKind))),
	weatherText("weather", "the weather, up to 20 characters: any `TEXT`; the web interface knows "+
		strings.Join(WeatherCodes[:len(WeatherCodes)-1], ", ")+" and "+WeatherCodes[len(WeatherCodes)-1],
		func(in *WeatherInput) **string { return &in.Weather }, true),
	weatherText("temperature", "the temperature, up to 45 characters of `TEXT`", func(in *WeatherInput) **string { return &in.Temperature }, false),
	weatherText("precipitation", "the precipitation, up to 45 characters of `TEXT`", func(in *WeatherInput) **string { return &in.Precipitation }, false),
	weatherText("wind", "the wind, up to 45 characters of `TEXT`", func(in *WeatherInput) **string { return &in.Wind }, false),
	weatherText("effect", "the effect, up to 45 characters of `TEXT`", func(in *WeatherInput) **string { return &in.Effect }, false),
	ifSet(weatherText("name", "a `NAME` for the entry, up to 40 characters", func(in *WeatherInput) **string { return &in.Name }, false)),
	visibilityField,
}

// weatherText is a text of an entry, set by the flag of its name;
// required ones the service rebuilds (requires) on every write.
func weatherText(key, usage string, get func(*WeatherInput) **string, required bool) Field[WeatherInput] {
	f := withFlags(scalarField(key, get, textKind), textFlag(key, usage, get))
	if required {
		f = rebuilt(f)
	}
	label := strings.ToUpper(key[:1]) + key[1:]
	return shown(label, f, func(in *WeatherInput) DetailLine { return plain(deref(*get(in), "")) })
}

// weatherDateFlag is --date: the whole date, in numbers or with names.
var weatherDateFlag = FlagForm[WeatherInput]{Name: "date",
	Usage: "the day, as `DATE`: 1492-1-3, or with a month name 1492-Hammer-3 or \"3 Hammer 1492\" (the year may be negative); " +
		"or today, tomorrow, yesterday, +N or -N days from the calendar's current date",
	Set: func(in *WeatherInput, v []string) error {
		d, written, err := ParseDateInput(v[0], "--date")
		switch {
		case err != nil:
			return flagProblem("%v", err)
		case d != nil:
			in.SetDate(*d)
		default:
			in.SetWrittenDate(written)
		}
		return nil
	}}

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
	f = shown("Visibility", f, func(in *WeatherInput) DetailLine { return plain(in.Visibility()) })
	return withFlags(f, FlagForm[WeatherInput]{Name: "visibility",
		Usage: "who sees it, a `VISIBILITY`: " + strings.Join(VisibilityNames(), ", ") + ", or 1 to 5",
		Set: func(in *WeatherInput, v []string) error {
			id, err := ParseVisibility(v[0])
			if err != nil {
				return flagProblem("%v", err)
			}
			in.VisibilityID = &id
			return nil
		}})
}()
