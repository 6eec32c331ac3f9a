// Package calendar holds the `kanka calendar` commands.
package calendar

import (
	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/spf13/cobra"
)

// NewCmdCalendar builds `kanka calendar` and its verbs.
func NewCmdCalendar(f *cmdutil.Factory) *cobra.Command {
	return &cobra.Command{Use: "calendar", Aliases: []string{"calendars", "cal"}, Short: "Manage calendars"}
}
