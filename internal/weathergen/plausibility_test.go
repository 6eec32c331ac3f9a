package weathergen

import (
	"math"
	"slices"
	"testing"
)

// tenYears is ten years of each climate on the earth-like calendar.
func tenYears(t *testing.T) map[string][]Day {
	t.Helper()
	r := earthLike(t)
	out := map[string][]Day{}
	for _, c := range Climates() {
		out[c.Name] = generateYears(t, r, c, 7, 10)
	}
	return out
}

func TestWinterIsColderThanSummerByTheMarginOfTheClimate(t *testing.T) {
	// The calendar's winter (December to February) and summer (June to
	// August): their days' mean temperatures differ by at least these
	// degrees. (Mumbai's monsoon summer has cooler afternoons than its
	// winter, but warmer nights.)
	margins := map[string]float64{
		"continental": 20, "desert": 12, "mediterranean": 14, "monsoon": 2.5,
		"polar": 20, "savanna": 2.5, "steppe": 17, "temperate": 10, "tropical": 0.4, "tundra": 20,
	}
	for name, days := range tenYears(t) {
		var winter, summer []float64
		for _, d := range days {
			switch d.Date.Month {
			case 12, 1, 2:
				winter = append(winter, (d.High+d.Low)/2)
			case 6, 7, 8:
				summer = append(summer, (d.High+d.Low)/2)
			}
		}
		w, s := mean(winter), mean(summer)
		if s-w < margins[name] {
			t.Errorf("%s: winter %.1f °C, summer %.1f °C: want summer warmer by %v", name, w, s, margins[name])
		}
	}
}

func TestTheDesertIsDryAndTheRainforestWetAndWarm(t *testing.T) {
	all := tenYears(t)
	wet := func(name string) float64 {
		n := 0
		for _, d := range all[name] {
			if d.Wet {
				n++
			}
		}
		return float64(n) / 10
	}
	if w := wet("desert"); w > 8 {
		t.Errorf("the desert has %.1f wet days a year", w)
	}
	if w := wet("tropical"); w < 150 {
		t.Errorf("the rainforest has %.1f wet days a year", w)
	}
	for _, d := range all["tropical"] {
		if d.Low < 15 || d.High < 22 {
			t.Fatalf("the rainforest on %s: high %.1f, low %.1f", d.Label, d.High, d.Low)
		}
	}
	for _, name := range []string{"desert", "tropical", "savanna", "monsoon"} {
		for _, d := range all[name] {
			if d.Snow {
				t.Fatalf("snow in the %s on %s", name, d.Label)
			}
		}
	}
}

func TestSnowOnlyWhenItIsColdAndNoRainInADeepFrost(t *testing.T) {
	snowDays := 0
	for name, days := range tenYears(t) {
		for _, d := range days {
			mean := (d.High + d.Low) / 2
			if d.Snow {
				snowDays++
				if d.High > 1.55 && mean > 0.55 { // the model rounds to hundredths

					t.Fatalf("%s, %s: snow at high %.1f, mean %.1f", name, d.Label, d.High, mean)
				}
				if d.Weather != Snow {
					t.Fatalf("%s, %s: a snowy day's weather is %q", name, d.Label, d.Weather)
				}
			}
			if d.Wet && !d.Snow && d.High <= 1.45 {
				t.Fatalf("%s, %s: %s at high %.1f", name, d.Label, d.Precipitation, d.High)
			}
		}
	}
	if snowDays == 0 {
		t.Fatal("no snow in ten years of every climate")
	}
}

func TestWarmAndColdSpellsPersist(t *testing.T) {
	c, _ := ClimateByName("temperate")
	days := generateYears(t, earthLike(t), c, 3, 10)
	var change float64
	for i := 1; i < len(days); i++ {
		change += math.Abs(days[i].High - days[i-1].High)
	}
	change /= float64(len(days) - 1)
	if change >= 4 || change < 0.5 {
		t.Fatalf("mean change of the high from day to day = %.2f °C; want a few degrees", change)
	}
	// Not white noise: a day's anomaly says much about the next one's.
	var a, b []float64
	for i := 1; i < len(days); i++ {
		m := days[i].Date.Month - 1
		a = append(a, days[i-1].High-c.Months[m].High)
		b = append(b, days[i].High-c.Months[m].High)
	}
	if r := correlation(a, b); r < 0.5 {
		t.Fatalf("day-to-day correlation of the high's anomaly = %.2f", r)
	}
}

func TestWetDaysComeInRuns(t *testing.T) {
	c, _ := ClimateByName("temperate")
	days := generateYears(t, earthLike(t), c, 11, 10)
	var wetAfterWet, wet, wetAfterAny int
	for i := 1; i < len(days); i++ {
		if days[i].Wet {
			wetAfterAny++
		}
		if days[i-1].Wet {
			wet++
			if days[i].Wet {
				wetAfterWet++
			}
		}
	}
	after := float64(wetAfterWet) / float64(wet)
	any := float64(wetAfterAny) / float64(len(days)-1)
	if after < any+0.15 {
		t.Fatalf("a wet day follows a wet day %.2f of the time, any day %.2f: want runs", after, any)
	}
}

func TestEveryFieldFitsTheService(t *testing.T) {
	for name, days := range tenYears(t) {
		for _, d := range days {
			if !slices.Contains(WeatherCodes, d.Weather) || len(d.Weather) > MaxWeatherLength {
				t.Fatalf("%s, %s: weather %q", name, d.Label, d.Weather)
			}
			for field, v := range map[string]string{"temperature": d.Temperature, "precipitation": d.Precipitation, "wind": d.Wind, "effect": d.Effect} {
				if len([]rune(v)) > MaxTextLength {
					t.Fatalf("%s, %s: %s %q is longer than %d", name, d.Label, field, v, MaxTextLength)
				}
			}
			if d.Temperature == "" || d.Precipitation == "" || d.Wind == "" {
				t.Fatalf("%s, %s: an empty field: %+v", name, d.Label, d)
			}
		}
	}
	// The longest words the model has fit too.
	if w := windText(len(beaufort)-1, 7); len(w) > MaxTextLength {
		t.Fatalf("%q", w)
	}
}

func mean(v []float64) float64 {
	var s float64
	for _, x := range v {
		s += x
	}
	return s / float64(len(v))
}

func correlation(a, b []float64) float64 {
	ma, mb := mean(a), mean(b)
	var sab, saa, sbb float64
	for i := range a {
		sab += (a[i] - ma) * (b[i] - mb)
		saa += (a[i] - ma) * (a[i] - ma)
		sbb += (b[i] - mb) * (b[i] - mb)
	}
	return sab / math.Sqrt(saa*sbb)
}
