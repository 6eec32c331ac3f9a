package config

import (
	"fmt"
	"os"

	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/cmd/profile"
	"github.com/kanka-cli/kanka/output"
	"github.com/spf13/cobra"
)

func newCmdUse(f *cmdutil.Factory, resolve func() (*profile.Resolved, error), runF func(*Options) error) *cobra.Command {
	opts := &Options{IO: f.IO, F: f, Resolve: resolve}
	return &cobra.Command{
		Use:   "use NAME",
		Short: "Make a profile the active one",
		Long: `Make a profile the active one: the profile every command uses when neither
-p nor KANKA_PROFILE names another. The profile must exist; create it with
` + "`kanka -p NAME auth login` or `kanka -p NAME config set KEY VALUE`" + `.`,
		Example: `  kanka config use default
  kanka -p rehearsal config set sandbox true && kanka config use rehearsal`,
		Args:        cobra.ExactArgs(1),
		Annotations: output.TextOnly("config use prints only a message").Annotations(),
		ValidArgsFunction: func(_ *cobra.Command, args []string, _ string) ([]cobra.Completion, cobra.ShellCompDirective) {
			if len(args) > 0 {
				return nil, cobra.ShellCompDirectiveNoFileComp
			}
			r, err := resolve()
			if err != nil {
				return nil, cobra.ShellCompDirectiveNoFileComp
			}
			return r.File.Names(), cobra.ShellCompDirectiveNoFileComp
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Ctx, opts.Name = cmd.Context(), args[0]
			return cmdutil.RunOr(runF, useRun)(opts)
		},
	}
}

func useRun(opts *Options) error {
	r, err := opts.Resolve()
	if err != nil {
		return err
	}
	// The name is checked against the file as it is under the lock: a
	// profile another kanka has just added counts.
	err = update(opts.Ctx, r, func(f *profile.File) error { return f.Use(opts.Name) })
	if err != nil {
		return err
	}
	if !opts.F.Globals.Quiet {
		fmt.Fprintf(opts.IO.ErrOut, "The active profile is now %q.\n", opts.Name)
		if env := os.Getenv("KANKA_PROFILE"); env != "" && env != opts.Name {
			fmt.Fprintf(opts.IO.ErrOut, "KANKA_PROFILE=%s is set in the environment and comes before the active profile.\n", env)
		}
	}
	return nil
}
