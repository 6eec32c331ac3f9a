package monthgrid

import (
	"fmt"
	"testing"

	"github.com/kanka-cli/kanka/almanac"
)

// The tests here pin the layout at its edges: the width at which the grid
// becomes a list, the title that just fits, the name cut to the terminal,
// the weekday headers cut to the cell, and names in wide characters. Their
// expected texts are written out in full, column by column.

// fiveDays is a calendar of the given months and a five-day week, A to E;
// day 1 of year 0 is an A. Without marks a cell is 4 columns, so the week
// is 5*4 + 4 = 24 columns wide.
func fiveDays(months ...almanac.Month) almanac.Calendar {
	return almanac.Calendar{Months: months, Weekdays: []string{"A", "B", "C", "D", "E"}}
}

// textOf is the text of month m of year 0 of c.
func textOf(t *testing.T, c almanac.Calendar, m int, o Options) string {
	t.Helper()
	return mustGrid(t, Input{Reckoning: reckon(t, c), Year: 0, Month: m}).Text(o)
}

func assertText(t *testing.T, got, want string) {
	t.Helper()
	if got != want {
		t.Errorf("text =\n%s\nwant\n%s\n(%q\nwant %q)", got, want, got, want)
	}
}

// A grid exactly as wide as the terminal is drawn in its layout; one
// column less and its cells narrow (the number keeps a space before it,
// then loses its frame), and a week too wide even then is a list, one day
// a line, its title not centred.
func TestGridExactlyAsWideAsTheTerminalKeepsItsLayout(t *testing.T) {
	c := fiveDays(almanac.Month{Name: "Ten", Length: 10})
	assertText(t, textOf(t, c, 1, Options{Width: 24}), ""+
		"         Ten 0\n"+
		" A    B    C    D    E\n"+
		"  1    2    3    4    5\n"+
		"  6    7    8    9   10\n")
	spaced := "" +
		"       Ten 0\n" +
		" A   B   C   D   E\n" +
		"  1   2   3   4   5\n" +
		"  6   7   8   9  10\n"
	assertText(t, textOf(t, c, 1, Options{Width: 23}), spaced)
	assertText(t, textOf(t, c, 1, Options{Width: 19}), spaced)
	narrow := "" +
		"    Ten 0\n" +
		"A  B  C  D  E\n" +
		" 1  2  3  4  5\n" +
		" 6  7  8  9 10\n"
	assertText(t, textOf(t, c, 1, Options{Width: 18}), narrow)
	assertText(t, textOf(t, c, 1, Options{Width: 14}), narrow)
	assertText(t, textOf(t, c, 1, Options{Width: 13}), ""+
		"Ten 0\n"+
		"  1  A\n"+
		"  2  B\n"+
		"  3  C\n"+
		"  4  D\n"+
		"  5  E\n"+
		"  6  A\n"+
		"  7  B\n"+
		"  8  C\n"+
		"  9  D\n"+
		" 10  E\n")
}

// The package documentation's case: a Harptos tenday with every mark is 79
// columns, so a 79-column terminal shows the same grid as an 80-column
// one; a 78-column terminal the grid whose moon and season share a slot,
// 69 columns wide, as a 70-column one does.
func TestHarptosWeekFitsSeventyNineColumns(t *testing.T) {
	assertGolden(t, "harptos-ches-1492-ascii.golden", mustGrid(t, ches1492(t)).Text(Options{Width: 79}))
	assertGolden(t, "harptos-ches-1492-width-70.golden", mustGrid(t, ches1492(t)).Text(Options{Unicode: true, Width: 78}))
}

// A title exactly as wide as the grid stays on one line; one column more
// and the year goes to a line of its own. Widths are columns, not bytes:
// eleven CJK characters are 22 columns (33 bytes).
func TestTitleExactlyAsWideAsTheGridStaysOnOneLine(t *testing.T) {
	const days = "" +
		" A    B    C    D    E\n" +
		"  1    2    3    4    5\n"
	tests := []struct{ name, want string }{
		{"Month of the Long Name", "Month of the Long Name 0\n" + days},
		{"Month of the Long Names", "Month of the Long Names\n" + "           0\n" + days},
		{"一二三四五六七八九十百", "一二三四五六七八九十百 0\n" + days},
		{"一二三四五六七八九十百千", "一二三四五六七八九十百千\n" + "           0\n" + days},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assertText(t, textOf(t, fiveDays(almanac.Month{Name: tt.name, Length: 5}), 1, Options{}), tt.want)
		})
	}
}

