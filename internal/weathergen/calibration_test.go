package weathergen

import (
	"math"
	"testing"

	"github.com/kanka-cli/kanka/almanac"
)

// southernSeasons are the seasons of the earth-like calendar as they fall
// south of the equator: on it a southern place's days lie where they lie at
// the place, as the northern seasons lay a northern place's.
var southernSeasons = []almanac.Season{
	{Name: "Autumn", Month: 3, Day: 20},
	{Name: "Winter", Month: 6, Day: 21},
	{Name: "Spring", Month: 9, Day: 22},
	{Name: "Summer", Month: 12, Day: 21},
}

// TestCalibration generates thirty years of every climate on a calendar of
// twelve months with four seasons and holds each month to the place's
// normals: mean high and low within 2 °C, wet days within 3. The worst
// month of each climate is logged (go test -v -run Calibration).
func TestCalibration(t *testing.T) {
	const years = 30
	north, south := earthLike(t), earthLike(t, southernSeasons...)
	for _, c := range Climates() {
		r := north
		if c.South {
			r = south
		}
		s := statsOf(generateYears(t, r, c, 20240601, years), years)
		var worstHigh, worstLow, worstWet float64
		for m := range 12 {
			want := c.Months[m]
			dh, dl, dw := s.high[m]-want.High, s.low[m]-want.Low, s.wet[m]-want.WetDays
			worstHigh = max(worstHigh, math.Abs(dh))
			worstLow = max(worstLow, math.Abs(dl))
			worstWet = max(worstWet, math.Abs(dw))
			if math.Abs(dh) > 2 || math.Abs(dl) > 2 || math.Abs(dw) > 3 {
				t.Errorf("%s, month %d: high %.1f (normal %.1f), low %.1f (normal %.1f), wet days %.1f (normal %.1f)",
					c.Name, m+1, s.high[m], want.High, s.low[m], want.Low, s.wet[m], want.WetDays)
			}
		}
		t.Logf("%-13s worst month: high %.2f °C, low %.2f °C, wet days %.2f", c.Name, worstHigh, worstLow, worstWet)
	}
}
