package weathergen

import (
	"math"
	"testing"

	"github.com/kanka-cli/kanka/almanac"
)

// placeDay is the day of the place's year (0-based, fractional) a moment lies on.
func placeDay(m Moment) float64 { return m.Position * placeYearDays }

func TestAnEarthLikeCalendarLiesOnThePlacesYearDayForDay(t *testing.T) {
	r := earthLike(t)
	c, _ := ClimateByName("temperate")
	s := span(t, r, c, almanac.Date{Year: 2, Month: 1, Day: 1}, almanac.Date{Year: 2, Month: 12, Day: 31})
	if len(s.Days) != 365 || len(s.LeadIn) != LeadInDays || len(s.Warnings) != 0 {
		t.Fatalf("%d days, %d lead-in, warnings %v", len(s.Days), len(s.LeadIn), s.Warnings)
	}
	for i, m := range s.Days {
		if d := placeDay(m) - (float64(i) + 0.5); math.Abs(d) > 1e-9 {
			t.Fatalf("%s lies on place day %.4f, want %d.5", m.Label, placeDay(m), i)
		}
	}
	if s.Days[0].Label != "1 January 2" || s.Days[0].MonthName != "January" || s.LeadIn[LeadInDays-1].Label != "31 December 1" {
		t.Fatalf("%+v %+v", s.Days[0], s.LeadIn[LeadInDays-1])
	}
}

func TestSeasonsStretchTheCalendarOverThePlacesSeasons(t *testing.T) {
	// Twelve months of 30 days; winter on day 1, then one season every
	// three months: the place's 89 days from 21 December to 20 March are
	// spread over the calendar's 90 of winter.
	var months []almanac.Month
	for i := range 12 {
		months = append(months, almanac.Month{Name: string(rune('A' + i)), Length: 30})
	}
	r, err := almanac.New(almanac.Calendar{Months: months, Seasons: []almanac.Season{
		{Name: "Deep Winter", Month: 1, Day: 1}, {Name: "Late winter", Month: 2, Day: 1},
		{Name: "Springtide", Month: 4, Day: 1}, {Name: "High Summer", Month: 7, Day: 1}, {Name: "Fall", Month: 10, Day: 1},
	}})
	if err != nil {
		t.Fatal(err)
	}
	c, _ := ClimateByName("temperate")
	s := span(t, r, c, almanac.Date{Year: 1, Month: 1, Day: 1}, almanac.Date{Year: 1, Month: 12, Day: 30})
	for _, tc := range []struct {
		day  int
		want float64 // place day
	}{
		{0, 354 + 0.5*89.0/90},   // the first day of winter is 21 December
		{90, 78 + 0.5*93.0/90},   // spring: 20 March
		{180, 171 + 0.5*93.0/90}, // summer: 21 June
		{270, 264 + 0.5*90.0/90}, // autumn: 22 September
		{45, math.Mod(354+45.5*89.0/90, 365)},
	} {
		if got := placeDay(s.Days[tc.day]); math.Abs(got-tc.want) > 1e-9 {
			t.Errorf("%s lies on place day %.4f, want %.4f", s.Days[tc.day].Label, got, tc.want)
		}
	}
	if len(s.Warnings) != 0 {
		t.Fatal(s.Warnings)
	}
}

func TestSouthOfTheEquatorWinterIsJune(t *testing.T) {
	r := earthLike(t)
	c, _ := ClimateByName("savanna")
	s := span(t, r, c, almanac.Date{Year: 1, Month: 12, Day: 21}, almanac.Date{Year: 1, Month: 12, Day: 21})
	// 21 June, the calendar's 89 days of winter spread over the place's 93.
	if got, want := placeDay(s.Days[0]), 171+0.5*93.0/89; math.Abs(got-want) > 1e-9 {
		t.Fatalf("the calendar's first day of winter lies on place day %.4f, want %.4f", got, want)
	}
}

