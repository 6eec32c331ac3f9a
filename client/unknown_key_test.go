package client_test

import (
	"testing"

	"github.com/kanka-cli/kanka/client"
)

// An unknown key names the key it most likely meant, among the keys of
// the mapping it is in: a seed's calendar (apply's own keys too), its
// weather entries, a calendar's months, seasons and moons, a weather
// file. A key near none says only that it is unknown; the top of a seed
// says what a seed holds.
func TestUnknownKeysSuggestTheNearestKey(t *testing.T) {
	_, err := client.DecodeSeed(node(t, `calendars:
  - name: A
    weekday: [x]
    prest: harptos
    months: [{name: M, lenght: 3}]
    seasons: [{name: S, mnth: 1, day: 1}]
    moons: [{name: L, fulmoon: 3}]
    colour: red
    weather:
      - {date: 1-1-1, weather: sun, temprature: 3C}
calendar: []
`))
	want := `line 3: calendars[1]: unknown key "weekday"; did you mean "weekdays"?
line 4: calendars[1]: unknown key "prest"; did you mean "preset"?
line 5: calendars[1].months[1]: unknown key "lenght"; did you mean "length"?
line 5: calendars[1].months[1].length: must be at least 1, not 0
line 6: calendars[1].seasons[1]: unknown key "mnth"; did you mean "month"?
line 7: calendars[1].moons[1]: unknown key "fulmoon"; did you mean "fullmoon"?
line 7: calendars[1].moons[1].fullmoon: must be a number of days above 0
line 8: calendars[1]: unknown key "colour"
line 10: calendars[1].weather[1]: unknown key "temprature"; did you mean "temperature"?
line 11: unknown key "calendar" (a seed file holds calendars:)`
	if err == nil || err.Error() != want {
		t.Errorf("got\n%v\nwant\n%s", err, want)
	}

	_, err = client.DecodeWeather(node(t, "date: 1-1-1\nweathr: sun\n"))
	if want := `line 2: unknown key "weathr"; did you mean "weather"?`; err == nil || err.Error() != want {
		t.Errorf("weather file: %v\nwant %s", err, want)
	}
	_, err = client.DecodeCalendar(node(t, "name: A\nsufix: DR\n"))
	if want := `line 2: unknown key "sufix"; did you mean "suffix"?`; err == nil || err.Error() != want {
		t.Errorf("calendar file: %v\nwant %s", err, want)
	}
}
