package generate

import (
	"context"

	"github.com/kanka-cli/kanka/cmd/calendar"
	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/cmd/cmdutil/resource"
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
		Use:   "generate --calendar ID|NAME --from DATE [--to DATE | --days N] [--climate NAME | --climate-file FILE]",
		Short: "Make up the weather of a span of days from a climate, and write it",
		Long: `Make up the weather of every day from --from to --to (or --days N) from a
climate, and write it to the calendar: one entry a day, with its weather,
temperature, precipitation, wind and, on a notable day, an effect. A climate
is a real place's monthly normals ("weather climates" lists them), or a file
of your own, laid on the calendar's year by its seasons.

The same calendar, span, climate and seed give the same weather, and a day
that has an entry already is kept unless --replace: running it again writes
nothing. More in docs/generating.md; requests: kanka help requests.`,
		Example: `  kanka weather generate --calendar "Calendar of Harptos" --from 1492-Hammer-1 --days 365 --climate temperate --dry-run
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
	fl.StringVar(&opts.From, "from", "", "the first day, `DATE` (1492-Ches-3, today, +7)")
	fl.StringVar(&opts.To, "to", "", "the last day, `DATE` (included)")
	fl.IntVar(&opts.Days, "days", 0, "the number of days from --from, `N` (instead of --to)")
	fl.StringVar(&opts.Climate, "climate", "", "the climate, by `NAME` (weather climates lists them)")
	fl.StringVar(&opts.ClimateFile, "climate-file", "", "a climate of your own, a YAML `FILE`")
	// Taken as text and read by read: a seed out of range is refused in
	// this command's words, not pflag's.
	fl.StringVar(&opts.Seed, "seed", "", "the random seed `N`, 0 to 9007199254740991 (default: made from the calendar's and the climate's names)")
	fl.StringVar(&opts.Units, "units", "c", "write temperatures in `UNITS`: c or f")
	fl.BoolVar(&opts.Replace, "replace", false, "also update the days that have an entry already")
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
