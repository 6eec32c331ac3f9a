// Package importcmd holds `kanka calendar import`: a calendar of another
// tool (internal/calimport) written as kanka apply writes one, through the
// apply engine (apply.RunSeed). The root adds it to the calendar group: it
// needs cmd/apply, which needs cmd/calendar.
package importcmd

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/apply"
	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/cmd/cmdutil/resource"
	"github.com/kanka-cli/kanka/internal/calimport"
	"github.com/kanka-cli/kanka/output"
	"github.com/spf13/cobra"
	yaml "go.yaml.in/yaml/v3"
)

// ImportOptions are the inputs of `calendar import`.
type ImportOptions struct {
	Factory *cmdutil.Factory
	Context context.Context
	// File is the FILE argument, "-" for standard input.
	File string
	// Format is --format, as typed: auto or a calimport format.
	Format string
	// Name is --name: the calendar's name instead of the file's.
	Name   string
	DryRun bool
	Print  bool
	Strict bool
	// Force writes without the check that the calendar did not change
	// since it was read, and updates it even when its answer lacked
	// fields the service rebuilds (they are then cleared), as apply's.
	Force bool
	// SetDate sets the date of a calendar that exists to the file's;
	// without it the calendar's own is kept (play moves it), as apply's.
	SetDate bool
}

// importOutputs are what import prints: the plan as text, or as one JSON
// record as apply prints it (-o json, --jq, --template).
var importOutputs = output.Supports{
	Says:    "calendar import prints its plan as text or with -o json",
	Formats: []output.Format{output.Table, output.JSON},
}

// NewCmdImport builds `calendar import`; runF replaces importRun in tests.
func NewCmdImport(f *cmdutil.Factory, runF func(*ImportOptions) error) *cobra.Command {
	opts := &ImportOptions{Factory: f}
	cmd := &cobra.Command{
		Use:   "import FILE|- [--name NAME] [--print] [--strict]",
		Short: "Create or update a calendar from another calendar tool's file",
		Long: `Create or update a calendar from the file of another tool: a Fantasy-Calendar
export, a Simple Calendar file (Foundry VTT), a donjon calendar saved as JSON or
a Calendarium calendar (Obsidian); the format is found by the file's keys. The
months, weekdays, current date, year names, seasons, moons and leap days are
carried, and events and notes as reminders; what Kanka cannot hold is
approximated or left out, with a warning each (--strict refuses instead).

The calendar is applied as kanka apply applies a file: found by its name,
created or updated, so importing a file twice writes nothing the second time.
More in docs/importing.md; requests: kanka help requests.`,
		Example: `  kanka calendar import examples/gregorian-fantasy-calendar.json
  kanka calendar import examples/donjon-calendar.json --name Tolrea --dry-run
  kanka calendar import examples/harptos-simple-calendar.json --name "Harptos (Foundry)" --print > harptos.yaml
  kanka calendar import examples/donjon-calendar.json --name Tolrea --strict`,
		Args:        importArgs,
		Annotations: importOutputs.Annotations(),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.File, opts.Context = args[0], resource.Context(cmd)
			return cmdutil.RunOr(runF, importRun)(opts)
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&opts.Format, "format", "auto", "the file's format `F`: auto (by its keys), fantasy-calendar, simple-calendar, donjon or calendarium")
	fl.StringVar(&opts.Name, "name", "", "the calendar's `NAME`, instead of the file's")
	fl.BoolVar(&opts.DryRun, "dry-run", false, "print the plan and send no write")
	fl.BoolVar(&opts.Print, "print", false, "print it as a kanka apply document, and send no request")
	fl.BoolVar(&opts.Strict, "strict", false, "refuse (exit 2) when anything would be lost or approximated")
	fl.BoolVar(&opts.Force, "force", false, "write even when the calendar changed since it was read, or lacks fields the service rebuilds (they are then cleared)")
	fl.BoolVar(&opts.SetDate, "set-date", false, "set the current date of an existing calendar to the file's")
	_ = cmd.RegisterFlagCompletionFunc("format", func(*cobra.Command, []string, string) ([]cobra.Completion, cobra.ShellCompDirective) {
		formats := []cobra.Completion{string(calimport.Auto)}
		for _, f := range calimport.Formats {
			formats = append(formats, string(f))
		}
		return formats, cobra.ShellCompDirectiveNoFileComp
	})
	return cmd
}

// importArgs is the one FILE|- argument, said in the help's words.
func importArgs(cmd *cobra.Command, args []string) error {
	switch {
	case len(args) == 0:
		return cmdutil.CommandLineErrorf("missing FILE|-: the file to import, or - for standard input")
	case len(args) > 1:
		return cmdutil.CommandLineErrorf("unexpected arguments %s: %s takes one FILE|-", strings.Join(quoteAll(args[1:]), " "), cmd.CommandPath())
	}
	return nil
}

