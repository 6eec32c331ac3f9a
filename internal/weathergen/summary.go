package weathergen

import (
	"math"
	"strconv"
	"strings"

	"github.com/kanka-cli/kanka/almanac"
)

// MonthSummary is one month of generated days, as the picture shows it.
type MonthSummary struct {
	Year  int    `json:"year"`
	Month int    `json:"month"`
	Name  string `json:"name"`
	Days  int    `json:"days"`
	// MeanHigh and MeanLow are in the days' units, to a tenth.
	MeanHigh float64 `json:"mean_high"`
	MeanLow  float64 `json:"mean_low"`
	Units    Units   `json:"units"`
	WetDays  int     `json:"wet_days"`
	SnowDays int     `json:"snow_days"`
	// Weather is the most common weather code of the month (of two as
	// common, the first of WeatherCodes).
	Weather string `json:"weather"`
	// Highs are the days' highs in order, for a sparkline.
	Highs []float64 `json:"highs"`
}

// Summary sums days up month by month, in the order the months come.
func Summary(days []Day) []MonthSummary {
	var out []MonthSummary
	var counts map[string]int
	var sumHigh, sumLow float64
	flush := func() {
		if len(out) == 0 {
			return
		}
		s := &out[len(out)-1]
		s.MeanHigh = tenth(sumHigh / float64(s.Days))
		s.MeanLow = tenth(sumLow / float64(s.Days))
		best := 0
		for _, code := range WeatherCodes {
			if counts[code] > best {
				s.Weather, best = code, counts[code]
			}
		}
	}
	var at almanac.Date
	for i, d := range days {
		if i == 0 || d.Date.Year != at.Year || d.Date.Month != at.Month {
			flush()
			at = d.Date
			out = append(out, MonthSummary{Year: d.Date.Year, Month: d.Date.Month, Name: monthLabel(d), Units: d.Units})
			counts = map[string]int{}
			sumHigh, sumLow = 0, 0
		}
		s := &out[len(out)-1]
		s.Days++
		sumHigh += d.High
		sumLow += d.Low
		if d.Wet {
			s.WetDays++
		}
		if d.Snow {
			s.SnowDays++
		}
		counts[d.Weather]++
		s.Highs = append(s.Highs, d.High)
	}
	flush()
	return out
}

// monthLabel names the month of d: its name, else its number.
func monthLabel(d Day) string {
	if name := strings.TrimSpace(d.MonthName); name != "" {
		return name
	}
	return strconv.Itoa(d.Date.Month)
}

// tenth rounds v to a tenth.
func tenth(v float64) float64 { return math.Round(v*10) / 10 }

// sparkBars are the eight heights of a sparkline.
var sparkBars = []rune("▁▂▃▄▅▆▇█")

// Sparkline draws values as a line of bars, the lowest value the lowest
// bar and the highest the highest: a month's highs at a glance.
func Sparkline(values []float64) string {
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, v := range values {
		if !math.IsNaN(v) {
			lo, hi = min(lo, v), max(hi, v)
		}
	}
	return SparklineRange(values, lo, hi)
}

// SparklineRange draws values on the scale lo..hi, so that lines drawn on
// one scale (the months of a year) compare: a value at or below lo is the
// lowest bar, at or above hi the highest. A value that is not a number
// leaves a space.
func SparklineRange(values []float64, lo, hi float64) string {
	var b strings.Builder
	for _, v := range values {
		switch {
		case math.IsNaN(v):
			b.WriteRune(' ')
		case !(hi > lo):
			b.WriteRune(sparkBars[len(sparkBars)/2-1])
		default:
			i := int((v - lo) / (hi - lo) * float64(len(sparkBars)))
			b.WriteRune(sparkBars[min(max(i, 0), len(sparkBars)-1)])
		}
	}
	return b.String()
}
