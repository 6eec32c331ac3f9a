package root_test

import (
	"strings"
	"testing"

	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/cmd/root"
	"github.com/kanka-cli/kanka/cmd/root/roottest"
	"github.com/spf13/cobra"
)

// A missing or extra argument is named in the words of the command's Use
// line (exit 2, nothing sent), not with cobra's "accepts 1 arg(s),
// received 0".
func TestArgumentCountErrorsNameTheArgument(t *testing.T) {
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"calendar", "show"}, "missing ID|NAME: the calendar to show"},
		{[]string{"calendar", "get"}, "missing ID|NAME: the calendar to get"},
		{[]string{"calendar", "delete"}, "missing ID|NAME...: the calendars to delete"},
		{[]string{"weather", "get", "--calendar", "1"}, "missing WEATHER_ID: the weather entry to get"},
		{[]string{"weather", "delete", "--calendar", "1"}, "missing WEATHER_ID...: the weather entries to delete"},
		{[]string{"config", "set"}, "missing KEY VALUE: the key and the value to set"},
		{[]string{"config", "set", "campaign"}, "missing VALUE: the value to set"},
		{[]string{"config", "use"}, "missing NAME: the profile to use"},
		{[]string{"completion"}, "missing bash|zsh|fish|powershell: the shell"},
		{[]string{"calendar", "get", "1", "2"}, `unexpected argument "2": kanka calendar get takes ID|NAME only`},
		{[]string{"config", "set", "url", "x", "y", "z"}, `unexpected arguments "y" "z": kanka config set takes KEY VALUE only`},
		{[]string{"calendar", "list", "Harptos"}, `unexpected argument "Harptos": kanka calendar list takes none`},
		{[]string{"auth", "status", "a", "b"}, `unexpected arguments "a" "b": kanka auth status takes none`},
		// A calendar given as an argument to a command that takes it as a
		// flag: the message says how.
		{[]string{"weather", "set", "Calendar of Harptos", "--weather", "rain"}, `unexpected argument "Calendar of Harptos": kanka weather set takes none; give the calendar with --calendar "Calendar of Harptos"`},
		{[]string{"weather", "list", "--calendar", "5", "41"}, `unexpected argument "41": kanka weather list takes none`},
		// What is not a count keeps its own words: the check's, the command's.
		{[]string{"completion", "tcsh"}, `invalid argument "tcsh" for "kanka completion"`},
		{[]string{"calendar", "export"}, "name the calendars to export (ID|NAME...), or pass --all"},
	} {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			roottest.Isolate(t)
			r := roottest.Run(t, "", tt.args...)
			if r.Code != 2 || !strings.HasPrefix(r.Stderr, "error: "+tt.want+"\nRun 'kanka ") || r.Stdout != "" {
				t.Errorf("exit %d, stderr:\n%s\nwant exit 2, stderr:\nerror: %s", r.Code, r.Stderr, tt.want)
			}
		})
	}
}

// No command of the tree answers a wrong number of arguments in cobra's
// words: each is named from its Use line, whatever the command. (Asked of
// each command's argument check, as cobra asks it: nothing runs.)
func TestNoCommandCountsArgumentsInCobrasWords(t *testing.T) {
	s, _, _, _ := cmdutil.Test()
	tree, _ := root.NewCmdRoot(s)
	var walk func(c *cobra.Command)
	checked := 0
	walk = func(c *cobra.Command) {
		for _, sub := range c.Commands() {
			walk(sub)
		}
		if c.Args == nil || c.HasSubCommands() { // a group's "unknown command" is right
			return
		}
		checked++
		for _, args := range [][]string{nil, {"a", "b", "c", "d", "e"}} {
			err := c.ValidateArgs(args)
			if err != nil && (strings.Contains(err.Error(), "arg(s)") || strings.Contains(err.Error(), "unknown command")) {
				t.Errorf("%s with %d arguments: %v", c.CommandPath(), len(args), err)
			}
		}
	}
	walk(tree)
	if checked < 30 {
		t.Errorf("checked %d commands: the tree was not walked", checked)
	}
}
