package root

import (
	"context"
	"slices"
	"testing"

	"github.com/kanka-cli/kanka/cmd/cmdutil"
)

// Each stub says of its branch what the root's help and completion read:
// its name, aliases, summary, and whether it runs (a command) or not (a
// help topic). A branch whose build changes these must change its stub.
func TestStubsAreTheirBranches(t *testing.T) {
	s, _, _, _ := cmdutil.Test()
	tr := newTree(s)
	for _, b := range tr.branches {
		built := b.build()
		if b.stub.Use != built.Use || b.stub.Short != built.Short || !slices.Equal(b.stub.Aliases, built.Aliases) ||
			b.stub.Hidden != built.Hidden || b.stub.Runnable() != (built.Runnable() || built.HasSubCommands()) {
			t.Errorf("stub %q %q %v runnable %v; its branch: %q %q %v runnable %v, %d commands",
				b.stub.Use, b.stub.Short, b.stub.Aliases, b.stub.Runnable(), built.Use, built.Short, built.Aliases, built.Runnable(), len(built.Commands()))
		}
	}
	whole, _ := NewCmdRoot(s)
	var names []string
	for _, c := range whole.Commands() {
		names = append(names, c.Name())
	}
	var stubs []string
	for _, c := range tr.root.Commands() {
		stubs = append(stubs, c.Name())
	}
	if !slices.Equal(names, stubs) {
		t.Errorf("the root holds %v, its stubs %v", names, stubs)
	}
}

// A run builds the branches it names, and no other: `kanka --help` and the
// completion of a calendar build nothing, or the calendar group alone.
func TestRunBuildsTheBranchesItNames(t *testing.T) {
	for _, tc := range []struct {
		args  []string
		built []string
	}{
		{[]string{"--help"}, nil},
		{[]string{"__complete", "ca"}, nil},
		{[]string{"__complete", "calendar", "show", ""}, []string{"calendar"}},
		{[]string{"cal", "list", "-o", "json"}, []string{"calendar"}},
		{[]string{"--sandbox", "weather", "list", "--calendar", "calendar"}, []string{"calendar", "weather"}},
		{[]string{"help", "environment"}, []string{"environment"}},
		{[]string{"help", "flags"}, []string{"flags"}},
		{[]string{"completion", "bash"}, []string{"calendar", "weather", "reminder", "apply", "sandbox", "auth", "config", "profile", "completion", "version", "cache", "api", "mcp",
			"flags", "calendar-fields", "dates", "environment", "exit-codes", "formats", "requests"}},
	} {
		s, _, _, _ := cmdutil.Test()
		tr := newTree(s)
		tr.grow(tc.args)
		var built []string
		for _, b := range tr.branches {
			if b.built {
				built = append(built, b.stub.Name())
			}
		}
		if !slices.Equal(built, tc.built) {
			t.Errorf("kanka %q built %v, want %v", tc.args, built, tc.built)
		}
	}
}

// What a run prints is what the whole tree prints: help, the root's and a
// branch's, and completions of names, flags and values.
func TestRunPrintsAsTheWholeTree(t *testing.T) {
	t.Setenv("HOME", t.TempDir())
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	for _, args := range [][]string{
		{"--help"}, {"help"}, {}, {"calendar", "--help"}, {"help", "calendar", "show"}, {"help", "exit-codes"}, {"help", "flags"}, {"requests"},
		{"weather"}, {"calendr"}, {"calendar", "lsit"}, {"__complete", ""}, {"__complete", "c"},
		{"__complete", "calendar", ""}, {"__complete", "weather", "list", "--sort", ""}, {"__complete", "--output", ""},
		{"__complete", "weather", "set", "--visibility", ""},
	} {
		lazy, lazyOut, _, lazyErr := cmdutil.Test()
		lazyCode := Run(context.Background(), lazy, args)
		whole, wholeOut, _, wholeErr := cmdutil.Test()
		whole.Guard()
		cmd, _ := NewCmdRoot(whole)
		wholeCode := execute(context.Background(), cmd, args)
		whole.Flush()
		if lazyCode != wholeCode || lazyOut.String() != wholeOut.String() || lazyErr.String() != wholeErr.String() {
			t.Errorf("kanka %q: exit %d\n%s%s\nthe whole tree: exit %d\n%s%s", args, lazyCode, lazyOut, lazyErr, wholeCode, wholeOut, wholeErr)
		}
	}
}
