package reminder

import (
	"slices"
	"strconv"

	"github.com/kanka-cli/kanka/almanac"
	"github.com/kanka-cli/kanka/cmd/calendar"
	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/cmd/cmdutil/resource"
	"github.com/spf13/cobra"
)

// completeID completes a reminder ID with the reminders the local cache
// holds (of the calendar --calendar names, by id, when it is one), each
// with its date and comment ("12\t1492-7-1 Midsummer feast"); no request.
func (r *reminders) completeID() cobra.CompletionFunc {
	return resource.CompleteIDs(func(cmd *cobra.Command) ([]reminder, error) {
		calendarID, _ := strconv.Atoi(cmd.Flag("calendar").Value.String())
		return slices.DeleteFunc(r.f.LocalCache().KnownReminders(), func(rm reminder) bool {
			return calendarID != 0 && cmdutil.Deref(rm.CalendarID) != calendarID
		}), nil
	}, func(rm reminder) string { return rm.Date().String() + " " + cmdutil.Deref(rm.Comment) })
}

// completeRepeat completes --repeat: year, month, and each moon of the
// calendar --calendar names with each phase ("Selûne:full"), the
// calendar as calendar.CompletionCalendar finds it.
func completeRepeat(f *cmdutil.Factory) cobra.CompletionFunc {
	return func(cmd *cobra.Command, _ []string, _ string) ([]cobra.Completion, cobra.ShellCompDirective) {
		out := []cobra.Completion{"year", "month"}
		if cal := calendar.CompletionCalendarOf(f, cmd, cmd.Flag("calendar").Value.String()); cal != nil {
			for _, m := range cal.Moons {
				for p := almanac.PhaseFull; p <= almanac.PhaseWaxingGibbous; p++ {
					out = append(out, m.Name+":"+p.String())
				}
			}
		}
		return out, cobra.ShellCompDirectiveNoFileComp
	}
}
