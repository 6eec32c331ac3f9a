package root_test

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/cmd/root"
	"github.com/kanka-cli/kanka/cmd/root/roottest"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// namesASet finds, in a flag's help, the signs of a value from a set:
// "one of", `ID|NAME`, a list of words ("a, b, c or d"), "TYPE a or b",
// "order by `date` ... or by id", a month (`M`, MONTH).
var namesASet = regexp.MustCompile("one of|`[^`]*\\|[^`]*`" +
	`|\b[a-z][a-z0-9-]*, [a-z][a-z0-9-]*(, [a-z][a-z0-9-]*)*,? (or|and) [a-z0-9][a-z0-9-]*\b` +
	`|\b[A-Z]+` + "`?" + ` [a-z-]+ or [a-z-]+` +
	"|by `[a-z]+`[^;]* or by [a-z]+" +
	"|MONTH|`M`")

// Every flag whose help names a set of values completes them, wherever
// it is in the tree.
func TestEveryFlagOfAKnownSetIsCompleted(t *testing.T) {
	s, _, _, _ := cmdutil.Test()
	cmd, _ := root.NewCmdRoot(s)
	var found []string
	var visit func(c *cobra.Command)
	visit = func(c *cobra.Command) {
		c.LocalFlags().VisitAll(func(fl *pflag.Flag) {
			if fl.Value.Type() == "bool" || !namesASet.MatchString(fl.Usage) {
				return
			}
			found = append(found, fl.Name)
			if _, ok := c.GetFlagCompletionFunc(fl.Name); !ok {
				t.Errorf("%s --%s names a set (%q) and completes nothing", c.CommandPath(), fl.Name, namesASet.FindString(fl.Usage))
			}
		})
		for _, sub := range c.Commands() {
			visit(sub)
		}
	}
	visit(cmd)
	// The test sees the flags it is about.
	for _, name := range []string{"output", "calendar", "visibility", "weather", "sort", "month", "leap-year-month", "season"} {
		if !slices.Contains(found, name) {
			t.Errorf("--%s was not found to name a set: the test no longer reads the help as written", name)
		}
	}
}

// The values of each enumerated flag, on each command that has it.
func TestEnumeratedFlagValues(t *testing.T) {
	roottest.Isolate(t)
	const (
		// The service's names, each with who sees it; self-admin, another
		// spelling of admin-self, is read but not offered.
		visibilities = "all\teveryone who can see the campaign\nadmin\tthe campaign's admins\nadmin-self\tthe admins and the author\n" +
			"self\tthe author alone\nmembers\tthe campaign's members\n:4\n"
		codes = "bolt\ncloud\ncloud-rain\ncloud-showers-heavy\ncloud-sun\ncloud-sun-rain\nmeteor\nsmog\nsnowflake\nsun\nwind\n:4\n"
	)
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"weather", "create", "--visibility", ""}, visibilities},
		{[]string{"weather", "update", "--visibility", "s"}, visibilities}, // the shell keeps those that start so
		{[]string{"weather", "set", "--visibility", ""}, visibilities},
		{[]string{"weather", "create", "--weather", ""}, codes},
		{[]string{"weather", "update", "--weather", "cl"}, codes},
		{[]string{"weather", "set", "--weather", ""}, codes},
		{[]string{"weather", "list", "--sort", ""}, "date\nid\n:4\n"},
		{[]string{"calendar", "create", "--month", "Midwinter:1:"}, "Midwinter:1:standard\nMidwinter:1:intercalary\n:4\n"},
		{[]string{"calendar", "update", "1", "--month", "Hammer:30:i"}, "Hammer:30:standard\nHammer:30:intercalary\n:4\n"},
		{[]string{"calendar", "create", "--month", "Hammer:30"}, ":4\n"}, // the length is the user's
		{[]string{"calendar", "list", "-o", ""}, "table\nwide\njson\nyaml\nndjson\nid\n:4\n"},
	} {
		res := roottest.Run(t, "", append([]string{"__complete"}, tc.args...)...)
		if res.Code != 0 || res.Stdout != tc.want || strings.Count(res.Stderr, "\n") != 1 {
			t.Errorf("__complete %q: exit %d\nstdout %q\nstderr %q\nwant %q", tc.args, res.Code, res.Stdout, res.Stderr, tc.want)
		}
	}
}