// A title is centred by the columns it takes: a wide character is 2
// columns, a combining accent none. "睦月 0" is 6 columns (8 bytes), so it
// sits 9 columns in over the 24 of the grid; so does "Café 0" written with
// a combining acute (7 runes, 8 bytes).
func TestTitleIsCentredByDisplayWidth(t *testing.T) {
	const days = "" +
		" A    B    C    D    E\n" +
		"  1    2    3    4    5\n"
	for _, name := range []string{"睦月", "Cafe\u0301"} {
		t.Run(name, func(t *testing.T) {
			assertText(t, textOf(t, fiveDays(almanac.Month{Name: name, Length: 5}), 1, Options{}),
				"         "+name+" 0\n"+days)
		})
	}
}

// A name exactly as wide as the terminal is written whole; a longer one is
// cut to the width, ending in "..." (a wide character that would straddle
// the cut goes too), and on 3 columns or fewer simply cut.
func TestTitleExactlyAsWideAsTheTerminalIsNotCut(t *testing.T) {
	const grid = "" +
		"           0\n" +
		" A    B    C    D    E\n" +
		"  1    2\n"
	tests := []struct {
		name  string
		width int
		want  string
	}{
		{"The Month of Long Titles", 24, "The Month of Long Titles\n" + grid},
		{"The Month of Longer Title", 24, "The Month of Longer T...\n" + grid},
		{"一二三四五六七八九十百千", 24, "一二三四五六七八九十百千\n" + grid},
		{"一二三四五六七八九十百千万", 24, "一二三四五六七八九十...\n" + grid},
		// Narrower than the week: a list, nothing centred.
		{"Month", 5, "Month\n0\n  1  A\n  2  B\n"},
		{"Month", 4, "M...\n0\n  1  A\n  2  B\n"},
		{"Month", 3, "Mon\n0\n  1  A\n  2  B\n"},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%s in %d columns", tt.name, tt.width), func(t *testing.T) {
			c := fiveDays(almanac.Month{Name: tt.name, Length: 2})
			assertText(t, textOf(t, c, 1, Options{Width: tt.width}), tt.want)
		})
	}
}

// Weekday headers are the shortest prefix, from 2 columns, that tells the
// weekdays apart, but never wider than a cell leaves room for (3 columns
// here): a prefix that takes the whole room is used, and weekdays that 3
// columns cannot tell apart are cut to 3 all the same, so the columns line
// up.
func TestWeekdayHeadersAreCutToTheCell(t *testing.T) {
	tests := []struct {
		name     string
		weekdays []string
		header   string
	}{
		{"distinct at 2", []string{"Monday", "Tuesday", "Wednesday", "Thursday", "Friday"}, " Mo   Tu   We   Th   Fr"},
		{"distinct at 3, the whole room", []string{"Monday", "Morrowday", "Tuesday", "Thursday", "Friday"}, " Mon  Mor  Tue  Thu  Fri"},
		{"distinct only at 5", []string{"Sunday", "Sunrise", "Sunset", "Moonday", "Moonrise"}, " Sun  Sun  Sun  Moo  Moo"},
		// 2 columns each: one character.
		{"wide characters", []string{"月曜日", "火曜日", "水曜日", "木曜日", "金曜日"}, " 月   火   水   木   金"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := fiveDays(almanac.Month{Name: "Six", Length: 6})
			c.Weekdays = tt.weekdays
			assertText(t, textOf(t, c, 1, Options{}), ""+
				"         Six 0\n"+
				tt.header+"\n"+
				"  1    2    3    4    5\n"+
				"  6\n")
		})
	}
}
