package weather

import (
	"strings"
	"testing"
)

// A calendar with no weather, listed whole on a terminal, says what to
// run next on stderr, on the calendar's current day; filtered, or for a
// script, it says what it always said.
func TestListEmptyOnATerminalSaysWhatToDoNext(t *testing.T) {
	dated := strings.Replace(harptosJSON, `"name":"Harptos",`, `"name":"Harptos","date":"1492-1-3",`, 1)
	for _, tc := range []struct {
		name, format string
		terminal     bool
		args         []string
		out, err     string
	}{
		{"terminal", "", true, nil, "", `no weather entries yet on calendar 5. Record a day's weather:
  kanka weather set --calendar 5 --date 1492-1-3 --weather sun
or make up a month of it from a climate ('kanka weather climates' lists them):
  kanka weather generate --calendar 5 --from 1492-1-3 --days 30 --climate temperate
`},
		{"filtered", "", true, []string{"--year", "1492"}, "", "no weather entries found\n"},
		{"piped", "", false, nil, "", "no weather entries found\n"},
		{"json", "json", true, nil, "[]\n", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			env := newTestEnv(t, tc.format)
			if tc.terminal {
				env.Terminal()
			}
			env.maybe("GET "+calendarRoute, 200, one(dated))
			env.expect("GET "+weathersRoute, "", 200, page(1, 1))
			if err := env.run(append([]string{"list", "--calendar", "5"}, tc.args...)...); err != nil {
				t.Fatal(err)
			}
			if env.Out.String() != tc.out || env.ErrOut.String() != tc.err {
				t.Errorf("stdout %q, want %q\nstderr:\n%s\nwant:\n%s", env.Out.String(), tc.out, env.ErrOut.String(), tc.err)
			}
		})
	}
}
