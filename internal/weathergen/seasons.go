package weathergen

import "math"

// SeasonFigures are a climate's normals over one season of the place:
// what `kanka weather climates` shows.
type SeasonFigures struct {
	// Season is winter, spring, summer or autumn; Months the place's
	// months it spans ("Dec–Feb").
	Season string `json:"season"`
	Months string `json:"months"`
	// High and Low are the season's mean daily high and low in °C, to a
	// tenth; WetDays its wet days in all; Precipitation its total in mm.
	High          float64 `json:"high"`
	Low           float64 `json:"low"`
	WetDays       float64 `json:"wet_days"`
	Precipitation float64 `json:"precipitation"`
}

// Seasons are the climate's figures season by season, winter first:
// December to February, March to May and so on, or June to August for
// winter south of the equator.
func (c Climate) Seasons() []SeasonFigures {
	names := [4]string{"winter", "spring", "summer", "autumn"}
	firstMonth := 11 // December
	if c.South {
		firstMonth = 5 // June
	}
	out := make([]SeasonFigures, 4)
	for s := range out {
		var high, low, wet, rain float64
		var days int
		months := [3]int{}
		for k := range months {
			m := (firstMonth + 3*s + k) % 12
			months[k] = m
			n := placeMonthDays[m]
			high += float64(c.Months[m].High * float64(n)) // converted: no fused multiply-add
			low += float64(c.Months[m].Low * float64(n))
			days += n
			wet += c.Months[m].WetDays
			rain += c.Months[m].Precipitation
		}
		out[s] = SeasonFigures{
			Season:        names[s],
			Months:        MonthAbbrev[months[0]] + "–" + MonthAbbrev[months[2]],
			High:          math.Round(high/float64(days)*10) / 10,
			Low:           math.Round(low/float64(days)*10) / 10,
			WetDays:       math.Round(wet*10) / 10,
			Precipitation: math.Round(rain),
		}
	}
	return out
}
