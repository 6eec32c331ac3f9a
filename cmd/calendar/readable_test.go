package calendar

import (
	"slices"
	"strings"
	"testing"
)

// On a terminal the detail view names the months of the current date, the
// season starts and the leap month; piped it keeps the numbers
// (get_detail.golden). Every other line is the piped view's.
func TestGetDetailOnATerminalNamesMonths(t *testing.T) {
	record := readTestdata(t, "record.json")
	env := newTestEnv(t, "table", exchange{"GET", "calendars/12", "", 200, data(record)})
	env.Terminal()
	if err := env.run("get", "12"); err != nil {
		t.Fatal(err)
	}
	want := withLines(t, detailView(t, record), map[string]string{
		"Date:":       "Date:       12 Alturiak 1492 (1492-3-12)",
		"Seasons:":    "Seasons:    Spring from 19 Ches",
		"Leap years:": "Leap years: +1 day in Midwinter every 4 years from 4",
	})
	if got := env.Out.String(); got != want {
		t.Errorf("stdout:\n%s\nwant:\n%s", got, want)
	}
}

// withLines is text with each line that starts with a key of lines
// replaced by its value; a key no line starts with fails the test.
func withLines(t *testing.T, text string, lines map[string]string) string {
	t.Helper()
	out := strings.SplitAfter(text, "\n")
	for prefix, line := range lines {
		i := slices.IndexFunc(out, func(l string) bool { return strings.HasPrefix(l, prefix) })
		if i < 0 {
			t.Fatalf("no line starts with %q in\n%s", prefix, text)
		}
		out[i] = line + "\n"
	}
	return strings.Join(out, "")
}

// On a terminal the DATE column reads "12 Alturiak 1492"; a calendar whose
// date names no month of its list keeps the number.
func TestListTableOnATerminalNamesMonths(t *testing.T) {
	env := newTestEnv(t, "table",
		exchange{"GET", "calendars", "", 200, page(1, 1, 45, readTestdata(t, "record.json"), small(13, "Simple"),
			`{"id":14,"name":"Odd","date":"1-9-1","months":[{"name":"A","length":10}],"weekdays":[],"years":[],"seasons":[],"moons":[]}`)})
	env.Terminal()
	if err := env.run("list"); err != nil {
		t.Fatal(err)
	}
	want := `ID  NAME     TYPE           DATE              MONTHS  PRIVATE
12  Harptos  Dalereckoning  12 Alturiak 1492  4       yes
13  Simple                  1 A 1             2       no
14  Odd                     1-9-1             1
`
	if env.Out.String() != want {
		t.Errorf("stdout:\n%s\nwant:\n%s", env.Out, want)
	}
}

// -o json, yaml and id are the same on a terminal.
func TestMachineFormatsIgnoreTheTerminal(t *testing.T) {
	for _, format := range []string{"json", "yaml", "id"} {
		t.Run(format, func(t *testing.T) {
			piped := newTestEnv(t, format, exchange{"GET", "calendars/12", "", 200, data(readTestdata(t, "record.json"))})
			if err := piped.run("get", "12"); err != nil {
				t.Fatal(err)
			}
			tty := newTestEnv(t, format, exchange{"GET", "calendars/12", "", 200, data(readTestdata(t, "record.json"))})
			tty.Terminal()
			if err := tty.run("get", "12"); err != nil {
				t.Fatal(err)
			}
			if tty.Out.String() != piped.Out.String() {
				t.Errorf("on a terminal:\n%s\npiped:\n%s", tty.Out, piped.Out)
			}
		})
	}
}
