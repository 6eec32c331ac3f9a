// Package auth holds `kanka auth`: log in (save a checked token), show the
// state of the token, log out.
package auth

import (
	"context"
	"fmt"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/cmd/profile"
	"github.com/spf13/cobra"
)

// Deps are what the auth commands need beyond the Factory: the run's
// resolved settings, and a client for settings they change (the token being
// logged in). The root command hands them over; tests swap them.
type Deps struct {
	Resolve   func() (*profile.Resolved, error)
	NewClient func(*profile.Resolved) (*client.Client, error)
}

// NewCmdAuth builds `kanka auth` and its verbs.
func NewCmdAuth(f *cmdutil.Factory, deps Deps) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "auth <command>",
		Short: "Log in, check the token, log out",
		Long: `Save the API token of a Kanka account for a profile (in the system keyring
where there is one, else in the configuration file), check it, or remove it.
Create a personal access token in Kanka under Settings > API; it lasts a year,
and kanka warns in its last 14 days.`,
		Example: `  kanka auth login -c 12345
  kanka auth status
  kanka -p work auth logout`,
	}
	cmd.AddCommand(
		NewCmdLogin(f, deps, nil),
		NewCmdStatus(f, deps, nil),
		NewCmdLogout(f, deps, nil),
	)
	return cmd
}

// checkToken spends one request (the first page of calendars) to learn
// whether the client's token opens the campaign.
func checkToken(ctx context.Context, c *client.Client) error {
	_, err := c.ListCalendars(ctx, &client.ListOptions{Page: 1})
	return err
}

// notice prints a message on stderr unless --quiet.
func notice(f *cmdutil.Factory, format string, args ...any) {
	if !f.Globals.Quiet {
		fmt.Fprintf(f.IO.ErrOut, format+"\n", args...)
	}
}
