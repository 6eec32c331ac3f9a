package generate

import (
	"strings"
	"testing"

	"github.com/kanka-cli/kanka/cmd/cmdutil/cmdtest"
)

// pictureAt is the picture of 1 Frost to 30 Seed 1000 (90 days: three
// 30-day months of Westmarch's 7-day weeks) on a terminal cols wide.
func pictureAt(t *testing.T, cols int) string {
	t.Helper()
	env := cmdtest.New(t, "", reads()...)
	env.Terminal()
	env.F.IO.TermWidth = cols
	if err := runGenerate(env, "--calendar", "5", "--from", "1000-1-1", "--days", "90", "--climate-file", mildFile, "--seed", "7", "--dry-run"); err != nil {
		t.Fatal(err)
	}
	got, _, _ := strings.Cut(env.Out.String(), "calendar \"")
	return got
}

// A terminal too narrow for a month's highs on one line folds them by
// whole weeks, under the HIGHS column; narrower still, the bars go, then
// the columns by priority (the days first, then snow and wet days, then
// the weather); the month is cut last, and the lines of text wrap at
// spaces.
func TestGeneratePictureFitsTheTerminal(t *testing.T) {
	for _, tc := range []struct {
		cols int
		want string
	}{
		{90, `Westmarch (id 5): 1 Frost 1000 to 30 Seed 1000, 90 days
Climate mild: Testing Place; seed 7
Seasons: Spring as spring, Summer as summer, Autumn as autumn, Winter as winter
MONTH       DAYS  HIGH °C  LOW °C  WET  SNOW  WEATHER     HIGHS
Frost 1000    30      8.0     2.3    9     0  sun         ▂▁▁▂▁▃▃▃▅▅▄▃▃▃▂▃▃▂▄▅▆▅█▆▅▃▃▅▅▄
Thaw 1000     30      7.4     1.1   12     1  cloud-rain  ▅▃▂▃▅▄▃▄▄▅▄▂▂▃▄▅▅▆▃▃▂▂▁▁▃▂▂▄▄▄
Seed 1000     30      9.7     2.0    3     0  sun         ▃▄▃▃▄▄▅▄▃▃▄▄▆▆▅▄▆▇▇▆▅▄▄▅▅▅▆▄▃▅
`},
		// 22 columns left for the highs: three weeks a line.
		{80, `Westmarch (id 5): 1 Frost 1000 to 30 Seed 1000, 90 days
Climate mild: Testing Place; seed 7
Seasons: Spring as spring, Summer as summer, Autumn as autumn, Winter as winter
MONTH       DAYS  HIGH °C  LOW °C  WET  SNOW  WEATHER     HIGHS
Frost 1000    30      8.0     2.3    9     0  sun         ▂▁▁▂▁▃▃▃▅▅▄▃▃▃▂▃▃▂▄▅▆
                                                          ▅█▆▅▃▃▅▅▄
Thaw 1000     30      7.4     1.1   12     1  cloud-rain  ▅▃▂▃▅▄▃▄▄▅▄▂▂▃▄▅▅▆▃▃▂
                                                          ▂▁▁▃▂▂▄▄▄
Seed 1000     30      9.7     2.0    3     0  sun         ▃▄▃▃▄▄▅▄▃▃▄▄▆▆▅▄▆▇▇▆▅
                                                          ▄▄▅▅▅▆▄▃▅
`},
		// No room for 5 bars: the highs go.
		{60, `Westmarch (id 5): 1 Frost 1000 to 30 Seed 1000, 90 days
Climate mild: Testing Place; seed 7
Seasons: Spring as spring, Summer as summer, Autumn as
  autumn, Winter as winter
MONTH       DAYS  HIGH °C  LOW °C  WET  SNOW  WEATHER
Frost 1000    30      8.0     2.3    9     0  sun
Thaw 1000     30      7.4     1.1   12     1  cloud-rain
Seed 1000     30      9.7     2.0    3     0  sun
`},
		{40, `Westmarch (id 5): 1 Frost 1000 to 30
  Seed 1000, 90 days
Climate mild: Testing Place; seed 7
Seasons: Spring as spring, Summer as
  summer, Autumn as autumn, Winter as
  winter
MONTH       HIGH °C  LOW °C  WEATHER
Frost 1000      8.0     2.3  sun
Thaw 1000       7.4     1.1  cloud-rain
Seed 1000       9.7     2.0  sun
`},
	} {
		got := pictureAt(t, tc.cols)
		if got != tc.want {
			t.Errorf("at %d columns:\n%s\nwant:\n%s", tc.cols, got, tc.want)
		}
		for _, line := range strings.Split(strings.TrimSuffix(got, "\n"), "\n") {
			if n := len([]rune(line)); n > tc.cols {
				t.Errorf("at %d columns a line of %d: %q", tc.cols, n, line)
			}
		}
	}
}
