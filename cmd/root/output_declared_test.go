package root

import (
	"context"
	"testing"

	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/output"
	"github.com/spf13/cobra"
)

// The root refuses for any command what its declaration does not list,
// with exit 2 and before the command runs: no command checks -o itself.
func TestRootRefusesWhatACommandDoesNotDeclare(t *testing.T) {
	for _, tc := range []struct {
		name string
		args []string
		want string // stderr; "" when the command runs
	}{
		{"declared format", []string{"tally", "-o", "json"}, ""},
		{"default", []string{"tally"}, ""},
		{"--jq over its JSON", []string{"tally", "--jq", "."}, ""},
		{"other format", []string{"tally", "-o", "wide"}, "error: tally counts as text or with -o json, not -o wide\n"},
		{"checked after the other global flags, as when the commands checked it", []string{"tally", "-o", "yaml", "--timeout", "0"},
			"error: --timeout must be a positive duration such as 30s or 2m, not \"0\"\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, _, _, errOut := cmdutil.Test()
			cmd, _ := NewCmdRoot(s)
			ran := false
			cmd.AddCommand(&cobra.Command{
				Use: "tally",
				Annotations: output.Supports{
					Says:    "tally counts as text or with -o json",
					Formats: []output.Format{output.Table, output.JSON},
				}.Annotations(),
				RunE: func(*cobra.Command, []string) error { ran = true; return nil },
			})
			code := execute(context.Background(), cmd, tc.args)
			if tc.want == "" {
				if code != cmdutil.ExitOK || !ran || errOut.String() != "" {
					t.Errorf("exit %d, ran %v, stderr %q; want the command run", code, ran, errOut.String())
				}
				return
			}
			if code != cmdutil.ExitUsage || ran || errOut.String() != tc.want {
				t.Errorf("exit %d, ran %v, stderr:\n%s\nwant exit %d, the command not run, stderr:\n%s", code, ran, errOut.String(), cmdutil.ExitUsage, tc.want)
			}
		})
	}
}
