//go:build linux

package main

import (
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"
)

// A newcomer's first commands, through the built binary: an empty list
// on a terminal says what to run next; a create says what it made.

func TestE2EFirstContactEmptyListsSayWhatToRunNext(t *testing.T) {
	t.Parallel()
	eachMode(t, func(t *testing.T, live bool) {
		k := newKanka(t, startSandbox(t, live))

		r := k.onTerminal(t, 100, "calendar", "list")
		want := `no calendars yet. Make one from a preset ('kanka calendar presets' lists them):
  kanka calendar create --preset harptos
or a calendar and its weather from a seed file:
  kanka apply -f examples/harptos-seed.yaml
`
		if r.code != 0 || r.stdout != "" || r.stderr != want {
			t.Errorf("on a terminal: %s\nwant stderr:\n%s", r, want)
		}
		// Piped, and for scripts, what it always said.
		if r := k.run(t, "calendar", "list"); r.code != 0 || r.stdout != "" || r.stderr != "no calendars found\n" {
			t.Errorf("piped: %s", r)
		}
		if r := k.run(t, "calendar", "list", "-o", "json"); r.code != 0 || r.stdout != "[]\n" || r.stderr != "" {
			t.Errorf("-o json: %s", r)
		}

		r = k.run(t, "calendar", "create", "--preset", "eberron", "-o", "id")
		if r.code != 0 || r.stdout != "1\n" || r.stderr != "created calendar 1 \"Galifar Calendar\"\n" {
			t.Errorf("create: %s", r)
		}

		// The preset's name is not its calendar's: the lookup says which
		// it is, for a calendar and for the --calendar of a weather verb.
		for _, args := range [][]string{{"calendar", "show", "eberron"}, {"weather", "list", "--calendar", "Eberron"}} {
			word := args[len(args)-1]
			want := "error: no calendar named \"" + word + "\"; did you mean \"Galifar Calendar\" (id 1), the calendar of the eberron preset?\n"
			if r := k.run(t, args...); r.code != 4 || r.stdout != "" || r.stderr != want {
				t.Errorf("%s\nwant exit 4 and %q", r, want)
			}
		}

		r = k.onTerminal(t, 60, "weather", "list", "--calendar", "1")
		want = `no weather entries yet on calendar 1. Record a day's
weather:
  kanka weather set --calendar 1 --date 998-1-1 \
      --weather sun
or make up a month of it from a climate ('kanka weather
climates' lists them):
  kanka weather generate --calendar 1 --from 998-1-1 \
      --days 30 --climate temperate
`
		if r.code != 0 || r.stdout != "" || r.stderr != want {
			t.Errorf("weather on a terminal: %s\nwant stderr:\n%s", r, want)
		}
		// The advice runs as written.
		for _, line := range strings.Split(strings.ReplaceAll(want, " \\\n     ", ""), "\n") {
			if args, ok := strings.CutPrefix(line, "  kanka "); ok && strings.Contains(line, "weather set") {
				if r := k.run(t, strings.Fields(args)...); r.code != 0 || r.stderr != "created weather 1 on 998-1-1\n" {
					t.Errorf("%s: %s", line, r)
				}
			}
		}
	})
}

// The suggestions a newcomer's typos get, through the binary: a file of
// kanka's own given to import, a --format near one, a seed key near one.
// Each is exit 2 and sends nothing.
func TestE2EFirstContactTyposGetSuggestions(t *testing.T) {
	t.Parallel()
	eachMode(t, func(t *testing.T, live bool) {
		srv := startSandbox(t, live)
		k := newKanka(t, srv)
		seedFile := absPath("../../examples/harptos-seed.yaml")
		seed := writeFile(t, t.TempDir(), "seed.yaml", "calendars:\n  - name: A\n    months: [{name: M, length: 3}, {name: N, length: 3}]\n    weekday: [x, y]\n")
		mark := srv.mark()
		for _, tc := range []struct {
			args []string
			want string
		}{
			{[]string{"calendar", "import", seedFile},
				"error: " + seedFile + ": this is a kanka seed (calendars:), which calendar import does not read; apply it with: kanka apply -f " + seedFile + "\n"},
			{[]string{"calendar", "import", harptosFile},
				"error: " + harptosFile + ": this is a kanka calendar file (as calendar get -o yaml prints it), which calendar import does not read; create it with: kanka calendar create -f " + harptosFile + "\n"},
			{[]string{"calendar", "import", donjonFile, "--format", "donjn"},
				"error: --format: \"donjn\"; did you mean \"donjon\"? (give auto, fantasy-calendar, simple-calendar, donjon or calendarium)\n"},
			{[]string{"apply", "-f", seed},
				"error: " + seed + ": line 4: calendars[1]: unknown key \"weekday\"; did you mean \"weekdays\"?\n"},
		} {
			r := k.run(t, tc.args...)
			if r.code != 2 || r.stdout != "" || !strings.HasPrefix(r.stderr, tc.want) {
				t.Errorf("%s\nwant exit 2 and stderr starting %q", r, tc.want)
			}
		}
		wantNoRequests(t, srv, mark)
	})
}

