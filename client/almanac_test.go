package client_test

import (
	"encoding/json"
	"os"
	"reflect"
	"testing"

	"github.com/kanka-cli/kanka/almanac"
	"github.com/kanka-cli/kanka/client"
	yaml "go.yaml.in/yaml/v3"
)

// A calendar as calendar-api.md 2.1 shows it: numbers as numbers, fullmoon
// as a string, years as an object.
const documentCalendar = `{"id":7,"name":"Harptos","date":"1488-2-2","parameters":null,
	"months":[{"name":"Hammer","length":30,"type":"standard"},{"name":"Midwinter","length":1,"type":"intercalary"},
		{"name":"Alturiak","length":30,"type":"standard"}],
	"start_offset":2,"weekdays":["First","Second","Third","Fourth","Fifth"],
	"years":{"1488":"Year of the Dark Circle"},
	"seasons":[{"name":"Spring","month":3,"day":19}],
	"moons":[{"name":"Selune","fullmoon":"30.4375","offset":2,"colour":"white"}],
	"suffix":"DR","has_leap_year":true,"leap_year_amount":1,"leap_year_month":2,"leap_year_offset":4,"leap_year_start":4}`

func decodeCalendar(t *testing.T, src string) *client.Calendar {
	t.Helper()
	var c client.Calendar
	if err := json.Unmarshal([]byte(src), &c); err != nil {
		t.Fatal(err)
	}
	return &c
}

// Every field the almanac counts with is carried over, from the document's
// shape and from the live service's (numbers as strings, aliases, ids).
func TestCalendarToAlmanac(t *testing.T) {
	var live struct{ Data *client.Calendar }
	if err := json.Unmarshal(readTestdata(t, "live_calendar.json"), &live); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name  string
		cal   *client.Calendar
		want  almanac.Calendar
		today almanac.Date
	}{
		{"document", decodeCalendar(t, documentCalendar), almanac.Calendar{
			Months: []almanac.Month{{Name: "Hammer", Length: 30}, {Name: "Midwinter", Length: 1, Intercalary: true},
				{Name: "Alturiak", Length: 30}},
			Weekdays:    []string{"First", "Second", "Third", "Fourth", "Fifth"},
			Years:       map[int]string{1488: "Year of the Dark Circle"},
			Seasons:     []almanac.Season{{Name: "Spring", Month: 3, Day: 19}},
			Moons:       []almanac.Moon{{Name: "Selune", Fullmoon: "30.4375", Offset: 2}},
			Leap:        almanac.LeapRule{Enabled: true, Amount: 1, Month: 2, Offset: 4, Start: 4},
			StartOffset: 2, Suffix: "DR",
		}, almanac.Date{Year: 1488, Month: 2, Day: 2}},
		{"live service", live.Data, almanac.Calendar{
			Months: []almanac.Month{{Name: "Hammer", Alias: "Deepwinter", Length: 30}, {Name: "Midwinter", Length: 1, Intercalary: true},
				{Name: "Alturiak", Length: 30}, {Name: "Ches", Alias: "The Claw of Winter", Length: 30}},
			Weekdays:    []string{"First-day", "Second-day", "Third-day", "Fourth-day", "Fifth-day", "Sixth-day", "Seventh-day", "Eighth-day", "Ninth-day", "Tenth-day"},
			Years:       map[int]string{1492: "Year of Three Ships Sailing", 1479: "Year of the Ageless One", -3: "Year of the Dark Dawn"},
			Seasons:     []almanac.Season{{Name: "Winter", Month: 1, Day: 1}, {Name: "Spring", Month: 4, Day: 19}},
			Moons:       []almanac.Moon{{Name: "Selûne", Fullmoon: "30.4375", Offset: 2, ID: 4}, {Name: "Tears of Selûne", Fullmoon: "7", ID: 5}},
			Leap:        almanac.LeapRule{Enabled: true, Amount: 1, Month: 2, Offset: 4, Start: 1},
			StartOffset: 3, Suffix: "DR",
		}, almanac.Date{Year: 1492, Month: 3, Day: 12}},
	} {
		// The current date is what "today" counts from.
		tc.want.Today = &tc.today
		if got := tc.cal.AlmanacCalendar(); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s: almanac calendar\n%+v\nwant\n%+v", tc.name, got, tc.want)
		}
		if today, ok := tc.cal.CurrentDate(); !ok || today != tc.today {
			t.Errorf("%s: today %v %v, want %v", tc.name, today, ok, tc.today)
		}
		if _, err := tc.cal.Reckoning(); err != nil {
			t.Errorf("%s: %v", tc.name, err)
		}
	}
}

// What the almanac then computes from a calendar read is what the service
// shows: its readable date, and its leap day.
func TestCalendarReckoning(t *testing.T) {
	cal := decodeCalendar(t, documentCalendar)
	r, err := cal.Reckoning()
	if err != nil {
		t.Fatal(err)
	}
	today, _ := cal.CurrentDate()
	if got := r.Format(today); got != "2 Midwinter, Year of the Dark Circle DR" {
		t.Errorf("today reads %q", got)
	}
	// The day after Shieldmeet is Alturiak 1; a year later Midwinter has 1 day.
	if next, err := r.AddDays(today, 1); err != nil || next != (almanac.Date{Year: 1488, Month: 3, Day: 1}) {
		t.Errorf("the day after %v is %v (%v)", today, next, err)
	}
	if n, err := r.MonthLength(1489, 2); err != nil || n != 1 {
		t.Errorf("Midwinter 1489 has %d days (%v)", n, err)
	}
}

