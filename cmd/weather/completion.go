package weather

import (
	"github.com/kanka-cli/kanka/cmd/calendar"
	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/completions"
	"github.com/spf13/cobra"
)

// Completion completes WEATHER_ID arguments from the first page of the
// weather of the calendar named by the command's --calendar flag; it
// offers nothing until --calendar is given. Finding the calendar and its
// weather share one cmdutil.CompletionTimeout.
func Completion(f *cmdutil.Factory) cobra.CompletionFunc {
	return func(cmd *cobra.Command, _ []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
		flag := cmd.Flags().Lookup("calendar")
		if flag == nil || flag.Value.String() == "" {
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		c, ctx, cancel, err := cmdutil.ForCompletion(f, cmd)
		if err != nil {
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		defer cancel()
		calendarID, err := calendar.ResolveID(ctx, c, flag.Value.String())
		if err != nil {
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		found, err := completions.Weather(ctx, c, calendarID, toComplete)
		if err != nil {
			cobra.CompDebugln("kanka: "+err.Error(), false)
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		return found, cobra.ShellCompDirectiveNoFileComp
	}
}
