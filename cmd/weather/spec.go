package weather

import (
	"context"
	"fmt"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/calendar"
	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/cmd/cmdutil/resource"
	"github.com/kanka-cli/kanka/output"
	"github.com/spf13/pflag"
)

// Spec is the weather entry as the generic verbs (get, list, delete) see
// it: a child of a calendar, named by --calendar ID|NAME.
func Spec(f *cmdutil.Factory) *resource.Spec[*client.Weather] {
	return &resource.Spec[*client.Weather]{
		Noun: "weather", Plural: "weather entries", One: "weather entry", Arg: "WEATHER_ID",
		Kind:   Kind,
		Parent: calendar.Parent(f),
		Get: func(ctx context.Context, c *client.Client, calendarID, id int) (*client.Weather, error) {
			return c.GetWeather(ctx, calendarID, id)
		},
		Delete: func(ctx context.Context, c *client.Client, calendarID, id int) error {
			return c.DeleteWeather(ctx, calendarID, id)
		},
		Label: func(w *client.Weather) string {
			return fmt.Sprintf("(%s %s)", w.Date(), w.Code())
		},
		Made: made,
		Filters: func(fs *pflag.FlagSet) func(*pflag.FlagSet) (resource.Query[*client.Weather], error) {
			return listFilters(f, fs)
		},
		// On a terminal the months are named from the calendar: one GET of
		// it when neither the name lookup nor the local cache has it.
		ReadableKind: calendar.ReadableKind(f, nil, func(_ context.Context, _ *client.Client, cal *client.Calendar) output.Kind {
			return KindFor(cal.Months)
		}),
		Next:     next,
		Complete: Completion(f),
		GetHelp: resource.Help{
			Long: `Show one weather entry. On a terminal the date also names its month
(3 Ches 1492); piped, and with -o json, yaml or id, it stays 1492-4-3.`,
			Example: `  kanka weather get --calendar "Calendar of Harptos" 3
  kanka weather get --calendar 1 3 -o yaml > entry.yaml`,
		},
		ListHelp: resource.Help{
			Short: "List the weather of a calendar",
			Long: `List the weather entries of a calendar, in date order (a day's by id).
` + resource.DateFiltersHelp("entries") + `
-o json, ndjson and id keep the server's order (by id) and stream as pages
arrive; --sort date sorts them too.`,
			Example: `  kanka weather list --calendar "Calendar of Harptos"
  kanka weather list --calendar 1 --year 1492 --month Ches -o yaml
  kanka weather list --calendar 1 --date "3 Ches 1492"
  kanka weather list --calendar 1 --from 1492-Ches-1 --to 1492-Ches-30
  kanka weather list --calendar 1 --sort id --limit 20 -o ndjson`,
		},
		DeleteHelp: resource.Help{
			Long: `Delete weather entries. On a terminal you are asked first, with the date
and weather of what goes; without a terminal --yes is required. A declined
confirmation exits with 7. The entries are deleted in order; the first
failure stops the command, which says what was deleted.`,
			Example: `  kanka weather delete --calendar "Calendar of Harptos" 5
  kanka weather list --calendar 1 --year 1492 --month Ches -o id | xargs -r kanka weather delete --calendar 1 --yes`,
		},
	}
}

// made is what a create of one entry says it made: "weather 41 on
// 1492-1-3", as weather set says it.
func made(w *client.Weather) string { return fmt.Sprintf("weather %d on %s", w.ID, w.Date()) }

// next is what the list of a calendar with no weather says to run: set a
// day's, or generate a month of it, from the calendar's current day (the
// list read the calendar for its month names: it is at hand).
func next(s *resource.Scope, kanka string) string {
	date := "DATE"
	if cal, ok := s.Parent.(*client.Calendar); ok && cal != nil {
		if d, ok := cal.CurrentDate(); ok {
			date = d.String()
		}
	}
	return fmt.Sprintf(`no weather entries yet on calendar %[1]d. Record a day's weather:
  %[2]s weather set --calendar %[1]d --date %[3]s --weather sun
or make up a month of it from a climate ('kanka weather climates' lists them):
  %[2]s weather generate --calendar %[1]d --from %[3]s --days 30 --climate temperate`, s.ParentID, kanka, date)
}
