package generate

import (
	"context"
	"strings"

	"github.com/kanka-cli/kanka/cmd/calendar"
	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/cmd/cmdutil/resource"
	"github.com/kanka-cli/kanka/internal/weathergen"
	"github.com/kanka-cli/kanka/output"
	"github.com/spf13/cobra"
)

// Options are the inputs of `kanka weather generate`.
type Options struct {
	Factory *cmdutil.Factory
	Context context.Context

	// Calendar is --calendar ID|NAME.
	Calendar string
	// From and To are the span's ends as written; Days, when given (the
	// flag changed), counts the span from From instead of To.
	From, To string
	Days     int
	HasDays  bool
	// Climate is --climate NAME, ClimateFile --climate-file FILE: one of
	// them.
	Climate, ClimateFile string
	// Seed is --seed as written, read by read (a whole number up to
	// weathergen.MaxSeed); HasSeed says it was given (else the seed comes
	// from the calendar's name and the climate's).
	Seed    string
	HasSeed bool
	Units   string
	Replace bool
	DryRun  bool
	Verbose bool
}

// generateOutputs are what generate prints: its picture and plan as text,
// or one record of the days, their summary and the plan (-o json, yaml,
// --jq, --template).
var generateOutputs = output.Supports{
	Says:    "weather generate prints its picture and plan as text, or with -o json or -o yaml",
	Formats: []output.Format{output.Table, output.JSON, output.YAML},
}

// NewCmdGenerate builds `kanka weather generate`. runF replaces the run in
// tests.
func NewCmdGenerate(f *cmdutil.Factory, runF func(*Options) error) *cobra.Command {
	opts := &Options{Factory: f}
	cmd := &cobra.Command{
		Use:   "generate --calendar ID|NAME --from DATE [--to DATE | --days N] [--climate NAME | --climate-file FILE] [--seed N] [--units c|f] [--replace] [--dry-run]",
		Short: "Make up the weather of a span of days from a climate, and write it",
		Long: `Make up the weather of every day from --from to --to (or --days N from
--from), intercalary months and leap days included, from a climate, and write
it to the calendar: one entry a day, with its weather code, temperature
(12°C, or 54°F with --units f), precipitation, wind and, where the day is
notable, an effect (frost, fog, storm, heat wave, roads closed ...).

A climate is the published monthly normals of a real place ("kanka weather
climates" lists them), or a file of the same shape (--climate-file; "kanka
weather climates NAME -o yaml" prints one to start from). The calendar's
year is laid on the place's by the calendar's seasons (a season whose name
holds winter, spring, summer, autumn or fall starts where that season starts
at the place); a calendar without them is laid by the position in its year,
with a warning. Temperatures persist from day to day, wet days come in runs,
snow falls only when it is cold enough, and each month of the place comes
out close to its normals.

The same calendar, span, climate and seed give the same weather on every
machine. Without --seed the seed is made from the calendar's name and the
climate's, so running the same command again writes nothing. A seed is a
whole number from 0 to 2^53 - 1, which jq keeps exactly: the seed -o json
prints, given back to --seed, makes the same weather.

The days are written as kanka apply writes, keyed by date: a day that has
an entry already is left as it is (a day written by hand is never
overwritten), unless --replace: then its entry is updated where it differs.
--dry-run writes nothing and prints the plan. Before the plan comes a
picture of the span: how each of the calendar's seasons was read ("Snowfall
as autumn"), each month's mean high and low, wet days, snow days and most
common weather, and on a terminal a line of each day's high.
-o json (or yaml) prints one record: the days, the months' summary, the
plan and, after a run, the outcome of each write.

Bad input is refused before anything is written (exit 2): an unknown
climate (with the nearest name), a climate file with problems (each at its
line), --from after --to, a date the calendar does not have, a span longer
than ten of the calendar's years. Dates are written as the calendar shows
them: 1492-4-3, 1492-Ches-3 or "3 Ches 1492".

Re-running a span writes nothing. Writes wait for the rate limit's next
window instead of meeting a 429; a run cut short is finished by the next
one, without duplicates. What a run sends: kanka help requests.`,
		Example: `  kanka weather generate --calendar "Calendar of Harptos" --from 1492-Hammer-1 --days 365 --climate temperate --dry-run
  kanka weather generate --calendar 1 --from 1492-Mirtul-1 --to 1492-Kythorn-30 --climate mediterranean --units f --dry-run
  kanka weather climates temperate -o yaml > my-climate.yaml
  kanka weather generate --calendar 1 --from 1493-1-1 --days 30 --climate-file my-climate.yaml --seed 7 -o json --jq '.summary'`,
		Args:        cobra.NoArgs,
		Annotations: generateOutputs.Annotations(),
		RunE: func(cmd *cobra.Command, _ []string) error {
			opts.Context = resource.Context(cmd)
			fl := cmd.Flags()
			opts.HasDays, opts.HasSeed = fl.Changed("days"), fl.Changed("seed")
			return cmdutil.RunOr(runF, generateRun)(opts)
		},
	}
	calendar.Parent(f).AddFlag(cmd, &opts.Calendar)
	fl := cmd.Flags()
	fl.StringVar(&opts.From, "from", "", "the first day, `DATE` (1492-4-3, 1492-Ches-3, \"3 Ches 1492\", today, tomorrow, +7)")
	fl.StringVar(&opts.To, "to", "", "the last day, `DATE` (included)")
	fl.IntVar(&opts.Days, "days", 0, "the number of days from --from, `N` (instead of --to)")
	fl.StringVar(&opts.Climate, "climate", "", "the climate, by `NAME`: one of "+strings.Join(weathergen.ClimateNames(), ", "))
	fl.StringVar(&opts.ClimateFile, "climate-file", "", "a climate of your own: a YAML `FILE` of the shape \"kanka weather climates NAME -o yaml\" prints")
	// Taken as text and read by read: a seed out of range is refused in
	// this command's words, not pflag's.
	fl.StringVar(&opts.Seed, "seed", "", "the seed `N` of the random numbers, 0 to 9007199254740991 (default: made from the calendar's and the climate's names)")
	fl.StringVar(&opts.Units, "units", "c", "write temperatures in `UNITS`: c or f")
	fl.BoolVar(&opts.Replace, "replace", false, "update the days that have an entry already (default: leave them as they are)")
	fl.BoolVar(&opts.DryRun, "dry-run", false, "print the picture and the plan, and write nothing")
	fl.BoolVar(&opts.Verbose, "verbose", false, "list every entry to write, not only the counts")
	_ = cmd.MarkFlagRequired("from")
	_ = cmd.MarkFlagFilename("climate-file", "yaml", "yml", "json")
	_ = cmd.RegisterFlagCompletionFunc("climate", climates.Complete)
	_ = cmd.RegisterFlagCompletionFunc("units", completeUnits)
	return cmd
}

// completeUnits offers the units --units takes.
func completeUnits(*cobra.Command, []string, string) ([]cobra.Completion, cobra.ShellCompDirective) {
	return []cobra.Completion{"c\tCelsius", "f\tFahrenheit"}, cobra.ShellCompDirectiveNoFileComp
}
