package root

import (
	"fmt"

	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/spf13/cobra"
)

// Set by the release build with -ldflags "-X github.com/kanka-cli/kanka/cmd/root.Version=...".
var (
	Version = "dev"
	Commit  = ""
)

// versionString is "kanka <Version>", with the commit when the build set it.
func versionString() string {
	s := "kanka " + Version
	if Commit != "" {
		s += " (" + Commit + ")"
	}
	return s
}

func newCmdVersion(f *cmdutil.Factory) *cobra.Command {
	return &cobra.Command{
		Use:   "version",
		Short: "Print the version",
		Example: `  kanka version
  kanka --version`,
		Args: cobra.NoArgs,
		Run: func(*cobra.Command, []string) {
			fmt.Fprintln(f.IO.Out, versionString())
		},
	}
}
