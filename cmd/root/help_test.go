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
// `kanka --help` explains them. Help is wrapped to the terminal.
func TestHelpShowsTheGlobalFlagsCompactly(t *testing.T) {
	roottest.Isolate(t)
	r := roottest.Run(t, "", "weather", "delete", "--help")
	want := "Global flags ('kanka --help' explains them):\n" +
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
	if !strings.Contains(r.Stdout, "Global flags:\n") {
		t.Errorf("kanka --help does not explain the global flags:\n%s", r.Stdout)
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
