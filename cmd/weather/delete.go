package weather

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/spf13/cobra"
)

// DeleteOptions are the inputs of `kanka weather delete`.
type DeleteOptions struct {
	Factory *cmdutil.Factory
	Context context.Context

	Calendar   string
	WeatherIDs []int
	// Yes agrees to the deletion without asking (so does the global --yes).
	Yes bool
}

// NewCmdDelete builds `kanka weather delete`. runF replaces deleteRun in tests.
func NewCmdDelete(f *cmdutil.Factory, runF func(*DeleteOptions) error) *cobra.Command {
	opts := &DeleteOptions{Factory: f}
	cmd := &cobra.Command{
		Use:   "delete --calendar ID|NAME WEATHER_ID...",
		Short: "Delete weather entries",
		Long: `Delete weather entries. On a terminal you are asked first; without one,
--yes is required. The entries are deleted in order; the first failure stops
the command, which says what was deleted.`,
		Example: `  kanka weather delete --calendar "Calendar of Harptos" 41
  kanka weather list --calendar 5 --year 1491 -o id | xargs kanka weather delete --calendar 5 --yes`,
		Aliases: []string{"rm"},
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 {
				return cmdutil.UsageErrorf("%s takes one or more WEATHER_IDs", cmd.CommandPath())
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Context = contextOf(cmd)
			if err := requireCalendar(opts.Calendar); err != nil {
				return err
			}
			opts.WeatherIDs = nil
			for _, arg := range args {
				id, err := parseWeatherID(arg)
				if err != nil {
					return err
				}
				// An id given twice is deleted once, not reported as
				// missing the second time.
				if !slices.Contains(opts.WeatherIDs, id) {
					opts.WeatherIDs = append(opts.WeatherIDs, id)
				}
			}
			if runF != nil {
				return runF(opts)
			}
			return deleteRun(opts)
		},
	}
	addCalendarFlag(cmd, &opts.Calendar)
	return cmd
}

func deleteRun(opts *DeleteOptions) error {
	// Asked first, before any request: without a terminal or --yes nothing
	// is sent at all.
	ok, err := cmdutil.ConfirmDestructive(opts.Factory, opts.Yes, deleteQuestion(opts.Calendar, opts.WeatherIDs))
	if err != nil {
		return err
	}
	if !ok {
		fmt.Fprintln(opts.Factory.IO.ErrOut, "nothing was deleted")
		return cmdutil.ErrSilent
	}
	c, calendarID, _, err := connect(opts.Context, opts.Factory, opts.Calendar)
	if err != nil {
		return err
	}
	var deleted []string
	for _, id := range opts.WeatherIDs {
		if err := c.DeleteWeather(opts.Context, calendarID, id); err != nil {
			// Said here rather than wrapped into err, as in create.
			if len(opts.WeatherIDs) > 1 {
				fmt.Fprintf(opts.Factory.IO.ErrOut, "deleted %d of %d%s; deleting weather %d failed:\n",
					len(deleted), len(opts.WeatherIDs), listed(deleted), id)
			}
			return err
		}
		deleted = append(deleted, strconv.Itoa(id))
		if !quiet(opts.Factory) {
			fmt.Fprintf(opts.Factory.IO.ErrOut, "deleted weather %d\n", id)
		}
	}
	return nil
}

// deleteQuestion is "delete weather 41 of calendar Harptos": the prompt
// adds " [y/N]", the refusal without a terminal " needs confirmation" (the
// wording of calendar delete).
func deleteQuestion(calendar string, ids []int) string {
	if len(ids) == 1 {
		return fmt.Sprintf("delete weather %d of calendar %s", ids[0], calendar)
	}
	names := make([]string, len(ids))
	for i, id := range ids {
		names[i] = strconv.Itoa(id)
	}
	return fmt.Sprintf("delete %d weather entries (%s) of calendar %s", len(ids), strings.Join(names, ", "), calendar)
}

// listed is " (41, 42)", or "" for none.
func listed(ids []string) string {
	if len(ids) == 0 {
		return ""
	}
	return " (" + strings.Join(ids, ", ") + ")"
}
