package weathergen

import (
	"fmt"
	"strings"
	"testing"

	"github.com/kanka-cli/kanka/almanac"
)

// climateOf is a climate file of twelve months, each line of months given.
func climateOf(t *testing.T, months []string) Climate {
	t.Helper()
	var b strings.Builder
	b.WriteString("name: test\nmonths:\n")
	for i, m := range months {
		b.WriteString("  - {month: " + MonthAbbrev[i] + ", " + m + "}\n")
	}
	c, err := LoadClimate([]byte(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// threeYears generates three years of c on the earth-like calendar.
func threeYears(t *testing.T, c Climate) []Day {
	t.Helper()
	r := earthLike(t)
	return generate(t, c, 3, Celsius, span(t, r, c, almanac.Date{Year: 1, Month: 1, Day: 1}, almanac.Date{Year: 3, Month: 12, Day: 31}))
}

func effects(days []Day, effect string) int {
	n := 0
	for _, d := range days {
		if d.Effect == effect {
			n++
		}
	}
	return n
}

// sandyMonths are six hot, dry, windy months and six wet ones with
// wetDays wet days each.
func sandyMonths(wetDays string) []string {
	var out []string
	for m := range 12 {
		if m < 6 {
			out = append(out, "high: 35, low: 20, wet_days: 0, wind: 45")
		} else {
			out = append(out, "high: 20, low: 10, wet_days: "+wetDays+", precipitation: 20")
		}
	}
	return out
}

// Sandstorms blow in a dry climate's dry, hot and windy days: a climate
// whose year is wet on 12% of its days or more has none, however dry,
// hot and windy some of its months.
func TestSandstormsNeedAYearWetOnLessThanTwelvePercentOfDays(t *testing.T) {
	// 6 × 7.3 = 43.8 wet days, 12.0% of 365: not dry enough.
	if n := effects(threeYears(t, climateOf(t, sandyMonths("7.3"))), "sandstorm"); n != 0 {
		t.Errorf("a year 12%% wet has %d sandstorms, want none", n)
	}
	// 6 × 7.2 = 43.2 wet days, 11.8%: dry enough.
	if n := effects(threeYears(t, climateOf(t, sandyMonths("7.2"))), "sandstorm"); n == 0 {
		t.Error("a year 11.8% wet has no sandstorm")
	}
}

// A climate that gives wet days but no precipitation rains a middling
// 4 mm on a wet day, on average.
func TestWetDaysWithoutAmountsRainFourMillimetresOnAverage(t *testing.T) {
	var months []string
	for range 12 {
		months = append(months, "high: 20, low: 10, wet_days: 15")
	}
	var sum float64
	var wet int
	for _, d := range threeYears(t, climateOf(t, months)) {
		if d.Wet {
			sum += d.Amount
			wet++
		}
	}
	if mean := sum / float64(wet); wet < 100 || mean < 3.5 || mean > 4.5 {
		t.Fatalf("%d wet days of %.2f mm on average, want 4", wet, mean)
	}
}

// A month of 0.05 wet days and 1 mm brings its 1 mm on its rare wet day:
// 20 mm a wet day. Fewer wet days than that are taken as none, and a
// wet day brings the middling 4 mm.
func TestTheFewestWetDaysThatSetAWetDaysAmount(t *testing.T) {
	months := make([]string, 12)
	for m := range months {
		months[m] = "high: 20, low: 10, wet_days: 0.05, precipitation: 1"
	}
	months[1] = "high: 20, low: 10, wet_days: 0.04, precipitation: 1"
	y := newYear(climateOf(t, months))
	if y.perWetDay[0] != 2000 || y.perWetDay[1] != defaultPerWetDay {
		t.Fatalf("a wet day brings %d and %d hundredths of mm, want 2000 and %d", y.perWetDay[0], y.perWetDay[1], defaultPerWetDay)
	}
}

// monthsOf is twelve months alike but for their wet days, share × the
// month's days: 0.1 gives 3.1 wet days in January, 2.8 in February.
func monthsOf(line string, share float64) []string {
	out := make([]string, 12)
	for m := range out {
		out[m] = fmt.Sprintf("%s, wet_days: %g", line, share*float64(placeMonthDays[m]))
	}
	return out
}

// Sandstorms blow on days of months wet on less than a tenth of their days:
// a climate wet on a tenth of its days exactly has none.
func TestSandstormsNeedAMonthWetOnLessThanATenthOfItsDays(t *testing.T) {
	if n := effects(threeYears(t, climateOf(t, monthsOf("high: 35, low: 20, wind: 45", 0.1))), "sandstorm"); n != 0 {
		t.Errorf("a climate wet on a tenth of its days has %d sandstorms, want none", n)
	}
	if n := effects(threeYears(t, climateOf(t, monthsOf("high: 35, low: 20, wind: 45", 0.09))), "sandstorm"); n == 0 {
		t.Error("a climate wet on 9% of its days has no sandstorm")
	}
}

// Fog lies on still, cool days of months wet on 8% of their days or more.
func TestFogNeedsMonthsWetOnEightPercentOfTheirDays(t *testing.T) {
	if n := effects(threeYears(t, climateOf(t, monthsOf("high: 8, low: 3, wind: 2", 0.08))), "fog"); n == 0 {
		t.Error("a climate wet on 8% of its days has no fog")
	}
	if n := effects(threeYears(t, climateOf(t, monthsOf("high: 8, low: 3, wind: 2", 0.07))), "fog"); n != 0 {
		t.Errorf("a climate wet on 7%% of its days has %d days of fog, want none", n)
	}
}

// After a dry day fog needs a day whose normal high and low lie less than
// 9 °C apart; after a wet day it needs no more.
func TestFogAfterADryDayNeedsARangeUnderNineDegrees(t *testing.T) {
	for _, tc := range []struct {
		months      string
		afterDryDay bool
	}{
		{"high: 10, low: 1.01, wind: 2", true},
		{"high: 10, low: 1, wind: 2", false},
	} {
		days := threeYears(t, climateOf(t, monthsOf(tc.months, 0.3)))
		afterWet, afterDry := 0, 0
		for i, d := range days[1:] {
			if d.Effect == "fog" && days[i].Wet {
				afterWet++
			} else if d.Effect == "fog" {
				afterDry++
			}
		}
		if afterWet == 0 || (afterDry > 0) != tc.afterDryDay {
			t.Errorf("%s: %d days of fog after a wet day, %d after a dry one", tc.months, afterWet, afterDry)
		}
	}
}
