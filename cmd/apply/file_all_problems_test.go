package apply

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/kanka-cli/kanka/cmd/cmdutil/cmdtest"
)

// A seed with many problems names them all in one run, each at its line,
// in the order of the files and their lines: the reading's (an unknown
// key, a fraction), the checks of a calendar's values (a season in a month
// the file's months lack, a moon without a name) and of an entry (no
// weather), and the seed's own (two entries on one date, a day the
// calendar lacks). Nothing is sent.
func TestApplyNamesEveryProblemOfTheSeedInOneRun(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	write("a.yaml", `calendars:
  - name: Harptos
    weekday: [a, b]
    months:
      - {name: Hammer, length: 30.5}
      - {name: Alturiak, length: 30}
    seasons:
      - {name: Spring, month: Sixth, day: 1}
    moons:
      - {fullmoon: 30}
`)
	write("b.yaml", `calendars:
  - name: Greyhawk
    has_leap_year: false
    months: [{name: Fireseek, length: 28}, {name: Readying, length: 28}]
    weekdays: [Starday, Sunday]
    weather:
      - {date: 591-1-1, weather: sun}
      - {date: 591-1-1, weather: rain}
      - {date: 591-2-30, weather: snow}
      - {date: 591-1-2, temperature: cold}
`)
	env := cmdtest.New(t, "")
	err := runApply(env, "-f", dir)
	a, b := filepath.Join(dir, "a.yaml"), filepath.Join(dir, "b.yaml")
	want := a + `: line 3: calendars[1]: unknown key "weekday"; did you mean "weekdays"?
` + a + `: line 5: calendars[1].months[1].length: must be a whole number, not 30.5
` + a + `: line 8: calendars[1].seasons[1].month: month "Sixth" does not exist in this calendar; the months are 1 Hammer, 2 Alturiak
` + a + `: line 10: calendars[1].moons[1].name: is required
` + b + `: line 8: calendar "Greyhawk": weather 591-1-1: two entries on one date (at ` + b + `: line 7)
` + b + `: line 9: calendar "Greyhawk": weather 591-2-30: day 30 does not exist: Readying has 28 days
` + b + `: line 10: calendars[1].weather[4].weather: is required`
	if !cmdtest.IsUsage(err) || err.Error() != want {
		t.Errorf("err = %v\nwant the usage error (exit 2)\n%s", err, want)
	}
	env.WantSent()
	wantOutput(t, env, "", "")
}
