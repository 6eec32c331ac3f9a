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

// WeatherCompletion completes WEATHER_ID arguments from the first page of
// the weather of the calendar named by the command's --calendar flag; it
// offers nothing until --calendar is given.
func WeatherCompletion(f *Factory) cobra.CompletionFunc {
	return func(cmd *cobra.Command, _ []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
		flag := cmd.Flags().Lookup("calendar")
		if flag == nil || flag.Value.String() == "" {
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		c, err := f.Client()
		if err != nil {
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		ctx := cmd.Context()
		if ctx == nil {
			ctx = context.Background()
		}
		calendarID, _, err := ResolveCalendar(ctx, c, flag.Value.String())
		if err != nil {
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		found, err := completions.Weather(ctx, c, calendarID, toComplete)
		if err != nil {
			cobra.CompDebugln("kanka: "+err.Error(), false)
		}
		return found, cobra.ShellCompDirectiveNoFileComp
	}
}
