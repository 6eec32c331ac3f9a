// Package cachecmd holds `kanka cache`: where the local cache is, and
// emptying it.
package cachecmd

import (
	"fmt"

	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/internal/cache"
	"github.com/kanka-cli/kanka/output"
	"github.com/spf13/cobra"
)

// NewCmdCache builds `kanka cache` and its verbs.
func NewCmdCache(f *cmdutil.Factory) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "cache <command>",
		Short: "Show or empty the local cache",
		Long: `kanka keeps a copy of what it read of a campaign (its calendars, and the
weather of each calendar) under $XDG_CACHE_HOME/kanka, one folder a profile,
host and campaign, so that a command asks the service only for what changed.
The copy never holds the token; emptying it loses nothing but requests.
--no-cache (or KANKA_NO_CACHE=1) leaves it alone for one run.`,
		Example: `  kanka cache dir
  kanka cache clear`,
	}
	cmd.AddCommand(newCmdDir(f), newCmdClear(f))
	return cmd
}

func newCmdDir(f *cmdutil.Factory) *cobra.Command {
	return &cobra.Command{
		Use:         "dir",
		Short:       "Print the folder of the cache",
		Annotations: output.TextOnly("cache dir prints the folder's path").Annotations(),
		Example: `  kanka cache dir
  du -sh "$(kanka cache dir)"`,
		Args: cobra.NoArgs,
		RunE: func(*cobra.Command, []string) error {
			root, err := cache.Root()
			if err != nil {
				return fmt.Errorf("no cache folder: %w", err)
			}
			_, err = fmt.Fprintln(f.IO.Out, root)
			return err
		},
	}
}

func newCmdClear(f *cmdutil.Factory) *cobra.Command {
	return &cobra.Command{
		Use:         "clear",
		Short:       "Empty the cache of every profile and campaign",
		Annotations: output.TextOnly("cache clear prints only a message").Annotations(),
		Long: `Empty the cache: the copies of every profile, host and campaign. The next
command of each reads what it needs from the service again.`,
		Example: `  kanka cache clear`,
		Args:    cobra.NoArgs,
		RunE: func(*cobra.Command, []string) error {
			root, err := cache.Root()
			if err != nil {
				return fmt.Errorf("no cache folder: %w", err)
			}
			if err := cache.Clear(root); err != nil {
				return fmt.Errorf("emptying the cache %s: %w", root, err)
			}
			cmdutil.Say(f, "emptied the cache %s", root)
			return nil
		},
	}
}
