package auth

import (
	"context"
	"errors"
	"os"

	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/cmd/profile"
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
		Example: `  kanka auth logout
  kanka -p work auth logout`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if runF != nil {
				return runF(opts)
			}
			return logoutRun(cmd.Context(), opts)
		},
	}
}

// errNoToken ends an update that has nothing to remove, leaving the file.
var errNoToken = errors.New("no token")

func logoutRun(ctx context.Context, opts *LogoutOptions) error {
	r, err := opts.Deps.Resolve()
	if err != nil {
		return err
	}
	err = profile.Update(ctx, r.File.Path(), func(f *profile.File) error {
		p := f.Get(r.ProfileName)
		if p == nil || p.Token == "" {
			return errNoToken
		}
		p.Token = ""
		return nil
	})
	switch {
	case errors.Is(err, errNoToken):
		notice(opts.F, "Profile %q holds no token.", r.ProfileName)
	case err != nil:
		return err
	default:
		notice(opts.F, "Removed the token from profile %q of %s.", r.ProfileName, r.File.Path())
	}
	if os.Getenv("KANKA_TOKEN") != "" {
		notice(opts.F, "KANKA_TOKEN is still set in the environment and is used before any profile.")
	}
	return nil
}
