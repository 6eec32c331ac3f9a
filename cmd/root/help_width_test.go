package root_test

import (
	"context"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/cmd/root"
	"github.com/kanka-cli/kanka/cmd/root/roottest"
	"github.com/spf13/cobra"
)

// No line of any command's help, topics included, is wider than the
// terminal (80 columns when there is none) but one that holds a single
// word, which cannot be broken. On a terminal narrower than the texts were
// written for, the indented lines of a long text (an example, a table, a
// file), which are kept as written, may be wider too; nothing else.
func TestNoHelpLineIsWiderThanTheTerminal(t *testing.T) {
	roottest.Isolate(t)
	s, _, _, _ := cmdutil.Test()
	tree, _ := root.NewCmdRoot(s)
	type command struct {
		args []string
		long string
	}
	var commands []command
	var walk func(c *cobra.Command, args []string)
	walk = func(c *cobra.Command, args []string) {
		if c.Hidden {
			return
		}
		commands = append(commands, command{append(append([]string(nil), args...), "--help"), c.Long})
		for _, sub := range c.Commands() {
			walk(sub, append(append([]string(nil), args...), sub.Name()))
		}
	}
	walk(tree, nil)
	if len(commands) < 30 {
		t.Fatalf("walked %d commands: the tree was not built", len(commands))
	}
	for _, terminal := range []int{0, 60} {
		width := terminal
		if width == 0 {
			width = 80
		}
		setup := func(s *cmdutil.IOStreams) { s.OutTTY, s.TermWidth = terminal > 0, terminal }
		for _, c := range commands {
			r := roottest.RunStreams(t, context.Background(), "", setup, c.args...)
			if r.Code != 0 {
				t.Errorf("kanka %s: exit %d, stderr %s", strings.Join(c.args, " "), r.Code, r.Stderr)
			}
			for _, line := range strings.Split(r.Stdout, "\n") {
				switch {
				case utf8.RuneCountInString(line) <= width:
				case len(strings.Fields(strings.TrimSuffix(line, " \\"))) == 1: // one word
				case terminal > 0 && strings.HasPrefix(line, " ") && strings.Contains(c.long+"\n", line+"\n"): // code, as written
				default:
					t.Errorf("kanka %s at %d columns: a line of %d:\n%s", strings.Join(c.args, " "), width, utf8.RuneCountInString(line), line)
				}
			}
		}
	}
}

// The long texts are written in lines of about 75 columns, one of 130:
// each paragraph is wrapped again to the terminal, so that a wide terminal
// gets long lines and a narrow one short lines, none ragged.
func TestLongHelpIsReflowedToTheTerminal(t *testing.T) {
	roottest.Isolate(t)
	wide := func(s *cmdutil.IOStreams) { s.OutTTY, s.TermWidth = true, 200 }
	r := roottest.RunStreams(t, context.Background(), "", wide, "calendar", "show", "--help")
	first, _, _ := strings.Cut(r.Stdout, "\n")
	if !strings.HasPrefix(first, "Show a month of a calendar as a grid, like cal(1): the weekdays, the current date (highlighted on a terminal") || utf8.RuneCountInString(first) > 200 {
		t.Errorf("on 200 columns, the first paragraph was not joined: %q", first)
	}
}
