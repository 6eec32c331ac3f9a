package weathergen

import (
	"testing"

	"github.com/kanka-cli/kanka/almanac"
)

func TestSummaryGoesMonthByMonth(t *testing.T) {
	day := func(m, d int, weather string, high, low float64, wet, snow bool) Day {
		return Day{Date: almanac.Date{Year: 5, Month: m, Day: d}, MonthName: map[int]string{1: "Hammer", 2: ""}[m], Weather: weather, High: high, Low: low, Wet: wet, Snow: snow, Units: Celsius}
	}
	got := Summary([]Day{
		day(1, 1, Cloud, 4, -1, false, false),
		day(1, 2, Snow, 1, -3, true, true),
		day(1, 3, Cloud, 2.5, -2, false, false),
		day(2, 1, Sun, 6, 1, false, false),
		day(2, 2, Rain, 5, 2, true, false),
	})
	if len(got) != 2 {
		t.Fatalf("%+v", got)
	}
	h := got[0]
	if h.Name != "Hammer" || h.Days != 3 || h.MeanHigh != 2.5 || h.MeanLow != -2 || h.WetDays != 1 || h.SnowDays != 1 || h.Weather != Cloud || len(h.Highs) != 3 {
		t.Fatalf("%+v", h)
	}
	// A tie goes to the first of WeatherCodes; a month without a name is its number.
	if f := got[1]; f.Name != "2" || f.Weather != Sun || f.MeanHigh != 5.5 {
		t.Fatalf("%+v", f)
	}
	if Summary(nil) != nil {
		t.Fatal("no days, no months")
	}
}

func TestSparkline(t *testing.T) {
	if got := Sparkline([]float64{1, 2, 3, 4, 5, 6, 7, 8}); got != "▁▂▃▄▅▆▇█" {
		t.Fatalf("%q", got)
	}
	if got := Sparkline([]float64{3, 3, 3}); got != "▄▄▄" {
		t.Fatalf("%q", got)
	}
	if got := SparklineRange([]float64{-10, 0, 10, 40}, 0, 20); got != "▁▁▅█" {
		t.Fatalf("%q", got)
	}
	if Sparkline(nil) != "" {
		t.Fatal("empty")
	}
}
