package profilecmd

import (
	"fmt"

	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/cmd/profile"
	"github.com/kanka-cli/kanka/output"
	"github.com/spf13/cobra"
)

func newCmdCurrent(f *cmdutil.Factory, resolve func() (*profile.Resolved, error), runF func(*Options) error) *cobra.Command {
	opts := &Options{F: f, Resolve: resolve}
	return &cobra.Command{
		Use:   "current",
		Short: "Print the name of the profile in use, and what chose it",
		Long: `Print the name of the profile in use on stdout, and on stderr what chose it:
-p, KANKA_PROFILE, the file's active profile, or the default ("default" when
nothing names one). -o json and -o yaml print both as one object, with the
configuration file and whether it holds the profile.`,
		Example: `  kanka profile current
  kanka -p rehearsal profile current
  kanka profile current -o json`,
		Args:        cobra.NoArgs,
		Annotations: textJSONYAML("profile current", "a name").Annotations(),
		RunE: func(*cobra.Command, []string) error {
			return cmdutil.RunOr(runF, currentRun)(opts)
		},
	}
}

// currentProfile is what current prints with -o json or yaml.
type currentProfile struct {
	Name string `json:"name" yaml:"name"`
	// Source is profile.ChosenByFlag, ChosenByEnv, ChosenAsActive or
	// ChosenByDefault.
	Source string `json:"source" yaml:"source"`
	Config string `json:"config" yaml:"config"`
	// Exists is false when the file holds no profile of that name.
	Exists bool `json:"exists" yaml:"exists"`
}

func currentRun(opts *Options) error {
	r, err := opts.Resolve()
	if err != nil {
		return err
	}
	p, err := opts.F.Printer()
	if err != nil {
		return err
	}
	if !p.PrintsText() {
		return output.PrintValue(p, currentProfile{Name: r.ProfileName, Source: r.ProfileChoice(), Config: r.File.Path(), Exists: r.File.Has(r.ProfileName)})
	}
	fmt.Fprintln(opts.F.IO.Out, r.ProfileName)
	cmdutil.Say(opts.F, "%s", chosenBy(r))
	if !r.File.Has(r.ProfileName) {
		cmdutil.Say(opts.F, "%s", r.File.UnknownProfile(r.ProfileName))
	}
	return nil
}

// chosenBy says what chose the profile in use, and names the active one
// when -p or KANKA_PROFILE chose another.
func chosenBy(r *profile.Resolved) string {
	var by string
	switch r.ProfileChoice() {
	case profile.ChosenByFlag:
		by = "chosen by -p"
	case profile.ChosenByEnv:
		by = "chosen by KANKA_PROFILE"
	case profile.ChosenAsActive:
		return fmt.Sprintf("the active profile of %s", r.File.Path())
	default:
		return fmt.Sprintf("the default: %s names no active profile", r.File.Path())
	}
	if active := r.File.ActiveName(); active != r.ProfileName {
		return fmt.Sprintf("%s; the active profile of %s is %q", by, r.File.Path(), active)
	}
	return by
}
