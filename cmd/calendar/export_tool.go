package calendar

import (
	"fmt"
	"strings"

	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/internal/calexport"
	"github.com/kanka-cli/kanka/internal/suggest"
	"github.com/kanka-cli/kanka/output"
	"github.com/spf13/cobra"
)

// `calendar export --format TOOL`: one calendar as another tool's file
// (internal/calexport), what it loses said on stderr.

// yamlFormat is --format's default: the document kanka apply reads.
const yamlFormat = "yaml"

// exportFormats are --format's values, in the order help lists them.
func exportFormats() []string {
	formats := []string{yamlFormat}
	for _, f := range calexport.Formats {
		formats = append(formats, string(f))
	}
	return formats
}

func addFormatFlags(cmd *cobra.Command, opts *ExportOptions) {
	cmd.Flags().StringVar(&opts.Format, "format", yamlFormat, "the file's format `F`: yaml (for kanka apply) or a tool's")
	cmd.Flags().BoolVar(&opts.Strict, "strict", false, "refuse (exit 2) when a tool's file would lose anything")
	cmd.Flags().BoolVar(&opts.AllReminders, "all-reminders", false, "a tool's file: other entities' reminders too")
	cmd.Flags().StringVar(&opts.Notes, "notes", "", "calendarium: the reminders as notes, new files in `DIR`")
	_ = cmd.RegisterFlagCompletionFunc("format", func(*cobra.Command, []string, string) ([]cobra.Completion, cobra.ShellCompDirective) {
		return exportFormats(), cobra.ShellCompDirectiveNoFileComp
	})
}

// checkFormat reads --format (in any case) and refuses what a tool's file
// cannot be: several calendars, weather, --strict without one.
func (opts *ExportOptions) checkFormat(calendars int) error {
	opts.Format = strings.ToLower(strings.TrimSpace(opts.Format))
	if opts.Format == yamlFormat {
		switch {
		case opts.Strict:
			return cmdutil.UsageErrorf("--strict is for a tool's --format (fantasy-calendar, simple-calendar, calendarium): the YAML document loses nothing")
		case opts.AllReminders:
			return cmdutil.UsageErrorf("--all-reminders is for a tool's --format (fantasy-calendar, simple-calendar, calendarium): the YAML document holds, with --with-reminders, the calendar's own reminders alone")
		case opts.Notes != "":
			return cmdutil.UsageErrorf("--notes is for --format calendarium")
		}
		return nil
	}
	if _, err := calexport.ParseFormat(opts.Format); err != nil {
		all := strings.Join(exportFormats(), ", ")
		if near, ok := suggest.Nearest(opts.Format, exportFormats()); ok {
			return cmdutil.UsageErrorf("--format: unknown format %q; did you mean %q? (one of %s)", opts.Format, near, all)
		}
		return cmdutil.UsageErrorf("--format: unknown format %q: use one of %s", opts.Format, all)
	}
	switch {
	case opts.All || calendars > 1:
		return cmdutil.UsageErrorf("--format %s writes one calendar: name one, not several or --all", opts.Format)
	case opts.WithReminders:
		return cmdutil.UsageErrorf("--with-reminders is for the YAML document: --format %s writes the calendar's own reminders always (--all-reminders adds the others')", opts.Format)
	case opts.WithWeather:
		return cmdutil.UsageErrorf("--with-weather is for the YAML document: %s keeps no weather entries", calexport.Format(opts.Format).Tool())
	case opts.Notes != "" && opts.Format != string(calexport.Calendarium):
		return cmdutil.UsageErrorf("--notes is for --format calendarium: %s keeps its notes in its own file", calexport.Format(opts.Format).Tool())
	case opts.Notes != "":
		return checkNotesDir(opts.Notes)
	}
	return nil
}

func exportToolRun(opts *ExportOptions) error {
	f, ctx := opts.Factory, opts.Ctx
	format := calexport.Format(opts.Format)
	c, err := f.Client()
	if err != nil {
		return err
	}
	cals, err := opts.calendars(ctx, c)
	if err != nil {
		return err
	}
	cal := cals[0]
	if err := UncountedError(cal.ID, cal, ""); err != nil {
		return err
	}
	reminders, err := exportReminders(ctx, f, c, cal, opts.AllReminders)
	if err != nil {
		return err
	}
	var res calexport.Result
	if opts.Notes != "" {
		res, err = calexport.ExportNotes(cal, reminders)
	} else {
		res, err = calexport.Export(cal, reminders, format)
	}
	if err != nil {
		return fmt.Errorf("calendar %d %q: %w", cal.ID, cal.Name, err)
	}
	if opts.Strict && len(res.Losses) > 0 {
		lines := make([]string, len(res.Losses))
		for i, l := range res.Losses {
			lines[i] = output.Sanitize(l.Text)
		}
		return &cmdutil.UsageError{Err: strictRefusal(fmt.Sprintf("calendar %q: --strict refuses a %s file that loses anything, nothing was written:\n  %s",
			cal.Name, format.Tool(), strings.Join(lines, "\n  ")))}
	}
	if opts.Notes != "" {
		if err := writeNotes(opts.Notes, res.Notes); err != nil {
			return err
		}
	}
	for _, l := range res.Losses {
		fmt.Fprintf(f.IO.ErrOut, "warning: %s\n", output.Sanitize(l.Text))
	}
	if opts.Notes != "" {
		cmdutil.Say(f, "wrote %d %s to %s", len(res.Notes), cmdutil.Plural(len(res.Notes), "note", "notes"), opts.Notes)
	}
	_, err = f.IO.Out.Write(res.Data)
	return err
}

// strictRefusal is --strict's refusal: exit 2, without the root's "Run
// --help" line (the command was used rightly; the calendar is what the
// tool cannot hold).
type strictRefusal string

func (s strictRefusal) Error() string   { return string(s) }
func (s strictRefusal) UsageHint() bool { return false }
