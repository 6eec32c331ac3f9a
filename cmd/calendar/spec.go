package calendar

import (
	"context"
	"fmt"
	"iter"
	"strconv"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/cmd/cmdutil/resource"
	"github.com/spf13/pflag"
)

// Spec is the calendar as the generic verbs (get, list, delete) see it.
func Spec(f *cmdutil.Factory) *resource.Spec[*client.Calendar] {
	return &resource.Spec[*client.Calendar]{
		Noun: "calendar", Plural: "calendars", Arg: "ID|NAME",
		Kind:     calendarKind,
		CheckArg: calendarLookup.Check,
		Lookup:   calendarLookup.Lookup,
		Get: func(ctx context.Context, c *client.Client, _, id int) (*client.Calendar, error) {
			return c.GetCalendar(ctx, id)
		},
		Delete: func(ctx context.Context, c *client.Client, _, id int) error {
			return c.DeleteCalendar(ctx, id)
		},
		Label:    func(cal *client.Calendar) string { return strconv.Quote(cal.Name) },
		Name:     func(cal *client.Calendar) string { return cal.Name },
		Made:     func(cal *client.Calendar) string { return fmt.Sprintf("calendar %d %q", cal.ID, cal.Name) },
		Filters:  listFilters,
		Next:     nextCalendar,
		Complete: Completion(f),
		GetHelp: resource.Help{
			Long: `Show one calendar. A number is an id; anything else is a name: the exact
name, else the one name that differs only in case.`,
			Example: `  kanka calendar get 1
  kanka calendar get "Calendar of Harptos"
  kanka calendar get 1 -o yaml > harptos.yaml`,
		},
		ListHelp: resource.Help{
			Short: "List calendars",
			Long: `List the calendars of the campaign. Every page is walked unless --limit
or --page says otherwise.`,
			Example: `  kanka calendar list
  kanka calendar list --name "Calendar of Harptos" --exact -o json
  kanka calendar list --since 24h --limit 10
  kanka calendar list --tag 3 --tag 7 --private -o id`,
		},
		DeleteHelp: resource.Help{
			Long: `Delete calendars and their weather. On a terminal you are asked first,
with the names of what goes; without a terminal --yes is required. A
declined confirmation exits with 7.`,
			Example: `  kanka calendar delete 1
  kanka calendar delete "Calendar of Harptos" --yes`,
		},
	}
}

// nextCalendar is what an empty campaign's list says to run: a preset's
// create, or a seed's apply.
func nextCalendar(_ *resource.Scope, kanka string) string {
	return `no calendars yet. Make one from a preset ('kanka calendar presets' lists them):
  ` + kanka + ` calendar create --preset harptos
or a calendar and its weather from a seed file:
  ` + kanka + ` apply -f examples/harptos-seed.yaml`
}

// listFilters registers the filters of `calendar list`; the server applies
// all of them.
func listFilters(fs *pflag.FlagSet) func(*pflag.FlagSet) (resource.Query[*client.Calendar], error) {
	var ef resource.EntityFilters
	ef.Register(fs, "calendars")
	return func(fs *pflag.FlagSet) (resource.Query[*client.Calendar], error) {
		filter, err := ef.Options(fs)
		if err != nil {
			return resource.Query[*client.Calendar]{}, err
		}
		return resource.Query[*client.Calendar]{
			Walk: func(ctx context.Context, c *client.Client, _, limit int) iter.Seq2[*client.Calendar, error] {
				o := filter
				o.Limit = limit
				return c.AllCalendars(ctx, &o)
			},
			Page: func(ctx context.Context, c *client.Client, _, page int) ([]*client.Calendar, error) {
				o := filter
				o.Page = page
				return resource.Items(c.ListCalendars(ctx, &o))
			},
		}, nil
	}
}
