package weather

import (
	"maps"
	"slices"

	"github.com/kanka-cli/kanka/cmd/calendar"
	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/completions"
	"github.com/spf13/cobra"
)

// Completion completes WEATHER_ID arguments: the ids of the weather of the
// calendar named by the command's --calendar flag, each described by its
// date and weather ("41\t1492-1-3 snowflake"). It offers nothing until
// --calendar is given. The calendar is found as
// calendar.CompletionCalendarID says (an id or a cached name: no request),
// its weather from the local cache (cache.CompletionWeather): while it was
// brought up to date less than a minute ago, no request; else one, the page
// of the cached tail (without a copy, the first page). A request that fails
// or outlasts cmdutil.CompletionTimeout leaves the cached entries, or none,
// and prints nothing.
func Completion(f *cmdutil.Factory) cobra.CompletionFunc {
	return func(cmd *cobra.Command, _ []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
		flag := cmd.Flags().Lookup("calendar")
		if flag == nil || flag.Value.String() == "" {
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		c, ctx, cancel, err := cmdutil.ForCompletion(f, cmd)
		if err != nil {
			cobra.CompDebugln("kanka: "+err.Error(), false)
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		defer cancel()
		calendarID, err := calendar.CompletionCalendarID(ctx, f, c, flag.Value.String())
		if err != nil {
			cobra.CompDebugln("kanka: "+err.Error(), false)
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		entries, err := f.LocalCache().CompletionWeather(ctx, c, calendarID)
		if err != nil {
			cobra.CompDebugln("kanka: "+err.Error(), false)
		}
		return completions.WeatherOf(entries, toComplete), cobra.ShellCompDirectiveNoFileComp
	}
}

// SortKeys are the orders `weather list --sort` takes (sortOrders), for
// its completion.
func SortKeys() []string { return slices.Sorted(maps.Keys(sortOrders)) }
