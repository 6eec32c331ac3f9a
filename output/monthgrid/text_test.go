package monthgrid

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

func assertGolden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if got != string(want) {
		t.Errorf("%s differs:\n--- got\n%s--- want\n%s", name, got, want)
	}
}

// assertFits checks every line against the width, escape sequences aside,
// and that no line ends in a space.
func assertFits(t *testing.T, text string, width int) {
	t.Helper()
	plain := strings.NewReplacer(reverseVideo, "", attrReset, "").Replace(text)
	for i, line := range strings.Split(strings.TrimSuffix(plain, "\n"), "\n") {
		if n := textWidth(line); n > width {
			t.Errorf("line %d is %d columns, more than %d: %q", i+1, n, width, line)
		}
		if strings.HasSuffix(line, " ") {
			t.Errorf("line %d ends in a space: %q", i+1, line)
		}
	}
}

func TestTextGolden(t *testing.T) {
	unicode := Options{Unicode: true}
	tests := []struct {
		golden string
		in     func(testing.TB) Input
		opts   Options
	}{
		{"harptos-ches-1492.golden", ches1492, unicode},
		{"harptos-ches-1492-ascii.golden", ches1492, Options{}},
		{"harptos-ches-1492-terminal.golden", ches1492, Options{Terminal: true, Unicode: true}},
		// Narrower than the 79 columns of the tenday, the cells narrow
		// rather than give up the grid: the moon and the season share a
		// slot at 70, the number keeps one space of its frame at 60 and
		// none at 50 (today marked * piped, in reverse video on a
		// terminal), the moons and seasons leave the cell to the weather
		// at 40; at 38 even that does not fit: a list.
		{"harptos-ches-1492-width-70.golden", ches1492, Options{Unicode: true, Width: 70}},
		{"harptos-ches-1492-width-60.golden", ches1492, Options{Unicode: true, Width: 60}},
		{"harptos-ches-1492-width-50.golden", ches1492, Options{Unicode: true, Width: 50}},
		{"harptos-ches-1492-width-40.golden", ches1492, Options{Unicode: true, Width: 40}},
		{"harptos-ches-1492-width-40-terminal.golden", ches1492, Options{Terminal: true, Unicode: true, Width: 40}},
		{"harptos-ches-1492-width-38.golden", ches1492, Options{Unicode: true, Width: 38}},
		{"harptos-midwinter-1492.golden", func(t testing.TB) Input {
			in := ches1492(t)
			in.Month, in.Today = 2, day(1492, 2, 1)
			return in
		}, unicode},
		{"harptos-shieldmeet-1492.golden", func(t testing.TB) Input {
			in := ches1492(t)
			in.Month = 10
			in.Weather = []Weather{weather(20, 1492, 10, 2, "sun")}
			return in
		}, unicode},
		{"harptos-midsummer-1491.golden", func(t testing.TB) Input {
			in := ches1492(t)
			in.Year, in.Month = 1491, 10
			return in
		}, unicode},
		{"harptos-1492-whole-year.golden", func(t testing.TB) Input {
			in := ches1492(t)
			in.WholeYear = true
			return in
		}, unicode},
		{"gregorian-february-8.golden", func(t testing.TB) Input {
			return Input{Reckoning: reckon(t, gregorian()), CalendarID: 2, CalendarName: "Gregorian", Year: 8, Month: 2,
				Today: day(8, 2, 29), Weather: []Weather{weather(1, 8, 2, 14, "rain")}}
		}, unicode},
		{"gregorian-march-8-ascii.golden", func(t testing.TB) Input {
			return Input{Reckoning: reckon(t, gregorian()), CalendarID: 2, CalendarName: "Gregorian", Year: 8, Month: 3}
		}, Options{}},
		{"two-months-no-moons-no-seasons.golden", func(t testing.TB) Input {
			return Input{Reckoning: reckon(t, twoMonths()), CalendarID: 3, CalendarName: "Two", Year: 0, Month: 2, Today: day(0, 2, 5)}
		}, unicode},
	}
	for _, tt := range tests {
		t.Run(tt.golden, func(t *testing.T) {
			got := mustGrid(t, tt.in(t)).Text(tt.opts)
			width := tt.opts.Width
			if width == 0 {
				width = DefaultWidth
			}
			assertFits(t, got, width)
			assertGolden(t, tt.golden, got)
		})
	}
}
