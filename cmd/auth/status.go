package auth

import (
	"fmt"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/cmd/profile"
	"github.com/spf13/cobra"
)

// StatusOptions are the inputs of `kanka auth status`.
type StatusOptions struct {
	IO   *cmdutil.IOStreams
	Deps Deps
}

// NewCmdStatus builds `kanka auth status`; runF replaces the run in tests.
func NewCmdStatus(f *cmdutil.Factory, deps Deps, runF func(*StatusOptions) error) *cobra.Command {
	opts := &StatusOptions{IO: f.IO, Deps: deps}
	return &cobra.Command{
		Use:   "status",
		Short: "Show the settings in use and whether the token works",
		Long: `Show the profile, URL, campaign and token (masked) in use, where each comes
from, and whether the token works (one request). Exits with 3 when it does not.
The profile line says whether the profile in use is the active one.`,
		Example: `  kanka auth status
  kanka -p work auth status
  kanka --sandbox auth status`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if runF != nil {
				return runF(opts)
			}
			return statusRun(cmd, opts)
		},
	}
}

func statusRun(cmd *cobra.Command, opts *StatusOptions) error {
	r, err := opts.Deps.Resolve()
	if err != nil {
		return err
	}
	out := opts.IO.Out
	fmt.Fprintf(out, "profile:   %s in %s\n", profileAndSource(r), r.File.Path())
	if r.Sandbox {
		fmt.Fprintf(out, "url:       the built-in sandbox (%s)\n", r.Sources["sandbox"])
	} else {
		fmt.Fprintf(out, "url:       %s (%s)\n", client.RedactURL(r.URL), r.Sources["url"])
	}
	fmt.Fprintf(out, "campaign:  %s\n", valueAndSource(r, "campaign", r.Campaign))
	token := ""
	if r.Token != "" {
		token = profile.MaskToken(r.Token)
	}
	fmt.Fprintf(out, "token:     %s\n", valueAndSource(r, "token", token))

	if r.Token == "" && !r.Sandbox {
		fmt.Fprintln(out, "status:    not logged in")
		return &cmdutil.AuthError{Err: fmt.Errorf("no API token for profile %q", r.ProfileName)}
	}
	c, err := opts.Deps.NewClient(r)
	if err != nil {
		return err
	}
	if err := checkToken(cmd.Context(), c); err != nil {
		if client.IsAuth(err) {
			fmt.Fprintln(out, "status:    the token does not work")
		}
		return err
	}
	fmt.Fprintln(out, "status:    the token works")
	return nil
}

// valueAndSource is "value (source)", or "none" when there is no value.
func valueAndSource(r *profile.Resolved, key, value string) string {
	if value == "" {
		if r.Sandbox {
			return "the sandbox's"
		}
		return "none"
	}
	return fmt.Sprintf("%s (%s)", value, r.Sources[key])
}

// profileAndSource is the profile in use and why: "work (active)", or
// "play (flag; the active profile is work)" when -p or KANKA_PROFILE chose
// another than the active one.
func profileAndSource(r *profile.Resolved) string {
	active := r.File.ActiveName()
	if r.ProfileName == active {
		return r.ProfileName + " (active)"
	}
	return fmt.Sprintf("%s (%s; the active profile is %s)", r.ProfileName, r.ProfileSource, active)
}
