package auth

import (
	"os"

	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/spf13/cobra"
)

// LogoutOptions are the inputs of `kanka auth logout`.
type LogoutOptions struct {
	F    *cmdutil.Factory
	Deps Deps
}

// NewCmdLogout builds `kanka auth logout`; runF replaces the run in tests.
func NewCmdLogout(f *cmdutil.Factory, deps Deps, runF func(*LogoutOptions) error) *cobra.Command {
	opts := &LogoutOptions{F: f, Deps: deps}
	return &cobra.Command{
		Use:   "logout",
		Short: "Remove the token from the profile",
		Long:  "Remove the token from the profile (the active one, or -p NAME); its other settings stay.",
		Args:  cobra.NoArgs,
		RunE: func(*cobra.Command, []string) error {
			if runF != nil {
				return runF(opts)
			}
			return logoutRun(opts)
		},
	}
}

func logoutRun(opts *LogoutOptions) error {
	r, err := opts.Deps.Resolve()
	if err != nil {
		return err
	}
	p := r.Profile()
	if p == nil || p.Token == "" {
		notice(opts.F, "Profile %q holds no token.", r.ProfileName)
	} else {
		p.Token = ""
		if err := r.File.Save(); err != nil {
			return err
		}
		notice(opts.F, "Removed the token from profile %q of %s.", r.ProfileName, r.File.Path())
	}
	if os.Getenv("KANKA_TOKEN") != "" {
		notice(opts.F, "KANKA_TOKEN is still set in the environment and is used before any profile.")
	}
	return nil
}
