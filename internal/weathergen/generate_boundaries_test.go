package weathergen

import (
	"strings"
	"testing"
)

// following is n days that follow one another from ordinal 1, in the
// middle of the place's year.
func following(n int) []Moment {
	days := make([]Moment, n)
	for i := range days {
		days[i] = Moment{Label: "day", Ordinal: int64(i + 1), Position: 0.5}
	}
	return days
}

func TestARequestGeneratesAtMostMaxDaysLeadInIncluded(t *testing.T) {
	c, _ := ClimateByName("temperate")
	all := following(MaxDays + 1)
	got, err := Generate(Request{Climate: c, LeadIn: all[:LeadInDays], Days: all[LeadInDays:MaxDays]})
	if err != nil || len(got) != MaxDays-LeadInDays {
		t.Fatalf("%d days, %v", len(got), err)
	}
	_, err = Generate(Request{Climate: c, LeadIn: all[:LeadInDays], Days: all[LeadInDays:]})
	if want := "100001 days are more than one request may generate (100000)"; err == nil || err.Error() != want {
		t.Fatalf("error = %v\nwant    %s", err, want)
	}
}

// The year runs from position 0, the start of 1 January, to just below 1.
func TestPositionZeroIsInTheYear(t *testing.T) {
	c, _ := ClimateByName("temperate")
	got, err := Generate(Request{Climate: c, Days: []Moment{{Label: "1 January", Position: 0}}})
	if err != nil || len(got) != 1 {
		t.Fatalf("%d days, %v", len(got), err)
	}
}

// A day generated alone, with no day before it, is wet as often as its
// month's days are: temperate's July is wet on 8 days of 31, a quarter
// of them.
func TestADayGeneratedAloneIsWetAsOftenAsItsMonthsDays(t *testing.T) {
	c, _ := ClimateByName("temperate")
	wetDays := c.Months[6].WetDays
	const n = 2000
	wet := 0
	for ord := range int64(n) {
		days, err := Generate(Request{Climate: c, Seed: 1, Days: []Moment{{Label: "day", Ordinal: ord, Position: 0.53}}})
		if err != nil {
			t.Fatal(err)
		}
		if days[0].Wet {
			wet++
		}
	}
	// Within four standard deviations (about 0.04) of the month's share;
	// a first day taken as following a dry one would be wet on 0.15.
	if got, want := float64(wet)/n, wetDays/31; got < want-0.04 || got > want+0.04 {
		t.Fatalf("%d of %d days alone are wet (%.3f), want %.3f", wet, n, got, want)
	}
}

// A day's figures say what its words say: the wind speed is the wind's
// force, the amount the precipitation's word, the high the temperature.
func TestADaysFiguresAgreeWithItsWords(t *testing.T) {
	for _, c := range Climates() {
		for _, d := range threeYears(t, c) {
			f := force(roundHundredths(int64(d.WindSpeed * 10000)))
			if name := beaufort[f].name; !strings.HasPrefix(d.Wind, name) || f > 0 && d.Wind[len(name)] != ' ' {
				t.Fatalf("%s %s: %.2f km/h is a %s, not %q", c.Name, d.Label, d.WindSpeed, name, d.Wind)
			}
			kind := dry
			switch {
			case d.Snow:
				kind = snow
			case d.Precipitation == "sleet":
				kind = sleet
			case d.Wet:
				kind = rain
			}
			if got := precipitationText(kind, roundHundredths(int64(d.Amount*10000)), f); got != d.Precipitation {
				t.Fatalf("%s %s: %.2f mm is %q, not %q", c.Name, d.Label, d.Amount, got, d.Precipitation)
			}
			if got := temperatureText(roundHundredths(int64(d.High*10000)), Celsius); got != d.Temperature {
				t.Fatalf("%s %s: a high of %.2f is %q, not %q", c.Name, d.Label, d.High, got, d.Temperature)
			}
			if d.Low > d.High {
				t.Fatalf("%s %s: low %.2f above high %.2f", c.Name, d.Label, d.Low, d.High)
			}
		}
	}
}
