package weather

import (
	"context"
	"fmt"
	"slices"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/cmd/cmdutil/resource"
	"github.com/spf13/cobra"
)

// UpdateOptions are the inputs of `kanka weather update`.
type UpdateOptions struct {
	Factory *cmdutil.Factory
	Context context.Context

	Calendar  string
	WeatherID int
	// File is the -f path ("-" is standard input): one entry.
	File string
	// Fields are the field flags given; they override the file.
	Fields client.WeatherInput
}

// NewCmdUpdate builds `kanka weather update`. runF replaces updateRun in tests.
func NewCmdUpdate(f *cmdutil.Factory, runF func(*UpdateOptions) error) *cobra.Command {
	opts := &UpdateOptions{Factory: f}
	var flags *resource.FieldFlags[client.WeatherInput]
	cmd := &cobra.Command{
		Use:   "update --calendar ID|NAME WEATHER_ID [-f FILE|-] [field flags]",
		Short: "Change a weather entry",
		Long: `Change a weather entry. The entry is read, the fields of the file (-f, one
entry) and then of the flags are applied, and the whole record is sent back, so
nothing that was not named changes. A new date is checked against the calendar.

A month (--date, and date or month in the file) is a number or a name of the
calendar's months: a name, an alias, in any case, or a prefix only one month
has. A new date by number reads the calendar once to check it; a date by
name always does (one GET), even when it turns out unchanged.`,
		Example: `  kanka weather update --calendar "Calendar of Harptos" 41 --weather cloud-rain --precipitation heavy
  kanka weather get --calendar 5 41 -o yaml > entry.yaml   # edit it, then:
  kanka weather update --calendar 5 41 -f entry.yaml`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Context = resource.Context(cmd)
			id, err := parseWeatherID(args[0])
			if err != nil {
				return err
			}
			opts.WeatherID = id
			if opts.Fields, err = flags.Parse(resource.Context(cmd), cmd.Flags(), f.IO); err != nil {
				return err
			}
			if opts.File == "" && opts.Fields == (client.WeatherInput{}) {
				return cmdutil.UsageErrorf("nothing to change: give -f FILE or a field flag (--date, --weather, --temperature, --precipitation, --wind, --effect, --name, --visibility)")
			}
			if runF != nil {
				return runF(opts)
			}
			return updateRun(opts)
		},
	}
	calendarParent(f).AddFlag(cmd, &opts.Calendar)
	cmd.Flags().StringVarP(&opts.File, "file", "f", "", "read the changes from `FILE`, one entry (YAML or JSON; - is standard input)")
	flags = resource.AddFieldFlags(cmd, client.WeatherFields)
	return cmd
}

func updateRun(opts *UpdateOptions) error {
	printer, err := resource.NewPrinter(opts.Factory)
	if err != nil {
		return err
	}
	changes, err := opts.readChanges()
	if err != nil {
		return err
	}
	ctx := opts.Context
	c, calendarID, cal, err := connect(ctx, opts.Factory, opts.Calendar)
	if err != nil {
		return err
	}
	current, err := c.GetWeather(ctx, calendarID, opts.WeatherID)
	if err != nil {
		return err
	}
	// The service requires the date and weather on every update: they
	// come from the record as read unless changed (UpdateOf sends them).
	before := client.FromWeather(current)
	in := client.WeatherFields.Over(&before, &changes)
	if err := checkUnread(current, &in); err != nil {
		return err
	}
	// A month by name needs the calendar's months.
	if in.Written != nil {
		if cal, err = calendarRecord(ctx, c, calendarID, cal); err != nil {
			return err
		}
		resolved := []client.WeatherInput{in}
		if err := resolveDates(cal, resolved); err != nil {
			return err
		}
		in = resolved[0]
	}
	if client.WeatherFields.Same(&in, &before) {
		if !opts.Factory.Quiet() {
			fmt.Fprintf(opts.Factory.IO.ErrOut, "weather %d already has these values; nothing was sent\n", current.ID)
		}
		return printer.PrintOne(current, Kind)
	}
	// A new date must be a day of the calendar; an unchanged one is left
	// alone, so no request is spent on the calendar.
	if slices.ContainsFunc(client.WeatherFields.Differing(&in, &before), isDatePart) {
		if cal, err = calendarRecord(ctx, c, calendarID, cal); err != nil {
			return err
		}
	} else {
		cal = nil
	}
	if err := checkEntry(in, cal); err != nil {
		return err
	}
	updated, err := c.UpdateWeather(ctx, calendarID, opts.WeatherID, client.WeatherFields.UpdateOf(&in, &before))
	if err != nil {
		return err
	}
	if cal != nil { // read anyway: a terminal's view names its months
		return printer.PrintOne(updated, KindFor(cal.Months))
	}
	return printer.PrintOne(updated, Kind)
}

// readChanges returns the fields to change: the file's entry, with the
// flags over it. A file with a list is refused.
func (opts *UpdateOptions) readChanges() (client.WeatherInput, error) {
	if opts.File == "" {
		return opts.Fields, nil
	}
	file, err := readEntryFile(opts.Context, opts.Factory.IO, opts.File)
	if err != nil {
		return client.WeatherInput{}, err
	}
	if file.IsList {
		return client.WeatherInput{}, cmdutil.UsageErrorf("%s: holds a list; update takes one entry", file.Source)
	}
	return client.WeatherFields.Over(&file.Entries[0], &opts.Fields), nil
}
