package apply

import (
	"strings"
	"testing"

	"github.com/kanka-cli/kanka/client"
)

// A seed file: where each calendar and entry was written, an id pinning a
// calendar, months named by the file's months, and names left for the
// server's months when the file gives none.
func TestDecodeSeedFile(t *testing.T) {
	text := `calendars:
  - name: Harptos
    months: [{name: Hammer, length: 30}, {name: Alturiak, length: 30}]
    weekdays: [a, b]
    date: 1492-Alturiak-2
    weather:
      - {date: 1492-Alturiak-3, weather: sun}
  - id: 7
    date: 1492-Ches-5
    weather:
      - {date: 1492-Ches-1, weather: fog}
  - name: Plain
`
	cals, err := decodeSeedFile([]byte(text), "s.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if len(cals) != 3 {
		t.Fatalf("%d calendars", len(cals))
	}
	h, pinned, plain := cals[0], cals[1], cals[2]
	if h.Where != "s.yaml: line 2" || h.Input.Date == nil || *h.Input.Date != (client.Date{Year: 1492, Month: 2, Day: 2}) {
		t.Errorf("Harptos: %q %v", h.Where, h.Input.Date)
	}
	if w := h.Weather[0]; w.Where != "s.yaml: line 7" || w.Date() != (client.Date{Year: 1492, Month: 2, Day: 3}) {
		t.Errorf("Harptos's entry: %q %v", w.Where, w.Date())
	}
	if pinned.ID != 7 || pinned.Input.Name != "" || pinned.Weather[0].Input.Written == nil {
		t.Errorf("pinned: id %d name %q, month name %v", pinned.ID, pinned.Input.Name, pinned.Weather[0].Input.Written)
	}
	if plain.Weather != nil {
		t.Errorf("a calendar without weather manages none: %v", plain.Weather)
	}
	seed := Seed{Calendars: cals}
	if !seed.HasUnresolved() || len(seed.Resolved().Calendars[1].Weather) != 0 {
		t.Fatal("the pinned calendar's named date waits for the server")
	}
	act := &Actual{Calendars: []*client.Calendar{{ID: 7, CalendarInput: client.CalendarInput{Name: "Waterdeep",
		Months: []client.Month{{Name: "Hammer", Length: 30}, {Name: "Alturiak", Length: 30}, {Name: "Ches", Length: 30}}}}}}
	if err := ResolveWithServer(&seed, act); err != nil {
		t.Fatal(err)
	}
	if d := seed.Calendars[1].Weather[0].Date(); d != (client.Date{Year: 1492, Month: 3, Day: 1}) || seed.HasUnresolved() {
		t.Errorf("resolved with the server's months: %v", d)
	}
	if d := seed.Calendars[1].Input.Date; d == nil || *d != (client.Date{Year: 1492, Month: 3, Day: 5}) {
		t.Errorf("the pinned calendar's date: %v", d)
	}
	if seed.Calendars[1].Input.Months != nil {
		t.Error("the server's months lent for the names became managed")
	}

	// A name the server's months do not have.
	seed = Seed{Calendars: []DesiredCalendar{cals[1]}}
	seed.Calendars[0].Weather = []DesiredWeather{{Input: client.WeatherInput{Dated: client.Dated{Year: ptr(1), Day: ptr(1), Written: &client.Written{Text: "Flamerule", Where: "s.yaml: line 11: calendars[2].weather[1].date"}}, Weather: ptr("x")}}}
	err = ResolveWithServer(&seed, act)
	if err == nil || !strings.HasPrefix(err.Error(), `s.yaml: line 11: calendars[2].weather[1].date: `) || !strings.HasSuffix(err.Error(), "; nothing was sent") {
		t.Errorf("unknown month: %v", err)
	}
}

// Every problem of a file, in line order, with its path from the top.
func TestDecodeSeedFileProblems(t *testing.T) {
	text := "calendars:\n  - name: A\n    id: x\n    weather:\n      - {date: 1492-1-1, wether: sun}\n  - 3\nextra: 1\n"
	_, err := decodeSeedFile([]byte(text), "s.yaml")
	want := `s.yaml: line 3: calendars[1].id: "x" is not a calendar id (a whole number)
s.yaml: line 5: calendars[1].weather[1]: unknown key "wether"; did you mean "weather"?
s.yaml: line 5: calendars[1].weather[1].weather: is required
s.yaml: line 6: calendars[2]: must be a mapping of keys
s.yaml: line 7: unknown key "extra" (a seed file holds calendars:)`
	if err == nil || err.Error() != want {
		t.Errorf("got\n%v\nwant\n%s", err, want)
	}
}

// The names left for the server's months say the file they were written
// in, as the calendars and entries do.
func TestDecodeSeedFileNamesTheFile(t *testing.T) {
	text := "calendars:\n  - id: 7\n    date: 1492-Ches-5\n    seasons: [{name: Spring, month: Ches, day: 1}]\n    weather:\n      - {date: 1492-Ches-1, weather: fog}\n"
	cals, err := decodeSeedFile([]byte(text), "s.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var where []string
	for _, w := range cals[0].Input.WrittenNames() {
		where = append(where, w.Where)
	}
	where = append(where, cals[0].Weather[0].Input.Written.Where)
	want := "s.yaml: line 3: calendars[1].date|s.yaml: line 4: calendars[1].seasons[1].month|s.yaml: line 6: calendars[1].weather[1].date"
	if got := strings.Join(where, "|"); got != want {
		t.Errorf("got %s\nwant %s", got, want)
	}
}
