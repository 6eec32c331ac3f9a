package weathergen

import (
	"reflect"
	"testing"

	"github.com/kanka-cli/kanka/almanac"
)

// The span says how it read the calendar's seasons, in the order of the
// first day's year: each by the season word its name holds, in any case
// and inside a longer word ("Snowfall" is autumn, "Deepwinter" winter), or
// none; a calendar without seasons has no reading.
func TestSpanSaysHowItReadTheSeasons(t *testing.T) {
	r := earthLike(t,
		almanac.Season{Name: "Snowfall", Month: 9, Day: 22}, almanac.Season{Name: "Deepwinter", Month: 12, Day: 21},
		almanac.Season{Name: "Thaw", Month: 2, Day: 1}, almanac.Season{Name: "SPRING", Month: 3, Day: 20},
		almanac.Season{Name: "Midsummer", Month: 6, Day: 21})
	c, _ := ClimateByName("temperate")
	s := span(t, r, c, almanac.Date{Year: 3, Month: 5, Day: 1}, almanac.Date{Year: 3, Month: 5, Day: 1})
	want := []SeasonReading{{"Thaw", ""}, {"SPRING", "spring"}, {"Midsummer", "summer"}, {"Snowfall", "autumn"}, {"Deepwinter", "winter"}}
	if !reflect.DeepEqual(s.Seasons, want) || len(s.Warnings) != 0 {
		t.Errorf("seasons %+v, warnings %v; want %+v and none", s.Seasons, s.Warnings, want)
	}
	none := span(t, earthLike(t, []almanac.Season{}...), c, almanac.Date{Year: 3, Month: 5, Day: 1}, almanac.Date{Year: 3, Month: 5, Day: 1})
	if len(none.Seasons) != 0 {
		t.Errorf("a calendar without seasons: %+v", none.Seasons)
	}
}
