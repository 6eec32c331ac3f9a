package calendar

import (
	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/completions"
	"github.com/spf13/cobra"
)

// Completion completes a calendar ID|NAME, as an argument
// (cmd.ValidArgsFunction = Completion(f)) or as a flag
// (cmd.RegisterFlagCompletionFunc("calendar", Completion(f))), from the
// local cache: while it is fresh, no request; else one brings the calendars
// changed since (the first time, the whole list: one request a page of 45).
// Without a cache, from one page of the campaign's calendars. On any error (no token, no network,
// the rate limit, cmdutil.CompletionTimeout passed) it offers nothing,
// quietly: a shell completion must not print.
func Completion(f *cmdutil.Factory) cobra.CompletionFunc {
	return func(cmd *cobra.Command, _ []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
		c, ctx, cancel, err := cmdutil.ForCompletion(f, cmd)
		if err != nil {
			cobra.CompDebugln("kanka: "+err.Error(), false)
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		defer cancel()
		if k := f.LocalCache(); k != nil {
			known, err := k.Calendars(ctx, c)
			if err != nil {
				cobra.CompDebugln("kanka: "+err.Error(), false)
				return nil, cobra.ShellCompDirectiveNoFileComp
			}
			return completions.CalendarsOf(known, toComplete), cobra.ShellCompDirectiveNoFileComp
		}
		found, err := completions.Calendars(ctx, c, toComplete)
		if err != nil {
			cobra.CompDebugln("kanka: "+err.Error(), false)
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		return found, cobra.ShellCompDirectiveNoFileComp
	}
}
