package profilecmd

import (
	"fmt"
	"slices"
	"strings"

	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/cmd/profile"
	"github.com/kanka-cli/kanka/output"
	"github.com/spf13/cobra"
)

func newCmdDelete(f *cmdutil.Factory, resolve func() (*profile.Resolved, error), runF func(*Options) error) *cobra.Command {
	opts := &Options{F: f, Resolve: resolve}
	return &cobra.Command{
		Use:     "delete NAME...",
		Aliases: []string{"rm"},
		Short:   "Delete profiles from the configuration file",
		Long: `Delete profiles, their tokens included, from the configuration file; the
rest of the file stays as written, comments included. Asks on a terminal;
without one it needs --yes. Deleting the active profile leaves none active:
commands then use "default" until ` + "`kanka config use NAME`" + ` makes another one active.`,
		Example: `  kanka -p rehearsal config set sandbox true   # creates the profile rehearsal
  kanka profile delete rehearsal
  kanka profile delete rehearsal --yes`,
		Args:              cobra.MinimumNArgs(1),
		Annotations:       output.TextOnly("profile delete prints only messages").Annotations(),
		ValidArgsFunction: completeNames(resolve),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Ctx, opts.Names = cmd.Context(), dedupe(args)
			return cmdutil.RunOr(runF, deleteRun)(opts)
		},
	}
}

func deleteRun(opts *Options) error {
	r, err := opts.Resolve()
	if err != nil {
		return err
	}
	// An unknown name is refused before the question: there is nothing to
	// confirm. Checked again under the lock, where another kanka may have
	// deleted it meanwhile.
	if err := r.File.CheckKnown(opts.Names...); err != nil {
		return &cmdutil.UsageError{Err: err}
	}
	what := "profile " + quoted(opts.Names)
	if len(opts.Names) > 1 {
		what = "profiles " + quoted(opts.Names)
	}
	err = cmdutil.ConfirmDestructive(opts.F, "deleting "+what, func() (string, error) {
		return fmt.Sprintf("Delete %s%s from %s?", what, tokens(r.File, opts.Names), r.File.Path()), nil
	})
	if err != nil {
		return err
	}
	cleared := false
	err = profile.Update(opts.Ctx, r.File.Path(), func(f *profile.File) error {
		var refused error
		cleared, refused = f.Delete(opts.Names...)
		return refused
	})
	switch {
	case profile.IsInvalidValue(err):
		return &cmdutil.UsageError{Err: err}
	case profile.IsKeyringLeft(err):
		// The file was saved: the profiles are gone; only a token the
		// system keyring would not give up is left, which is worth a
		// warning, not a failure.
		fmt.Fprintf(opts.F.IO.ErrOut, "warning: %v\n", err)
	case err != nil:
		return err
	}
	for _, name := range opts.Names {
		cmdutil.Say(opts.F, "deleted profile %q", name)
	}
	if cleared {
		cmdutil.Say(opts.F, "No profile is active now: commands use %q unless -p or KANKA_PROFILE names another; `kanka config use NAME` makes one active.", profile.DefaultName)
	}
	return nil
}

// tokens is " (with its token)" when a profile to delete holds a token,
// so that the question says a login goes too.
func tokens(f *profile.File, names []string) string {
	n := 0
	for _, name := range names {
		if f.Get(name).HasToken() {
			n++
		}
	}
	switch {
	case n == 0:
		return ""
	case len(names) == 1:
		return " (with its token)"
	}
	return " (with their tokens)"
}

// quoted is "a", "a" and "b", or "a", "b" and "c".
func quoted(names []string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = fmt.Sprintf("%q", n)
	}
	if len(q) == 1 {
		return q[0]
	}
	return strings.Join(q[:len(q)-1], ", ") + " and " + q[len(q)-1]
}

// dedupe drops a name given twice: it is deleted once.
func dedupe(names []string) []string {
	var out []string
	for _, n := range names {
		if !slices.Contains(out, n) {
			out = append(out, n)
		}
	}
	return out
}
