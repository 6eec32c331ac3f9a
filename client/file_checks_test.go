package client_test

import (
	"testing"

	"github.com/kanka-cli/kanka/client"
)

// A calendar file refused for its keys or values says, in the same run,
// what the checks find in the values it gives, each at its line: an
// unknown key, a mistyped value, a fraction, a season in a month that does
// not exist (by number and by name) and a moon without a name, in line
// order. A value the reading found wrong is not said twice (the fraction
// is no length of 0).
func TestDecodeCalendarSaysEveryProblemAtItsLine(t *testing.T) {
	_, err := client.DecodeCalendar(node(t, `name: Test
weekday: [A, B]
weekdays: [A, B]
months:
  - name: One
    length: 30
  - name: Two
    length: 30.5
leap_year_amount: abc
seasons:
  - name: Spring
    month: 14
    day: 1
  - {name: Summer, month: Sixth, day: 1}
moons:
  - fullmoon: 29.5
`))
	want := `line 2: unknown key "weekday"; did you mean "weekdays"?
line 8: months[2].length: must be a whole number, not 30.5
line 9: leap_year_amount: "abc" is not a whole number
line 11: seasons[1]: month 14 does not exist: the calendar has 2 months
line 14: seasons[2].month: month "Sixth" does not exist in this calendar; the months are 1 One, 2 Two
line 16: moons[1].name: is required`
	if err == nil || err.Error() != want {
		t.Errorf("got\n%v\nwant\n%s", err, want)
	}
}

// A file whose keys and values read rightly is not checked as it is read:
// flags given beside it replace what it gives (a one-month list --month
// replaces), and the checks run on the record they make.
func TestDecodeCalendarLeavesTheChecksToTheRecordWhenTheFileReads(t *testing.T) {
	in, err := client.DecodeCalendar(node(t, "name: Test\nmonths: [{name: Solo, length: 30}]\nmoons: [{fullmoon: 29.5}]\n"))
	if err != nil || len(in.Months) != 1 || len(in.Moons) != 1 {
		t.Errorf("months %v, moons %v, error %v", in.Months, in.Moons, err)
	}
}

// What a file leaves out is the record's: with a problem to say, the
// checks say nothing of it (no months given is no "at least 2 months"),
// and when the file gives months but not whether there are leap years,
// only the month of a season or of the date is checked: a day past a
// month's end may be the record's leap day. With has_leap_year the days
// are checked too.
func TestDecodeCalendarChecksOnlyWhatTheFileSettles(t *testing.T) {
	for _, tt := range []struct{ name, src, want string }{
		{"no months", "nme: x\nseasons: [{name: S, month: 9, day: 1}]\n", `line 1: unknown key "nme"; did you mean "name"?`},
		{"leap years unsaid", "nme: x\nmonths: [{name: A, length: 30}, {name: B, length: 1}]\nseasons: [{name: S, month: 2, day: 2}]\ndate: 1-3-1\n",
			"line 1: unknown key \"nme\"; did you mean \"name\"?\nline 4: date: month 3 does not exist: the calendar has 2 months"},
		{"no leap years", "nme: x\nhas_leap_year: false\nmonths: [{name: A, length: 30}, {name: B, length: 1}]\nseasons:\n  - {name: S, month: 2, day: 2}\ndate: 1-1-31\n",
			"line 1: unknown key \"nme\"; did you mean \"name\"?\nline 5: seasons[1]: day 2 does not exist: B has 1 day\nline 6: date: day 31 does not exist: A has 30 days"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, err := client.DecodeCalendar(node(t, tt.src))
			if err == nil || err.Error() != tt.want {
				t.Errorf("got\n%v\nwant\n%s", err, tt.want)
			}
		})
	}
}

// The checks of a seed's calendars and entries run as they are read:
// their problems are the seed's, at their lines.
func TestDecodeSeedChecksItsCalendarsAndEntries(t *testing.T) {
	_, err := client.DecodeSeed(node(t, `calendars:
  - name: Harptos
    months: [{name: Hammer, length: 0}, {name: Alturiak, length: 30}]
    moons:
      - name: Selune
        fullmoon: 0
    weather:
      - {date: 1492-1-1, weather: a weather far longer than twenty}
      - {date: 1492-1-2}
`))
	want := `line 3: calendars[1].months[1].length: must be at least 1, not 0
line 6: calendars[1].moons[1].fullmoon: must be a number of days above 0
line 8: calendars[1].weather[1].weather: has 32 characters; at most 20 are allowed
line 9: calendars[1].weather[2].weather: is required`
	if err == nil || err.Error() != want {
		t.Errorf("got\n%v\nwant\n%s", err, want)
	}
}

// The checks of a record made of a file and the record it goes over name
// the fields, which the file's lines place: at the value, or at the item
// that lacks it; nowhere when the file does not give the field.
func TestCalendarFileLinesPlaceAField(t *testing.T) {
	lines := client.CalendarFileLines(node(t, `name: Test
months:
  - {name: One, length: 30}
years:
  1492: Ships
moons:
  - fullmoon: 29.5
    colour: white
leap_year_offset: 0
`))
	for field, want := range map[string]string{
		"month 1 length":  "line 3: months[1].length",
		"year 1492":       "line 5: years.1492",
		"moon 1 name":     "line 7: moons[1].name",
		"moon 1 colour":   "line 8: moons[1].colour",
		"leap year every": "line 9: leap_year_offset",
		"months":          "line 2: months",
		"weekdays":        "",
		"season 1":        "",
	} {
		if got := lines.Place(field); got != want {
			t.Errorf("Place(%q) = %q, want %q", field, got, want)
		}
	}
}
