package monthgrid

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/kanka-cli/kanka/almanac"
	"github.com/kanka-cli/kanka/output"
)

func fieldsText(fields []output.Field) string {
	var b strings.Builder
	for _, f := range fields {
		b.WriteString(f.Label + ": " + f.Value + "\n")
	}
	return b.String()
}

// A day in full says its date (today's marked), weekday, season, the moon
// phases falling on it and every text of each of its weather entries, in
// UTF-8 or ASCII marks.
func TestDayFields(t *testing.T) {
	in := generatedChes(t)
	in.Weather = append(in.Weather, Weather{Date: *day(1492, 4, 19), Code: "bolt", Name: "The Claw's storm",
		Temperature: "9°C", Wind: "gale from the west", Effect: "ships stay in harbour", Raw: json.RawMessage(`{}`)})
	g := mustGrid(t, in)
	tests := []struct {
		day     int
		unicode bool
		want    string
	}{
		{1, true, "" +
			"Date: 1 Ches, Year of Three Ships Sailing DR (1492-4-1)\n" +
			"Weekday: First-day\n" +
			"Season: Winter\n" +
			"Moons: Selûne full\n" +
			"Weather: ☀ sun\n" +
			"Temperature: 10°C\n" +
			"Precipitation: none\n" +
			"Wind: moderate breeze from the west\n"},
		{12, false, "" +
			"Date: 12 Ches, Year of Three Ships Sailing DR (1492-4-12), today\n" +
			"Weekday: Second-day\n" +
			"Season: Winter\n" +
			"Moons: no phase falls on this day\n" +
			"Weather: r rain (cloud-rain)\n" +
			"Temperature: 7°C\n" +
			"Precipitation: rain\n" +
			"Wind: moderate breeze from the west\n"},
		// Two entries: each its group, the name first.
		{19, true, "" +
			"Date: 19 Ches, Year of Three Ships Sailing DR (1492-4-19)\n" +
			"Weekday: Ninth-day\n" +
			"Season: Spring, from this day\n" +
			"Moons: no phase falls on this day\n" +
			"Weather: ☂ rain (cloud-rain)\n" +
			"Temperature: 11°C\n" +
			"Precipitation: rain\n" +
			"Wind: moderate breeze from the west\n" +
			"Name: The Claw's storm\n" +
			"Weather: ↯ thunderstorm (bolt)\n" +
			"Temperature: 9°C\n" +
			"Wind: gale from the west\n" +
			"Effect: ships stay in harbour\n"},
	}
	for _, tt := range tests {
		if got := fieldsText(g.DayFields(almanac.Date{Year: 1492, Month: 4, Day: tt.day}, tt.unicode)); got != tt.want {
			t.Errorf("day %d:\n%s\nwant:\n%s", tt.day, got, tt.want)
		}
	}
	if g.DayFields(almanac.Date{Year: 1492, Month: 5, Day: 1}, true) != nil {
		t.Error("a day the grid does not show has fields")
	}
}

// A day outside the week, with no weather.
func TestDayFieldsOfAFestival(t *testing.T) {
	in := ches1492(t)
	in.Month = 13
	got := fieldsText(mustGrid(t, in).DayFields(almanac.Date{Year: 1492, Month: 13, Day: 1}, true))
	want := "" +
		"Date: 1 Highharvestide, Year of Three Ships Sailing DR (1492-13-1)\n" +
		"Weekday: none (outside the week)\n" +
		"Season: Autumn\n" +
		"Moons: Selûne full\n" +
		"Weather: none recorded\n"
	if got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}

// The JSON of a day: the month's context, then the day as in the month's
// days.
func TestDayValue(t *testing.T) {
	g := mustGrid(t, ches1492(t))
	v, ok := g.Day(almanac.Date{Year: 1492, Month: 4, Day: 12})
	if !ok {
		t.Fatal("the 12th is not shown")
	}
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"calendar":{"id":7,"name":"Calendar of Harptos"},"year":1492,"year_name":"Year of Three Ships Sailing",` +
		`"month":4,"month_name":"Ches","intercalary":false,"today":"1492-4-12","day":12,"date":"1492-4-12",` +
		`"weekday":"Second-day","moons":[],"season":"Winter","season_starts":false,` +
		`"weather":[{"id":12,"weather":"cloud","day":12,"month":4,"year":1492,"temperature":""},` +
		`{"id":13,"weather":"wind","day":12,"month":4,"year":1492,"temperature":""}],"reminders":[]}`
	if string(b) != want {
		t.Errorf("got  %s\nwant %s", b, want)
	}
	if _, ok := g.Day(almanac.Date{Year: 1492, Month: 4, Day: 31}); ok {
		t.Error("day 31 of a 30-day month")
	}
}