func quoteAll(words []string) []string {
	out := make([]string, len(words))
	for i, w := range words {
		out[i] = strconv.Quote(w)
	}
	return out
}

func importRun(opts *ImportOptions) error {
	f := opts.Factory
	format, err := calimport.ParseFormat(opts.Format)
	if err != nil {
		return cmdutil.UsageErrorf("--format: %s", strings.TrimPrefix(err.Error(), "unknown format "))
	}
	if opts.Print && opts.DryRun {
		return cmdutil.CommandLineErrorf("give --print (no request at all) or --dry-run (the plan), not both")
	}
	if g := f.Globals; opts.Print && g != nil && (strings.EqualFold(g.Output, string(output.JSON)) || g.JQ != "" || g.Template != "") {
		return cmdutil.CommandLineErrorf("--print writes the calendar as YAML; -o json, --jq and --template are for the plan: leave one out")
	}
	// A --jq or --template that does not compile is refused before the
	// file is read, as apply refuses it.
	if !opts.Print {
		if _, err := f.Printer(); err != nil {
			return err
		}
	}
	data, err := cmdutil.ReadInput(opts.Context, f.IO, opts.File)
	if err != nil {
		return err
	}
	source := cmdutil.SourceName(opts.File)
	res, err := calimport.Convert(data, format)
	if err != nil {
		if what := notImportable(data, opts.File, f.Program()); what != "" {
			return cmdutil.UsageErrorf("%s: %s", source, what)
		}
		return cmdutil.UsageErrorf("%s: %s", source, err)
	}
	in := res.Calendar
	if name := strings.TrimSpace(opts.Name); name != "" {
		in.Name = name
	}
	if in.Name == "" {
		return cmdutil.UsageErrorf("%s: the %s file names no calendar: give it one with --name", source, res.Format.Tool())
	}
	if opts.Strict && len(res.Losses) > 0 {
		ps := &cmdutil.Problems{Subject: fmt.Sprintf("%s: --strict refuses an import that loses or approximates anything", source)}
		for _, loss := range res.Losses {
			ps.Add("", "%s", loss)
		}
		return ps.Err()
	}
	for _, loss := range res.Losses {
		fmt.Fprintf(f.IO.ErrOut, "warning: %s\n", output.Sanitize(loss))
	}
	if opts.Print {
		// What apply would check before a create (a --name too long):
		// the document printed is one it takes.
		if err := in.Validate(); err != nil {
			ps := &cmdutil.Problems{Subject: "the calendar is not valid"}
			ps.AddInput(source, err)
			return ps.Err()
		}
		return printImported(f, res, in, source)
	}
	// Found by its name, created when missing, updated (the whole record)
	// when it differs, left alone when equal; with --dry-run the plan is
	// printed and nothing written.
	seed := apply.Seed{Calendars: []apply.DesiredCalendar{{Where: source, Input: in, Reminders: desiredReminders(res.Reminders, source)}}}
	return apply.RunSeed(&apply.Options{Factory: opts.Factory, Context: opts.Context, DryRun: opts.DryRun, Force: opts.Force, SetDate: opts.SetDate, Words: &importWords}, seed)
}

// desiredReminders are the reminders the file's events and notes became,
// for the calendar's own entity; nil when the file has none carried (the
// calendar's reminders are then not read, nor touched).
func desiredReminders(rs []client.ReminderInput, source string) []apply.DesiredReminder {
	if rs == nil {
		return nil
	}
	out := make([]apply.DesiredReminder, len(rs))
	for i, r := range rs {
		out[i] = apply.DesiredReminder{Where: source, Input: r}
	}
	return out
}

// importWords are the engine's advice in the words of calendar import,
// which has --force as apply has.
var importWords = apply.Words{
	Next:    "run kanka calendar import again to plan with the campaign as it is now, or add --force to apply the plan anyway",
	Force:   "--force",
	Again:   "calendar import",
	SetDate: "--set-date",
}

// printImported writes the calendar as the document kanka apply reads,
// under a comment that says where it came from and what was lost.
func printImported(f *cmdutil.Factory, res calimport.Result, in client.CalendarInput, source string) error {
	node, err := calimport.SeedFile(in, res.Reminders)
	if err != nil {
		return err
	}
	comment := []string{fmt.Sprintf("Imported from %s (a %s file) by kanka calendar import.", output.Sanitize(source), res.Format.Tool())}
	if len(res.Losses) > 0 {
		comment = append(comment, "Lost or approximated:")
		for _, loss := range res.Losses {
			comment = append(comment, "  "+output.Sanitize(loss))
		}
	}
	doc := &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map", HeadComment: strings.Join(comment, "\n")}
	list := &yaml.Node{Kind: yaml.SequenceNode, Tag: "!!seq", Content: []*yaml.Node{node}}
	doc.Content = append(doc.Content, &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: "calendars"}, list)
	text, err := output.EncodeYAML(doc)
	if err != nil {
		return err
	}
	_, err = f.IO.Out.Write(text)
	return err
}
