package client_test

import (
	"testing"

	"github.com/kanka-cli/kanka/client"
)

// A weather file's visibility is a name or a number.
func TestWeatherFileVisibility(t *testing.T) {
	for src, want := range map[string]int{
		"date: 1492-1-1\nweather: sun\nvisibility: all\n":     1,
		"date: 1492-1-1\nweather: sun\nvisibility: members\n": 5,
		"date: 1492-1-1\nweather: sun\nvisibility_id: 3\n":    3,
	} {
		in, err := client.DecodeWeather(node(t, src))
		if err != nil {
			t.Errorf("%q: %v", src, err)
			continue
		}
		if in.VisibilityID == nil || *in.VisibilityID != want {
			t.Errorf("%q: visibility %v, want %d", src, in.VisibilityID, want)
		}
	}
}

// A weather date is whole with its year, its day and its month in numbers
// or by name, or written whole with names; without a month, it is not.
func TestWeatherHasDate(t *testing.T) {
	month := &client.Written{Text: "Ches", Where: "--date"}
	whole := &client.Written{Text: "3 Ches 1492", Where: "--date", Date: true}
	for _, tc := range []struct {
		name string
		in   client.WeatherInput
		want bool
	}{
		{"numbers", client.WeatherInput{Dated: client.Dated{Year: ptr(1492), Month: ptr(3), Day: ptr(3)}}, true},
		{"month by name", client.WeatherInput{Dated: client.Dated{Year: ptr(1492), Day: ptr(3), Written: month}}, true},
		{"written whole", client.WeatherInput{Dated: client.Dated{Written: whole}}, true},
		{"no month", client.WeatherInput{Dated: client.Dated{Year: ptr(1492), Day: ptr(3)}}, false},
		{"no day", client.WeatherInput{Dated: client.Dated{Year: ptr(1492), Month: ptr(3)}}, false},
	} {
		if got := tc.in.HasDate(); got != tc.want {
			t.Errorf("%s: HasDate() = %v, want %v", tc.name, got, tc.want)
		}
	}
}
