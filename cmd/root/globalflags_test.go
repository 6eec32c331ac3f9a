package root

import (
	"testing"

	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// No command may define a flag whose name or shorthand a global flag has:
// it would hide the global one under that command (`kanka -y weather
// delete` failed with "unknown shorthand flag: 'y'", and -c meant nothing
// under `sandbox serve`).
func TestNoCommandShadowsAGlobalFlag(t *testing.T) {
	s, _, _, _ := cmdutil.Test()
	root, _ := NewCmdRoot(s)
	names, shorthands := map[string]bool{}, map[string]string{}
	root.PersistentFlags().VisitAll(func(f *pflag.Flag) {
		names[f.Name] = true
		if f.Shorthand != "" {
			shorthands[f.Shorthand] = f.Name
		}
	})
	var walk func(*cobra.Command)
	seen := 0
	walk = func(c *cobra.Command) {
		seen++
		check := func(f *pflag.Flag) {
			if c == root {
				return
			}
			if names[f.Name] {
				t.Errorf("%q defines --%s, a global flag", c.CommandPath(), f.Name)
			}
			if global, ok := shorthands[f.Shorthand]; ok {
				t.Errorf("%q defines -%s (--%s), the shorthand of the global --%s", c.CommandPath(), f.Shorthand, f.Name, global)
			}
		}
		c.LocalNonPersistentFlags().VisitAll(check)
		c.PersistentFlags().VisitAll(check)
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(root)
	if seen < 20 {
		t.Fatalf("walked %d commands; the tree is not the whole one", seen)
	}
}

// The globals work under every command, shorthands included: -c under
// sandbox serve, -y under the deletes.
func TestGlobalShorthandsParseEverywhere(t *testing.T) {
	for _, args := range [][]string{
		{"sandbox", "serve", "-c", "7", "--token", "t0ken-t0ken", "--help"},
		{"-y", "weather", "delete", "--help"},
		{"calendar", "delete", "-y", "--help"},
		{"weather", "delete", "-q", "-y", "-c", "3", "--help"},
	} {
		isolate(t)
		s, _, out, errOut := cmdutil.Test()
		root, _ := NewCmdRoot(s)
		if code := execute(t.Context(), root, args); code != 0 || errOut.Len() != 0 || out.Len() == 0 {
			t.Errorf("kanka %v: exit %d, stderr %q", args, code, errOut)
		}
	}
}
