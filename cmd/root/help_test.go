package root_test

import (
	"context"
	"strings"
	"testing"

	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/cmd/root"
	"github.com/kanka-cli/kanka/cmd/root/roottest"
	"github.com/spf13/cobra"
)

// Under a command, the global flags are one compact block of names;
// `kanka help flags` explains them, and `kanka --help` the common ones.
// Help is wrapped to the terminal.
func TestHelpShowsTheGlobalFlagsCompactly(t *testing.T) {
	roottest.Isolate(t)
	r := roottest.Run(t, "", "weather", "delete", "--help")
	want := "Global flags ('kanka help flags' explains them):\n" +
		"  -c/--campaign --config --debug --jq --lock-wait --max-list-size --max-wait\n" +
		"  --no-cache --no-color --no-headers -o/--output -p/--profile -q/--quiet\n" +
		"  --sandbox --sandbox-data --template --timeout --token --url -y/--yes\n"
	if r.Code != 0 || !strings.Contains(r.Stdout, want) || strings.Contains(r.Stdout, "(env KANKA_MAX_WAIT)") {
		t.Errorf("exit %d, help:\n%s\nwant the block:\n%s", r.Code, r.Stdout, want)
	}

	narrow := func(s *cmdutil.IOStreams) { s.OutTTY, s.TermWidth = true, 60 }
	r = roottest.RunStreams(t, context.Background(), "", narrow, "--help")
	for _, line := range strings.Split(r.Stdout, "\n") {
		if len([]rune(line)) > 60 && strings.HasPrefix(line, "  -") {
			t.Errorf("a flag line of %d columns on a 60-column terminal: %q", len([]rune(line)), line)
		}
	}
	if !strings.Contains(r.Stdout, "Common flags ('kanka help flags' lists every one):\n  -c, --campaign ID ") {
		t.Errorf("kanka --help does not explain the common flags:\n%s", r.Stdout)
	}
}

// kanka --help fits a screen: at most 40 lines at 80 columns, with the
// commands, the common global flags and where the others are; the flags
// only a few runs need are left to 'kanka help flags'.
func TestRootHelpFitsAScreen(t *testing.T) {
	roottest.Isolate(t)
	for _, width := range []int{0, 80} {
		setup := func(s *cmdutil.IOStreams) { s.OutTTY, s.TermWidth = width > 0, width }
		r := roottest.RunStreams(t, context.Background(), "", setup, "--help")
		lines := strings.Split(strings.TrimSuffix(r.Stdout, "\n"), "\n")
		if r.Code != 0 || len(lines) > 40 {
			t.Errorf("kanka --help at 80 columns: exit %d, %d lines:\n%s", r.Code, len(lines), r.Stdout)
		}
		for _, want := range []string{"\nCommands:\n  api ", "\n  weather     Manage the weather of a calendar\n",
			"\n  -o, --output format ", "\n      --jq expression ", "\n  -p, --profile NAME ", "\n      --sandbox ",
			"\n  -q, --quiet ", "\n      --debug ", "'kanka help flags'", "\"kanka help TOPIC\" for a topic:", "calendar-fields, dates, environment, exit-codes, flags"} {
			if !strings.Contains(r.Stdout, want) {
				t.Errorf("kanka --help lacks %q:\n%s", want, r.Stdout)
			}
		}
		for _, rare := range []string{"--max-list-size", "--lock-wait", "--sandbox-data", "--no-headers", "--timeout", "--token"} {
			if strings.Contains(r.Stdout, rare) {
				t.Errorf("kanka --help shows %s, which 'kanka help flags' has", rare)
			}
		}
	}
}

// Root, version, completion and the sandbox commands show examples.
func TestHelpHasExamples(t *testing.T) {
	roottest.Isolate(t)
	for _, args := range [][]string{{}, {"version"}, {"completion"}, {"sandbox"}, {"sandbox", "serve"}, {"sandbox", "reset"}} {
		r := roottest.Run(t, "", append(args, "--help")...)
		if r.Code != 0 || !strings.Contains(r.Stdout, "\nExamples:\n  kanka ") {
			t.Errorf("kanka %s --help: exit %d, no examples:\n%s", strings.Join(args, " "), r.Code, r.Stdout)
		}
	}
}

// Every command of the tree, groups included, shows an example in its
// help: a new user learns a command from its examples first.
func TestEveryCommandHasAnExample(t *testing.T) {
	s, _, _, _ := cmdutil.Test()
	tree, _ := root.NewCmdRoot(s)
	var walk func(*cobra.Command)
	seen := 0
	walk = func(c *cobra.Command) {
		if c.Hidden || c.Name() == "help" || c.IsAdditionalHelpTopicCommand() { // a topic only explains
			return
		}
		seen++
		if !strings.HasPrefix(c.Example, "  kanka ") {
			t.Errorf("%q has no example (Example %q)", c.CommandPath(), c.Example)
		}
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(tree)
	if seen < 30 {
		t.Errorf("walked %d commands: the tree was not built", seen)
	}
}
