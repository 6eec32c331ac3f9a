package client_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/kanka-cli/kanka/client"
)

// A seed's calendars and entries keep their lines; a calendar's own
// months read its names, the others stay Written for the server's months,
// their Where without a file name (the command adds it).
func TestDecodeSeedLinesAndNames(t *testing.T) {
	cals, err := client.DecodeSeed(node(t, `calendars:
  - name: Harptos
    months: [{name: Hammer, length: 30}, {name: Alturiak, length: 30}]
    weather:
      - {date: 1492-Hammer-3, weather: sun}
  - id: 7
    date: 1492-Ches-5
    weather: null
`))
	if err != nil {
		t.Fatal(err)
	}
	if len(cals) != 2 {
		t.Fatalf("%d calendars", len(cals))
	}
	h, pinned := cals[0], cals[1]
	if h.Line != 2 || h.Weather[0].Line != 5 || h.Weather[0].Input.Month == nil || *h.Weather[0].Input.Month != 1 {
		t.Errorf("Harptos: line %d, entry line %d, month %v", h.Line, h.Weather[0].Line, h.Weather[0].Input.Month)
	}
	if pinned.ID != 7 || pinned.Input.DateWritten == nil || pinned.Input.DateWritten.Where != "line 7: calendars[2].date" {
		t.Errorf("pinned: id %d, date %+v", pinned.ID, pinned.Input.DateWritten)
	}
	if pinned.Weather == nil || len(pinned.Weather) != 0 {
		t.Errorf("weather: null manages none: %#v", pinned.Weather)
	}
}

// A seed's mappings are read as every file's: a merge key brings its keys
// (apply's id and weather too), a key given twice is refused, and an
// unknown key at the top says what a seed holds.
func TestDecodeSeedReadsKeysAsEveryFile(t *testing.T) {
	cals, err := client.DecodeSeed(node(t, `calendars:
  - &base {name: A, id: 3, weather: [{date: 1-1-1, weather: sun}]}
  - {<<: *base, name: B}
`))
	if err != nil {
		t.Fatal(err)
	}
	if b := cals[1]; b.Input.Name != "B" || b.ID != 3 || len(b.Weather) != 1 {
		t.Errorf("merged: %q id %d, %d entries", b.Input.Name, b.ID, len(b.Weather))
	}

	_, err = client.DecodeSeed(node(t, "calendars:\n  - name: A\n    id: 1\n    id: 2\ncalendar: []\n"))
	want := "line 4: calendars[1]: key \"id\" is given twice\n" +
		"line 5: unknown key \"calendar\" (a seed file holds calendars:)"
	if err == nil || err.Error() != want {
		t.Errorf("got\n%v\nwant\n%s", err, want)
	}
}

// Problems on one line keep their order: the id's, the calendar's keys',
// the entry's text, then the weather's, each entry's keys before what its
// check finds (a months value that is no list is not said again as no
// months).
func TestDecodeSeedOrderOnOneLine(t *testing.T) {
	long := strings.Repeat("a", client.MaxEntryBytes+1)
	_, err := client.DecodeSeed(node(t, "calendars:\n  - {weather: [{wether: x}], months: 3, id: x, entry: "+long+"}\n"))
	want := "line 2: calendars[1].id: \"x\" is not a calendar id (a whole number)\n" +
		"line 2: calendars[1].months: must be a list\n" +
		fmt.Sprintf("line 2: calendars[1].entry: has %d bytes; at most %d (1 MiB) are allowed\n", len(long), client.MaxEntryBytes) +
		"line 2: calendars[1].weather[1]: unknown key \"wether\"; did you mean \"weather\"?\n" +
		"line 2: calendars[1].weather[1].date: is required (--date Y-M-D, or date: Y-M-D or year, month and day in a file)\n" +
		"line 2: calendars[1].weather[1].weather: is required"
	if err == nil || err.Error() != want {
		t.Errorf("got\n%v\nwant\n%s", err, want)
	}
}

// What is no seed is said once, at its line.
func TestDecodeSeedWrongShapes(t *testing.T) {
	for src, want := range map[string]string{
		"- a\n":            "line 1: must be a mapping with the key calendars",
		"{}\n":             "line 1: has no calendars: key",
		"calendars: 3\n":   "line 1: calendars: must be a list",
		"calendars: [3]\n": "line 1: calendars[1]: must be a mapping of keys",
	} {
		if _, err := client.DecodeSeed(node(t, src)); err == nil || err.Error() != want {
			t.Errorf("%q: got %v, want %s", src, err, want)
		}
	}
	if cals, err := client.DecodeSeed(node(t, "calendars:\n")); err != nil || len(cals) != 0 {
		t.Errorf("calendars: with nothing under it: %v %v", cals, err)
	}
}
