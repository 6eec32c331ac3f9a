package root_test

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/cmd/root"
	"github.com/kanka-cli/kanka/cmd/root/roottest"
	"github.com/spf13/cobra"
)

// helpLinesAllowed is how many lines a command's --help may take on a
// terminal of 80 columns: a screen, and for the two commands that take a
// calendar's every field as a flag, a screen and a half.
func helpLinesAllowed(path string) int {
	switch path {
	case "kanka calendar create", "kanka calendar update":
		return 60
	}
	return 40
}

// Every command's help fits a screen of 80 columns: what the command does
// in a few lines, its flags, examples; the rest is in the manual and the
// help topics. (A help topic is a page of the manual, as long as it is.)
func TestEveryHelpFitsAScreen(t *testing.T) {
	roottest.Isolate(t)
	s, _, _, _ := cmdutil.Test()
	tree, _ := root.NewCmdRoot(s)
	var paths [][]string
	var walk func(c *cobra.Command, args []string)
	walk = func(c *cobra.Command, args []string) {
		if c.Hidden || c.IsAdditionalHelpTopicCommand() { // a topic is a page of the manual
			return
		}
		paths = append(paths, args)
		for _, sub := range c.Commands() {
			walk(sub, append(append([]string(nil), args...), sub.Name()))
		}
	}
	walk(tree, nil)
	if len(paths) < 30 {
		t.Fatalf("walked %d commands: the tree was not built", len(paths))
	}
	terminal := func(s *cmdutil.IOStreams) { s.OutTTY, s.TermWidth = true, 80 }
	for _, args := range paths {
		path := strings.Join(append([]string{"kanka"}, args...), " ")
		r := roottest.RunStreams(t, context.Background(), "", terminal, append(args, "--help")...)
		lines := strings.Count(strings.TrimSuffix(r.Stdout, "\n"), "\n") + 1
		if r.Code != 0 || lines > helpLinesAllowed(path) {
			t.Errorf("%s --help at 80 columns: exit %d, %d lines (at most %d)", path, r.Code, lines, helpLinesAllowed(path))
		}
	}
}

// The pages of the manual and the help topics a command's help points to
// exist: the help says little so that they can say the rest.
func TestHelpPointsToPagesThatExist(t *testing.T) {
	roottest.Isolate(t)
	s, _, _, _ := cmdutil.Test()
	tree, _ := root.NewCmdRoot(s)
	topics := map[string]bool{}
	for _, c := range tree.Commands() {
		topics[c.Name()] = true
	}
	page := regexp.MustCompile(`docs/[a-z-]+\.md`)
	topic := regexp.MustCompile(`kanka help ([a-z-]+)`)
	pointers := 0
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		if c.Hidden || c.IsAdditionalHelpTopicCommand() {
			return
		}
		// Joined: a pointer may be wrapped across two lines.
		text := strings.Join(strings.Fields(c.Long+" "+c.Example), " ")
		for _, p := range page.FindAllString(text, -1) {
			pointers++
			if _, err := os.Stat(filepath.Join("..", "..", p)); err != nil {
				t.Errorf("%s --help points to %s: %v", c.CommandPath(), p, err)
			}
		}
		for _, m := range topic.FindAllStringSubmatch(text, -1) {
			pointers++
			if !topics[m[1]] {
				t.Errorf("%s --help points to 'kanka help %s', which is no topic or command", c.CommandPath(), m[1])
			}
		}
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(tree)
	if pointers < 10 {
		t.Errorf("found %d pointers to the manual in the help: the walk is broken", pointers)
	}
}
