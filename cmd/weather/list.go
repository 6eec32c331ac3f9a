package weather

import (
	"cmp"
	"context"
	"iter"
	"strings"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/calendar"
	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/cmd/cmdutil/resource"
	"github.com/spf13/pflag"
)

// sortOrders are the orders --sort takes: by date (then id), or the
// server's order, by id (no sorting).
var sortOrders = map[string]func(a, b *client.Weather) int{"date": client.ByDate[*client.Weather], "id": nil}

// listFilters are the flags of `weather list`: the date filters (the
// service has none for weather, so every page is read and they apply here)
// and --sort.
func listFilters(f *cmdutil.Factory, fs *pflag.FlagSet) func(*pflag.FlagSet) (resource.Query[*client.Weather], error) {
	dates := &resource.DateFilters[*client.Weather]{DateOf: (*client.Weather).Date, Calendar: calendar.OfScope, Plural: "entries"}
	dates.Register(fs)
	var order string
	fs.StringVar(&order, "sort", "", "order by `date` (then id) or by id, the server's order")
	return func(fs *pflag.FlagSet) (resource.Query[*client.Weather], error) {
		// A whole walk is the fresh view of the weather: the cache takes
		// it as it goes (cache.TeeWeather).
		q := resource.Listing(func(c *client.Client, ctx context.Context, calendarID int, o *client.PageOptions) iter.Seq2[*client.Weather, error] {
			if o.Limit == 0 {
				return f.LocalCache().TeeWeather(ctx, calendarID, c.AllWeather)
			}
			return c.AllWeather(ctx, calendarID, o)
		}, (*client.Client).ListWeather, nil)
		// By date is the order for people: the table, wide and yaml; the
		// formats that stream keep the server's order unless --sort date
		// asks for it (resource.NewListCmd).
		compare, ok := sortOrders[strings.ToLower(cmp.Or(order, "date"))]
		if !ok {
			return q, cmdutil.UsageErrorf("--sort %q: sort by date or id", order)
		}
		q.Compare = compare
		return q, dates.Apply(fs, &q)
	}
}
