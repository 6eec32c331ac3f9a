package weather

import (
	"context"
	"fmt"
	"strconv"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/cmd/cmdutil/resource"
	"github.com/spf13/cobra"
)

// CreateOptions are the inputs of `kanka weather create`.
type CreateOptions struct {
	Factory *cmdutil.Factory
	Context context.Context

	Calendar string
	// File is the -f path ("-" is standard input): one entry or a list.
	File string
	// Fields are the field flags given; beside -f they override the fields
	// of every entry of the file.
	Fields client.WeatherInput
}

// NewCmdCreate builds `kanka weather create`. runF replaces createRun in tests.
func NewCmdCreate(f *cmdutil.Factory, runF func(*CreateOptions) error) *cobra.Command {
	opts := &CreateOptions{Factory: f}
	var flags *resource.FieldFlags[client.WeatherInput]
	cmd := &cobra.Command{
		Use:   "create --calendar ID|NAME [-f FILE|-] [field flags]",
		Short: "Record the weather of a day, or of many days from a file",
		Long: `Record the weather of one day from the field flags, or of one or many days
from a YAML or JSON file (-f; - is standard input). A file holds one entry or a
list of entries, each with date: Y-M-D (or year, month and day) and weather, and
optionally temperature, precipitation, wind, effect, name and visibility. Field
flags given beside -f override those fields of every entry.

A month (--date, and date or month in the file) is a number or a name of the
calendar's months: a name, an alias, in any case, or a prefix only one month
has (1492-Ches-3, "3 Ches 1492"). The calendar is read anyway to check the
dates, so a name costs no extra request.

Every date is checked against the calendar's months, and every entry is checked,
before anything is sent. A list is created entry by entry; if one fails, the
command stops and says which entries were created.`,
		Example: `  kanka weather create --calendar "Calendar of Harptos" --date 1492-Hammer-1 --weather snowflake --temperature "-5°C"
  kanka weather create --calendar 5 -f examples/weather-1492-hammer.yaml
  kanka weather get --calendar 5 41 -o yaml | kanka weather create --calendar 6 -f -`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Context = resource.Context(cmd)
			fields, err := flags.Parse(resource.Context(cmd), cmd.Flags(), f.IO)
			if err != nil {
				return err
			}
			opts.Fields = fields
			if runF != nil {
				return runF(opts)
			}
			return createRun(opts)
		},
	}
	calendarParent(f).AddFlag(cmd, &opts.Calendar)
	cmd.Flags().StringVarP(&opts.File, "file", "f", "", "read the entry or entries from `FILE` (YAML or JSON; - is standard input)")
	flags = resource.AddFieldFlags(cmd, client.WeatherFields)
	return cmd
}

func createRun(opts *CreateOptions) error {
	printer, err := resource.NewPrinter(opts.Factory)
	if err != nil {
		return err
	}
	entries, isList, err := opts.readEntries()
	if err != nil {
		return err
	}
	// What can be checked without the calendar is checked before any
	// request, then the months named and the dates against the calendar,
	// fetched once.
	if err := checkEntries(entries, isList, nil); err != nil {
		return err
	}
	c, calendarID, cal, err := connect(opts.Context, opts.Factory, opts.Calendar)
	if err != nil {
		return err
	}
	if cal, err = calendarRecord(opts.Context, c, calendarID, cal); err != nil {
		return err
	}
	if err := resolveDates(cal, entries); err != nil {
		return err
	}
	if err := checkEntries(entries, isList, cal); err != nil {
		return err
	}
	inputs := entries
	// The calendar is at hand: a terminal's view names its months.
	kind := KindFor(cal.Months)
	if !isList {
		w, err := c.CreateWeather(opts.Context, cal.ID, inputs[0])
		if err != nil {
			return err
		}
		return printer.PrintOne(w, kind)
	}
	created, err := opts.createEach(c, cal.ID, inputs)
	if err != nil {
		// What was created still goes to stdout, so a script keeps the
		// ids it must not create again.
		if len(created) > 0 {
			_ = printer.PrintList(resource.Records(resource.Slice(created)), kind)
		}
		return err
	}
	if err := printer.PrintList(resource.Records(resource.Slice(created)), kind); err != nil {
		return err
	}
	if !opts.Factory.Quiet() {
		fmt.Fprintf(opts.Factory.IO.ErrOut, "created %d weather %s\n", len(created), plural(len(created), "entry", "entries"))
	}
	return nil
}

// readEntries returns the entries to create: the flags alone, or each entry
// of the file with the flags over it. isList is set when the file holds a
// list.
func (opts *CreateOptions) readEntries() (entries []client.WeatherInput, isList bool, err error) {
	if opts.File == "" {
		return []client.WeatherInput{opts.Fields}, false, nil
	}
	file, err := readEntryFile(opts.Context, opts.Factory.IO, opts.File)
	if err != nil {
		return nil, false, err
	}
	for _, e := range file.Entries {
		entries = append(entries, client.WeatherFields.Over(&e, &opts.Fields))
	}
	return entries, file.IsList, nil
}

// createEach creates the entries one by one, with one progress line on a
// terminal. A failure stops it: a BatchError says on stderr what was
// created, and keeps the failure's kind for the exit code.
func (opts *CreateOptions) createEach(c *client.Client, calendarID int, inputs []client.WeatherInput) ([]*client.Weather, error) {
	progress := cmdutil.NewProgress(opts.Factory.IO, opts.Factory.Quiet())
	defer progress.Clear()
	created := make([]*client.Weather, 0, len(inputs))
	var ids []string
	for i, in := range inputs {
		date := in.DateLabel()
		progress.Show(i+1, len(inputs), "creating "+date+" "+*in.Weather)
		w, err := c.CreateWeather(opts.Context, calendarID, in)
		if err != nil {
			progress.Clear()
			batch := &cmdutil.BatchError{Verb: "created", Done: ids, Total: len(inputs), Failed: entryName(i, date), Err: err}
			return created, batch.Report(opts.Factory)
		}
		created = append(created, w)
		ids = append(ids, strconv.Itoa(w.ID))
	}
	return created, nil
}
