// Package sandboxcmd holds the `kanka sandbox` commands: serve the sandbox
// on a port, and reset the state of the in-process one.
package sandboxcmd

import (
	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/spf13/cobra"
)

// NewCmdSandbox builds `kanka sandbox` and its verbs.
func NewCmdSandbox(f *cmdutil.Factory) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "sandbox <command>",
		Short: "Run or reset the local sandbox",
		Long: `The sandbox is a local implementation of the calendar interface, for
trying kanka without an account, rehearsing a script, or testing.

'kanka --sandbox <command>' runs any command against an in-process sandbox
whose state is kept in a file (--sandbox-data, KANKA_SANDBOX_DATA, else
$XDG_DATA_HOME/kanka/sandbox.json). 'kanka sandbox serve' serves one over
HTTP for other programs.`,
		Example: `  kanka --sandbox calendar list
  kanka sandbox serve --addr 127.0.0.1:0
  kanka sandbox reset`,
	}
	cmd.AddCommand(NewCmdServe(f, nil), NewCmdReset(f, nil))
	return cmd
}
