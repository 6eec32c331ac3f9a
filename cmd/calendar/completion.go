package calendar

import (
	"context"
	"errors"
	"slices"
	"strconv"
	"strings"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/completions"
	"github.com/spf13/cobra"
)

// Completion completes a calendar ID|NAME, as an argument
// (cmd.ValidArgsFunction = Completion(f)) or as a flag
// (cmd.RegisterFlagCompletionFunc("calendar", Completion(f))), from the
// local cache: while it is fresh, no request; else one brings the calendars
// changed since (the first time, the whole list: one request a page of 45).
// Without a cache, from one page of the campaign's calendars. On any error (no token, no network,
// the rate limit, cmdutil.CompletionTimeout passed) it offers nothing,
// quietly: a shell completion must not print.
func Completion(f *cmdutil.Factory) cobra.CompletionFunc {
	return func(cmd *cobra.Command, _ []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
		c, ctx, cancel, err := cmdutil.ForCompletion(f, cmd)
		if err != nil {
			return cmdutil.NoCandidates(err)
		}
		defer cancel()
		if k := f.LocalCache(); k != nil {
			known, err := k.Calendars(ctx, c)
			if err != nil {
				return cmdutil.NoCandidates(err)
			}
			return completions.CalendarsOf(known, toComplete), cobra.ShellCompDirectiveNoFileComp
		}
		found, err := completions.Calendars(ctx, c, toComplete)
		if err != nil {
			return cmdutil.NoCandidates(err)
		}
		return found, cobra.ShellCompDirectiveNoFileComp
	}
}

// MonthCompletion completes a month of a calendar (--month M of `calendar
// show` and `weather list`, --leap-year-month): the months the command's
// own --month NAME:LENGTH flags give (create, update), else those of the
// calendar named by --calendar or by the first argument. Each is offered by
// name, described by its number ("Ches\t3"), or by number when a number is
// typed; the shell quotes a name with spaces. The calendar comes from the
// local cache as CompletionCalendar says; nothing is offered, quietly, when
// it cannot be known.
func MonthCompletion(f *cmdutil.Factory) cobra.CompletionFunc {
	return func(cmd *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
		return completions.MonthsOf(completionMonths(f, cmd, args), toComplete), cobra.ShellCompDirectiveNoFileComp
	}
}

