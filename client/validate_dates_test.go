package client_test

import (
	"errors"
	"reflect"
	"testing"

	"github.com/kanka-cli/kanka/client"
)

// harptosLeap is Hammer, Midwinter and Alturiak with a day added to
// Midwinter (Shieldmeet) every 4 years from year 4; edit changes it.
func harptosLeap(edit func(*client.Calendar)) *client.Calendar {
	c := &client.Calendar{CalendarInput: client.CalendarInput{
		Months:      []client.Month{{Name: "Hammer", Length: 30}, {Name: "Midwinter", Length: 1, Type: "intercalary"}, {Name: "Alturiak", Length: 30}},
		Weekdays:    []string{"First", "Second"},
		HasLeapYear: ptr(true), LeapYearAmount: ptr(1), LeapYearMonth: ptr(2), LeapYearOffset: ptr(4), LeapYearStart: ptr(4),
	}}
	if edit != nil {
		edit(c)
	}
	return c
}

// A weather entry's date is checked against its calendar with the
// almanac's rules and words; the error is the validation error (exit 2).
func TestValidateWeatherDate(t *testing.T) {
	for _, tc := range []struct {
		name string
		cal  *client.Calendar
		date client.Date
		want string // the error's text, "" for none
	}{
		{"a day of the month", harptosLeap(nil), client.Date{Year: 1492, Month: 1, Day: 30}, ""},
		{"past the month", harptosLeap(nil), client.Date{Year: 1492, Month: 1, Day: 31}, "date: day 31 does not exist: Hammer has 30 days"},
		{"day 0", harptosLeap(nil), client.Date{Year: 1492, Month: 1, Day: 0}, "date: day 0 does not exist: days are counted from 1"},
		{"no such month", harptosLeap(nil), client.Date{Year: 1492, Month: 4, Day: 1}, "date: month 4 does not exist: the calendar has 3 months"},
		{"Shieldmeet in a leap year", harptosLeap(nil), client.Date{Year: 1488, Month: 2, Day: 2}, ""},
		{"Shieldmeet in a common year", harptosLeap(nil), client.Date{Year: 1489, Month: 2, Day: 2}, "date: day 2 of Midwinter exists only in leap years"},
		{"Shieldmeet before the leap start", harptosLeap(nil), client.Date{Year: 0, Month: 2, Day: 2}, "date: day 2 of Midwinter exists only in leap years"},
		{"Shieldmeet in a negative year", harptosLeap(nil), client.Date{Year: -4, Month: 2, Day: 2}, "date: day 2 of Midwinter exists only in leap years"},
		{"past Shieldmeet", harptosLeap(nil), client.Date{Year: 1488, Month: 2, Day: 3}, "date: day 3 does not exist: Midwinter has 2 days in leap years"},
		{"year 0 skipped", harptosLeap(func(c *client.Calendar) { c.SkipYearZero = ptr(true) }), client.Date{Year: 0, Month: 1, Day: 1}, "date: year 0 does not exist in this calendar"},
		{"year 0 kept", harptosLeap(nil), client.Date{Year: 0, Month: 1, Day: 1}, ""},
		{"a month without a name", harptosLeap(func(c *client.Calendar) { c.Months[0].Name = "" }), client.Date{Year: 1, Month: 1, Day: 31}, "date: day 31 does not exist: month 1 has 30 days"},
		// The three rules where the client's own leap rule used to differ from the service's.
		{"leap interval 0 counts as 1", harptosLeap(func(c *client.Calendar) { c.LeapYearOffset = ptr(0) }), client.Date{Year: 1489, Month: 2, Day: 2}, ""},
		{"leap interval 0, before the start", harptosLeap(func(c *client.Calendar) { c.LeapYearOffset = ptr(0) }), client.Date{Year: 3, Month: 2, Day: 2}, "date: day 2 of Midwinter exists only in leap years"},
		{"leap amount 0 adds no day", harptosLeap(func(c *client.Calendar) { c.LeapYearAmount = ptr(0) }), client.Date{Year: 1488, Month: 2, Day: 2}, "date: day 2 does not exist: Midwinter has 1 day"},
		{"negative amount keeps a day", harptosLeap(func(c *client.Calendar) { c.LeapYearAmount = ptr(-1) }), client.Date{Year: 1488, Month: 2, Day: 1}, ""},
		{"negative amount removes a day", harptosLeap(func(c *client.Calendar) { c.LeapYearAmount, c.LeapYearMonth = ptr(-1), ptr(1) }), client.Date{Year: 1488, Month: 1, Day: 30}, "date: day 30 of Hammer does not exist in leap years"},
		{"negative amount, common year", harptosLeap(func(c *client.Calendar) { c.LeapYearAmount, c.LeapYearMonth = ptr(-1), ptr(1) }), client.Date{Year: 1489, Month: 1, Day: 30}, ""},
		{"negative amount, past the month", harptosLeap(func(c *client.Calendar) { c.LeapYearAmount, c.LeapYearMonth = ptr(-5), ptr(1) }), client.Date{Year: 1488, Month: 1, Day: 31}, "date: day 31 does not exist: Hammer has 25 days in leap years"},
		// Without a calendar, or with one the live service wiped, only the obvious is refused.
		{"no calendar", nil, client.Date{Year: 1, Month: 40, Day: 400}, ""},
		{"no calendar, day 0", nil, client.Date{Year: 1, Month: 1, Day: 0}, "date: month and day must be at least 1"},
		{"a calendar without months", &client.Calendar{}, client.Date{Year: 1, Month: 40, Day: 1}, ""},
	} {
		err := client.ValidateWeatherDate(tc.cal, tc.date)
		if got := errText(err); got != tc.want {
			t.Errorf("%s: %q, want %q", tc.name, got, tc.want)
			continue
		}
		var ie *client.InputError
		if err != nil && !errors.As(err, &ie) {
			t.Errorf("%s: %T, want *client.InputError", tc.name, err)
		}
		// The weather input's own validation says the same.
		in := client.WeatherInput{Dated: client.Dated{Year: ptr(tc.date.Year), Month: ptr(tc.date.Month), Day: ptr(tc.date.Day)}, Weather: ptr("sun")}
		if got := errText(in.Validate(tc.cal)); got != tc.want {
			t.Errorf("%s: WeatherInput.Validate: %q, want %q", tc.name, got, tc.want)
		}
	}
}

