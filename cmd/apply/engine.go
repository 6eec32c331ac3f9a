package apply

import (
	"fmt"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/calendar"
)

// The apply engine is the one way kanka writes calendars from a
// description of them: a file (`kanka apply`), or a seed built in code
// (`kanka calendar import`, `kanka weather generate`). RunSeed is the
// engine's run after the file is read; there is no second writer.

// RunSeed applies seed as `kanka apply` applies the seed of a file: it is
// checked, the campaign read, the plan made and printed (as text, or with
// -o json as the report), rechecked with one request before the first
// write, and carried out; --dry-run (opts.DryRun) stops after printing the
// plan. opts.File is not read.
func RunSeed(opts *Options, seed Seed) error {
	f, ctx := opts.Factory, opts.Context
	p, err := f.Printer()
	if err != nil {
		return err
	}
	text := p.PrintsText()
	if err := Check(seed.Resolved()); err != nil {
		return err
	}
	// The campaign is read, planned and written under its lock: another
	// kanka of this machine applying the same seed plans after this one
	// wrote, and finds nothing to do. A dry run only reads.
	if !opts.DryRun {
		if err := f.LockCampaign(ctx); err != nil {
			return err
		}
	}
	c, err := f.Client()
	if err != nil {
		return err
	}
	act, err := Read(ctx, c, seed, concurrency)
	if err != nil {
		return err
	}
	if seed.HasUnresolved() {
		if err := ResolveWithServer(&seed, act); err != nil {
			return err
		}
		if err := Check(seed); err != nil {
			return err
		}
	}
	for _, sa := range act.SetApart {
		fmt.Fprintln(f.IO.ErrOut, client.MisplacedWarning(sa.Listed, sa.Entry, sa.Why))
	}
	if opts.Settle != nil {
		opts.Settle(&seed, act)
	}
	plan, err := MakePlan(seed, act, PlanOptions{Prune: opts.Prune, Force: opts.Force, Words: opts.Words, SetDate: opts.SetDate})
	if err != nil {
		return err
	}
	out := f.IO.Out
	how := planText(opts)
	report := PrintReport
	if opts.Report != nil {
		report = opts.Report
	}
	if text {
		if opts.Preface != nil {
			opts.Preface(out)
		}
		PrintPlan(out, plan, how)
	}
	if opts.DryRun {
		if !text {
			return report(p, plan, true)
		}
		return nil
	}
	total := plan.Writes()
	if text {
		if total == 0 {
			fmt.Fprintln(out, "Nothing to change.")
			return nil
		}
	}
	if !opts.Force && total > 0 {
		if err := Recheck(ctx, c, plan, act); err != nil {
			return err
		}
	}
	for _, cp := range plan.Calendars {
		if err := calendar.RefuseLostMoons(ctx, f, c, cp.ID, cp.Name, cp.lostMoons, opts.Force); err != nil {
			return err
		}
	}
	runErr := ExecuteShowing(ctx, f, c, plan, total)
	if !text {
		if err := report(p, plan, false); err != nil {
			return err
		}
		return runErr
	}
	PrintOutcome(out, plan, how.Width)
	return runErr
}

// planText is how the plan is laid out: on a terminal wrapped to its
// width, listing what changes (every entry with --verbose, the counts
// only for a command whose plan is Brief); piped, the counts, or every
// entry with --verbose, a line each.
func planText(opts *Options) PlanText {
	io := opts.Factory.IO
	how := PlanText{Entries: CountsOnly}
	if io.OutTTY {
		how.Width = io.TermWidth
		if !opts.Brief {
			how.Entries = TerminalEntries
		}
	}
	if opts.Verbose {
		how.Entries = EveryEntry
	}
	return how
}
