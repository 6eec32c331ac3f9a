package calendar

import (
	"context"

	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/spf13/cobra"
)

// GetOptions are the parsed arguments of `calendar get`.
type GetOptions struct {
	Factory *cmdutil.Factory
	Ctx     context.Context
	// Calendar is the ID|NAME argument.
	Calendar string
}

// NewCmdGet builds `calendar get`; runF replaces getRun in tests.
func NewCmdGet(f *cmdutil.Factory, runF func(*GetOptions) error) *cobra.Command {
	opts := &GetOptions{Factory: f}
	return &cobra.Command{
		Use:   "get ID|NAME",
		Short: "Show one calendar",
		Long:  "Show one calendar. A number is an id; anything else is looked up by exact name.",
		Example: `  kanka calendar get 12
  kanka calendar get "Calendar of Harptos"
  kanka calendar get 12 -o yaml > harptos.yaml`,
		Args: argsUsage(1, 1, "takes one calendar id or name"),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Calendar, opts.Ctx = args[0], cmd.Context()
			if runF != nil {
				return runF(opts)
			}
			return getRun(opts)
		},
	}
}

func getRun(opts *GetOptions) error {
	f := opts.Factory
	printer, err := newPrinter(f)
	if err != nil {
		return err
	}
	c, err := f.Client()
	if err != nil {
		return err
	}
	id, found, err := cmdutil.ResolveCalendar(opts.Ctx, c, opts.Calendar)
	if err != nil {
		return err
	}
	if found == nil {
		// An id: the lookup cost nothing, fetch the record now.
		if found, err = c.GetCalendar(opts.Ctx, id); err != nil {
			return err
		}
	}
	return printer.PrintOne(found, calendarKind)
}
