// Package weather holds the `kanka weather` commands: list, get, create,
// update and delete the weather entries of one calendar.
package weather

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/spf13/cobra"
)

// NewCmdWeather builds `kanka weather` and its verbs.
func NewCmdWeather(f *cmdutil.Factory) *cobra.Command {
	cmd := &cobra.Command{
		Use:     "weather <command>",
		Aliases: []string{"weathers"},
		Short:   "Manage the weather of a calendar",
		Long: `Manage the weather entries of a calendar: one entry records the weather of
one day. Every command needs --calendar, an id or an exact calendar name.`,
	}
	cmd.AddCommand(
		NewCmdList(f, nil),
		NewCmdGet(f, nil),
		NewCmdCreate(f, nil),
		NewCmdUpdate(f, nil),
		NewCmdDelete(f, nil),
	)
	for _, verb := range cmd.Commands() {
		_ = verb.RegisterFlagCompletionFunc("calendar", cmdutil.CalendarCompletion(f))
		switch verb.Name() {
		case "get", "update", "delete":
			verb.ValidArgsFunction = cmdutil.WeatherCompletion(f)
		default:
			verb.ValidArgsFunction = cobra.NoFileCompletions
		}
	}
	return cmd
}

// addCalendarFlag registers the --calendar flag every verb requires. It is
// checked by requireCalendar rather than cobra's MarkFlagRequired, whose
// plain error would not be a usage error (exit 2).
func addCalendarFlag(cmd *cobra.Command, target *string) {
	cmd.Flags().StringVar(target, "calendar", "", "the calendar, by `ID|NAME` (required)")
}

// requireCalendar refuses a missing or empty --calendar.
func requireCalendar(calendar string) error {
	if strings.TrimSpace(calendar) == "" {
		return cmdutil.UsageErrorf("--calendar ID|NAME is required")
	}
	return nil
}

// exactArgs wants n arguments, named what in the message; a wrong count is
// a usage error.
func exactArgs(n int, what string) cobra.PositionalArgs {
	return func(cmd *cobra.Command, args []string) error {
		if len(args) != n {
			return cmdutil.UsageErrorf("%s takes %s, %d given", cmd.CommandPath(), what, len(args))
		}
		return nil
	}
}

// noArgs refuses any argument.
func noArgs(cmd *cobra.Command, args []string) error {
	if len(args) > 0 {
		return cmdutil.UsageErrorf("%s takes no arguments, %q given", cmd.CommandPath(), args[0])
	}
	return nil
}

// oneEntry checks the --calendar and WEATHER_ID of a command on one entry.
func oneEntry(calendar, arg string) (int, error) {
	if err := requireCalendar(calendar); err != nil {
		return 0, err
	}
	return parseWeatherID(arg)
}

// parseWeatherID reads a WEATHER_ID argument.
func parseWeatherID(arg string) (int, error) {
	id, err := strconv.Atoi(arg)
	if err != nil || id <= 0 {
		return 0, cmdutil.UsageErrorf("%q is not a weather id: ids are positive whole numbers", arg)
	}
	return id, nil
}

// contextOf is the command's context, never nil (a command run outside
// Execute, as in some tests, has none).
func contextOf(cmd *cobra.Command) context.Context {
	if ctx := cmd.Context(); ctx != nil {
		return ctx
	}
	return context.Background()
}

// quiet reports whether -q silenced the messages on stderr.
func quiet(f *cmdutil.Factory) bool { return f.Globals != nil && f.Globals.Quiet }

// connect returns the client and the --calendar it names: its id, and the
// record when a name lookup already fetched it.
func connect(ctx context.Context, f *cmdutil.Factory, calendar string) (*client.Client, int, *client.Calendar, error) {
	c, err := f.Client()
	if err != nil {
		return nil, 0, nil, err
	}
	id, cal, err := cmdutil.ResolveCalendar(ctx, c, calendar)
	if err != nil {
		return nil, 0, nil, err
	}
	return c, id, cal, nil
}

// resolveCalendarRecord resolves an ID|NAME argument to the calendar record,
// for the date check. A name was looked up with a list request that already
// holds the record; only an id costs one GET.
func resolveCalendarRecord(ctx context.Context, c *client.Client, arg string) (*client.Calendar, error) {
	id, cal, err := cmdutil.ResolveCalendar(ctx, c, arg)
	if err != nil || cal != nil {
		return cal, err
	}
	cal, err = c.GetCalendar(ctx, id)
	if err != nil {
		return nil, fmt.Errorf("reading calendar %d to check the date: %w", id, err)
	}
	return cal, nil
}
