// Package calendar holds the `kanka calendar` commands.
package calendar

import (
	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/spf13/cobra"
)

// NewCmdCalendar builds `kanka calendar` and its verbs.
func NewCmdCalendar(f *cmdutil.Factory) *cobra.Command {
	cmd := &cobra.Command{
		Use:     "calendar <command>",
		Aliases: []string{"calendars", "cal"},
		Short:   "Manage calendars",
	}
	cmd.SetFlagErrorFunc(flagUsageError)
	cmd.AddCommand(
		NewCmdList(f, nil),
		NewCmdGet(f, nil),
		NewCmdCreate(f, nil),
		NewCmdUpdate(f, nil),
		NewCmdDelete(f, nil),
		NewCmdShow(f, nil),
		NewCmdAdvance(f, nil),
		NewCmdRetreat(f, nil),
	)
	for _, verb := range cmd.Commands() {
		if verb.Name() != "list" && verb.Name() != "create" {
			verb.ValidArgsFunction = cmdutil.CalendarCompletion(f)
		}
	}
	return cmd
}