func errText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

// A calendar's current date and its season starts are checked on create and
// update, against the months and leap rule being sent.
func TestValidateCalendarDates(t *testing.T) {
	leap := func(in *client.CalendarInput) {
		in.HasLeapYear, in.LeapYearAmount, in.LeapYearMonth, in.LeapYearOffset, in.LeapYearStart = ptr(true), ptr(1), ptr(2), ptr(4), ptr(4)
	}
	for _, tc := range []struct {
		name string
		edit func(*client.CalendarInput)
		want []client.Problem
	}{
		{"the date on Shieldmeet", func(in *client.CalendarInput) { leap(in); in.Date = &client.Date{Year: 1488, Month: 2, Day: 2} }, nil},
		{"the date on Shieldmeet of a common year", func(in *client.CalendarInput) { leap(in); in.Date = &client.Date{Year: 1491, Month: 2, Day: 2} },
			[]client.Problem{{"date", "day 2 of Midwinter exists only in leap years"}}},
		{"the date past the month", func(in *client.CalendarInput) { in.Date = &client.Date{Year: 1, Month: 1, Day: 31} },
			[]client.Problem{{"date", "day 31 does not exist: Hammer has 30 days"}}},
		{"the date in year 0 skipped", func(in *client.CalendarInput) {
			in.SkipYearZero = ptr(true)
			in.Date = &client.Date{Year: 0, Month: 1, Day: 1}
		},
			[]client.Problem{{"date", "year 0 does not exist in this calendar"}}},
		{"the date in year 0 kept", func(in *client.CalendarInput) { in.Date = &client.Date{Year: 0, Month: 1, Day: 1} }, nil},
		{"leap rule without a month, start or interval", func(in *client.CalendarInput) {
			in.HasLeapYear, in.LeapYearAmount = ptr(true), ptr(1)
			in.Date = &client.Date{Year: 7, Month: 1, Day: 31} // month 1, every year from 1
		}, nil},
		{"a season on Shieldmeet starts in leap years", func(in *client.CalendarInput) {
			leap(in)
			in.Seasons = []client.Season{{Name: "Festival", Month: 2, Day: 2}}
		}, nil},
		{"a season on a day only common years have", func(in *client.CalendarInput) {
			in.HasLeapYear, in.LeapYearAmount, in.LeapYearMonth, in.LeapYearOffset, in.LeapYearStart = ptr(true), ptr(-1), ptr(1), ptr(4), ptr(4)
			in.Seasons = []client.Season{{Name: "Late", Month: 1, Day: 30}}
		}, nil},
		{"a season on a day no year has", func(in *client.CalendarInput) {
			leap(in)
			in.Seasons = []client.Season{{Name: "Spring", Month: 3, Day: 19}, {Name: "Never", Month: 2, Day: 3}, {Name: "Nowhere", Month: 1, Day: 31}, {Name: "Zero", Month: 1, Day: 0}}
		}, []client.Problem{
			{"season 2", "day 3 does not exist: Midwinter has 1 day"},
			{"season 3", "day 31 does not exist: Hammer has 30 days"},
			{"season 4", "day 0 does not exist: days are counted from 1"},
		}},
		{"a season in no month", func(in *client.CalendarInput) { in.Seasons = []client.Season{{Name: "Lost", Month: 9, Day: 1}} },
			[]client.Problem{{"season 1", "month 9 does not exist: the calendar has 3 months"}}},
		{"a season on a leap day, leap years off", func(in *client.CalendarInput) {
			leap(in)
			in.HasLeapYear = ptr(false)
			in.Seasons = []client.Season{{Name: "Festival", Month: 2, Day: 2}}
		}, []client.Problem{{"season 1", "day 2 does not exist: Midwinter has 1 day"}}},
		{"a year too long to count", func(in *client.CalendarInput) { in.Months[2].Length = 2_000_000 },
			[]client.Problem{{"months", "month 3 (Alturiak) has 2000000 days; a year may have at most 1000000"}}},
	} {
		in := client.CalendarInput{
			Name:     "Harptos",
			Months:   []client.Month{{Name: "Hammer", Length: 30}, {Name: "Midwinter", Length: 1, Type: "intercalary"}, {Name: "Alturiak", Length: 30}},
			Weekdays: []string{"First", "Second"},
		}
		tc.edit(&in)
		if got := problems(t, client.ValidateCalendarDates(in)); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s: ValidateCalendarDates:\n%q\nwant\n%q", tc.name, got, tc.want)
		}
		if got := problems(t, in.Validate()); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s: Validate:\n%q\nwant\n%q", tc.name, got, tc.want)
		}
	}
}

// An update starts from the calendar read: a current date on Shieldmeet,
// as the live service may hold it, is sent back as it is.
func TestValidateUpdateKeepsLeapDay(t *testing.T) {
	cal := harptosLeap(func(c *client.Calendar) { c.Name, c.Date = "Harptos", &client.Date{Year: 1488, Month: 2, Day: 2} })
	if err := client.FromCalendar(cal).Validate(); err != nil {
		t.Errorf("the calendar read is refused: %v", err)
	}
}
