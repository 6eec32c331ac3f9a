package weathergen

import (
	"strings"
	"testing"
)

func TestLoadClimateBoundaries(t *testing.T) {
	for _, tc := range []struct {
		name, file, want string
	}{
		// A file of comments alone has no line to name.
		{"comments alone", "# nothing yet\n", "a climate file is a mapping of keys (name, place, months, ...)"},
		{"summary of 501", "name: x\nsummary: " + strings.Repeat("a", 501) + "\n" + months(-1, ""), "line 2: summary: is longer than 500 characters"},
		// Thirteen months are too many, and their months are not read.
		{"thirteen", "name: x\n" + months(-1, "") + "  - {month: Dec, high: 10, low: 2, wet_days: 8}\n", "line 2: months: has 13 months; a climate needs twelve, January first"},
		// Eleven are too few, and their months are read all the same.
		{"eleven, one wrong", "name: x\n" + strings.Replace(months(0, "  - {month: Jan, high: 3, low: 5, wet_days: 8}"), "  - {month: Dec, high: 10, low: 2, wet_days: 8, precipitation: 50}\n", "", 1),
			"line 2: months: has 11 months; a climate needs twelve, January first\nline 3: months[1].low: 5 is above the high, 3"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := LoadClimate([]byte(tc.file))
			if err == nil || err.Error() != tc.want {
				t.Fatalf("error = %v\nwant    %s", err, tc.want)
			}
		})
	}
}

func TestLoadClimateTakesValuesAtTheirBounds(t *testing.T) {
	file := "name: x\nsummary: " + strings.Repeat("a", 500) + "\n" +
		months(0, "  - {month: Jan, high: 5, low: 5, wet_days: 31, precipitation: 5000}")
	c, err := LoadClimate([]byte(file))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := c.Months[0], (Month{High: 5, Low: 5, WetDays: 31, Precipitation: 5000}); got != want {
		t.Fatalf("January = %+v, want %+v", got, want)
	}
	if len(c.Summary) != 500 {
		t.Fatalf("summary of %d characters", len(c.Summary))
	}
}

// A season's figures are its months' weighted by their days: temperate's
// winter is December 8.6/2.8, January 8.3/2.6 and February 8.5/2.4 (°C).
func TestSeasonFiguresOfTemperatesWinter(t *testing.T) {
	c, _ := ClimateByName("temperate")
	got := c.Seasons()[0]
	want := SeasonFigures{Season: "winter", Months: "Dec–Feb", High: 8.5, Low: 2.6, WetDays: 29.2, Precipitation: 143}
	if got != want {
		t.Fatalf("winter = %+v\nwant     %+v", got, want)
	}
}
