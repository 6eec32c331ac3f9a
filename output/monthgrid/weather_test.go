package monthgrid

import (
	"encoding/json"
	"fmt"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/kanka-cli/kanka/almanac"
	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/output"
)

// generatedChes is Ches 1492 with the weather `kanka weather generate
// --climate temperate --seed 7` wrote on each of its 30 days, as the
// server sent it (testdata/ches-1492-generated.json), today the 12th.
func generatedChes(t testing.TB) Input {
	t.Helper()
	raw, err := os.ReadFile("testdata/ches-1492-generated.json")
	if err != nil {
		t.Fatal(err)
	}
	var entries []json.RawMessage
	if err := json.Unmarshal(raw, &entries); err != nil {
		t.Fatal(err)
	}
	in := ches1492(t)
	in.Weather = nil
	for _, e := range entries {
		var w struct {
			Weather, Temperature, Precipitation, Wind, Effect string
			Name                                              *string
			Day, Month, Year                                  int
		}
		if err := json.Unmarshal(e, &w); err != nil {
			t.Fatal(err)
		}
		in.Weather = append(in.Weather, Weather{Date: almanac.Date{Year: w.Year, Month: w.Month, Day: w.Day},
			Code: w.Weather, Temperature: w.Temperature, Precipitation: w.Precipitation, Wind: w.Wind, Effect: w.Effect,
			Raw: e})
	}
	return in
}

// A generated month shows each day's weather in its cell, by its mark,
// and the legend lists each day with its weather in words and its
// temperature, in aligned columns, at 60, 80 and 120 columns, in UTF-8
// and in ASCII.
func TestGeneratedMonthGolden(t *testing.T) {
	for _, width := range []int{60, 80, 120} {
		for _, unicode := range []bool{true, false} {
			name := fmt.Sprintf("generated-ches-1492-%d.golden", width)
			if !unicode {
				name = fmt.Sprintf("generated-ches-1492-%d-ascii.golden", width)
			}
			t.Run(name, func(t *testing.T) {
				in := generatedChes(t)
				got := mustGrid(t, in).Text(Options{Unicode: unicode, Width: width})
				assertFits(t, got, width)
				assertGolden(t, name, got)
				// Every day's cell holds its weather's mark.
				sym := asciiSymbols
				if unicode {
					sym = unicodeSymbols
				}
				grid, _, _ := strings.Cut(got, "\n\n")
				for _, w := range in.Weather {
					if !cellShows(grid, w.Date.Day, sym.weatherMark(w.Code)) {
						t.Errorf("day %d does not show %q (%s)", w.Date.Day, sym.weatherMark(w.Code), w.Code)
					}
				}
			})
		}
	}
}

// cellShows reports whether day's cell in grid starts with mark: right
// after the number, its bracket or its frame's space.
func cellShows(grid string, day int, mark string) bool {
	return regexp.MustCompile(`(^|[^0-9])` + fmt.Sprint(day) + `[] ]?` + regexp.QuoteMeta(mark)).MatchString(grid)
}

// Each of Kanka's weather codes has a mark of its own kind, one column
// wide as the project's two width tables count it (the grid's and the
// table printer's), in UTF-8 and in ASCII; rain of every kind shares
// one; any other text is "?".
func TestEveryWeatherCodeHasAOneColumnMark(t *testing.T) {
	for _, unicode := range []bool{true, false} {
		seen := map[string]string{}
		for _, code := range client.WeatherCodes {
			mark := WeatherMark(code, unicode)
			if mark == "?" || textWidth(mark) != 1 || output.Width(mark) != 1 || len([]rune(mark)) != 1 {
				t.Errorf("%s (unicode %v): mark %q", code, unicode, mark)
			}
			if other, ok := seen[mark]; ok && !(strings.Contains(code, "rain") || strings.Contains(code, "showers")) {
				t.Errorf("%s and %s share %q", code, other, mark)
			}
			seen[mark] = code
		}
		if WeatherMark("hail", unicode) != "?" || WeatherMark("", unicode) != "?" {
			t.Errorf("unknown weather (unicode %v): %q", unicode, WeatherMark("hail", unicode))
		}
		if !unicode {
			for mark := range seen {
				if mark[0] >= 0x80 {
					t.Errorf("ASCII mark %q", mark)
				}
			}
		}
	}
	if WeatherMark("cloud-rain", true) != WeatherMark("cloud-showers-heavy", true) {
		t.Error("rain of every kind shares its mark")
	}
}
