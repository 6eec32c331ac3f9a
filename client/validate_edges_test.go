package client_test

import (
	"reflect"
	"strings"
	"testing"

	"github.com/kanka-cli/kanka/client"
)

// Text that is not UTF-8 is named by the field it is in, counted from 1:
// the second month's name, type and alias, the second moon's name and
// colour.
func TestNotUTF8IsNamedByItsField(t *testing.T) {
	const bad = "\xff"
	in := client.CalendarInput{
		Name: "Harptos", Weekdays: []string{"First", "Second"},
		Months: []client.Month{{Name: "Hammer", Length: 30}, {Name: "Alturiak" + bad, Length: 30, Type: "standard" + bad, Alias: bad}},
		Moons:  []client.Moon{{Name: "Selûne", Fullmoon: 30}, {Name: "Tears" + bad, Fullmoon: 7, Colour: bad}},
	}
	want := []client.Problem{
		{Field: "month 2 name", Message: "is not valid UTF-8 text"},
		{Field: "month 2 type", Message: "is not valid UTF-8 text"},
		{Field: "month 2 alias", Message: "is not valid UTF-8 text"},
		{Field: "moon 2 name", Message: "is not valid UTF-8 text"},
		{Field: "moon 2 colour", Message: "is not valid UTF-8 text"},
		{Field: "month 2 type", Message: `must be standard or intercalary, not "standard\xff"`},
	}
	if got := problems(t, in.Validate()); !reflect.DeepEqual(got, want) {
		t.Errorf("problems\n%q\nwant\n%q", got, want)
	}
}

// A weather entry's name may have 40 characters, and its visibility is 1
// to 5: the values at those edges are accepted, those past them refused.
func TestWeatherLimitsAtTheirEdges(t *testing.T) {
	entry := func(name string, visibility int) client.WeatherInput {
		return client.WeatherInput{Dated: client.Dated{Year: ptr(1492), Month: ptr(1), Day: ptr(1)}, Weather: ptr("sun"), Name: ptr(name), VisibilityID: ptr(visibility)}
	}
	forty := strings.Repeat("n", 40)
	for _, tc := range []struct {
		name string
		in   client.WeatherInput
		want []client.Problem
	}{
		{"40-character name, visibility 1", entry(forty, 1), nil},
		{"visibility 5", entry("Frost", 5), nil},
		{"41-character name", entry(forty+"n", 1), []client.Problem{{Field: "name", Message: "has 41 characters; at most 40 are allowed"}}},
		{"visibility 0", entry("Frost", 0), []client.Problem{{Field: "visibility", Message: "must be 1 to 5 (all, admin, admin-self, self, members)"}}},
		{"visibility 6", entry("Frost", 6), []client.Problem{{Field: "visibility", Message: "must be 1 to 5 (all, admin, admin-self, self, members)"}}},
	} {
		if got := problems(t, tc.in.Validate(nil)); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s: problems %q, want %q", tc.name, got, tc.want)
		}
	}
}

// Leap settings at the edges of what the service takes (an amount of
// ±128, a leap year every year or every 255 years, a first leap year 1 or
// 255) count their leap days when a date is checked.
func TestDatesAreCheckedWithLeapSettingsAtTheirEdges(t *testing.T) {
	calendar := func(amount, every, start, lengthB int, date client.Date) client.CalendarInput {
		return client.CalendarInput{
			Name: "Harptos", Weekdays: []string{"First", "Second"},
			Months:      []client.Month{{Name: "Hammer", Length: 30}, {Name: "Alturiak", Length: lengthB}},
			HasLeapYear: ptr(true), LeapYearAmount: ptr(amount), LeapYearOffset: ptr(every), LeapYearStart: ptr(start), LeapYearMonth: ptr(2),
			Date: &date,
		}
	}
	for _, tc := range []struct {
		name string
		in   client.CalendarInput
		want []client.Problem
	}{
		{"128 leap days", calendar(128, 4, 4, 30, client.Date{Year: 1492, Month: 2, Day: 158}), nil},
		{"128 days fewer", calendar(-128, 4, 4, 200, client.Date{Year: 1492, Month: 2, Day: 100}),
			[]client.Problem{{Field: "date", Message: "day 100 of Alturiak does not exist in leap years"}}},
		{"every year", calendar(1, 1, 4, 30, client.Date{Year: 1491, Month: 2, Day: 31}), nil},
		{"every 255 years", calendar(1, 255, 4, 30, client.Date{Year: 1534, Month: 2, Day: 31}), nil},
		{"from year 1", calendar(1, 4, 1, 30, client.Date{Year: 1493, Month: 2, Day: 31}), nil},
		{"from year 255", calendar(1, 4, 255, 30, client.Date{Year: 1491, Month: 2, Day: 31}), nil},
		{"from year 1, a common year", calendar(1, 4, 1, 30, client.Date{Year: 1492, Month: 2, Day: 31}),
			[]client.Problem{{Field: "date", Message: "day 31 of Alturiak exists only in leap years"}}},
	} {
		if got := problems(t, tc.in.Validate()); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s: problems %q, want %q", tc.name, got, tc.want)
		}
	}
}

// A season is checked in a common year and a leap year: one on a day that
// only common years have (the leap year takes a day away) is fine when
// every year from the first leap year on is a leap year, the first one
// year 1 or 2 with year 0 skipped included.
func TestSeasonOnADayOnlyCommonYearsHave(t *testing.T) {
	calendar := func(start int, skipYearZero bool) client.CalendarInput {
		return client.CalendarInput{
			Name: "Harptos", Weekdays: []string{"First", "Second"},
			Months:      []client.Month{{Name: "Hammer", Length: 30}, {Name: "Alturiak", Length: 30}},
			HasLeapYear: ptr(true), LeapYearAmount: ptr(-1), LeapYearOffset: ptr(1), LeapYearStart: ptr(start), LeapYearMonth: ptr(2),
			SkipYearZero: ptr(skipYearZero),
			Seasons:      []client.Season{{Name: "Thaw", Month: 2, Day: 30}},
		}
	}
	for _, tc := range []struct {
		name string
		in   client.CalendarInput
	}{
		{"leap years from 4", calendar(4, false)},
		{"leap years from 1, year 0 skipped", calendar(1, true)},
		{"leap years from 2, year 0 skipped", calendar(2, true)},
	} {
		if got := problems(t, tc.in.Validate()); got != nil {
			t.Errorf("%s: problems %q, want none", tc.name, got)
		}
	}
}
