package weathergen

import (
	"math"
	"testing"

	"github.com/kanka-cli/kanka/almanac"
)

// A calendar whose seasons are all of one kind ("Winter", then
// "Deepwinter") ties the first of them to the place's start of that
// season and spreads its year evenly over the place's, with no warning.
func TestSeasonsAllOfOneKindTieTheFirstToThePlace(t *testing.T) {
	r := earthLike(t, almanac.Season{Name: "Winter", Month: 1, Day: 1}, almanac.Season{Name: "Deepwinter", Month: 6, Day: 1})
	c, _ := ClimateByName("temperate")
	s := span(t, r, c, almanac.Date{Year: 1, Month: 1, Day: 1}, almanac.Date{Year: 1, Month: 1, Day: 2})
	if len(s.Warnings) != 0 {
		t.Fatalf("warnings = %q", s.Warnings)
	}
	// 1 January is the place's 21 December, day 354; 2 January its 22nd.
	for i, want := range []float64{354.5, 355.5} {
		if got := placeDay(s.Days[i]); math.Abs(got-want) > 1e-9 {
			t.Errorf("%s lies on place day %.4f, want %.1f", s.Days[i].Label, got, want)
		}
	}
}

// A span holds up to MaxDays-LeadInDays days, and says so past them.
func TestASpanHoldsAtMostMaxDaysLessTheLeadIn(t *testing.T) {
	r := earthLike(t)
	c, _ := ClimateByName("temperate")
	// 273 years of 365 days, and 323 days more: 99,968 days.
	from := almanac.Date{Year: 1, Month: 1, Day: 1}
	last := almanac.Date{Year: 274, Month: 11, Day: 19}
	s, err := SpanOf(r, c, from, last)
	if err != nil || len(s.Days) != MaxDays-LeadInDays {
		t.Fatalf("%d days, %v", len(s.Days), err)
	}
	_, err = SpanOf(r, c, from, almanac.Date{Year: 274, Month: 11, Day: 20})
	if want := "99969 days are more than one span may hold (99968)"; err == nil || err.Error() != want {
		t.Fatalf("error = %v\nwant    %s", err, want)
	}
}
