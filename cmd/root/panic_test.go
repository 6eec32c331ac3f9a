package root

import (
	"context"
	"testing"

	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/spf13/cobra"
)

// A command that panics ends with one line naming the bug and exit 1: not
// Go's stack trace and exit 2, which scripts would read as bad usage.
func TestPanicIsOneLineAndExit1(t *testing.T) {
	for _, tc := range []struct {
		name  string
		value any
		want  string
	}{
		{"runtime error", nil, "error: internal error: runtime error: index out of range [4] with length 0; " +
			"please report this at https://github.com/kanka-cli/kanka/issues\n"},
		{"value on several lines", "line one\n\tline two", "error: internal error: line one line two; " +
			"please report this at https://github.com/kanka-cli/kanka/issues\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, _, out, errOut := cmdutil.Test()
			cmd, _ := NewCmdRoot(s)
			cmd.AddCommand(&cobra.Command{Use: "boom", RunE: func(c *cobra.Command, _ []string) error {
				c.OutOrStdout().Write([]byte("partial\n"))
				if tc.value != nil {
					panic(tc.value)
				}
				var none []int
				_ = none[len(c.Use)] // index 4 ("boom") of nothing
				return nil
			}})
			code := execute(context.Background(), cmd, []string{"boom"})
			if code != cmdutil.ExitError {
				t.Errorf("exit %d, want %d", code, cmdutil.ExitError)
			}
			if got := errOut.String(); got != tc.want {
				t.Errorf("stderr %q\nwant   %q", got, tc.want)
			}
			if got := out.String(); got != "partial\n" {
				t.Errorf("stdout %q", got)
			}
		})
	}
}
