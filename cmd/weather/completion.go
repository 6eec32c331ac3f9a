package weather

import (
	"maps"
	"slices"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/calendar"
	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/cmd/cmdutil/resource"
	"github.com/spf13/cobra"
)

// Completion completes WEATHER_ID arguments: the ids of the weather of the
// calendar --calendar names (calendar.CompletionCalendarID), each with its
// date and weather ("41\t1492-1-3 snowflake"), as the local cache holds
// them (cache.CompletionWeather says what that costs, one request at
// most); nothing until --calendar is given, and nothing printed.
func Completion(f *cmdutil.Factory) cobra.CompletionFunc {
	return resource.CompleteIDs(func(cmd *cobra.Command) ([]*client.Weather, error) {
		flag := cmd.Flags().Lookup("calendar")
		if flag == nil || flag.Value.String() == "" {
			return nil, nil
		}
		c, ctx, cancel, err := cmdutil.ForCompletion(f, cmd)
		if err != nil {
			return nil, err
		}
		defer cancel()
		calendarID, err := calendar.CompletionCalendarID(ctx, f, c, flag.Value.String())
		if err != nil {
			return nil, err
		}
		return f.LocalCache().CompletionWeather(ctx, c, calendarID)
	}, func(w *client.Weather) string { return w.Date().String() + " " + w.Code() })
}

// SortKeys are the orders `weather list --sort` takes (sortOrders), for
// its completion.
func SortKeys() []string { return slices.Sorted(maps.Keys(sortOrders)) }
