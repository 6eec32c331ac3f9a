package calexport

import (
	"testing"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/internal/presets"
)

// A year's counted month starts give every day scDay gives, in that year
// and (asking the almanac) beside it: leap years, a calendar without year
// 0, days before 1 and beyond a month's end, months that do not exist.
func TestYearFirstsGiveScDaysDays(t *testing.T) {
	for _, skip := range []bool{false, true} {
		p, err := presets.Get("harptos")
		if err != nil {
			t.Fatal(err)
		}
		in := p.Input
		in.SkipYearZero = &skip
		c, err := prepare(&client.Calendar{CalendarInput: in})
		if err != nil {
			t.Fatal(err)
		}
		n := c.r.MonthCount()
		for _, y := range []int{-9, -5, -4, -1, 0, 1, 3, 4, 5, 1372, 1488, 1492} {
			f := c.scFirstsOf(y)
			for _, z := range []int{y - 1, y, y + 1} {
				for m := 0; m <= n+1; m++ {
					for _, d := range []int{-1, 0, 1, 2, 30, 31, 32, 100} {
						got, gotOK := f.day(c, z, m, d)
						want, wantOK := c.scDay(z, m, d)
						if got != want || gotOK != wantOK {
							t.Fatalf("skip year 0 %v, counted year %d: day(%d, %d, %d) = %d %v, scDay says %d %v",
								skip, y, z, m, d, got, gotOK, want, wantOK)
						}
					}
				}
			}
		}
	}
}
