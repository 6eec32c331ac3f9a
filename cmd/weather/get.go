package weather

import (
	"context"

	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/spf13/cobra"
)

// GetOptions are the inputs of `kanka weather get`.
type GetOptions struct {
	Factory *cmdutil.Factory
	Context context.Context

	Calendar  string
	WeatherID int
}

// NewCmdGet builds `kanka weather get`. runF replaces getRun in tests.
func NewCmdGet(f *cmdutil.Factory, runF func(*GetOptions) error) *cobra.Command {
	opts := &GetOptions{Factory: f}
	cmd := &cobra.Command{
		Use:   "get --calendar ID|NAME WEATHER_ID",
		Short: "Show one weather entry",
		Example: `  kanka weather get --calendar "Calendar of Harptos" 41
  kanka weather get --calendar 5 41 -o yaml > entry.yaml`,
		Args: exactArgs(1, "one WEATHER_ID"),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Context = contextOf(cmd)
			id, err := oneEntry(opts.Calendar, args[0])
			if err != nil {
				return err
			}
			opts.WeatherID = id
			if runF != nil {
				return runF(opts)
			}
			return getRun(opts)
		},
	}
	addCalendarFlag(cmd, &opts.Calendar)
	return cmd
}

func getRun(opts *GetOptions) error {
	printer, err := opts.Factory.Printer()
	if err != nil {
		return err
	}
	c, calendarID, _, err := connect(opts.Context, opts.Factory, opts.Calendar)
	if err != nil {
		return err
	}
	w, err := c.GetWeather(opts.Context, calendarID, opts.WeatherID)
	if err != nil {
		return err
	}
	return printer.PrintOne(w, Kind)
}
