package calendar

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// noCalendarsYet is what an empty campaign's list says on a terminal: what
// to run next, on stderr.
const noCalendarsYet = `no calendars yet. Make one from a preset ('kanka calendar presets' lists them):
  kanka calendar create --preset harptos
or a calendar and its weather from a seed file:
  kanka apply -f examples/harptos-seed.yaml
`

// An empty list on a terminal, unfiltered, says what to do next on
// stderr; stdout stays empty and the exit is 0.
func TestListEmptyOnATerminalSaysWhatToDoNext(t *testing.T) {
	env := newTestEnv(t, "", exchange{"GET", "calendars", "", 200, page(1, 1, 45)})
	env.Terminal()
	if err := env.run("list"); err != nil {
		t.Fatal(err)
	}
	if env.Out.String() != "" || env.ErrOut.String() != noCalendarsYet {
		t.Errorf("stdout %q\nstderr:\n%s\nwant:\n%s", env.Out.String(), env.ErrOut.String(), noCalendarsYet)
	}
}

// Under --sandbox the commands it suggests are the sandbox's.
func TestListEmptyInTheSandboxSuggestsSandboxCommands(t *testing.T) {
	env := newTestEnv(t, "", exchange{"GET", "calendars", "", 200, page(1, 1, 45)})
	env.Terminal()
	env.F.Globals.Sandbox = true
	if err := env.run("list"); err != nil {
		t.Fatal(err)
	}
	want := strings.ReplaceAll(noCalendarsYet, "  kanka ", "  kanka --sandbox ")
	if env.ErrOut.String() != want {
		t.Errorf("stderr:\n%s\nwant:\n%s", env.ErrOut.String(), want)
	}
}

// What a script reads stays clean, and a filtered or paged list that
// finds nothing does not say the campaign is empty: json prints [], id
// nothing, a filter or a page the plain "no calendars found", piped the
// same, -q nothing at all.
func TestListEmptyHintOnlyForPeopleAndWholeLists(t *testing.T) {
	for _, tc := range []struct {
		name, format string
		terminal     bool
		quiet        bool
		args         []string
		route        string
		out, err     string
	}{
		{"json", "json", true, false, nil, "calendars", "[]\n", ""},
		{"id", "id", true, false, nil, "calendars", "", ""},
		{"quiet", "", true, true, nil, "calendars", "", ""},
		{"piped", "", false, false, nil, "calendars", "", "no calendars found\n"},
		{"filtered", "", true, false, []string{"--type", "None"}, "calendars?type=None", "", "no calendars found\n"},
		{"page 2", "", true, false, []string{"--page", "2"}, "calendars?page=2", "", "no calendars found\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			env := newTestEnv(t, tc.format, exchange{"GET", tc.route, "", 200, page(1, 1, 45)})
			if tc.terminal {
				env.Terminal()
			}
			env.F.Globals.Quiet = tc.quiet
			if err := env.run(append([]string{"list"}, tc.args...)...); err != nil {
				t.Fatal(err)
			}
			if env.Out.String() != tc.out || env.ErrOut.String() != tc.err {
				t.Errorf("stdout %q, want %q\nstderr %q, want %q", env.Out.String(), tc.out, env.ErrOut.String(), tc.err)
			}
		})
	}
}

// On a narrow terminal the advice wraps at spaces: no line is wider than
// the terminal, no word is split, and a command wrapped goes on after a
// backslash, so that it still pastes as one.
func TestListEmptyHintFitsANarrowTerminal(t *testing.T) {
	for _, width := range []int{40, 60, 80, 100, 120, 160} {
		env := newTestEnv(t, "", exchange{"GET", "calendars", "", 200, page(1, 1, 45)})
		env.F.IO.TermWidth = width
		env.Terminal()
		env.F.Globals.Sandbox = true
		if err := env.run("list"); err != nil {
			t.Fatal(err)
		}
		got := env.ErrOut.String()
		for _, line := range strings.Split(strings.TrimSuffix(got, "\n"), "\n") {
			if utf8.RuneCountInString(line) > width {
				t.Errorf("width %d: line %q is %d columns", width, line, utf8.RuneCountInString(line))
			}
		}
		want := strings.Fields(strings.ReplaceAll(noCalendarsYet, "  kanka ", "  kanka --sandbox "))
		if words := strings.Fields(strings.ReplaceAll(got, " \\\n", "\n")); strings.Join(words, " ") != strings.Join(want, " ") {
			t.Errorf("width %d: the words changed:\n%s", width, got)
		}
	}
}
