package apply

import (
	"context"
	"io"

	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/cmd/cmdutil/resource"
	"github.com/kanka-cli/kanka/output"
	"github.com/spf13/cobra"
)

// Options are the inputs of `kanka apply`.
type Options struct {
	Factory *cmdutil.Factory
	Context context.Context

	// File is -f: a file, a directory of files, or "-" (standard input).
	File    string
	DryRun  bool
	Prune   bool
	Verbose bool
	// Force applies the plan without checking that the calendars did not
	// change since they were read, and updates calendars whose answer
	// lacked fields the service rebuilds from every write.
	Force bool
	// SetDate sets the date of calendars that exist to the file's; without
	// it their own is kept (play moves it).
	SetDate bool
	// Words are the advice of a command that runs the engine on a seed of
	// its own (RunSeed); nil: kanka apply's.
	Words *Words
	// What a command that runs the engine on a seed of its own adds
	// (weather generate): Settle changes the seed once the campaign is
	// read, before the plan; Preface writes what comes before the plan's
	// text; Report prints the -o json or yaml record instead of apply's
	// report. Brief lists the counts only, on a terminal too (apply lists
	// every entry there). Each may be left unset.
	Settle  func(*Seed, *Actual)
	Preface func(io.Writer)
	Report  func(p *output.Printer, plan *Plan, dryRun bool) error
	Brief   bool
}

// concurrency bounds the reads and writes in flight; the client paces them
// for the rate limit whatever this is.
const concurrency = 4

// NewCmdApply builds `kanka apply`. runF replaces applyRun in tests.
func NewCmdApply(f *cmdutil.Factory, runF func(*Options) error) *cobra.Command {
	opts := &Options{Factory: f}
	cmd := &cobra.Command{
		Use:   "apply -f FILE|DIR|- [--dry-run] [--prune] [--set-date] [-v] [-o json]",
		Short: "Make the campaign hold the calendars a file describes",
		Long: `Make the campaign hold the calendars, weather and reminders a file describes,
safely again and again: a calendar is found by its name (or id: N), a weather
entry by its date, a reminder by its date and comment (or id: N).

  calendars:
    - name: Harptos          # and every key calendar create -f accepts
      weather:               # optional
        - {date: 1492-1-1, weather: snowflake, temperature: -5C}
      reminders:             # optional, on the calendar's own entity
        - {date: 1492-Midsummer-1, comment: Midsummer, repeat: year}

Fields a file leaves out are left alone, a calendar keeps its date unless
--set-date, and apply never deletes a calendar. All input is checked first; a
calendar changed since it was read stops the run (exit 8). See docs/seeding.md.`,
		Example: `  kanka apply -f examples/harptos-seed.yaml --dry-run
  kanka apply -f examples/harptos-seed.yaml --prune
  kanka apply -f examples/harptos-seed.yaml -o json > apply.json   # in CI
  kanka calendar export 1 --with-weather | kanka --sandbox apply -f -`,
		Args:        cobra.NoArgs,
		Annotations: planOutputs.Annotations(),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Context = resource.Context(cmd)
			return cmdutil.RunOr(runF, applyRun)(opts)
		},
	}
	fl := cmd.Flags()
	fl.StringVarP(&opts.File, "file", "f", "", "the seed: a YAML or JSON `FILE`, a directory of them, or - for standard input")
	fl.BoolVar(&opts.DryRun, "dry-run", false, "print the plan and send no write")
	fl.BoolVar(&opts.Prune, "prune", false, "delete the weather and own reminders the file leaves out")
	fl.BoolVarP(&opts.Verbose, "verbose", "v", false, "list every entry and reminder to write, not the counts")
	fl.BoolVar(&opts.Force, "force", false, "write even when a calendar changed since it was read, or lacks fields the service rebuilds (they are then cleared)")
	fl.BoolVar(&opts.SetDate, "set-date", false, "set the current date of existing calendars to the file's")
	_ = cmd.MarkFlagRequired("file")
	return cmd
}

// planOutputs are what apply prints: the plan as text, or as one JSON
// record (-o json, --jq, --template); the root refuses any other -o.
var planOutputs = output.Supports{
	Says:    "apply prints its plan as text or with -o json",
	Formats: []output.Format{output.Table, output.JSON},
}

func applyRun(opts *Options) error {
	// Built first: a --jq or --template that does not compile is refused
	// before the file is read.
	if _, err := opts.Factory.Printer(); err != nil {
		return err
	}
	seed, err := ReadSeed(opts.Context, opts.Factory.IO, opts.File)
	if err != nil {
		return err
	}
	return RunSeed(opts, seed)
}

// Writes counts the plan's writes.
func (p *Plan) Writes() int {
	n := 0
	for _, cp := range p.Calendars {
		if cp.Action == Create || cp.Action == Update {
			n++
		}
		n += len(cp.Weather) + len(cp.Reminders)
	}
	return n
}
