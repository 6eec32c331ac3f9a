package calendar

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/kanka-cli/kanka/almanac"
	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/cmd/cmdutil/resource"
	"github.com/kanka-cli/kanka/output"
	"github.com/spf13/cobra"
)

// MoveOptions are the parsed arguments and flags of `calendar advance`
// and `calendar retreat`.
type MoveOptions struct {
	Factory *cmdutil.Factory
	Ctx     context.Context
	// Calendar is the ID|NAME argument.
	Calendar string
	// Back is true for retreat.
	Back bool
	// Unit is "days", "months" or "years" and N how many (at least 1);
	// Unit is "" when To is given.
	Unit string
	N    int64
	// To is the --to date, as the user wrote it.
	To string
	// Force sends the update even when the calendar as read lacks fields
	// the service rebuilds from every write.
	Force bool
	// KeepWeeks moves day by day with the service's route, which keeps
	// the named weeks a full update clears.
	KeepWeeks bool
}

// NewCmdAdvance builds `calendar advance`; runF replaces moveRun in tests.
func NewCmdAdvance(f *cmdutil.Factory, runF func(*MoveOptions) error) *cobra.Command {
	return newMoveCmd(f, runF, false)
}

// NewCmdRetreat builds `calendar retreat`; runF replaces moveRun in tests.
func NewCmdRetreat(f *cmdutil.Factory, runF func(*MoveOptions) error) *cobra.Command {
	return newMoveCmd(f, runF, true)
}

// advanceLong and retreatLong open the help of each verb; moveLong is what
// they share.
const (
	advanceLong = `Move the current date of a calendar forward by N days, months or years
(one day by default), or to a later date with --to.`
	retreatLong = `Move the current date of a calendar back by N days, months or years (one
day by default), or to an earlier date with --to.`
	moveLong = `

The new date is counted by the calendar's own rules (leap days and intercalary
months count; a move by months or years keeps the day, clamped to the month
reached) and sent as one update that keeps every other field: it clears named
weeks set in the web interface, unless --keep-weeks (a request a day).

It prints "FROM -> TO" and what the days passed held (reminders, weather);
-o json prints the calendar as the server stored it, with "days_passed" added.
More in docs/calendar-time.md; requests: kanka help requests.`
)

// newMoveCmd builds advance (back false) or retreat (back true).
func newMoveCmd(f *cmdutil.Factory, runF func(*MoveOptions) error, back bool) *cobra.Command {
	opts := &MoveOptions{Factory: f, Back: back}
	var days, months, years int64
	verb, other, long, example := "advance", "retreat", advanceLong+moveLong,
		`  kanka calendar advance "Calendar of Harptos"
  kanka calendar advance 1 --days 10
  kanka calendar advance 1 --months 1
  kanka calendar advance 1 --to "1 Hammer 1493"
  # from cron, after every session:
  kanka calendar advance "Calendar of Harptos" --days 1`
	if back {
		verb, other, long, example = "retreat", "advance", retreatLong+moveLong,
			`  kanka calendar retreat "Calendar of Harptos"
  kanka calendar retreat 1 --days 10
  kanka calendar retreat 1 --to 1492-Hammer-1
  kanka calendar retreat 1 --years 1`
	}
	use := verb + " ID|NAME [--days N | --months N | --years N | --to DATE]"
	short := "Move a calendar's current date forward"
	if back {
		short = "Move a calendar's current date back"
	}
	cmd := &cobra.Command{
		Use:     use,
		Short:   short,
		Long:    long,
		Example: example,
		Args:    cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			fs := cmd.Flags()
			var given []string
			for _, name := range []string{"days", "months", "years", "to"} {
				if fs.Changed(name) {
					given = append(given, "--"+name)
				}
			}
			if len(given) > 1 {
				return cmdutil.CommandLineErrorf("%s cannot be used together: give one", strings.Join(given, " and "))
			}
			opts.Unit, opts.N = "days", 1
			for unit, n := range map[string]int64{"days": days, "months": months, "years": years} {
				if !fs.Changed(unit) {
					continue
				}
				if n < 0 {
					return cmdutil.UsageErrorf("--%s must be positive, not %d: to move the other way use `kanka calendar %s`", unit, n, other)
				}
				if n == 0 {
					return cmdutil.UsageErrorf("--%s must be 1 or more, not 0", unit)
				}
				opts.Unit, opts.N = unit, n
			}
			if fs.Changed("to") {
				if _, err := resource.DateFlag("to", opts.To); err != nil {
					return err
				}
				opts.Unit, opts.N = "", 0
			}
			opts.Calendar, opts.Ctx = args[0], cmd.Context()
			return cmdutil.RunOr(runF, moveRun)(opts)
		},
	}
	fl := cmd.Flags()
	fl.Int64Var(&days, "days", 1, "move by `N` days")
	fl.Int64Var(&months, "months", 0, "move by `N` months (intercalary months count)")
	fl.Int64Var(&years, "years", 0, "move by `N` years")
	addForceFlag(cmd.Flags(), &opts.Force)
	fl.BoolVar(&opts.KeepWeeks, "keep-weeks", false, "step a day at a time, keeping named weeks (a request a day)")
	notPast, count := "not before", "+10"
	if back {
		notPast, count = "not after", "-10"
	}
	fl.StringVar(&opts.To, "to", "", "move to `DATE` (1492-Ches-3, or "+count+": days from today), "+notPast+" the current date")
	return cmd
}

