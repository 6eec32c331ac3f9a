//go:build linux

package main

import (
	"regexp"
	"strings"
	"testing"
	"unicode"

	"golang.org/x/text/width"
)

// Every output for people fits the terminal it is printed on: at each of
// the widths a person's terminal has, no line is wider than the terminal
// (in the columns it shows, not bytes), and no word is split across two
// lines (text wraps at spaces; what cannot fit is cut with "..."). The
// outputs are the built binary's on a pseudo-terminal of that width, stdout
// and stderr (where a table's note goes) both.

// fitWidths are the terminal widths every output is checked at.
var fitWidths = []int{40, 60, 80, 100, 120, 160}

// fitCase is one output checked at every width.
type fitCase struct {
	name string
	args []string
	// env is more environment (a locale).
	env []string
	// only, when set, keeps the part of stdout the case checks (the rest
	// is another output's, checked by its own case).
	only func(stdout string) string
	// fails: the run ends in an error, which is what the case shows.
	fails bool
	// messages: stderr is the terminal too, as at a prompt, so that the
	// messages it carries are checked (stdout and stderr then interleave).
	messages bool
}

// fitCases are the tables, detail views, pictures, grids and legends. One
// more output is one more line here; its setup, if it needs one, goes in
// fitScene.
var fitCases = []fitCase{
	{name: "calendar list", args: []string{"calendar", "list"}},
	{name: "calendar get", args: []string{"calendar", "get", "1"}},
	{name: "calendar get, a long name", args: []string{"calendar", "get", "2"}},
	{name: "calendar show: grid and legend", args: []string{"calendar", "show", "1"}},
	{name: "calendar show: grid and legend, UTF-8", args: []string{"calendar", "show", "1"}, env: []string{"LANG=C.UTF-8"}},
	{name: "calendar show, a whole year", args: []string{"calendar", "show", "1", "--year", "1492", "--whole-year"}},
	{name: "calendar show, a whole year, UTF-8", args: []string{"calendar", "show", "1", "--year", "1492", "--whole-year"}, env: []string{"LANG=C.UTF-8"}},
	{name: "calendar show --day", args: []string{"calendar", "show", "1", "--day", "1492-Hammer-1"}},
	{name: "calendar presets", args: []string{"calendar", "presets"}},
	{name: "calendar presets harptos", args: []string{"calendar", "presets", "harptos"}},
	{name: "weather list", args: []string{"weather", "list", "--calendar", "1"}},
	{name: "weather get", args: []string{"weather", "get", "1", "--calendar", "1"}},
	{name: "weather climates", args: []string{"weather", "climates"}},
	{name: "weather climates temperate", args: []string{"weather", "climates", "temperate"}},
	{name: "calendar advance: its line", args: []string{"calendar", "advance", "2", "--to", "today"}},
	{name: "weather set: its messages on stderr", args: []string{"weather", "set", "--calendar", "2", "--weather", "sun"}, messages: true},
	{name: "an error naming a long calendar", args: []string{"weather", "set", "--calendar", "2", "--date", "1492-Ches-31", "--weather", "sun"}, messages: true, fails: true},
	{name: "apply --dry-run: the plan", args: []string{"apply", "-f", harptosSeedFile, "--dry-run"}},
	{name: "reminder list", args: []string{"reminder", "list", "--calendar", "1"}},
	{name: "reminder get", args: []string{"reminder", "get", "1", "--calendar", "1"}},
	{name: "calendar agenda", args: []string{"calendar", "agenda", "1", "--from", "1492-Ches-1", "--days", "60"}},
	{name: "calendar agenda, UTF-8", args: []string{"calendar", "agenda", "1", "--from", "1492-Ches-1", "--days", "60"}, env: []string{"LANG=C.UTF-8"}},
	{name: "weather generate: the picture", only: beforePlan,
		args: []string{"weather", "generate", "--calendar", "1", "--from", "1492-Hammer-1", "--days", "70", "--climate", "temperate", "--dry-run"}},
}

