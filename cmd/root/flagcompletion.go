package root

import (
	"sort"

	"github.com/kanka-cli/kanka/cmd/profile"
	"github.com/kanka-cli/kanka/output"
	"github.com/spf13/cobra"
)

// completeGlobalFlags offers the values of the global flags that have a
// known set: the formats of -o and the profiles of the configuration file.
func completeGlobalFlags(cmd *cobra.Command, resolve func() (*profile.Resolved, error)) {
	_ = cmd.RegisterFlagCompletionFunc("output", func(*cobra.Command, []string, string) ([]cobra.Completion, cobra.ShellCompDirective) {
		var formats []string
		for _, f := range output.Formats() {
			formats = append(formats, string(f))
		}
		return formats, cobra.ShellCompDirectiveNoFileComp
	})
	_ = cmd.RegisterFlagCompletionFunc("profile", func(*cobra.Command, []string, string) ([]cobra.Completion, cobra.ShellCompDirective) {
		r, err := resolve()
		if err != nil {
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		names := make([]string, 0, len(r.File.Profiles))
		for name := range r.File.Profiles {
			names = append(names, name)
		}
		sort.Strings(names)
		return names, cobra.ShellCompDirectiveNoFileComp
	})
}
