package weather

import (
	"context"
	"fmt"
	"iter"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/calendar"
	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/cmd/cmdutil/resource"
	"github.com/spf13/pflag"
)

// Spec is the weather entry as the generic verbs (get, list, delete) see
// it: a child of a calendar, named by --calendar ID|NAME.
func Spec(f *cmdutil.Factory) *resource.Spec[*client.Weather] {
	return &resource.Spec[*client.Weather]{
		Noun: "weather", Plural: "weather entries", Arg: "WEATHER_ID",
		Kind:     Kind,
		Parent:   calendarParent(f),
		CheckArg: func(arg string) error { _, err := parseWeatherID(arg); return err },
		Lookup: func(_ context.Context, _ *client.Client, _ int, arg string) (resource.Ref[*client.Weather], error) {
			id, err := parseWeatherID(arg)
			return resource.Ref[*client.Weather]{ID: id}, err
		},
		Get: func(ctx context.Context, c *client.Client, calendarID, id int) (*client.Weather, error) {
			return c.GetWeather(ctx, calendarID, id)
		},
		Delete: func(ctx context.Context, c *client.Client, calendarID, id int) error {
			return c.DeleteWeather(ctx, calendarID, id)
		},
		Label: func(w *client.Weather) string {
			return fmt.Sprintf("(%s %s)", w.Date(), w.Weather)
		},
		Filters:  listFilters,
		Complete: Completion(f),
		GetHelp: resource.Help{
			Short: "Show one weather entry",
			Example: `  kanka weather get --calendar "Calendar of Harptos" 41
  kanka weather get --calendar 5 41 -o yaml > entry.yaml`,
		},
		ListHelp: resource.Help{
			Short: "List the weather of a calendar",
			Long: `List the weather entries of a calendar, every page by default.
--limit stops after N entries and asks for no page it does not need.
--year and --month keep the entries of that year and month.`,
			Example: `  kanka weather list --calendar "Calendar of Harptos"
  kanka weather list --calendar 5 --year 1492 --month 1 -o yaml
  kanka weather list --calendar 5 --limit 20 -o ndjson`,
		},
		DeleteHelp: resource.Help{
			Short: "Delete weather entries",
			Long: `Delete weather entries. On a terminal you are asked first, with the date
and weather of what goes; without a terminal --yes is required. A declined
confirmation exits with 7. The entries are deleted in order; the first
failure stops the command, which says what was deleted.`,
			Example: `  kanka weather delete --calendar "Calendar of Harptos" 41
  kanka weather list --calendar 5 --year 1491 -o id | xargs -r kanka weather delete --calendar 5 --yes`,
		},
	}
}

// calendarParent is --calendar ID|NAME, the calendar an entry lives under.
func calendarParent(f *cmdutil.Factory) *resource.Parent {
	return &resource.Parent{Flag: "calendar", Noun: "calendar", Resolve: calendar.ResolveID, Complete: calendar.Completion(f)}
}

// listFilters registers --year and --month: the interface has no weather
// filters, so they filter here (and --limit counts the entries kept).
func listFilters(fs *pflag.FlagSet) func(*pflag.FlagSet) (resource.Query[*client.Weather], error) {
	var year, month int
	fs.IntVar(&year, "year", 0, "only the entries of year `Y`")
	fs.IntVar(&month, "month", 0, "only the entries of month `M` (1 is the first)")
	return func(fs *pflag.FlagSet) (resource.Query[*client.Weather], error) {
		q := resource.Query[*client.Weather]{
			Walk: func(ctx context.Context, c *client.Client, calendarID, limit int) iter.Seq2[*client.Weather, error] {
				return c.AllWeather(ctx, calendarID, &client.WeatherListOptions{Limit: limit})
			},
			Page: func(ctx context.Context, c *client.Client, calendarID, page int) ([]*client.Weather, error) {
				p, err := c.ListWeather(ctx, calendarID, &client.WeatherListOptions{Page: page})
				if err != nil {
					return nil, err
				}
				return p.Items, nil
			},
		}
		byYear, byMonth := fs.Changed("year"), fs.Changed("month")
		if byMonth && month < 1 {
			return q, cmdutil.UsageErrorf("--month %d: months are counted from 1", month)
		}
		if byYear || byMonth {
			q.Keep = func(w *client.Weather) bool {
				return (!byYear || w.Year == year) && (!byMonth || w.Month == month)
			}
		}
		return q, nil
	}
}
