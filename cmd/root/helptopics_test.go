package root_test

import (
	"strings"
	"testing"

	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/cmd/root"
	"github.com/kanka-cli/kanka/cmd/root/roottest"
	"github.com/spf13/cobra"
)

// The topics are listed by `kanka --help` (and `kanka help`), and each
// prints its page of the manual, laid out for the terminal, with no usage.
func TestHelpTopicsAreListedAndPrinted(t *testing.T) {
	roottest.Isolate(t)
	want := "Use \"kanka <command> --help\" for a command, \"kanka help TOPIC\" for a topic:\n" +
		"calendar-fields, dates, environment, exit-codes, flags, formats, requests.\n"
	for _, args := range [][]string{{"help"}, {"--help"}} {
		r := roottest.Run(t, "", args...)
		if r.Code != 0 || !strings.HasSuffix(r.Stdout, want) || !strings.HasPrefix(r.Stdout, "Manage the calendars") {
			t.Errorf("kanka %s: exit %d, stdout:\n%s\nwant the topics:\n%s", args[0], r.Code, r.Stdout, want)
		}
	}
	for topic, line := range map[string]string{
		"exit-codes":      "\n  8    the record changed on the server since kanka read it ('calendar edit',\n",
		"environment":     "\n  VISUAL, EDITOR      the editor of 'kanka calendar edit': VISUAL, else EDITOR,\n",
		"requests":        "\n  calendar edit     3: the read (by id, or the name's lookup), the second read\n",
		"calendar-fields": "\nLeap years:\n  --leap-year-amount N, leap_year_amount:\n",
		"dates":           "\n  kanka calendar show 1 --date +30\n",
		"formats":         "\n  ndjson  one item a line, streamed as pages arrive\n",
		"flags":           "\nWaits and limits:\n      --timeout duration ",
	} {
		for _, args := range [][]string{{"help", topic}, {topic}, {topic, "--help"}} {
			r := roottest.Run(t, "", args...)
			if r.Code != 0 || !strings.Contains(r.Stdout, line) || strings.Contains(r.Stdout, "Usage:") || r.Stderr != "" {
				t.Errorf("kanka %s: exit %d, stdout:\n%s\nwant the line %q and no usage; stderr %q", strings.Join(args, " "), r.Code, r.Stdout, line, r.Stderr)
			}
		}
	}
}

// `kanka help WORD` for a word that names no command is an error with the
// nearest name (exit 2, nothing on stdout), not the root's help and exit
// 0; its hint names the group where the choices are.
func TestHelpOfAnUnknownCommandSuggestsTheNearest(t *testing.T) {
	roottest.Isolate(t)
	for _, tt := range []struct {
		args   []string
		stderr string
	}{
		{[]string{"help", "calender"}, "error: unknown command \"calender\" for \"kanka\"; did you mean \"calendar\"?\nRun 'kanka --help' for usage.\n"},
		{[]string{"help", "exit-code"}, "error: unknown command \"exit-code\" for \"kanka\"; did you mean \"exit-codes\"?\nRun 'kanka --help' for usage.\n"},
		{[]string{"help", "calendar", "shw"}, "error: unknown command \"shw\" for \"kanka calendar\"; did you mean \"show\"?\nRun 'kanka calendar --help' for usage.\n"},
		{[]string{"help", "xyzzy"}, "error: unknown command \"xyzzy\" for \"kanka\"\nRun 'kanka --help' for usage.\n"},
		// A topic can be reached as a command too, so a typo of one is too.
		{[]string{"environmnet"}, "error: unknown command \"environmnet\" for \"kanka\"; did you mean \"environment\"?\nRun 'kanka --help' for usage.\n"},
	} {
		r := roottest.Run(t, "", tt.args...)
		if r.Code != 2 || r.Stderr != tt.stderr || r.Stdout != "" {
			t.Errorf("kanka %s: exit %d, stdout %q, stderr:\n%s\nwant exit 2, stderr:\n%s", strings.Join(tt.args, " "), r.Code, r.Stdout, r.Stderr, tt.stderr)
		}
	}
	// Known words, aliases included, show that command's help.
	for _, args := range [][]string{{"help", "calendar", "show"}, {"help", "cal", "show"}, {"help", "help"}} {
		r := roottest.Run(t, "", args...)
		if r.Code != 0 || !strings.Contains(r.Stdout, "Usage:\n  kanka "+map[bool]string{true: "help", false: "calendar show"}[args[1] == "help"]) {
			t.Errorf("kanka %s: exit %d, stdout:\n%s", strings.Join(args, " "), r.Code, r.Stdout)
		}
	}
}

// -v never means --version: only apply has a -v, and it is --verbose.
// --version and `kanka version` still print the version.
func TestDashVIsNeverVersion(t *testing.T) {
	roottest.Isolate(t)
	r := roottest.Run(t, "", "-v")
	if r.Code != 2 || r.Stdout != "" || !strings.HasPrefix(r.Stderr, "error: unknown shorthand flag: 'v' in -v\n") {
		t.Errorf("kanka -v: exit %d, stdout %q, stderr %q", r.Code, r.Stdout, r.Stderr)
	}
	for _, args := range [][]string{{"--version"}, {"version"}} {
		if r := roottest.Run(t, "", args...); r.Code != 0 || r.Stdout != "kanka (devel)\n" {
			t.Errorf("kanka %s: exit %d, stdout %q", args[0], r.Code, r.Stdout)
		}
	}
	s, _, _, _ := cmdutil.Test()
	tree, _ := root.NewCmdRoot(s)
	var walk func(*cobra.Command)
	walk = func(c *cobra.Command) {
		if f := c.Flags().ShorthandLookup("v"); f != nil && (c.CommandPath() != "kanka apply" || f.Name != "verbose") {
			t.Errorf("%s: -v is --%s", c.CommandPath(), f.Name)
		}
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(tree)
	if f := tree.Flags().Lookup("version"); f == nil || f.Shorthand != "" {
		t.Errorf("kanka --version: %+v", f)
	}
}
