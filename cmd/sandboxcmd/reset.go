package sandboxcmd

import (
	"fmt"

	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/internal/cache"
	"github.com/kanka-cli/kanka/output"
	"github.com/kanka-cli/kanka/sandbox"
	"github.com/spf13/cobra"
)

// ResetOptions are the settings of `kanka sandbox reset`.
type ResetOptions struct {
	IO       *cmdutil.IOStreams
	DataPath string
}

// NewCmdReset builds `kanka sandbox reset`. runF replaces the run function
// in tests of flag parsing.
func NewCmdReset(f *cmdutil.Factory, runF func(*ResetOptions) error) *cobra.Command {
	opts := &ResetOptions{IO: f.IO}
	cmd := &cobra.Command{
		Use:   "reset",
		Short: "Empty the sandbox's state",
		Long: `Delete every record of the sandbox's state file (calendars, weather,
reminders, entities): by
default the one 'kanka --sandbox' uses (--sandbox-data, KANKA_SANDBOX_DATA,
else $XDG_DATA_HOME/kanka/sandbox.json). Ids keep counting from where they
were, so an id from before the reset never names a new record.

A damaged state file is emptied too (its ids start again from 1); a file
that is not a sandbox state file is left untouched (exit 2).`,
		Example: `  kanka sandbox reset
  kanka sandbox reset --data ./rehearsal.json`,
		Args:        cobra.NoArgs,
		Annotations: output.TextOnly("sandbox reset prints only a message").Annotations(),
		RunE: func(cmd *cobra.Command, _ []string) error {
			if opts.DataPath == "" && f.Globals != nil {
				opts.DataPath = f.Globals.SandboxData
			}
			if opts.DataPath == "" {
				opts.DataPath = sandbox.DefaultDataPath()
			}
			return cmdutil.RunOr(runF, resetRun)(opts)
		},
	}
	cmd.Flags().StringVar(&opts.DataPath, "data", "", "the state `FILE` to empty (default: the --sandbox state file)")
	return cmd
}

func resetRun(opts *ResetOptions) error {
	damaged, err := sandbox.Reset(opts.DataPath)
	if err != nil {
		return err
	}
	// The cache's copy of the emptied state is no copy of anything (and a
	// damaged state's ids start again).
	if root, err := cache.Root(); err == nil {
		if err := cache.ForgetHost(root, cache.SandboxHost(opts.DataPath)); err != nil {
			fmt.Fprintf(opts.IO.ErrOut, "warning: the cache of this sandbox could not be emptied (%v): run 'kanka cache clear'\n", err)
		}
	}
	if damaged {
		fmt.Fprintf(opts.IO.ErrOut, "Sandbox state emptied: %s (it was damaged, so ids start again from 1)\n", opts.DataPath)
		return nil
	}
	fmt.Fprintf(opts.IO.ErrOut, "Sandbox state emptied: %s\n", opts.DataPath)
	return nil
}
