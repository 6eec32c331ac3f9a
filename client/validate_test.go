package client_test

import (
	"encoding/json"
	"errors"
	"math"
	"reflect"
	"strings"
	"testing"

	"github.com/kanka-cli/kanka/client"
)

func problems(t *testing.T, err error) []client.Problem {
	t.Helper()
	if err == nil {
		return nil
	}
	var ie *client.InputError
	if !errors.As(err, &ie) {
		t.Fatalf("err = %#v, want *client.InputError", err)
	}
	return ie.Problems
}

func validCalendar() client.CalendarInput {
	return client.CalendarInput{
		Name:     "Harptos",
		Months:   []client.Month{{Name: "Hammer", Length: 30}, {Name: "Midwinter", Length: 1, Type: "intercalary"}},
		Weekdays: []string{"First", "Second"},
	}
}

// What the live service sent validates as it is, so an update that changes
// one thing is not refused for the rest.
func TestValidateAcceptsWhatWasRead(t *testing.T) {
	var one struct{ Data *client.Calendar }
	if err := json.Unmarshal(readTestdata(t, "live_calendar.json"), &one); err != nil {
		t.Fatal(err)
	}
	if err := client.FromCalendar(one.Data).Validate(); err != nil {
		t.Errorf("the calendar read is refused:\n%v", err)
	}
	if err := validCalendar().Validate(); err != nil {
		t.Errorf("a minimal calendar is refused:\n%v", err)
	}
}

// Every problem is found at once and named in the user's words.
func TestValidateCalendarProblems(t *testing.T) {
	in := client.CalendarInput{
		Name:           " ",
		Type:           ptr(strings.Repeat("t", 192)),
		Months:         []client.Month{{Name: "", Length: 0, Type: "leap"}},
		Weekdays:       []string{"A"},
		Years:          map[int]string{5: "", 1: "One"},
		Seasons:        []client.Season{{Name: "", Month: 2, Day: 1}, {Name: "Late", Month: 1, Day: 2}},
		Moons:          []client.Moon{{Name: "", Fullmoon: 0}},
		Date:           &client.Date{Year: 1, Month: 1, Day: 1},
		Format:         ptr("d/M/y"),
		StartOffset:    ptr(100),
		HasLeapYear:    ptr(true),
		LeapYearAmount: ptr(129), LeapYearOffset: ptr(0), LeapYearStart: ptr(256), LeapYearMonth: ptr(2),
	}
	want := []client.Problem{
		{"name", "is required"},
		{"type", "is longer than 45 characters"},
		{"months", "at least 2 are required, 1 given"},
		{"month 1 name", "is required"},
		{"month 1 length", "must be at least 1, not 0"},
		{"month 1 type", `must be standard or intercalary, not "leap"`},
		{"weekdays", "at least 2 are required, 1 given"},
		{"year 5", "has no name"},
		{"season 1 name", "is required"},
		{"season 1", "month 2 does not exist: the calendar has 1 month"},
		// A length below 1 counts as 1, as on the service.
		{"season 2", "day 2 does not exist: month 1 has 1 day"},
		{"moon 1 name", "is required"},
		{"moon 1 full moon", "must be a number of days above 0"},
		{"format", "may only use the letters y m M d s, spaces, commas and dashes"},
		{"start offset", "must be from 0 to 99"},
		{"leap year amount", "must be from -128 to 128"},
		{"leap year every", "must be from 1 to 255 years"},
		{"leap year start", "must be from 1 to 255"},
		{"leap year month", "month 2 does not exist: the calendar has 1 month"},
	}
	got := problems(t, in.Validate())
	if !reflect.DeepEqual(got, want) {
		t.Errorf("problems:\n%q\nwant\n%q", got, want)
	}
}

func TestValidateCalendarLimits(t *testing.T) {
	for _, tc := range []struct {
		name  string
		edit  func(*client.CalendarInput)
		field string // "" when the input is fine
	}{
		{"191-character name", func(in *client.CalendarInput) { in.Name = strings.Repeat("é", 191) }, ""},
		{"192-character name", func(in *client.CalendarInput) { in.Name = strings.Repeat("é", 192) }, "name"},
		{"45-character type", func(in *client.CalendarInput) { in.Type = ptr(strings.Repeat("t", 45)) }, ""},
		{"46-character type (the live column holds 45)", func(in *client.CalendarInput) { in.Type = ptr(strings.Repeat("t", 46)) }, "type"},
		{"endless moon cycle", func(in *client.CalendarInput) { in.Moons = []client.Moon{{Name: "M", Fullmoon: math.Inf(1)}} }, "moon 1 full moon"},
		{"not-a-number moon cycle", func(in *client.CalendarInput) { in.Moons = []client.Moon{{Name: "M", Fullmoon: math.NaN()}} }, "moon 1 full moon"},
		{"format at 20", func(in *client.CalendarInput) { in.Format = ptr("d M, y - d M, y - dd") }, ""},
		{"format at 21", func(in *client.CalendarInput) { in.Format = ptr("d M, y - d M, y - ddd") }, "format"},
		{"start offset 0 and 99", func(in *client.CalendarInput) { in.StartOffset = ptr(99) }, ""},
		{"negative start offset", func(in *client.CalendarInput) { in.StartOffset = ptr(-1) }, "start offset"},
		{"last day of a month", func(in *client.CalendarInput) { in.Date = &client.Date{Year: -5, Month: 1, Day: 30} }, ""},
		{"day past the month", func(in *client.CalendarInput) { in.Date = &client.Date{Month: 2, Day: 2} }, "date"},
		{"the leap day in a leap year", func(in *client.CalendarInput) {
			in.HasLeapYear, in.LeapYearAmount, in.LeapYearMonth, in.LeapYearOffset, in.LeapYearStart = ptr(true), ptr(1), ptr(2), ptr(4), ptr(4)
			in.Date = &client.Date{Year: 1492, Month: 2, Day: 2}
		}, ""},
		{"the leap day in a common year", func(in *client.CalendarInput) {
			in.HasLeapYear, in.LeapYearAmount, in.LeapYearMonth, in.LeapYearOffset, in.LeapYearStart = ptr(true), ptr(1), ptr(2), ptr(4), ptr(4)
			in.Date = &client.Date{Year: 1491, Month: 2, Day: 2}
		}, "date"},
		{"month 0", func(in *client.CalendarInput) { in.Date = &client.Date{Month: 0, Day: 1} }, "date"},
		{"negative leap amount", func(in *client.CalendarInput) { in.HasLeapYear, in.LeapYearAmount = ptr(true), ptr(-128) }, ""},
		{"leap settings ignored without leap years", func(in *client.CalendarInput) {
			in.HasLeapYear, in.LeapYearOffset, in.LeapYearStart = ptr(false), ptr(0), ptr(0)
		}, ""},
		{"blank weekday", func(in *client.CalendarInput) { in.Weekdays = []string{"A", " "} }, "weekday 2"},
		{"no months given", func(in *client.CalendarInput) { in.Months = nil }, "months"},
	} {
		in := validCalendar()
		tc.edit(&in)
		var fields []string
		for _, p := range problems(t, in.Validate()) {
			fields = append(fields, p.Field)
		}
		want := []string(nil)
		if tc.field != "" {
			want = []string{tc.field}
		}
		if !reflect.DeepEqual(fields, want) {
			t.Errorf("%s: problems with %q, want %q", tc.name, fields, want)
		}
	}
}

