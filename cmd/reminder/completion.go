package reminder

import (
	"strconv"
	"strings"

	"github.com/kanka-cli/kanka/almanac"
	"github.com/kanka-cli/kanka/cmd/calendar"
	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/spf13/cobra"
)

// completeID completes a reminder ID with the reminders the local cache
// holds (of the calendar --calendar names, by id, when it is one), each
// with its date and comment ("12\t1492-7-1 Midsummer feast"); no request.
func (r *reminders) completeID(cmd *cobra.Command, _ []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
	calendarID, _ := strconv.Atoi(cmd.Flag("calendar").Value.String())
	var out []cobra.Completion
	for _, rm := range r.f.LocalCache().KnownReminders() {
		id := strconv.Itoa(rm.ID)
		if strings.HasPrefix(id, toComplete) && (calendarID == 0 || cmdutil.Deref(rm.CalendarID) == calendarID) {
			out = append(out, cobra.CompletionWithDesc(id, rm.Date().String()+" "+cmdutil.Deref(rm.Comment)))
		}
	}
	return out, cobra.ShellCompDirectiveNoFileComp
}

// completeRepeat completes --repeat: year, month, and each moon of the
// calendar --calendar names with each phase ("Selûne:full"), the
// calendar as calendar.CompletionCalendar finds it.
func completeRepeat(f *cmdutil.Factory) cobra.CompletionFunc {
	return func(cmd *cobra.Command, _ []string, _ string) ([]cobra.Completion, cobra.ShellCompDirective) {
		out := []cobra.Completion{"year", "month"}
		arg := cmd.Flag("calendar").Value.String()
		if arg == "" {
			return out, cobra.ShellCompDirectiveNoFileComp
		}
		c, ctx, cancel, err := cmdutil.ForCompletion(f, cmd)
		if err != nil {
			return out, cobra.ShellCompDirectiveNoFileComp
		}
		defer cancel()
		cal, err := calendar.CompletionCalendar(ctx, f, c, arg)
		if err != nil {
			cmdutil.CompletionTrouble(err)
			return out, cobra.ShellCompDirectiveNoFileComp
		}
		for _, m := range cal.Moons {
			for p := almanac.PhaseFull; p <= almanac.PhaseWaxingGibbous; p++ {
				out = append(out, m.Name+":"+p.String())
			}
		}
		return out, cobra.ShellCompDirectiveNoFileComp
	}
}
