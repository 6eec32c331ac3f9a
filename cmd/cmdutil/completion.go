package cmdutil

import (
	"context"
	"time"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/completions"
	"github.com/spf13/cobra"
)

// CompletionTimeout is how long a completion may take: past it, the shell
// gets no candidates rather than a frozen Tab.
const CompletionTimeout = 2 * time.Second

// completionClient is the client and the bounded context of one
// completion: Factory.CompletionClient (no rate-limit wait, no retry) when
// set, else Factory.Client.
func completionClient(f *Factory, cmd *cobra.Command) (*client.Client, context.Context, context.CancelFunc, error) {
	newClient := f.CompletionClient
	if newClient == nil {
		newClient = f.Client
	}
	c, err := newClient()
	if err != nil {
		return nil, nil, nil, err
	}
	ctx := cmd.Context()
	if ctx == nil {
		ctx = context.Background()
	}
	ctx, cancel := context.WithTimeout(ctx, CompletionTimeout)
	return c, ctx, cancel, nil
}

// CalendarCompletion completes a calendar ID|NAME, as an argument
// (cmd.ValidArgsFunction = CalendarCompletion(f)) or as a flag
// (cmd.RegisterFlagCompletionFunc("calendar", CalendarCompletion(f))), from
// one page of the campaign's calendars. On any error (no token, no network,
// the rate limit, CompletionTimeout passed) it offers nothing, quietly: a
// shell completion must not print.
func CalendarCompletion(f *Factory) cobra.CompletionFunc {
	return func(cmd *cobra.Command, _ []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
		c, ctx, cancel, err := completionClient(f, cmd)
		if err != nil {
			cobra.CompDebugln("kanka: "+err.Error(), false)
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		defer cancel()
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
// offers nothing until --calendar is given. Finding the calendar and its
// weather share one CompletionTimeout.
func WeatherCompletion(f *Factory) cobra.CompletionFunc {
	return func(cmd *cobra.Command, _ []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
		flag := cmd.Flags().Lookup("calendar")
		if flag == nil || flag.Value.String() == "" {
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		c, ctx, cancel, err := completionClient(f, cmd)
		if err != nil {
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		defer cancel()
		calendarID, _, err := ResolveCalendar(ctx, c, flag.Value.String())
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
