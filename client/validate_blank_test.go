package client_test

import (
	"reflect"
	"testing"

	"github.com/kanka-cli/kanka/client"
)

// A required text made only of what the service trims away (white space,
// U+FEFF, U+200B) is stored as null, so the service refuses it: it is
// refused before anything is sent, as an empty one is.
func TestRequiredTextsOfOnlyTrimmedMarksAreRefused(t *testing.T) {
	const blank = "\u200b\ufeff "
	year, month, day := 1492, 1, 1
	w := client.WeatherInput{Weather: ptrTo(blank)}
	w.Year, w.Month, w.Day = &year, &month, &day
	if got, want := problems(t, w.Validate(nil)), []client.Problem{{Field: "weather", Message: "is required"}}; !reflect.DeepEqual(got, want) {
		t.Errorf("weather %q: problems %v, want %v", blank, got, want)
	}

	cal := validCalendar()
	cal.Name = blank
	cal.Months[0].Name = blank
	cal.Weekdays[1] = blank
	cal.Seasons = []client.Season{{Name: blank, Month: 1, Day: 1}}
	cal.Moons = []client.Moon{{Name: blank, Fullmoon: 29.5}}
	want := []client.Problem{
		{Field: "name", Message: "is required"},
		{Field: "month 1 name", Message: "is required"},
		{Field: "weekday 2", Message: "is empty"},
		{Field: "season 1 name", Message: "is required"},
		{Field: "moon 1 name", Message: "is required"},
	}
	if got := problems(t, cal.Validate()); !reflect.DeepEqual(got, want) {
		t.Errorf("calendar of blank names: problems\n%v\nwant\n%v", got, want)
	}
}

func ptrTo[T any](v T) *T { return &v }
