// Package sandboxcmd holds the `kanka sandbox` commands.
package sandboxcmd

import (
	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/spf13/cobra"
)

// NewCmdSandbox builds `kanka sandbox` and its verbs.
func NewCmdSandbox(f *cmdutil.Factory) *cobra.Command {
	return &cobra.Command{Use: "sandbox", Short: "Run or reset the local sandbox"}
}