func moveRun(opts *MoveOptions) error {
	printer, c, id, cal, err := openCalendar(opts.Ctx, opts.Factory, opts.Calendar, true)
	if err != nil {
		return err
	}
	if !opts.Force {
		if err := UncountedError(id, cal, ", or add --force to count without them as a write would store them (no leap years; leap days in month 1)"); err != nil {
			return err
		}
	}
	r, err := cal.Reckoning()
	if err != nil {
		return fmt.Errorf("calendar %d has no date to move: %w", id, err)
	}
	from, err := currentOf(cal, r)
	if err != nil {
		return err
	}
	to, err := opts.destination(r, from)
	if err != nil {
		return err
	}
	updated, passed := cal, []passedDay{}
	if to != from {
		if updated, err = opts.move(c, cal, r, from, to); err != nil {
			return err
		}
		passed = opts.readPassed(c, cal, r, from, to)
	}
	if !printer.IsTable() {
		return printer.PrintOne(movedRecord{Calendar: updated, days: passed}, movedKind)
	}
	line := fmt.Sprintf("%s -> %s (%s)", from, to, oneLineText(r.Format(to)))
	out := opts.Factory.IO.Out
	if _, err = fmt.Fprintln(out, strings.Join(output.Wrap(line, opts.Factory.IO.TermWidth, "", "  "), "\n")); err != nil {
		return err
	}
	return writePassed(out, cal.Months, opts.Back, passed, opts.Factory.IO.TermWidth)
}

// readPassed is what the days passed held: after advance, the days after
// from up to to; after retreat, from to up to the day before from. It is
// read once the date moved, so a failure is a warning (nil days): the
// move stands, and a retry would move the date again.
func (opts *MoveOptions) readPassed(c *client.Client, cal *client.Calendar, r *almanac.Reckoning, from, to almanac.Date) []passedDay {
	first, last := to, to
	var err error
	if opts.Back {
		last, err = r.AddDays(from, -1)
	} else {
		first, err = r.AddDays(from, 1)
	}
	var days []passedDay
	if err == nil {
		days, err = opts.daysPassed(c, cal, r, first, last)
	}
	var many *tooManyDaysError
	switch {
	case errors.As(err, &many):
		fmt.Fprintf(opts.Factory.IO.ErrOut, "warning: the date moved; the days passed hold reminders on more than %d days, too many to list: `%s calendar agenda %d --from %s --to %s` lists them\n",
			maxReminderDays, opts.Factory.Program(), cal.ID, first, last)
		return nil
	case err != nil:
		fmt.Fprintf(opts.Factory.IO.ErrOut, "warning: the date moved, but what the days passed held could not be read: %v\n", err)
		return nil
	}
	return days
}

// currentOf is the calendar's current date; a calendar without one, or
// with one that does not exist, cannot be moved.
func currentOf(cal *client.Calendar, r *almanac.Reckoning) (almanac.Date, error) {
	d, ok := cal.CurrentDate()
	if !ok {
		return almanac.Date{}, cmdutil.UsageErrorf("calendar %q has no current date: set one with `kanka calendar update %d --date Y-M-D`", cal.Name, cal.ID)
	}
	if err := r.Check(d); err != nil {
		return almanac.Date{}, cmdutil.UsageErrorf("the current date %s of calendar %q does not exist (%s): set one with `kanka calendar update %d --date Y-M-D`", d, cal.Name, err, cal.ID)
	}
	return d, nil
}

// destination is the date the move reaches from from.
func (opts *MoveOptions) destination(r *almanac.Reckoning, from almanac.Date) (almanac.Date, error) {
	if opts.Unit == "" {
		return opts.target(r, from)
	}
	n := opts.N
	if opts.Back {
		n = -n
	}
	var to almanac.Date
	var err error
	switch opts.Unit {
	case "months":
		to, err = r.AddMonths(from, n)
	case "years":
		to, err = r.AddYears(from, n)
	default:
		to, err = r.AddDays(from, n)
	}
	if err != nil {
		return almanac.Date{}, cmdutil.UsageErrorf("%s", err)
	}
	return to, nil
}

// target is the --to date, which must lie the way the verb moves: not
// before from for advance, not after it for retreat.
func (opts *MoveOptions) target(r *almanac.Reckoning, from almanac.Date) (almanac.Date, error) {
	to, err := r.ParseDate(opts.To)
	if err != nil {
		return almanac.Date{}, cmdutil.UsageErrorf("--to: %s", err)
	}
	days, _ := r.DaysBetween(from, to)
	wrongWay, verb, other := "before", "advance moves forward", "back use `kanka calendar retreat`"
	if opts.Back {
		days, wrongWay, verb, other = -days, "after", "retreat moves back", "forward use `kanka calendar advance`"
	}
	if days < 0 {
		return almanac.Date{}, cmdutil.UsageErrorf("--to: %s is %s the current date %s: %s (to move %s; to set any date, `kanka calendar update --date`)",
			to, wrongWay, from, verb, other)
	}
	return to, nil
}

// oneLineText is a server's name made safe for one line of a terminal.
func oneLineText(s string) string {
	return strings.NewReplacer("\n", " ", "\r", " ", "\t", " ").Replace(output.Sanitize(s))
}