// SeasonMonthCompletion completes the MONTH of --season NAME:MONTH:DAY,
// once NAME: is typed, with the months MonthCompletion offers
// ("Spring:Ches:"); the shell then waits for the day.
func SeasonMonthCompletion(f *cmdutil.Factory) cobra.CompletionFunc {
	return func(cmd *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
		name, month, ok := strings.Cut(toComplete, ":")
		if !ok || strings.Contains(month, ":") {
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		var out []cobra.Completion
		for _, c := range completions.MonthsOf(completionMonths(f, cmd, args), month) {
			value, about, _ := strings.Cut(c, "\t")
			out = append(out, name+":"+value+":\t"+about)
		}
		return out, cobra.ShellCompDirectiveNoFileComp | cobra.ShellCompDirectiveNoSpace
	}
}

// completionMonths are the months a month flag of cmd refers to (see
// MonthCompletion); nil when they cannot be known.
func completionMonths(f *cmdutil.Factory, cmd *cobra.Command, args []string) []client.Month {
	if months := typedMonths(cmd); months != nil {
		return months
	}
	arg := ""
	if fl := cmd.Flags().Lookup("calendar"); fl != nil {
		arg = fl.Value.String()
	} else if len(args) > 0 {
		arg = args[0]
	}
	if cal := CompletionCalendarOf(f, cmd, arg); cal != nil {
		return cal.Months
	}
	return nil
}

// CompletionCalendarOf is the calendar ID|NAME names, for a completion of
// cmd, as CompletionCalendar finds it; nil when arg is empty or the
// calendar cannot be known (why goes to cobra's completion debug log).
func CompletionCalendarOf(f *cmdutil.Factory, cmd *cobra.Command, arg string) *client.Calendar {
	if strings.TrimSpace(arg) == "" {
		return nil
	}
	c, ctx, cancel, err := cmdutil.ForCompletion(f, cmd)
	if err != nil {
		cmdutil.CompletionTrouble(err)
		return nil
	}
	defer cancel()
	cal, err := CompletionCalendar(ctx, f, c, arg)
	if err != nil {
		cmdutil.CompletionTrouble(err)
		return nil
	}
	return cal
}

// typedMonths are the months given by cmd's --month NAME:LENGTH[:TYPE]
// flags (create and update), read as the flag reads them; nil when there
// are none, or cmd's --month is another flag (a month filter).
func typedMonths(cmd *cobra.Command) []client.Month {
	fl := cmd.Flags().Lookup("month")
	if fl == nil || !fl.Changed || fl.Value.Type() != "stringArray" {
		return nil
	}
	values, err := cmd.Flags().GetStringArray("month")
	if err != nil {
		return nil
	}
	// Cobra's __complete parses the line's flags twice, and a repeated
	// flag keeps both: the months typed, then the same again.
	if half := len(values) / 2; len(values)%2 == 0 && slices.Equal(values[:half], values[half:]) {
		values = values[:half]
	}
	months, _ := parseMonths(values)
	return months
}

// CompletionCalendar is the calendar ID|NAME names, with its months, for a
// completion: the local cache's while it is fresh (no request); else with
// one request, the calendars changed since the cache's last (lastSync:
// cache.Calendars), or, when that fails, the cache's copy however old;
// without a cache, one GET of an id or one page of a name's matches.
func CompletionCalendar(ctx context.Context, f *cmdutil.Factory, c *client.Client, arg string) (*client.Calendar, error) {
	k := f.LocalCache()
	if cal, ok := k.FreshCalendar(arg); ok {
		return cal, nil
	}
	if k == nil {
		return oneCalendar(ctx, c, arg)
	}
	all, err := k.Calendars(ctx, c)
	if err != nil {
		if cal, ok := k.KnownCalendar(arg); ok {
			return cal, nil
		}
		return nil, err
	}
	return calendarIn(all, arg)
}

// CompletionCalendarID is the id of the calendar ID|NAME names, for a
// completion: an id as typed, and a name the local cache holds, however
// old, with no request (a calendar renamed since is found out when the
// command runs); any other name costs CompletionCalendar's one request.
func CompletionCalendarID(ctx context.Context, f *cmdutil.Factory, c *client.Client, arg string) (int, error) {
	if id, err := strconv.Atoi(strings.TrimSpace(arg)); err == nil && id > 0 {
		return id, nil
	}
	if cal, ok := f.LocalCache().KnownCalendar(arg); ok {
		return cal.ID, nil
	}
	cal, err := CompletionCalendar(ctx, f, c, arg)
	if err != nil {
		return 0, err
	}
	return cal.ID, nil
}

// oneCalendar is the calendar ID|NAME names with one request, for a
// completion without a cache: an id's GET, or the first page of the
// calendars whose name holds the name, among which it is the one named so
// (exact, else but for case).
func oneCalendar(ctx context.Context, c *client.Client, arg string) (*client.Calendar, error) {
	arg = strings.TrimSpace(arg)
	if id, err := strconv.Atoi(arg); err == nil {
		return c.GetCalendar(ctx, id)
	}
	page, err := c.ListCalendars(ctx, &client.ListOptions{Page: 1, Name: arg})
	if err != nil {
		return nil, err
	}
	return calendarIn(page.Items, arg)
}

// calendarIn is the calendar of calendars that ID|NAME names: by id, else
// the one of that name (exact, else but for case), as every lookup reads
// names.
func calendarIn(calendars []*client.Calendar, arg string) (*client.Calendar, error) {
	arg = strings.TrimSpace(arg)
	if id, err := strconv.Atoi(arg); err == nil {
		for _, cal := range calendars {
			if cal.ID == id {
				return cal, nil
			}
		}
		return nil, errNoSuchCalendar
	}
	// Several: the command's lookup says which.
	if found := client.NamedBy(calendars, arg); len(found) == 1 {
		return found[0], nil
	}
	return nil, errNoSuchCalendar
}

// errNoSuchCalendar is a calendar a completion could not find; it is never
// printed (cobra.CompDebugln only).
var errNoSuchCalendar = errors.New("no one calendar of that ID|NAME")
