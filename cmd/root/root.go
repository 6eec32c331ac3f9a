// Package root builds the kanka command tree and turns its errors into exit
// codes.
package root

import (
	"fmt"
	"os"

	"github.com/spf13/cobra"
)

// NewCmdRoot builds the root command.
func NewCmdRoot() *cobra.Command {
	cmd := &cobra.Command{
		Use:           "kanka <command>",
		Short:         "Manage the calendars and calendar weather of a Kanka campaign",
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	cmd.AddCommand(&cobra.Command{
		Use:   "version",
		Short: "Print the version",
		Args:  cobra.NoArgs,
		Run: func(cmd *cobra.Command, _ []string) {
			fmt.Fprintf(cmd.OutOrStdout(), "kanka %s\n", Version)
		},
	})
	return cmd
}

// Main runs kanka with args and returns the exit code.
func Main(args []string) int {
	cmd := NewCmdRoot()
	cmd.SetArgs(args)
	if err := cmd.Execute(); err != nil {
		fmt.Fprintln(os.Stderr, "error:", err)
		return 1
	}
	return 0
}
