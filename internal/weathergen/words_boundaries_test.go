package weathergen

import "testing"

// A wind exactly at the least speed of a Beaufort force has that force's
// name, and a hundredth of a km/h less the force below.
func TestWindAtEachBeaufortBoundaryTakesTheHigherForce(t *testing.T) {
	for i, b := range beaufort[1:] {
		if got, want := windText(force(b.from), 5), b.name+" from the southwest"; got != want {
			t.Errorf("%d hundredths of km/h: %q, want %q", b.from, got, want)
		}
		if got, want := force(b.from-1), i; got != want {
			t.Errorf("%d hundredths of km/h: force %d, want %d", b.from-1, got, want)
		}
	}
	if got := windText(force(99), 5); got != "calm" {
		t.Errorf("0.99 km/h: %q, want calm", got)
	}
}

// A rain or snow amount at a word's bound takes the next word.
func TestPrecipitationAtEachBoundTakesTheNextWord(t *testing.T) {
	for _, tc := range []struct {
		kind   precipitation
		amount int64
		force  int
		want   string
	}{
		{rain, 99, 0, "drizzle"},
		{rain, 100, 0, "light rain"},
		{rain, 249, 0, "light rain"},
		{rain, 250, 0, "rain"},
		{rain, 799, 0, "rain"},
		{rain, 800, 0, "heavy rain"},
		{rain, 1999, 0, "heavy rain"},
		{rain, 2000, 0, "downpour"},
		{snow, 99, 0, "flurries"},
		{snow, 100, 0, "light snow"},
		{snow, 399, 0, "light snow"},
		{snow, 400, 0, "snow"},
		{snow, 999, 0, "snow"},
		{snow, 1000, 0, "heavy snow"},
		// A blizzard is 4 mm of water or more with a near gale or more.
		{snow, 400, 7, "blizzard"},
		{snow, 399, 7, "light snow"},
		{snow, 400, 6, "snow"},
		{snow, 1000, 6, "heavy snow"},
		{sleet, 5000, 9, "sleet"},
		{dry, 0, 9, "none"},
	} {
		if got := precipitationText(tc.kind, tc.amount, tc.force); got != tc.want {
			t.Errorf("kind %d, %d hundredths of mm, force %d: %q, want %q", tc.kind, tc.amount, tc.force, got, tc.want)
		}
	}
}

// Temperatures round halves away from zero, on either side of it.
func TestTemperatureRoundsHalvesAwayFromZero(t *testing.T) {
	for _, tc := range []struct {
		hundredths int64
		units      Units
		want       string
	}{
		{50, Celsius, "1°C"},
		{49, Celsius, "0°C"},
		{0, Celsius, "0°C"},
		{-49, Celsius, "0°C"},
		{-50, Celsius, "-1°C"},
		{-150, Celsius, "-2°C"},
		{-1778, Fahrenheit, "0°F"},  // -0.004 °F
		{-1806, Fahrenheit, "-1°F"}, // -0.508 °F
	} {
		if got := temperatureText(tc.hundredths, tc.units); got != tc.want {
			t.Errorf("%d hundredths of °C: %q, want %q", tc.hundredths, got, tc.want)
		}
	}
}
