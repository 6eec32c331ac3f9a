package apply

import (
	"context"
	"io"

	"github.com/kanka-cli/kanka/cmd/calendar"
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
		Short: "Make the campaign hold the calendars and weather a file describes",
		Long: `Make the campaign hold the calendars and weather a file describes. It is
safe to run again: a calendar is found by its name (or pinned by id: N), a
weather entry by its calendar and date, so a re-run creates nothing twice,
even after a run that was cut short.

The file (YAML or JSON):

  calendars:
    - name: Harptos          # the identity; id: N pins a calendar instead
      months: [...]          # every key calendar create -f accepts
      weekdays: [...]
      weather:               # optional
        - {date: 1492-1-1, weather: snowflake, temperature: -5C}

A directory applies every *.yaml, *.yml and *.json file in it, in name order,
as one seed; hidden files and an editor's lock, backup or auto-save files
(.#x, x~, #x#) are not read. A month may be written by name, in a calendar and in a weather
date: with the calendar's months in the file, or else with its months on
the server.

Fields a file leaves out are not managed: they are neither a difference nor
changed. A calendar is created when missing, updated (the whole record, as
calendar update sends it) when a field the file gives differs, left alone
otherwise; a weather entry likewise. Without a weather key a calendar's
weather is not read. --prune also deletes the weather entries of the listed
calendars that their weather list does not hold. Apply never deletes a
calendar.

The current date is the game's: play moves it (calendar advance). A file's
date starts a calendar apply creates; a calendar that exists keeps its own,
and the plan shows both (date: 1492-4-6 kept (the file says 1492-4-1 ...)).
--set-date sets it to the file's. A field the server's answer leaves out
altogether cannot be compared: it plans no write, is sent with any other
change of that calendar or entry, and the plan says so once.

The whole input is checked before any request (exit 2, with the file and
the line): an unknown key, two calendars with one name, two entries on one
date, a date the calendar does not have.

Output: the plan (each calendar created, updated with each field old -> new,
or unchanged; counts of weather entries to create, update, delete and
unchanged; on a terminal the entries to update and delete, at most 10 a
calendar, and those to create when they are few, else their count and first
and last days; every entry with -v), then the writes that did not succeed
and a summary line; progress on stderr on a terminal. --dry-run prints the plan and sends no write. -o json prints the
plan and the outcome of each write (status and id) as one object, for CI
logs, which --jq and --template read as they read any record; -o table (the
default) is the text. A failed write does not stop the others; the exit
code follows the worst failure, and a re-run finishes the job. Ctrl-C (or
SIGTERM) starts no new write: the outcome then names each write done, in
flight (it may have been applied; the next run finds it) or not started,
and the run ends as interrupted (130).

Before the first write one list request looks for calendars changed since
they were read (the lastSync filter): a planned calendar that changed, or a
new one with the name of a calendar to create, stops the run with nothing
sent (exit 8), so a change made meanwhile is never put back. A calendar
whose answer lacks fields the service rebuilds from every write (months,
moons ...) that the file does not give stops the run too (exit 1). --force
writes anyway. Calendars are created in the order of the file, and each
one's weather in date order, so an empty campaign gets the same ids on
every run.

` + calendar.NamedWeeksHelp + `

Re-applying an applied file sends no write. Writes wait for the rate
limit's next window instead of meeting a 429. What a run sends: kanka help
requests.`,
		Example: `  kanka apply -f examples/harptos-seed.yaml --dry-run
  kanka apply -f examples/harptos-seed.yaml --prune
  kanka calendar export 1 --with-weather | kanka --sandbox apply -f -

  # A CI job, with KANKA_TOKEN and KANKA_CAMPAIGN set from its secrets
  kanka apply -f examples/harptos-seed.yaml -o json > apply.json`,
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
	fl.BoolVar(&opts.Prune, "prune", false, "also delete the weather entries of the listed calendars that the file does not list")
	fl.BoolVarP(&opts.Verbose, "verbose", "v", false, "list every weather entry to write, not only the counts")
	fl.BoolVar(&opts.Force, "force", false, "write even when a calendar changed since it was read, or lacks fields the service rebuilds (they are then cleared)")
	fl.BoolVar(&opts.SetDate, "set-date", false, "set the current date of calendars that exist to the file's (without it, the date the game is at is kept)")
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
		n += len(cp.Weather)
	}
	return n
}
