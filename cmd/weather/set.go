package weather

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/cmd/cmdutil/resource"
	"github.com/spf13/cobra"
)

// SetOptions are the inputs of `kanka weather set`.
type SetOptions struct {
	Factory *cmdutil.Factory
	Context context.Context

	Calendar string
	// Fields are the field flags given, the date among them.
	Fields client.WeatherInput
}

// NewCmdSet builds `kanka weather set`. runF replaces setRun in tests.
func NewCmdSet(f *cmdutil.Factory, runF func(*SetOptions) error) *cobra.Command {
	opts := &SetOptions{Factory: f}
	var flags *resource.FieldFlags[client.WeatherInput]
	cmd := &cobra.Command{
		Use:   "set --calendar ID|NAME --date DATE [field flags]",
		Short: "Record the weather of a day: create its entry, or update it",
		Long: `Record the weather of one day: the entry of that date is created when the
calendar has none, and updated when it has one, so running the same command
again changes nothing. An entry is known by its calendar and its date, as
kanka apply knows it. An update sends the whole entry, as "weather update"
does, with the fields given changed; when nothing differs nothing is sent.
--weather is required only to create.

If the calendar has several entries on that date, the one with the lowest id
is updated, and a warning names the others.

A month (--date) is a number or a name of the calendar's months: a name, an
alias, in any case, or a prefix only one month has (1492-Ches-3).

Requests: the calendar is read to check the date (no extra request when
--calendar is a name: its lookup holds it; one GET for an id), then every
page of its weather, once, to find the entry; then one POST or PUT, or
nothing.`,
		Example: `  kanka weather set --calendar "Calendar of Harptos" --date 1492-Hammer-1 --weather snowflake --temperature "-5°C"
  kanka weather set --calendar 5 --date 1492-1-1 --wind "north, strong"`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			opts.Context = resource.Context(cmd)
			fields, err := flags.Parse(resource.Context(cmd), cmd.Flags(), f.IO)
			if err != nil {
				return err
			}
			opts.Fields = fields
			if runF != nil {
				return runF(opts)
			}
			return setRun(opts)
		},
	}
	calendarParent(f).AddFlag(cmd, &opts.Calendar)
	flags = resource.AddFieldFlags(cmd, client.WeatherFields)
	_ = cmd.MarkFlagRequired("date")
	return cmd
}

func setRun(opts *SetOptions) error {
	f, ctx := opts.Factory, opts.Context
	printer, err := resource.NewPrinter(f)
	if err != nil {
		return err
	}
	// The fields given are checked before any request (the weather, which
	// an update may leave out, is checked once it is known).
	if err := checkSetFields(opts.Fields, nil); err != nil {
		return err
	}
	c, calendarID, cal, err := connect(ctx, f, opts.Calendar)
	if err != nil {
		return err
	}
	if cal, err = calendarRecord(ctx, c, calendarID, cal); err != nil {
		return err
	}
	given := []client.WeatherInput{opts.Fields}
	if err := resolveDates(cal, given); err != nil {
		return err
	}
	fields := given[0]
	if err := checkSetFields(fields, cal); err != nil {
		return err
	}
	date := client.Date{Year: *fields.Year, Month: *fields.Month, Day: *fields.Day}
	onDate, apart, err := entriesOn(ctx, c, calendarID, date)
	if err != nil {
		return err
	}
	for _, w := range apart {
		fmt.Fprintln(f.IO.ErrOut, client.MisplacedWarning(calendarID, w, w.Misplaced(calendarID)))
	}
	kind := KindFor(cal.Months)
	if len(onDate) == 0 {
		if fields.Weather == nil {
			return cmdutil.UsageErrorf("calendar %d has no weather on %s yet: give --weather to create it; nothing was sent", calendarID, date)
		}
		if err := checkEntry(fields, cal); err != nil {
			return err
		}
		created, err := c.CreateWeather(ctx, calendarID, fields)
		if err != nil {
			return err
		}
		cmdutil.Say(f, "created weather %d on %s", created.ID, date)
		return printer.PrintOne(created, kind)
	}
	current := onDate[0]
	if len(onDate) > 1 {
		fmt.Fprintf(f.IO.ErrOut, "warning: calendar %d has %d weather entries on %s (ids %s); updating the lowest, %d\n",
			calendarID, len(onDate), date, joinIDs(onDate), current.ID)
	}
	before := client.FromWeather(current)
	in := client.WeatherFields.Over(&before, &fields)
	if err := checkUnread(current, &in); err != nil {
		return err
	}
	if client.WeatherFields.Same(&in, &before) {
		cmdutil.Say(f, "weather %d already has these values; nothing was sent", current.ID)
		return printer.PrintOne(current, kind)
	}
	// The date is the key and stays: only the fields are checked.
	if err := checkEntry(in, nil); err != nil {
		return err
	}
	updated, err := c.UpdateWeather(ctx, calendarID, current.ID, client.WeatherFields.UpdateOf(&in, &before))
	if err != nil {
		return err
	}
	cmdutil.Say(f, "updated weather %d on %s", updated.ID, date)
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
	return checkEntry(in, cal)
}

// checkEntry is one UsageError naming every problem of the entry.
func checkEntry(in client.WeatherInput, cal *client.Calendar) error {
	return checkEntries([]client.WeatherInput{in}, false, cal)
}

// entriesOn are the calendar's entries on date, lowest id first: every
// weather page is read (the interface has no weather filters). An entry
// the list holds that cannot be taken as the calendar's (another
// calendar's, one without a whole date) is never updated: it is returned
// in apart, to be reported.
func entriesOn(ctx context.Context, c *client.Client, calendarID int, date client.Date) (found, apart []*client.Weather, err error) {
	for w, err := range c.AllWeather(ctx, calendarID, nil) {
		if err != nil {
			return nil, nil, err
		}
		switch {
		case w.Misplaced(calendarID) != "":
			apart = append(apart, w)
		case w.Date() == date:
			found = append(found, w)
		}
	}
	slices.SortFunc(found, func(a, b *client.Weather) int { return cmp.Compare(a.ID, b.ID) })
	return found, apart, nil
}

func joinIDs(ws []*client.Weather) string {
	ids := make([]string, len(ws))
	for i, w := range ws {
		ids[i] = strconv.Itoa(w.ID)
	}
	return strings.Join(ids, ", ")
}
