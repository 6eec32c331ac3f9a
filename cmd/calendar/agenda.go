package calendar

import (
	"context"
	"fmt"
	"strings"

	"github.com/kanka-cli/kanka/almanac"
	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/cmd/cmdutil/resource"
	"github.com/kanka-cli/kanka/output"
	"github.com/spf13/cobra"
)

// AgendaOptions are the parsed arguments and flags of `calendar agenda`.
type AgendaOptions struct {
	Factory *cmdutil.Factory
	Ctx     context.Context
	// Calendar is the ID|NAME argument.
	Calendar string
	// From and To are --from and --to as written ("" when not given);
	// Days is --days, DaysGiven whether it was.
	From, To  string
	Days      int64
	DaysGiven bool
	// Refresh reads the calendar and its reminders again, not from the
	// cache.
	Refresh bool
}

// defaultAgendaDays is the agenda's length without --to or --days.
const defaultAgendaDays = 30

// NewCmdAgenda builds `calendar agenda`; runF replaces agendaRun in tests.
func NewCmdAgenda(f *cmdutil.Factory, runF func(*AgendaOptions) error) *cobra.Command {
	opts := &AgendaOptions{Factory: f}
	cmd := &cobra.Command{
		Use:   "agenda ID|NAME [--from DATE] [--to DATE | --days N]",
		Short: "List the days reminders fall on",
		Long: `List the days the calendar's reminders fall on, in date order: each day's
weekday, the reminder, whose it is, and the moon phases and season starts
of the day. A reminder of several days is on each of them; a repeat (every
year, every month, a moon's phase) on each day it falls on, counted as the
service's engine counts them.

The days are the 30 from the calendar's current date, unless --from, --to
or --days (the N days from --from, else from the current date) say
otherwise. -o json prints one object a day and reminder. More in
docs/calendar-time.md; requests: kanka help requests.`,
		Example: `  kanka calendar agenda "Calendar of Harptos"
  kanka calendar agenda 1 --days 7
  kanka calendar agenda 1 --from "1 Hammer 1493" --to 1493-Hammer-30
  kanka calendar agenda 1 --from today --days 365 -o json`,
		Args:        cobra.ExactArgs(1),
		Annotations: agendaOutputs.Annotations(),
		RunE: func(cmd *cobra.Command, args []string) error {
			fs := cmd.Flags()
			opts.DaysGiven = fs.Changed("days")
			if fs.Changed("to") && opts.DaysGiven {
				return cmdutil.CommandLineErrorf("--to and --days cannot be used together: give one")
			}
			if opts.DaysGiven && opts.Days < 1 {
				return cmdutil.UsageErrorf("--days must be 1 or more, not %d", opts.Days)
			}
			for flag, text := range map[string]string{"from": opts.From, "to": opts.To} {
				if fs.Changed(flag) {
					if _, err := resource.DateFlag(flag, text); err != nil {
						return err
					}
				}
			}
			opts.Calendar, opts.Ctx = args[0], cmd.Context()
			return cmdutil.RunOr(runF, agendaRun)(opts)
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&opts.From, "from", "", "the first day, `DATE` (1492-Ches-3, today, +7; default: the current date)")
	fl.StringVar(&opts.To, "to", "", "the last day, `DATE` (included)")
	fl.Int64Var(&opts.Days, "days", defaultAgendaDays, "the number of days, `N`, from the first (instead of --to)")
	fl.BoolVar(&opts.Refresh, "refresh", false, "read the calendar and its reminders again, not from the cache")
	return cmd
}

// agendaOutputs are what the agenda prints: a table, or its days as JSON,
// YAML or NDJSON.
var agendaOutputs = output.Supports{
	Says:    "calendar agenda prints a table, or with -o json, yaml or ndjson",
	Formats: []output.Format{output.Table, output.JSON, output.YAML, output.NDJSON},
}

func agendaRun(opts *AgendaOptions) error {
	f := opts.Factory
	printer, err := resource.NewPrinter(f)
	if err != nil {
		return err
	}
	c, err := f.Client()
	if err != nil {
		return err
	}
	k := f.LocalCache()
	id, cal, err := cachedCalendar(opts.Ctx, c, k, opts.Calendar, opts.Refresh)
	if err != nil {
		return err
	}
	r, err := cal.Reckoning()
	if err != nil {
		return fmt.Errorf("calendar %d has no days to list: %w", id, err)
	}
	from, to, err := opts.window(r, cal)
	if err != nil {
		return err
	}
	rs, err := k.CalendarReminders(opts.Ctx, c, id, listTrust(opts.Refresh))
	if err != nil {
		return err
	}
	entries, err := agendaOf(r, calendarReminders(id, rs), from, to, ReadOwners(opts.Ctx, c, cal, k).Of)
	if err != nil {
		return err
	}
	if err := opts.Ctx.Err(); err != nil {
		return err // interrupted while the owners were read
	}
	if len(entries) == 0 && printer.IsTable() {
		cmdutil.Say(f, "%s", strings.TrimSuffix(cmdutil.WrapAdvice(fmt.Sprintf("no reminder falls on the days from %s to %s",
			r.FormatShort(from), r.FormatShort(to)), f.IO.TermWidth), "\n"))
		return nil
	}
	return printer.PrintList(resource.Records(resource.Slice(entries)), agendaKind(cal.Months))
}

// window is the agenda's first and last days: --from, else the
// calendar's current date; --to, else --days (30) from the first.
func (opts *AgendaOptions) window(r *almanac.Reckoning, cal *client.Calendar) (from, to almanac.Date, err error) {
	if opts.From != "" {
		if from, err = readShowDate(r, "--from", opts.From); err != nil {
			return from, to, err
		}
	} else if today := currentDate(cal, r); today != nil {
		from = *today
	} else {
		return from, to, cmdutil.UsageErrorf("calendar %q has no current date: give --from, or set one with `kanka calendar update %d --date Y-M-D`", cal.Name, cal.ID)
	}
	if opts.To != "" {
		if to, err = readShowDate(r, "--to", opts.To); err != nil {
			return from, to, err
		}
		if to.Compare(from) < 0 {
			return from, to, cmdutil.UsageErrorf("--from %s is after --to %s: no day is in between", r.FormatShort(from), r.FormatShort(to))
		}
		return from, to, nil
	}
	days := opts.Days
	if !opts.DaysGiven {
		days = defaultAgendaDays
	}
	if to, err = r.AddDays(from, days-1); err != nil {
		return from, to, cmdutil.UsageErrorf("--days: %v", err)
	}
	return from, to, nil
}

// agendaOf is the agenda of rs from..to: a day and a reminder an entry,
// by date and then reminder id; too many is a usage error from
// gridReminders (nothing is printed: a shorter window is asked for).
func agendaOf(r *almanac.Reckoning, rs []*client.Reminder, from, to almanac.Date, owner ownerOf) ([]agendaEntry, error) {
	a, _ := r.Ordinal(from)
	b, _ := r.Ordinal(to)
	days, err := gridReminders(r, rs, a, b, owner)
	if err != nil {
		return nil, err
	}
	facts := dayFacts{r: r, of: map[almanac.Date]dayFact{}}
	out := make([]agendaEntry, len(days))
	for i, d := range days {
		out[i] = entryOn(d, facts.on(d.Date))
	}
	return out, nil
}
