package weathergen

import (
	"fmt"
	"strconv"
	"strings"
)

// Kanka's weather codes, as the service's weather list offers them.
const (
	Sun       = "sun"
	CloudSun  = "cloud-sun"
	Cloud     = "cloud"
	Showers   = "cloud-sun-rain"
	Rain      = "cloud-rain"
	HeavyRain = "cloud-showers-heavy"
	Thunder   = "bolt"
	Snow      = "snowflake"
	Wind      = "wind"
	Fog       = "smog"
)

// WeatherCodes are the codes the model writes, in the order the summary
// breaks a tie for the most common one.
var WeatherCodes = []string{Sun, CloudSun, Cloud, Showers, Rain, HeavyRain, Thunder, Snow, Wind, Fog}

// Field lengths of the service: a weather entry's weather is at most 20
// characters, its temperature, precipitation, wind and effect at most 45.
const (
	MaxWeatherLength = 20
	MaxTextLength    = 45
)

// Units are the units temperatures are written in.
type Units string

// The units a request may ask for.
const (
	Celsius    Units = "c"
	Fahrenheit Units = "f"
)

// ParseUnits reads "c" or "f" (or "celsius", "fahrenheit", any case).
func ParseUnits(s string) (Units, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "c", "celsius", "°c":
		return Celsius, nil
	case "f", "fahrenheit", "°f":
		return Fahrenheit, nil
	}
	return "", fmt.Errorf("unknown units %q: c (Celsius) or f (Fahrenheit)", s)
}

// inUnits is t (hundredths of °C) in hundredths of the units.
func (u Units) inUnits(t int64) int64 {
	if u == Fahrenheit {
		return t*9/5 + 3200
	}
	return t
}

// symbol is how the units are written after a number.
func (u Units) symbol() string {
	if u == Fahrenheit {
		return "°F"
	}
	return "°C"
}

// temperatureText writes t (hundredths of °C) as a whole number of the
// units: "12°C", "-3°C", "54°F".
func temperatureText(t int64, u Units) string {
	return strconv.FormatInt(roundHundredths(u.inUnits(t)), 10) + u.symbol()
}

// roundHundredths rounds v (hundredths) to a whole number, halves away
// from zero.
func roundHundredths(v int64) int64 {
	if v < 0 {
		return -((-v + 50) / 100)
	}
	return (v + 50) / 100
}

// beaufort is the Beaufort scale: the least wind (km/h) of each force
// and its name.
var beaufort = []struct {
	from int64 // hundredths of km/h
	name string
}{
	{0, "calm"},
	{100, "light air"},
	{600, "light breeze"},
	{1200, "gentle breeze"},
	{2000, "moderate breeze"},
	{2900, "fresh breeze"},
	{3900, "strong breeze"},
	{5000, "near gale"},
	{6200, "gale"},
	{7500, "strong gale"},
	{8900, "storm"},
	{10300, "violent storm"},
	{11800, "hurricane-force wind"},
}

// force is the Beaufort force of speed (hundredths of km/h).
func force(speed int64) int {
	f := 0
	for i, b := range beaufort {
		if speed >= b.from {
			f = i
		}
	}
	return f
}

// directionWords are directions as a wind is said to come from them.
var directionWords = [8]string{"north", "northeast", "east", "southeast", "south", "southwest", "west", "northwest"}

// windText is a wind of force f from direction dir: "gentle breeze from
// the southwest", or "calm".
func windText(f, dir int) string {
	if f == 0 {
		return beaufort[0].name
	}
	return beaufort[f].name + " from the " + directionWords[dir]
}

// precipitation is what falls on a day.
type precipitation int

const (
	dry precipitation = iota
	rain
	sleet
	snow
)

// rainWords and snowWords name amounts (hundredths of mm of water): the
// first whose bound the amount is under.
var (
	rainWords = []struct {
		under int64
		word  string
	}{{100, "drizzle"}, {250, "light rain"}, {800, "rain"}, {2000, "heavy rain"}, {1 << 62, "downpour"}}
	snowWords = []struct {
		under int64
		word  string
	}{{100, "flurries"}, {400, "light snow"}, {1000, "snow"}, {1 << 62, "heavy snow"}}
)

// Bounds that change a day's words and effects.
const (
	heavyRainFrom = 800  // hundredths of mm: heavy rain and downpours
	downpourFrom  = 2000 // hundredths of mm
	floodingFrom  = 5000 // hundredths of mm in one day
	blizzardSnow  = 400  // hundredths of mm of water with a near gale
	roadsClosedAt = 1500 // hundredths of mm of water: 15 cm of snow or so
	blizzardForce = 7    // near gale
	galeForce     = 8
	stormForce    = 10
	windyForce    = 7 // a dry day this windy is "wind"
)

// precipitationText names what falls: "none", "light rain", "sleet",
// "heavy snow", "blizzard".
func precipitationText(kind precipitation, amount int64, f int) string {
	switch kind {
	case rain:
		for _, w := range rainWords {
			if amount < w.under {
				return w.word
			}
		}
	case sleet:
		return "sleet"
	case snow:
		if amount >= blizzardSnow && f >= blizzardForce {
			return "blizzard"
		}
		for _, w := range snowWords {
			if amount < w.under {
				return w.word
			}
		}
	}
	return "none"
}