func TestACalendarWithoutSeasonsIsPlacedByItsYearWithAWarning(t *testing.T) {
	r := earthLike(t, almanac.Season{Name: "Rains", Month: 5, Day: 1})
	c, _ := ClimateByName("temperate")
	s := span(t, r, c, almanac.Date{Year: 1, Month: 1, Day: 1}, almanac.Date{Year: 2, Month: 12, Day: 31})
	want := "the calendar has no season named winter, spring, summer, autumn or fall: its days are placed by their position in its year, its first day on the place's 1 January"
	if len(s.Warnings) != 1 || s.Warnings[0] != want {
		t.Fatalf("warnings = %q", s.Warnings)
	}
	if got := placeDay(s.Days[0]); math.Abs(got-0.5) > 1e-9 {
		t.Fatalf("first day on %.4f", got)
	}
	south, _ := ClimateByName("polar")
	s = span(t, r, south, almanac.Date{Year: 1, Month: 1, Day: 1}, almanac.Date{Year: 1, Month: 1, Day: 1})
	if got := placeDay(s.Days[0]); math.Abs(got-181.5) > 1e-9 {
		t.Fatalf("south: first day on %.4f, want 181.5 (1 July)", got)
	}
}

func TestSeasonsOutOfOrderArePlacedByTheYearWithAWarning(t *testing.T) {
	r := earthLike(t, almanac.Season{Name: "Winter", Month: 1, Day: 1}, almanac.Season{Name: "Summer", Month: 4, Day: 1}, almanac.Season{Name: "Spring", Month: 7, Day: 1})
	c, _ := ClimateByName("temperate")
	s := span(t, r, c, almanac.Date{Year: 1, Month: 1, Day: 1}, almanac.Date{Year: 1, Month: 1, Day: 2})
	if len(s.Warnings) != 1 || s.Warnings[0][:54] != "the calendar's seasons do not run winter, spring, summ" {
		t.Fatalf("warnings = %q", s.Warnings)
	}
}

func TestSpanOfRefusesBackwardsAndMissingDates(t *testing.T) {
	r := earthLike(t)
	c, _ := ClimateByName("temperate")
	if _, err := SpanOf(r, c, almanac.Date{Year: 1, Month: 3, Day: 1}, almanac.Date{Year: 1, Month: 2, Day: 1}); err == nil || err.Error() != "1 February 1 is before 1 March 1" {
		t.Fatal(err)
	}
	if _, err := SpanOf(r, c, almanac.Date{Year: 1, Month: 2, Day: 30}, almanac.Date{Year: 1, Month: 3, Day: 1}); err == nil {
		t.Fatal("30 February")
	}
}

func TestLeapDaysAndIntercalaryMonthsHaveTheirPlace(t *testing.T) {
	// Harptos-like: twelve months of 30 days and five festivals, one of
	// which gains a day every fourth year.
	var months []almanac.Month
	for i := range 12 {
		months = append(months, almanac.Month{Name: string(rune('A' + i)), Length: 30})
		if i%3 == 0 {
			months = append(months, almanac.Month{Name: "Festival " + string(rune('A'+i)), Length: 1, Intercalary: true})
		}
	}
	r, err := almanac.New(almanac.Calendar{Months: months, Leap: almanac.LeapRule{Enabled: true, Amount: 1, Month: 2, Offset: 4, Start: 0},
		Seasons: []almanac.Season{{Name: "Winter", Month: 1, Day: 1}, {Name: "Spring", Month: 5, Day: 1}, {Name: "Summer", Month: 9, Day: 1}, {Name: "Autumn", Month: 13, Day: 1}}})
	if err != nil {
		t.Fatal(err)
	}
	c, _ := ClimateByName("continental")
	s := span(t, r, c, almanac.Date{Year: 3, Month: 1, Day: 1}, almanac.Date{Year: 4, Month: 16, Day: 30})
	if len(s.Days) != 364+365 {
		t.Fatalf("%d days", len(s.Days))
	}
	days := generate(t, c, 1, Celsius, s)
	leap := days[364+30+1]
	if leap.Label != "2 Festival A 4" {
		t.Fatalf("the leap day is %q", leap.Label)
	}
	for i := 1; i < len(s.Days); i++ {
		if s.Days[i].Position == s.Days[i-1].Position {
			t.Fatalf("%s and %s share a place", s.Days[i-1].Label, s.Days[i].Label)
		}
	}
}
