// Package weather holds the `kanka weather` commands.
package weather

import (
	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/spf13/cobra"
)

// NewCmdWeather builds `kanka weather` and its verbs.
func NewCmdWeather(f *cmdutil.Factory) *cobra.Command {
	return &cobra.Command{Use: "weather", Aliases: []string{"weathers"}, Short: "Manage the weather of a calendar"}
}