// yearSeed is the Calendar of Harptos (its preset) with 300 days of
// weather, wind from wind(i) on the i-th: an exported year, as apply meets
// it.
func yearSeed(wind func(i int) string) string {
	var b strings.Builder
	b.WriteString("calendars:\n  - preset: harptos\n    weather:\n")
	i := 0
	for _, month := range []int{1, 3, 4, 5, 7, 8, 9, 11, 12, 14} {
		for day := 1; day <= 30; day++ {
			fmt.Fprintf(&b, "      - {date: 1492-%d-%d, weather: cloud-showers-heavy, temperature: 9°C, wind: %s}\n", month, day, wind(i))
			i++
		}
	}
	return b.String()
}

// On a terminal, apply of a year lists what changes and counts what it
// creates, on a screen, and its lines fit the terminal at any width with
// their words whole; --verbose lists each entry.
func TestE2EFirstContactApplyOfAYearFitsTheTerminal(t *testing.T) {
	t.Parallel()
	eachMode(t, func(t *testing.T, live bool) {
		k := newKanka(t, startSandbox(t, live))
		dir := t.TempDir()
		calm := writeFile(t, dir, "year.yaml", yearSeed(func(int) string { return "calm" }))

		want := `calendar "Calendar of Harptos": create
  weather: 300 to create, 0 to update, 0 to delete, 0 unchanged
    + 300 entries from 1492-1-1 to 1492-14-30 (--verbose lists each)
Plan: 1 calendar to create, 0 to update, 0 unchanged; 300 weather entries to create, 0 to update, 0 to delete, 0 unchanged.
`
		wantWords := strings.Fields(want)
		for _, width := range []int{40, 60, 80, 100, 120, 160} {
			r := k.onTerminal(t, width, "apply", "-f", calm, "--dry-run")
			if r.code != 0 || strings.Join(strings.Fields(r.stdout), " ") != strings.Join(wantWords, " ") {
				t.Errorf("%d columns: %s\nwant the words of\n%s", width, r, want)
			}
			for _, line := range strings.Split(strings.TrimSuffix(r.stdout, "\n"), "\n") {
				if n := utf8.RuneCountInString(line); n > width {
					t.Errorf("%d columns: a line of %d: %q", width, n, line)
				}
			}
			if width == 160 && r.stdout != want {
				t.Errorf("160 columns:\n%s\nwant:\n%s", r.stdout, want)
			}
		}
		if r := k.onTerminal(t, 100, "apply", "-f", calm, "--dry-run", "--verbose"); strings.Count(r.stdout, "\n    + 1492-") != 300 {
			t.Errorf("--verbose lists %d entries, want 300", strings.Count(r.stdout, "\n    + 1492-"))
		}
		k.ok(t, "apply", "-f", calm)

		// After a change of 12 days: the 10 first listed, the rest counted.
		windy := writeFile(t, dir, "windy.yaml", yearSeed(func(i int) string {
			if i < 12 {
				return "gale"
			}
			return "calm"
		}))
		r := k.onTerminal(t, 80, "apply", "-f", windy, "--dry-run")
		lines := strings.Split(strings.TrimSuffix(r.stdout, "\n"), "\n")
		if r.code != 0 || len(lines) != 15 || strings.Count(r.stdout, `wind: "calm" -> "gale"`) != 10 ||
			lines[12] != "    ~ 2 more to update (--verbose lists each)" {
			t.Errorf("after a change: %s", r)
		}
	})
}
