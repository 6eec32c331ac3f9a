package weather

import (
	"fmt"
	"time"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/calendar"
	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/cmd/cmdutil/resource"
	"github.com/kanka-cli/kanka/internal/cache"
	"github.com/spf13/cobra"
)

// NewCmdSet builds `kanka weather set`.
func NewCmdSet(f *cmdutil.Factory) *cobra.Command {
	r := &run{Factory: f}
	var flags *resource.FieldFlags[client.WeatherInput]
	cmd := &cobra.Command{
		Use:   "set --calendar ID|NAME [--date DATE] [field flags]",
		Short: "Record the weather of a day: create its entry, or update it",
		Long: `Record the weather of one day: its entry is created when the calendar has
none on that date, else updated, so running it again changes nothing; --weather
is needed only to create. Without --date the day is the calendar's current
date, and stderr names it. Requests: kanka help requests.`,
		Example: `  kanka weather set --calendar "Calendar of Harptos" --weather cloud-rain
  kanka weather set --calendar 1 --date 1492-Hammer-1 --weather snowflake --temperature "-5°C"
  kanka weather set --calendar 1 --date 1492-1-1 --wind "north, strong"`,
		Args:              cobra.NoArgs,
		ValidArgsFunction: cobra.NoFileCompletions,
		RunE: func(cmd *cobra.Command, _ []string) (err error) {
			r.Ctx = resource.Context(cmd)
			if r.Flags, err = flags.Parse(r.Ctx, cmd.Flags(), f.IO); err != nil {
				return err
			}
			today := !cmd.Flags().Changed("date")
			if today {
				r.Flags.SetWrittenDate(&client.Written{Text: "today", Where: "--date", Date: true})
			}
			return set(r, today)
		},
	}
	calendar.Parent(f).AddFlag(cmd, &r.Parent)
	flags = resource.AddFieldFlags(cmd, f, fieldFlags())
	cmd.Flags().Lookup("date").Usage += " (default today)"
	return cmd
}

// set creates the entry of the date the flags give (today when
// today: --date was left out), or updates the one the calendar has (create
// and update, as weather create and update write).
func set(r *run, today bool) error {
	f := r.Factory
	printer, err := resource.NewPrinter(f)
	if err != nil {
		return err
	}
	// The fields given are checked before any request (the weather, which
	// an update may leave out, is checked once it is known).
	if err := checkSetFields(r.Flags, nil); err != nil {
		return err
	}
	if err := resource.Connect(Spec(f), r); err != nil {
		return err
	}
	cal, err := calendar.OfScope(r.Ctx, r.Client, r.Scope, "to check the date")
	if err != nil {
		return err
	}
	if _, ok := cal.CurrentDate(); today && !ok {
		return cmdutil.UsageErrorf("calendar %d %q has no current date to record the weather of: give --date, or set one with `kanka calendar update %d --date Y-M-D`", cal.ID, cal.Name, cal.ID)
	}
	r.Records = []client.WeatherInput{r.Flags}
	if err := resource.ResolveDates(f, cal, r.Records); err != nil {
		return err
	}
	fields := r.Records[0]
	if err := checkSetFields(fields, cal); err != nil {
		return err
	}
	date := fields.Date()
	onDate, apart, current, err := entryToSet(r, cal.ID, date)
	if err != nil {
		return err
	}
	for _, w := range apart {
		fmt.Fprintln(f.IO.ErrOut, client.MisplacedWarning(cal.ID, w, w.Misplaced(cal.ID)))
	}
	kind := KindFor(cal.Months)
	if len(onDate) == 0 {
		if fields.Weather == nil {
			return cmdutil.UsageErrorf("calendar %d has no weather on %s yet: give --weather to create it; nothing was sent", cal.ID, date)
		}
		created, err := create(r)
		if err != nil {
			return err
		}
		cmdutil.Say(f, "created %s", made(created[0]))
		return printer.PrintOne(created[0], kind)
	}
	if len(onDate) > 1 {
		fmt.Fprintf(f.IO.ErrOut, "warning: calendar %d has %d weather entries on %s (%s); updating the lowest, %d\n",
			cal.ID, len(onDate), date, idList(onDate), current.ID)
	}
	updated, err := update(r, current)
	if err != nil {
		return err
	}
	if updated != current {
		cmdutil.Say(f, "updated weather %d on %s", updated.ID, date)
	}
	return printer.PrintOne(updated, kind)
}

// checkSetFields checks the fields given (the dates against cal when it is
// given), all but the weather, which an update may leave out.
func checkSetFields(in client.WeatherInput, cal *client.Calendar) error {
	if in.Weather == nil {
		placeholder := "-"
		in.Weather = &placeholder
	}
	if in.Written != nil {
		cal = nil // a month by name is checked once the calendar resolves it
	}
	return checkEntries([]client.WeatherInput{in}, false, cal, nil)
}

// entryToSet finds the calendar's entries on date (weatherDays) and reads
// the one set updates, the lowest id, as the service has it now (one GET,
// which the update needs anyway): the cache cannot see an entry changed
// elsewhere. The cache only ever finds an entry: that the day has none
// (set then creates one) is read from every page, with no request to the
// cache's tail before it when the cache knows no entry of the day, since an
// entry moved onto the date elsewhere would not show in it; and when the
// entry found has moved off the date meanwhile, the entries are found again
// from every page.
func entryToSet(r *run, calendarID int, date client.Date) (onDate, apart []*client.Weather, current *client.Weather, err error) {
	k := r.Factory.LocalCache()
	trusts := []time.Duration{cache.SetTrust, 0}
	onTheDay := func(w *client.Weather) bool { return w.Misplaced(calendarID) == "" && w.Date() == date }
	if !k.Knows(calendarID, cache.SetTrust, onTheDay) {
		trusts = trusts[1:] // every page: nothing to find in the cache
	}
	for _, trust := range trusts {
		var byDate map[client.Date][]*client.Weather
		byDate, apart, err = weatherDays(r.Ctx, r.Client, k, trust, calendarID, func(d client.Date) bool { return d == date })
		onDate = byDate[date]
		switch {
		case err != nil:
			return nil, nil, nil, err
		case len(onDate) == 0 && trust > 0:
			continue // none in the cache: every page says
		case len(onDate) == 0:
			return nil, apart, nil, nil
		case trust == 0:
			return onDate, apart, onDate[0], nil // read in this very walk
		}
		if current, err = r.Client.GetWeather(r.Ctx, calendarID, onDate[0].ID); err != nil {
			return nil, nil, nil, err
		}
		if current.Misplaced(calendarID) == "" && current.Date() == date {
			onDate[0] = current
			return onDate, apart, current, nil
		}
	}
	return nil, nil, nil, fmt.Errorf("calendar %d: the weather of %s changed while it was being read; try again", calendarID, date)
}
