package cmdutil

import (
	"context"

	"github.com/kanka-cli/kanka/completions"
	"github.com/spf13/cobra"
)

// CalendarCompletion completes a calendar ID|NAME, as an argument
// (cmd.ValidArgsFunction = CalendarCompletion(f)) or as a flag
// (cmd.RegisterFlagCompletionFunc("calendar", CalendarCompletion(f))), from
// one page of the campaign's calendars. On any error (no token, no network)
// it offers nothing, quietly: a shell completion must not print.
func CalendarCompletion(f *Factory) cobra.CompletionFunc {
	return func(cmd *cobra.Command, _ []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
		c, err := f.Client()
		if err != nil {
			cobra.CompDebugln("kanka: "+err.Error(), false)
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		ctx := cmd.Context()
		if ctx == nil {
			ctx = context.Background()
		}
		found, err := completions.Calendars(ctx, c, toComplete)
		if err != nil {
			cobra.CompDebugln("kanka: "+err.Error(), false)
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		return found, cobra.ShellCompDirectiveNoFileComp
	}
}
