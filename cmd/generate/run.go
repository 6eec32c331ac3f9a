package generate

import (
	"context"
	"fmt"
	"io"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/apply"
	"github.com/kanka-cli/kanka/cmd/calendar"
	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/cmd/cmdutil/resource"
	"github.com/kanka-cli/kanka/output"
)

// generateRun makes up the span's weather and writes it through apply's
// engine (apply.RunSeed): the flags and the climate checked before any
// request, the calendar read, the days made up; then the engine reads the
// campaign, keeps the days written already (unless --replace), prints the
// picture and the plan, checks with one request before the first write,
// and carries it out.
func generateRun(opts *Options) error {
	f, ctx := opts.Factory, opts.Context
	// Built first: a --jq or --template that does not compile is refused
	// before anything else.
	if _, err := resource.NewPrinter(f); err != nil {
		return err
	}
	in, err := opts.read()
	if err != nil {
		return err
	}
	// The calendar's days decide what is written: read under the
	// campaign's lock, which the engine holds on to (a dry run only reads).
	if !opts.DryRun {
		if err := f.LockCampaign(ctx); err != nil {
			return err
		}
	}
	c, err := f.Client()
	if err != nil {
		return err
	}
	cal, err := readCalendar(ctx, f, c, opts.Calendar)
	if err != nil {
		return err
	}
	g, err := opts.generate(cal, in)
	if err != nil {
		return err
	}
	for _, w := range g.warnings {
		fmt.Fprintf(f.IO.ErrOut, "warning: %s\n", w)
	}
	var kept []client.Date
	return apply.RunSeed(&apply.Options{
		Factory: f, Context: ctx, DryRun: opts.DryRun, Verbose: opts.Verbose, Words: &generateWords,
		// The picture says what the counts leave out: no list of every
		// entry on a terminal unless --verbose.
		Brief: true,
		// A day with an entry is kept unless --replace; the picture
		// names them before the plan.
		Settle: func(seed *apply.Seed, act *apply.Actual) { kept = keepWritten(seed, act, opts.Replace) },
		Preface: func(out io.Writer) {
			printPicture(out, g, pictureWidth(f.IO))
			printKept(out, g.reckon, kept, pictureWidth(f.IO))
		},
		Report: func(p *output.Printer, plan *apply.Plan, dryRun bool) error {
			return printRecord(p, g, kept, plan, dryRun)
		},
	}, desired(cal.ID, g.days))
}

// readCalendar is the calendar --calendar names: the local cache's while
// it is fresh, a name lookup's, else one GET.
func readCalendar(ctx context.Context, f *cmdutil.Factory, c *client.Client, arg string) (*client.Calendar, error) {
	id, record, err := calendar.Parent(f).Resolve(ctx, c, arg)
	if err != nil {
		return nil, err
	}
	return calendar.OfScope(ctx, c, &resource.Scope{ParentID: id, Parent: record}, "to lay the weather on its days")
}

// generateWords are the engine's advice in the words of this command,
// which has no --force.
var generateWords = apply.Words{Next: "run weather generate again to plan with the calendar as it is now", Again: "weather generate"}
