package monthgrid

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/kanka-cli/kanka/almanac"
)

// The legend explains the marks the grid shows, and only those: a month
// whose one day shows Selûne full has a full-moon line and no other.
func TestLegendExplainsOnlyTheMarksShown(t *testing.T) {
	in := ches1492(t)
	in.Month = 13 // Highharvestide, one day outside the week
	assertText(t, mustGrid(t, in).Text(Options{Unicode: true}), ""+
		"    Highharvestide 1492 DR, Year of Three Ships Sailing\n"+
		"                    (outside the week)\n"+
		"                             1 ○\n"+
		"\n"+
		"○  full moon: Selûne\n")
}

// Two moons half a cycle apart: whenever one is new the other is full, and
// whenever one is at last quarter the other is at first. The cells show
// the full moon and the first quarter, so the legend has those two lines,
// naming each moon's days, and none for the new moon or the last quarter,
// which no cell shows.
func TestLegendLeavesOutPhasesNoCellShows(t *testing.T) {
	c := fiveDays(almanac.Month{Name: "Ten", Length: 10})
	c.Moons = []almanac.Moon{{Name: "Lur", Fullmoon: "8"}, {Name: "Sel", Fullmoon: "8", Offset: 4}}
	assertText(t, textOf(t, c, 1, Options{Unicode: true}), ""+
		"            Ten 0\n"+
		" A     B     C     D     E\n"+
		"  1 ○   2     3 ◐   4     5 ○\n"+
		"  6     7 ◐   8     9 ○  10\n"+
		"\n"+
		"○  full moon: Lur on 1, 9; Sel on 5\n"+
		"◐  first quarter: Lur on 7; Sel on 3\n")
}

// Weather recorded without words (no code, no name, or only spaces) is
// listed by its day and the mark of weather the grid has no picture for.
func TestWeatherWithoutWordsIsListedByDayAndMark(t *testing.T) {
	c := fiveDays(almanac.Month{Name: "Ten", Length: 10})
	in := Input{Reckoning: reckon(t, c), Year: 0, Month: 1, Weather: []Weather{
		{Date: *day(0, 1, 3), Raw: json.RawMessage(`{}`)},
		{Date: *day(0, 1, 5), Code: "  ", Raw: json.RawMessage(`{}`)},
		{Date: *day(0, 1, 7), Code: "cloud-rain", Temperature: "9°C", Raw: json.RawMessage(`{}`)},
	}}
	assertText(t, mustGrid(t, in).Text(Options{}), ""+
		"            Ten 0\n"+
		" A     B     C     D     E\n"+
		"  1     2     3 ?   4     5 ?\n"+
		"  6     7 r   8     9    10\n"+
		"\n"+
		"3 ?              5 ?              7 r rain  9°C\n")
}

// For a whole year the legend says each kind of weather recorded, by its
// mark and words, and on how many days: "1 day", "2 days"; Kanka's codes
// in their order, any other text after them.
func TestWholeYearLegendCountsWeatherDays(t *testing.T) {
	c := fiveDays(almanac.Month{Name: "One", Length: 5}, almanac.Month{Name: "Two", Length: 5})
	const grid = "" +
		"              0\n" +
		"\n" +
		"             One\n" +
		" A     B     C     D     E\n" +
		"  1     2     3     4     5\n" +
		"\n" +
		"             Two\n" +
		" A     B     C     D     E\n" +
		"  1     2     3 r   4     5\n" +
		"\n"
	rain := Weather{Date: *day(0, 2, 3), Code: "cloud-rain", Raw: json.RawMessage(`{}`)}
	in := Input{Reckoning: reckon(t, c), Year: 0, WholeYear: true, Weather: []Weather{rain}}
	assertText(t, mustGrid(t, in).Text(Options{}), grid+"r rain  1 day\n")

	// Two entries of one kind on one day are one day; a day of the other
	// month is another.
	hail := Weather{Date: *day(0, 1, 4), Code: "hail", Raw: json.RawMessage(`{}`)}
	in.Weather = append(in.Weather, rain, Weather{Date: *day(0, 1, 2), Code: "cloud-rain", Raw: json.RawMessage(`{}`)}, hail)
	assertText(t, mustGrid(t, in).Text(Options{}), ""+
		"              0\n"+
		"\n"+
		"             One\n"+
		" A     B     C     D     E\n"+
		"  1     2 r   3     4 ?   5\n"+
		"\n"+
		"             Two\n"+
		" A     B     C     D     E\n"+
		"  1     2     3 r   4     5\n"+
		"\n"+
		"r rain  2 days    ? hail  1 day\n")
}

// A day of the weather's legend exactly as wide as the terminal is whole;
// one column narrower and its words are cut with "...", never moved to a
// line of their own. Widths are columns: "吹雪と大雪と強風と雷と霰" is 24
// columns (36 bytes).
func TestWeatherLegendEntryExactlyAsWideAsTheTerminalIsWhole(t *testing.T) {
	tests := []struct {
		label string
		width int
		want  string
	}{
		// "3 ? snow, sleet and hail at dusk" is 32 columns.
		{"snow, sleet and hail at dusk", 32, "3 ? snow, sleet and hail at dusk"},
		{"snow, sleet and hail at dusk", 31, "3 ? snow, sleet and hail at..."},
		// "3 ? 吹雪と大雪と強風と雷と霰" is 28 columns.
		{"吹雪と大雪と強風と雷と霰", 28, "3 ? 吹雪と大雪と強風と雷と霰"},
		{"吹雪と大雪と強風と雷と霰", 27, "3 ? 吹雪と大雪と強風と雷..."},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%s in %d columns", tt.label, tt.width), func(t *testing.T) {
			c := fiveDays(almanac.Month{Name: "Ten", Length: 10})
			in := Input{Reckoning: reckon(t, c), Year: 0, Month: 1,
				Weather: []Weather{{Date: *day(0, 1, 3), Code: tt.label, Raw: json.RawMessage(`{}`)}}}
			got := mustGrid(t, in).Text(Options{Width: tt.width})
			assertFits(t, got, tt.width)
			if _, legend, _ := strings.Cut(got, "\n\n"); legend != tt.want+"\n" {
				t.Errorf("legend %q, want %q", legend, tt.want)
			}
		})
	}
}