// fitScene is what the cases show: the Calendar of Harptos (1) with the
// weather of Hammer 1492 by hand (a long effect and name) and a generated
// Ches 1492 (weather on every day of the current month) and reminders (a
// long one monthly, one of five days, one on Selûne's full moons), and a
// calendar whose name is 58 characters long (2).
func fitScene(t *testing.T) *kanka {
	t.Helper()
	k := newKanka(t, startSandbox(t, false))
	createHarptos(t, k)
	k.ok(t, "weather", "create", "--calendar", "1", "-f", hammerFile)
	k.ok(t, "weather", "generate", "--calendar", "1", "--from", "1492-Ches-1", "--days", "30", "--climate", "temperate", "--seed", "7")
	k.ok(t, "calendar", "create", "-f", harptosFile, "--name", "The Long Reckoning of the Dalelands and the Moonsea Cities")
	for _, args := range [][]string{
		{"--date", "1492-Ches-5", "--comment", "The council of the Dalelands meets in the hall of Shadowdale to settle the tithe", "--repeat", "month"},
		{"--date", "1492-Ches-28", "--length", "5", "--comment", "The fair", "--visibility", "admin"},
		{"--date", "1492-Hammer-1", "--comment", "Selûne is full", "--repeat", "Selûne:full"},
	} {
		k.ok(t, append([]string{"reminder", "create", "--calendar", "1"}, args...)...)
	}
	return k
}

// beforePlan is a generate run's picture: what comes before apply's plan
// (its first line names the calendar: calendar "...").
func beforePlan(stdout string) string {
	if i := strings.Index(stdout, "\ncalendar \""); i >= 0 {
		return stdout[:i+1]
	}
	return stdout
}

func TestE2EEveryOutputFitsItsWidth(t *testing.T) {
	k := fitScene(t)
	for _, tc := range fitCases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			// The words of the text, from a terminal wide enough for every
			// line whole.
			k := k.with(tc.env...)
			wide := tc.run(t, k, 1000)
			if (wide.code != 0) != tc.fails {
				t.Fatalf("at 1000 columns: %s", wide)
			}
			words := wordsOf(tc.shown(wide))
			for _, cols := range fitWidths {
				r := tc.run(t, k, cols)
				if (r.code != 0) != tc.fails {
					t.Errorf("at %d columns: %s", cols, r)
					continue
				}
				checkFits(t, cols, tc.shown(r), words)
			}
		})
	}
}

// run runs the case on a terminal cols columns wide.
func (tc fitCase) run(t *testing.T, k *kanka, cols int) result {
	if tc.messages {
		return k.onTerminalWithMessages(t, cols, tc.args...)
	}
	return k.onTerminal(t, cols, tc.args...)
}

// shown is what the case checks of a run: stdout (or the part of it the
// case owns), then stderr.
func (tc fitCase) shown(r result) string {
	out := r.stdout
	if tc.only != nil {
		out = tc.only(out)
	}
	return out + r.stderr
}

var escapeSequence = regexp.MustCompile("\x1b\\[[0-9;]*m")

// checkFits fails on a line wider than cols, and on a word of the text
// (one of words) split across two lines: the last word of a line and the
// first of the next make one of its words.
func checkFits(t *testing.T, cols int, text string, words map[string]bool) {
	t.Helper()
	lines := strings.Split(strings.TrimSuffix(escapeSequence.ReplaceAllString(text, ""), "\n"), "\n")
	for i, line := range lines {
		if n := displayWidth(line); n > cols {
			t.Errorf("at %d columns, line %d is %d columns wide:\n%s", cols, i+1, n, line)
		}
		if i == 0 {
			continue
		}
		before, after := strings.Fields(lines[i-1]), strings.Fields(line)
		if len(before) == 0 || len(after) == 0 {
			continue
		}
		if joined := before[len(before)-1] + after[0]; words[joined] {
			t.Errorf("at %d columns, %q is split across lines %d and %d:\n%s\n%s", cols, joined, i, i+1, lines[i-1], line)
		}
	}
}

// wordsOf is the set of the words of text, split at white space.
func wordsOf(text string) map[string]bool {
	words := map[string]bool{}
	for _, w := range strings.Fields(escapeSequence.ReplaceAllString(text, "")) {
		words[w] = true
	}
	return words
}

// displayWidth is the columns a terminal gives s: two for an East Asian
// wide or fullwidth character, none for a combining mark, one for any
// other (ambiguous ones too, as outside East Asian locales).
func displayWidth(s string) int {
	n := 0
	for _, r := range s {
		switch {
		case unicode.In(r, unicode.Mn, unicode.Me, unicode.Cf):
		case width.LookupRune(r).Kind() == width.EastAsianWide || width.LookupRune(r).Kind() == width.EastAsianFullwidth:
			n += 2
		default:
			n++
		}
	}
	return n
}
