package monthgrid

import (
	"encoding/json"
	"fmt"
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

// Weather recorded without a label (or with only spaces) is listed by its
// day alone: "3, 5, 7 rain", no stray space before a comma.
func TestWeatherWithoutALabelIsListedByDayAlone(t *testing.T) {
	c := fiveDays(almanac.Month{Name: "Ten", Length: 10})
	in := Input{Reckoning: reckon(t, c), Year: 0, Month: 1, Weather: []Weather{
		{Date: *day(0, 1, 3), Raw: json.RawMessage(`{}`)},
		{Date: *day(0, 1, 5), Label: "  ", Raw: json.RawMessage(`{}`)},
		{Date: *day(0, 1, 7), Label: "rain", Raw: json.RawMessage(`{}`)},
	}}
	assertText(t, mustGrid(t, in).Text(Options{}), ""+
		"            Ten 0\n"+
		" A     B     C     D     E\n"+
		"  1     2     3 ~   4     5 ~\n"+
		"  6     7 ~   8     9    10\n"+
		"\n"+
		"~  weather recorded: 3, 5, 7 rain\n")
}

// For a whole year the legend counts the days with weather: "1 day", "2
// days".
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
		"  1     2     3 ~   4     5\n" +
		"\n"
	rain := Weather{Date: *day(0, 2, 3), Label: "rain", Raw: json.RawMessage(`{}`)}
	in := Input{Reckoning: reckon(t, c), Year: 0, WholeYear: true, Weather: []Weather{rain}}
	assertText(t, mustGrid(t, in).Text(Options{}), grid+"~  weather recorded (1 day)\n")

	// Two entries on one day are one day; a day of the other month is another.
	in.Weather = append(in.Weather, rain, Weather{Date: *day(0, 1, 2), Raw: json.RawMessage(`{}`)})
	assertText(t, mustGrid(t, in).Text(Options{}), ""+
		"              0\n"+
		"\n"+
		"             One\n"+
		" A     B     C     D     E\n"+
		"  1     2 ~   3     4     5\n"+
		"\n"+
		"             Two\n"+
		" A     B     C     D     E\n"+
		"  1     2     3 ~   4     5\n"+
		"\n"+
		"~  weather recorded (2 days)\n")
}

// A legend line exactly as wide as the terminal is not wrapped; one column
// narrower and its last word goes to the next line, under the text. Widths
// are columns: "吹雪と大雪" is 10 columns (15 bytes).
func TestLegendLineExactlyAsWideAsTheTerminalIsNotWrapped(t *testing.T) {
	const grid = "" +
		"            Ten 0\n" +
		" A     B     C     D     E\n" +
		"  1     2     3 ~   4     5\n" +
		"  6     7     8     9    10\n" +
		"\n"
	tests := []struct {
		label string
		width int
		want  string
	}{
		// "~  weather recorded: 3 snowflake" is 32 columns.
		{"snowflake", 32, "~  weather recorded: 3 snowflake\n"},
		{"snowflake", 31, "~  weather recorded: 3\n   snowflake\n"},
		// "~  weather recorded: 3 吹雪と大雪" is 33 columns.
		{"吹雪と大雪", 33, "~  weather recorded: 3 吹雪と大雪\n"},
		{"吹雪と大雪", 32, "~  weather recorded: 3\n   吹雪と大雪\n"},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%s in %d columns", tt.label, tt.width), func(t *testing.T) {
			c := fiveDays(almanac.Month{Name: "Ten", Length: 10})
			in := Input{Reckoning: reckon(t, c), Year: 0, Month: 1,
				Weather: []Weather{{Date: *day(0, 1, 3), Label: tt.label, Raw: json.RawMessage(`{}`)}}}
			assertText(t, mustGrid(t, in).Text(Options{Width: tt.width}), grid+tt.want)
		})
	}
}
