package root

import (
	"slices"
	"testing"

	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/output"
	"github.com/spf13/cobra"
)

// recordPrinters are the commands that print records through the printer,
// so that every -o means something: a table (a detail view for one record,
// which wide shows the same, every field being in it already), json, yaml,
// ndjson, id, and --jq and --template over the JSON.
var recordPrinters = []string{
	"kanka calendar advance", "kanka calendar create", "kanka calendar edit", "kanka calendar get",
	"kanka calendar list", "kanka calendar presets", "kanka calendar retreat", "kanka calendar update",
	"kanka weather climates", "kanka weather create", "kanka weather get", "kanka weather list",
	"kanka weather set", "kanka weather update",
	"kanka reminder create", "kanka reminder get", "kanka reminder list", "kanka reminder update",
}

// Every command either prints records (recordPrinters) or declares what
// it prints (output.Supports), so that no -o is taken and ignored: the
// root refuses what a declaration leaves out. A new command must choose.
func TestEveryCommandHonoursOrRefusesEachFormat(t *testing.T) {
	s, _, _, _ := cmdutil.Test()
	root, _ := NewCmdRoot(s)
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		for _, sub := range c.Commands() {
			walk(sub)
		}
		if !c.Runnable() || c.HasSubCommands() || c.Name() == "help" || c.IsAdditionalHelpTopicCommand() {
			return
		}
		_, declared := c.Annotations[output.SupportsAnnotation]
		printer := slices.Contains(recordPrinters, c.CommandPath())
		switch {
		case declared && printer:
			t.Errorf("%s is listed as a record printer and declares its outputs: choose one", c.CommandPath())
		case !declared && !printer:
			t.Errorf("%s declares no outputs and prints no records: declare what it prints (output.Supports)", c.CommandPath())
		}
	}
	walk(root)
}

// A command that prints no data refuses -o json and --jq, naming what it
// prints, before it runs.
func TestCommandsWithoutDataRefuseFormats(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"cache", "dir", "-o", "json"}, "error: cache dir prints the folder's path, not -o json\n"},
		{[]string{"completion", "bash", "--jq", "."}, "error: completion prints a shell script; --jq and --template are not supported\n"},
		{[]string{"calendar", "delete", "1", "--yes", "-o", "id"}, "error: calendar delete prints nothing (what it deletes is said on stderr), not -o id\n"},
		{[]string{"calendar", "show", "1", "-o", "wide"}, "error: calendar show prints a month as a grid, or with -o json, yaml or ndjson, not -o wide\n"},
		{[]string{"calendar", "show", "1", "-o", "id"}, "error: calendar show prints a month as a grid, or with -o json, yaml or ndjson, not -o id\n"},
	} {
		s, _, out, errOut := cmdutil.Test()
		root, _ := NewCmdRoot(s)
		code := execute(t.Context(), root, tc.args)
		if code != cmdutil.ExitUsage || out.String() != "" || errOut.String() != tc.want {
			t.Errorf("%v: exit %d, stdout %q, stderr:\n%s\nwant exit 2, stderr:\n%s", tc.args, code, out.String(), errOut.String(), tc.want)
		}
	}
}
