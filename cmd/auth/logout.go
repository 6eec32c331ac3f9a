package auth

import (
	"context"
	"errors"
	"fmt"
	"os"

	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/cmd/profile"
	"github.com/kanka-cli/kanka/output"
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
		Long: `Remove the token of the profile (the active one, or -p NAME) from the system
keyring and from the configuration file; its other settings stay.`,
		Example: `  kanka auth logout
  kanka -p work auth logout`,
		Args:        cobra.NoArgs,
		Annotations: output.TextOnly("auth logout prints only a message").Annotations(),
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
	if p := r.Profile(); p != nil && p.Keyring != "" && profile.KeyringOff() {
		return cmdutil.UsageErrorf("profile %q keeps its token in the system keyring, which KANKA_NO_KEYRING turns off: unset KANKA_NO_KEYRING to log out", r.ProfileName)
	}
	inKeyring := false
	// Update removes the keyring's entry once the file no longer names it.
	err = profile.Update(ctx, r.File.Path(), func(f *profile.File) error {
		p := f.Get(r.ProfileName)
		if !p.HasToken() {
			return errNoToken
		}
		inKeyring = p.Keyring != ""
		p.Token, p.Keyring = "", ""
		return nil
	})
	switch {
	case errors.Is(err, errNoToken):
		notice(opts.F, "Profile %q holds no token.", r.ProfileName)
	case profile.IsKeyringLeft(err):
		return fmt.Errorf("removed the token from profile %q of %s, but %w", r.ProfileName, r.File.Path(), err)
	case err != nil:
		return err
	case inKeyring:
		notice(opts.F, "Removed the token from the system keyring and from profile %q of %s.", r.ProfileName, r.File.Path())
	default:
		notice(opts.F, "Removed the token from profile %q of %s.", r.ProfileName, r.File.Path())
	}
	if os.Getenv("KANKA_TOKEN") != "" {
		notice(opts.F, "KANKA_TOKEN is still set in the environment and is used before any profile.")
	}
	return nil
}
