package client_test

import (
	"testing"

	"github.com/kanka-cli/kanka/client"
)

// harptosOn is a calendar of two months and a leap day, read from the
// server with its current date on today.
func harptosOn(today client.Date) *client.Calendar {
	cal := &client.Calendar{ID: 1}
	cal.Name = "Harptos"
	cal.Months = []client.Month{{Name: "Hammer", Length: 30}, {Name: "Midwinter", Length: 1, Type: "intercalary"}, {Name: "Ches", Length: 30}}
	cal.Weekdays = []string{"First", "Second"}
	cal.HasLeapYear, cal.LeapYearAmount, cal.LeapYearMonth, cal.LeapYearOffset, cal.LeapYearStart = ptr(true), ptr(1), ptr(2), ptr(4), ptr(4)
	cal.Date = &today
	return cal
}

// A flag's today, +N and -N are kept as written (the calendar is not read
// yet) and read with the calendar's current date and days: the last day of
// a month +2 crosses the festival, a leap year's festival has two days.
func TestFlagDatesCountFromTheCalendarsToday(t *testing.T) {
	for _, tc := range []struct {
		today client.Date
		text  string
		want  client.Date
	}{
		{client.Date{Year: 1492, Month: 3, Day: 6}, "today", client.Date{Year: 1492, Month: 3, Day: 6}},
		{client.Date{Year: 1492, Month: 3, Day: 6}, "tomorrow", client.Date{Year: 1492, Month: 3, Day: 7}},
		{client.Date{Year: 1492, Month: 3, Day: 6}, "-1", client.Date{Year: 1492, Month: 3, Day: 5}},
		{client.Date{Year: 1491, Month: 1, Day: 30}, "+2", client.Date{Year: 1491, Month: 3, Day: 1}},
		{client.Date{Year: 1492, Month: 1, Day: 30}, "+2", client.Date{Year: 1492, Month: 2, Day: 2}},
		{client.Date{Year: 1492, Month: 1, Day: 30}, "+3", client.Date{Year: 1492, Month: 3, Day: 1}},
	} {
		d, written, err := client.ParseDateInput(tc.text, "--date")
		if err != nil || d != nil || written == nil {
			t.Fatalf("ParseDateInput(%q) = %v, %+v, %v; want it kept as written", tc.text, d, written, err)
		}
		in := client.WeatherInput{}
		in.SetWrittenDate(written)
		ins := []client.WeatherInput{in}
		if err := client.ResolveDates(harptosOn(tc.today), ins); err != nil {
			t.Fatalf("today %s, %s: %v", tc.today, tc.text, err)
		}
		if got := ins[0].Date(); got != tc.want || ins[0].Written != nil {
			t.Errorf("today %s, %s = %s (written %+v); want %s", tc.today, tc.text, got, ins[0].Written, tc.want)
		}
	}
}

// What can be no date is refused when the flag is read, before any
// request, naming the flag's words.
func TestFlagDatesRefuseWhatCanBeNone(t *testing.T) {
	for text, want := range map[string]string{
		"+x":                    `"+x" is not a date: +N is N days after today, N a whole number (+3)`,
		"today+3":               `"today+3" is not a date: write +3 for 3 days after today`,
		"+99999999999999999999": `"+99999999999999999999" is more days from today than any calendar has (at most 2000000000000000000)`,
	} {
		if _, _, err := client.ParseDateInput(text, "--date"); err == nil || err.Error() != want {
			t.Errorf("ParseDateInput(%q) = %v\nwant %s", text, err, want)
		}
	}
}

// A calendar read without a current date cannot say what today is.
func TestRelativeDateOfACalendarWithoutADate(t *testing.T) {
	cal := harptosOn(client.Date{})
	cal.Date = nil
	in := client.WeatherInput{}
	in.SetWrittenDate(&client.Written{Text: "today", Where: "--date", Date: true})
	err := client.ResolveDates(cal, []client.WeatherInput{in})
	if want := `--date: "today" counts from the calendar's current date, and the calendar has none`; err == nil || err.Error() != want {
		t.Errorf("error %v, want %s", err, want)
	}
}

// A file never says today: what it means would move with the calendar's
// date, so applying the same file again would write another day. Each
// place is named with its line.
func TestFilesRefuseRelativeDates(t *testing.T) {
	const why = "counts from the calendar's current date, so the file would mean another day each time the calendar's date moves: give the date itself (1492-4-3, 1492-Ches-3)"
	_, err := client.DecodeWeather(node(t, "weather: sun\ndate: today\n"))
	if want := `line 2: date: "today" ` + why; err == nil || err.Error() != want {
		t.Errorf("weather file: %v\nwant %s", err, want)
	}
	_, err = client.DecodeWeathers(node(t, "- {date: 1492-1-1, weather: sun}\n- {date: '+3', weather: rain}\n"))
	if want := `line 2: [2].date: "+3" ` + why; err == nil || err.Error() != want {
		t.Errorf("weather list: %v\nwant %s", err, want)
	}
	_, err = client.DecodeCalendar(node(t, "name: Harptos\ndate: Tomorrow\n"))
	if want := `line 2: date: "Tomorrow" ` + why; err == nil || err.Error() != want {
		t.Errorf("calendar file: %v\nwant %s", err, want)
	}
	_, err = client.DecodeSeed(node(t, `calendars:
  - name: Harptos
    months: [{name: Hammer, length: 30}, {name: Alturiak, length: 30}]
    date: 1492-1-1
    weather:
      - {date: 1492-1-1, weather: sun}
      - {date: yesterday, weather: rain}
`))
	if want := `line 7: calendars[1].weather[2].date: "yesterday" ` + why; err == nil || err.Error() != want {
		t.Errorf("seed: %v\nwant %s", err, want)
	}
}

// A calendar being created has no current date to count from: its --date
// today is refused, naming the flag.
func TestCreatedCalendarHasNoToday(t *testing.T) {
	in := twoMonths()
	_, in.DateWritten, _ = client.ParseDateInput("today", "--date")
	err := in.ResolveMonths()
	if want := `--date: "today" counts from the calendar's current date, and the calendar has none`; err == nil || err.Error() != want {
		t.Errorf("error %v, want %s", err, want)
	}
}
