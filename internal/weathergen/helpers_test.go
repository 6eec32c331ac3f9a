package weathergen

import (
	"testing"

	"github.com/kanka-cli/kanka/almanac"
)

// earthLike is a calendar of twelve months shaped like the place's year,
// with no leap days, its four seasons starting on the solstices and
// equinoxes: on it a day lies where the same day lies at the place.
func earthLike(t testing.TB, seasons ...almanac.Season) *almanac.Reckoning {
	t.Helper()
	names := []string{"January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"}
	var months []almanac.Month
	for i, n := range placeMonthDays {
		months = append(months, almanac.Month{Name: names[i], Length: n})
	}
	if seasons == nil {
		seasons = fourSeasons
	}
	r, err := almanac.New(almanac.Calendar{
		Months:   months,
		Weekdays: []string{"Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"},
		Seasons:  seasons,
	})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

var fourSeasons = []almanac.Season{
	{Name: "Spring", Month: 3, Day: 20},
	{Name: "Summer", Month: 6, Day: 21},
	{Name: "Autumn", Month: 9, Day: 22},
	{Name: "Winter", Month: 12, Day: 21},
}

// generateYears generates years whole years of climate c from year 1 of r.
func generateYears(t testing.TB, r *almanac.Reckoning, c Climate, seed uint64, years int) []Day {
	t.Helper()
	last := almanac.Date{Year: years, Month: r.MonthCount()}
	n, err := r.MonthLength(years, r.MonthCount())
	if err != nil {
		t.Fatal(err)
	}
	last.Day = n
	span, err := SpanOf(r, c, almanac.Date{Year: 1, Month: 1, Day: 1}, last)
	if err != nil {
		t.Fatal(err)
	}
	days, err := Generate(Request{Climate: c, Seed: seed, Units: Celsius, Days: span.Days, LeadIn: span.LeadIn})
	if err != nil {
		t.Fatal(err)
	}
	return days
}

// monthStats are the means over years of each month of the calendar.
type monthStats struct {
	high, low, wet, snow [12]float64
}

func statsOf(days []Day, years int) monthStats {
	var s monthStats
	var n [12]float64
	for _, d := range days {
		m := d.Date.Month - 1
		s.high[m] += d.High
		s.low[m] += d.Low
		n[m]++
		if d.Wet {
			s.wet[m]++
		}
		if d.Snow {
			s.snow[m]++
		}
	}
	for m := range n {
		s.high[m] /= n[m]
		s.low[m] /= n[m]
		s.wet[m] /= float64(years)
		s.snow[m] /= float64(years)
	}
	return s
}
