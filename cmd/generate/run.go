package generate

import (
	"context"
	"fmt"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/apply"
	"github.com/kanka-cli/kanka/cmd/calendar"
	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/cmd/cmdutil/resource"
)

// generateRun makes up the span's weather and writes it as kanka apply
// writes a seed (cmd/apply's engine, in the order of its applyRun): the
// flags and the climate checked before any request, the calendar read,
// the days made up, the campaign read, the plan made, checked with one
// request before the first write, and carried out.
func generateRun(opts *Options) error {
	f, ctx := opts.Factory, opts.Context
	// Built first: a --jq or --template that does not compile is refused
	// before anything else.
	p, err := resource.NewPrinter(f)
	if err != nil {
		return err
	}
	in, err := opts.read()
	if err != nil {
		return err
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
	seed := desired(cal.ID, g.days)
	// The model writes within the service's fields; a day it would get
	// wrong is refused here, before any write.
	if err := apply.Check(seed); err != nil {
		return err
	}
	act, err := apply.Read(ctx, c, seed, concurrency)
	if err != nil {
		return err
	}
	for _, sa := range act.SetApart {
		fmt.Fprintln(f.IO.ErrOut, client.MisplacedWarning(sa.Listed, sa.Entry, sa.Why))
	}
	kept := keepWritten(&seed, act, opts.Replace)
	plan, err := apply.MakePlan(seed, act, apply.PlanOptions{Words: &generateWords})
	if err != nil {
		return err
	}
	text := p.PrintsText()
	out := f.IO.Out
	verbose := opts.Verbose
	if text {
		printPicture(out, g, f.IO.OutTTY)
		printKept(out, g.reckon, kept)
		apply.PrintPlan(out, plan, verbose)
	}
	total := plan.Writes()
	if opts.DryRun {
		if !text {
			return printRecord(p, g, kept, plan, true)
		}
		return nil
	}
	if text && total == 0 {
		fmt.Fprintln(out, "Nothing to change.")
		return nil
	}
	if total > 0 {
		// One request, paid only by a run that writes.
		if err := apply.Recheck(ctx, c, plan, act); err != nil {
			return err
		}
	}
	runErr := apply.ExecuteShowing(ctx, f, c, plan, total)
	if !text {
		if err := printRecord(p, g, kept, plan, false); err != nil {
			return err
		}
		return runErr
	}
	apply.PrintOutcome(out, plan)
	return runErr
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
