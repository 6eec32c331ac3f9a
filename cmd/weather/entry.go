package weather

import (
	"slices"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/cmdutil/resource"
)

// dateKeys are the fields of WeatherFields that make the date.
var dateKeys = []string{"year", "month", "day"}

// isDatePart reports whether a field of WeatherFields is part of the date.
func isDatePart(key string) bool { return slices.Contains(dateKeys, key) }

// checkEntries is every problem of the entries (their dates checked
// against cal when it is given) as one UsageError, nil when there is none
// (resource.CheckEach).
func checkEntries(entries []client.WeatherInput, numbered bool, cal *client.Calendar, place func(string) string) error {
	return resource.CheckEach("weather entry", "weather entries", entries, numbered, (*input).DateLabel, func(in *input) error { return in.Validate(cal) }, place)
}

// entryName is "entry 4 (1492-3-4)", or "entry 4" when the date is unknown.
func entryName(i int, date string) string { return resource.RecordName("entry", i, date) }