// The spec's worked examples, from calendars decoded as the server sends them.
func TestCalendarWorkedExamples(t *testing.T) {
	skip := decodeCalendar(t, `{"months":[{"name":"A","length":30},{"name":"B","length":30}],"weekdays":["1","2","3","4","5"],"skip_year_zero":true}`)
	r, err := skip.Reckoning()
	if err != nil {
		t.Fatal(err)
	}
	if d, err := r.AddDays(almanac.Date{Year: -1, Month: 2, Day: 30}, 1); err != nil || d != (almanac.Date{Year: 1, Month: 1, Day: 1}) {
		t.Errorf("-1-2-30 plus one day is %v (%v), want 1-1-1", d, err)
	}
	leap := decodeCalendar(t, `{"months":[{"name":"A","length":31},{"name":"B","length":"28"},{"name":"C","length":31}],
		"weekdays":["1","2","3","4","5"],"has_leap_year":true,"leap_year_amount":1,"leap_year_month":2,"leap_year_offset":"4","leap_year_start":4}`)
	if r, err = leap.Reckoning(); err != nil {
		t.Fatal(err)
	}
	d := almanac.Date{Year: 4, Month: 2, Day: 28}
	for _, want := range []almanac.Date{{Year: 4, Month: 2, Day: 29}, {Year: 4, Month: 3, Day: 1}} {
		if d, err = r.AddDays(d, 1); err != nil || d != want {
			t.Fatalf("got %v (%v), want %v", d, err, want)
		}
	}
}

// A calendar being created converts too, and a file made for it (the
// example Calendar of Harptos) has Shieldmeet every fourth year.
func TestCalendarInputToAlmanac(t *testing.T) {
	b, err := os.ReadFile("../examples/harptos.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var in client.CalendarInput
	if err := yaml.Unmarshal(b, &in); err != nil {
		t.Fatal(err)
	}
	cal := in.AlmanacCalendar()
	if cal.Leap != (almanac.LeapRule{Enabled: true, Amount: 1, Month: 10, Offset: 4, Start: 4}) || cal.Suffix != "DR" ||
		len(cal.Months) != 17 || !cal.Months[9].Intercalary || cal.Months[8].Intercalary || cal.Months[0].Alias != "Deepwinter" ||
		cal.Years[1492] != "Year of Three Ships Sailing" || cal.Moons[0] != (almanac.Moon{Name: "Selûne", Fullmoon: "30.4375"}) ||
		cal.Seasons[3] != (almanac.Season{Name: "Winter", Month: 17, Day: 20}) || len(cal.Weekdays) != 10 {
		t.Errorf("almanac calendar %+v", cal)
	}
	r, err := in.Reckoning()
	if err != nil {
		t.Fatal(err)
	}
	if got := r.Format(*in.Date); got != "1 Ches, Year of Three Ships Sailing DR" {
		t.Errorf("the date reads %q", got)
	}
	for year, want := range map[int]int{1488: 2, 1491: 1, 1492: 2} {
		if n, _ := r.MonthLength(year, 10); n != want {
			t.Errorf("Midsummer %d has %d days, want %d", year, n, want)
		}
	}
	if err := in.Validate(); err != nil {
		t.Errorf("the example is refused: %v", err)
	}
}

// Fields an input leaves out count as the service stores them.
func TestCalendarInputDefaults(t *testing.T) {
	in := client.CalendarInput{Name: "X", Months: []client.Month{{Name: "A", Length: 3}, {Name: "B", Length: 3}}, HasLeapYear: ptr(true), LeapYearAmount: ptr(2)}
	cal := in.AlmanacCalendar()
	if cal.Leap != (almanac.LeapRule{Enabled: true, Amount: 2, Month: 1, Offset: 1, Start: 1}) || cal.SkipYearZero || cal.StartOffset != 0 || cal.Suffix != "" {
		t.Errorf("almanac calendar %+v", cal)
	}
	if cal := (client.CalendarInput{}).AlmanacCalendar(); cal.Leap.Enabled || cal.Months != nil {
		t.Errorf("empty input gives %+v", cal)
	}
}

// leapCalendar is a calendar read with these leap settings.
func leapCalendar(has bool, amount, offset, start int) client.Calendar {
	return client.Calendar{CalendarInput: client.CalendarInput{HasLeapYear: &has, LeapYearAmount: &amount,
		LeapYearOffset: &offset, LeapYearStart: &start}}
}

// The service's leap rule, where the client's own rule used to differ: an
// interval below 1 counts as 1, an amount of 0 still makes leap years.
func TestCalendarIsLeapYear(t *testing.T) {
	for _, tc := range []struct {
		name  string
		cal   client.Calendar
		years map[int]bool
	}{
		{"every 4 years from 4", leapCalendar(true, 1, 4, 4),
			map[int]bool{0: false, 4: true, 5: false, 1492: true, -4: false}},
		{"interval 0 counts as 1", leapCalendar(true, 1, 0, 4),
			map[int]bool{3: false, 4: true, 5: true, 1491: true}},
		{"negative interval counts as 1", leapCalendar(true, 1, -3, 1),
			map[int]bool{0: false, 1: true, 2: true}},
		{"amount 0 still makes leap years", leapCalendar(true, 0, 4, 4),
			map[int]bool{4: true, 6: false}},
		{"negative amount", leapCalendar(true, -1, 2, 2),
			map[int]bool{2: true, 3: false}},
		{"no leap years", leapCalendar(false, 1, 4, 4),
			map[int]bool{4: false}},
	} {
		for year, want := range tc.years {
			if got := tc.cal.IsLeapYear(year); got != want {
				t.Errorf("%s: IsLeapYear(%d) = %v, want %v", tc.name, year, got, want)
			}
		}
	}
}