func TestValidateWeather(t *testing.T) {
	cal := &client.Calendar{CalendarInput: client.CalendarInput{
		Months:      []client.Month{{Name: "Hammer", Length: 30}, {Name: "Midwinter", Length: 1}},
		HasLeapYear: ptr(true), LeapYearAmount: ptr(1), LeapYearMonth: ptr(2), LeapYearOffset: ptr(4), LeapYearStart: ptr(4),
	}}
	ok := client.WeatherInput{Dated: client.Dated{Year: ptr(1492), Month: ptr(1), Day: ptr(30)}, Weather: ptr("sun")}
	for _, tc := range []struct {
		name string
		edit func(*client.WeatherInput)
		cal  *client.Calendar
		want []client.Problem
	}{
		{name: "fine", edit: func(*client.WeatherInput) {}, cal: cal},
		{name: "leap day of the leap month", edit: func(in *client.WeatherInput) { in.Month, in.Day = ptr(2), ptr(2) }, cal: cal},
		{name: "past the leap day", edit: func(in *client.WeatherInput) { in.Month, in.Day = ptr(2), ptr(3) }, cal: cal,
			want: []client.Problem{{"date", "day 3 does not exist: Midwinter has 2 days in leap years"}}},
		{name: "leap day of a common year", edit: func(in *client.WeatherInput) { in.Year, in.Month, in.Day = ptr(1491), ptr(2), ptr(2) }, cal: cal,
			want: []client.Problem{{"date", "day 2 of Midwinter exists only in leap years"}}},
		{name: "leap day before the start year", edit: func(in *client.WeatherInput) { in.Year, in.Month, in.Day = ptr(0), ptr(2), ptr(2) }, cal: cal,
			want: []client.Problem{{"date", "day 2 of Midwinter exists only in leap years"}}},
		{name: "no such month", edit: func(in *client.WeatherInput) { in.Month = ptr(3) }, cal: cal,
			want: []client.Problem{{"date", "month 3 does not exist: the calendar has 2 months"}}},
		{name: "no calendar, day 0", edit: func(in *client.WeatherInput) { in.Day = ptr(0) },
			want: []client.Problem{{"date", "month and day must be at least 1"}}},
		{name: "no calendar, any day", edit: func(in *client.WeatherInput) { in.Day = ptr(400) }},
		{name: "every field too long", cal: cal, edit: func(in *client.WeatherInput) {
			in.Weather = ptr(strings.Repeat("w", 21))
			in.Temperature, in.Precipitation = ptr(strings.Repeat("°", 46)), ptr(strings.Repeat("p", 45))
			in.Wind, in.Effect = ptr(strings.Repeat("w", 46)), ptr(strings.Repeat("e", 46))
			in.Name = ptr(strings.Repeat("n", 41))
			in.VisibilityID = ptr(6)
		}, want: []client.Problem{
			{"effect", "has 46 characters; at most 45 are allowed"},
			{"name", "has 41 characters; at most 40 are allowed"},
			{"temperature", "has 46 characters; at most 45 are allowed"},
			{"visibility", "must be 1 to 5 (all, admin, admin-self, self, members)"},
			{"weather", "has 21 characters; at most 20 are allowed"},
			{"wind", "has 46 characters; at most 45 are allowed"},
		}},
		{name: "no weather", edit: func(in *client.WeatherInput) { in.Weather = ptr("  ") },
			want: []client.Problem{{"weather", "is required"}}},
	} {
		in := ok
		tc.edit(&in)
		got := problems(t, in.Validate(tc.cal))
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s: problems\n%q\nwant\n%q", tc.name, got, tc.want)
		}
	}
}

// The message lists one problem a line.
func TestInputErrorMessage(t *testing.T) {
	in := validCalendar()
	in.Name = ""
	in.Weekdays = nil
	want := "name: is required\nweekdays: at least 2 are required, 0 given"
	if err := in.Validate(); err == nil || err.Error() != want {
		t.Errorf("message %q, want %q", err, want)
	}
}
