package weathergen

import (
	"strings"
	"testing"
)

// On a dry day a near gale (force 7) makes the weather "wind", a gale
// (force 8) is said in the effect unless a cold snap is, a storm (force
// 10) above most others.
func TestWindyDaysAtTheirBeaufortForces(t *testing.T) {
	c := climateOf(t, monthsOf("high: 10, low: 4, spread: 1, wind: 60", 0))
	seen := map[int]int{}
	for _, d := range threeYears(t, c) {
		f := force(roundHundredths(int64(d.WindSpeed * 10000)))
		seen[f]++
		switch {
		case f == 7 && d.Weather != Wind:
			t.Fatalf("%s: a dry day's near gale is %q, want %q", d.Label, d.Weather, Wind)
		case f == 8 && d.Effect != "gale" && d.Effect != "cold snap":
			t.Fatalf("%s: a dry day's gale has the effect %q, want gale", d.Label, d.Effect)
		case f >= 10 && d.Effect != "storm":
			t.Fatalf("%s: a %s has the effect %q, want storm", d.Label, d.Wind, d.Effect)
		}
	}
	if seen[7] == 0 || seen[8] == 0 || seen[10] == 0 {
		t.Fatalf("days by force: %v; want near gales, gales and storms", seen)
	}
}

// twelve is twelve months alike.
func twelve(month string) []string {
	out := make([]string, 12)
	for m := range out {
		out[m] = month
	}
	return out
}

// A blizzard is said alike in the precipitation and in the effect: snow of
// 4 mm of water or more with a near gale or more. Wet days of 3.97 mm on
// average bring exactly 4 mm on one wet day in 256 (3.97 × 1.009).
func TestABlizzardIsSaidInThePrecipitationAndTheEffect(t *testing.T) {
	c := climateOf(t, twelve("high: -5, low: -12, wet_days: 20, precipitation: 79.4, wind: 35"))
	ofFourMillimetres, withANearGale := 0, 0
	for _, d := range threeYears(t, c) {
		if (d.Precipitation == "blizzard") != (d.Effect == "blizzard, roads closed") {
			t.Fatalf("%s: %q with the effect %q", d.Label, d.Precipitation, d.Effect)
		}
		if d.Precipitation == "blizzard" && d.Amount == 4 {
			ofFourMillimetres++
		}
		if d.Precipitation == "blizzard" && strings.HasPrefix(d.Wind, "near gale") {
			withANearGale++
		}
	}
	if ofFourMillimetres == 0 || withANearGale == 0 {
		t.Fatalf("%d blizzards of 4 mm, %d with a near gale", ofFourMillimetres, withANearGale)
	}
}

// Heavy rain and downpours are the weather "cloud-showers-heavy" (unless
// thunder is): from 8 mm, which wet days of 7.93 mm on average bring
// exactly on one wet day in 256.
func TestHeavyRainFromEightMillimetresIsItsWeather(t *testing.T) {
	c := climateOf(t, twelve("high: 15, low: 8, wet_days: 10, precipitation: 79.3"))
	atTheBound := 0
	for _, d := range threeYears(t, c) {
		heavy := d.Precipitation == "heavy rain" || d.Precipitation == "downpour"
		if heavy != (d.Weather == HeavyRain) {
			t.Fatalf("%s: %q (%.2f mm) is the weather %q", d.Label, d.Precipitation, d.Amount, d.Weather)
		}
		if heavy && d.Amount == 8 {
			atTheBound++
		}
	}
	if atTheBound == 0 {
		t.Fatal("no wet day of 8 mm")
	}
}

// Even a month whose normals say it is wet every day has a dry day now
// and then: nowhere rains for ever.
func TestAMonthWetEveryDayHasADryDayNowAndThen(t *testing.T) {
	c := climateOf(t, monthsOf("high: 20, low: 12, precipitation: 100", 1))
	dry := 0
	for _, d := range threeYears(t, c) {
		if !d.Wet {
			dry++
		}
	}
	if dry == 0 {
		t.Fatal("three years without a dry day")
	}
}

// Frost is news where nights are mild: a place whose normal low is -5 °C
// has no "frost", one whose normal low is -8 °C no "hard frost" either.
func TestFrostIsNotSaidWhereTheNightsAreThatColdAnyway(t *testing.T) {
	for _, tc := range []struct {
		months      string
		frost, hard bool
	}{
		{"high: 2, low: -4.99", true, true},
		{"high: 2, low: -5", false, true},
		{"high: 2, low: -7.99", false, true},
		{"high: 2, low: -8", false, false},
	} {
		days := threeYears(t, climateOf(t, monthsOf(tc.months, 0)))
		if frost, hard := effects(days, "frost") > 0, effects(days, "hard frost") > 0; frost != tc.frost || hard != tc.hard {
			t.Errorf("%s: frost %v, hard frost %v; want %v, %v", tc.months, frost, hard, tc.frost, tc.hard)
		}
	}
}

// Snow of 15 mm of water or more closes the roads. Wet days of 14.87 mm
// on average bring exactly 15 mm on one wet day in 256 (14.87 × 1.009).
func TestDeepSnowFromFifteenMillimetres(t *testing.T) {
	c := climateOf(t, twelve("high: -5, low: -12, wet_days: 20, precipitation: 297.4, wind: 3"))
	atTheBound := 0
	for _, d := range threeYears(t, c) {
		if !d.Snow || d.Precipitation == "blizzard" {
			continue
		}
		if deep := d.Effect == "deep snow, roads closed"; deep != (d.Amount >= 15) {
			t.Fatalf("%s: %.2f mm of snow with the effect %q", d.Label, d.Amount, d.Effect)
		}
		if d.Amount == 15 {
			atTheBound++
		}
	}
	if atTheBound == 0 {
		t.Fatal("no snow of 15 mm")
	}
}

// Rain floods from 50 mm in a day, or from 20 mm on the third wet day in
// a row. Wet days of 49.56 and 19.83 mm on average bring exactly 50 and 20
// mm on one wet day in 256.
func TestFloodingFromFiftyMillimetresOrTwentyAfterTwoWetDays(t *testing.T) {
	for _, tc := range []struct {
		month  string
		amount float64
	}{
		{"high: 15, low: 8, wet_days: 20, precipitation: 991.2, wind: 3", 50},
		{"high: 15, low: 8, wet_days: 20, precipitation: 396.6, wind: 3", 20},
	} {
		days := threeYears(t, climateOf(t, twelve(tc.month)))
		atTheBound := 0
		for i := 2; i < len(days); i++ {
			d := days[i]
			if !d.Wet || d.Snow || d.Effect == "storm" || d.Effect == "thunderstorm" {
				continue
			}
			floods := d.Amount >= 50 || d.Amount >= 20 && days[i-1].Wet && days[i-2].Wet
			if floods != (d.Effect == "flooding") {
				t.Fatalf("%s: %.2f mm after wet days %v, %v: the effect %q", d.Label, d.Amount, days[i-2].Wet, days[i-1].Wet, d.Effect)
			}
			if d.Amount == tc.amount && (tc.amount == 50 || days[i-1].Wet && days[i-2].Wet) {
				atTheBound++
			}
		}
		if atTheBound == 0 {
			t.Errorf("%s: no day of %g mm to flood", tc.month, tc.amount)
		}
	}
}
