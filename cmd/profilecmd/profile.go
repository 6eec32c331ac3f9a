// Package profilecmd holds `kanka profile`: list the profiles of the
// configuration file, say which one is in use and why, and delete them.
// The file itself is cmd/profile's.
package profilecmd

import (
	"context"
	"fmt"
	"slices"

	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/cmd/profile"
	"github.com/kanka-cli/kanka/output"
	"github.com/spf13/cobra"
)

// Options are the inputs of the profile verbs.
type Options struct {
	F       *cmdutil.Factory
	Resolve func() (*profile.Resolved, error)
	// Ctx ends a wait for the file's lock (Ctrl-C).
	Ctx context.Context
	// Names are the profiles of `profile delete`.
	Names []string
}

// NewCmdProfile builds `kanka profile` and its verbs. resolve gives the
// run's configuration file and profile (the active one, or -p NAME).
func NewCmdProfile(f *cmdutil.Factory, resolve func() (*profile.Resolved, error)) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "profile <command>",
		Short: "List, show and delete the profiles of the configuration file",
		Long: `List the profiles of the configuration file ($KANKA_CONFIG, else
$XDG_CONFIG_HOME/kanka/config.yaml), say which one is in use and what chose
it, or delete some. The profile in use is -p NAME, else $KANKA_PROFILE, else
the file's active one, else "default". ` + "`kanka config use NAME`" + ` makes a
profile the active one; ` + "`kanka config set`" + ` and ` + "`kanka auth login`" + ` create one.`,
		Example: `  kanka profile list
  kanka profile current
  kanka -p rehearsal config set sandbox true   # creates the profile rehearsal
  kanka profile delete rehearsal --yes`,
	}
	cmd.AddCommand(
		newCmdList(f, resolve, nil),
		newCmdCurrent(f, resolve, nil),
		newCmdDelete(f, resolve, nil),
	)
	return cmd
}

// textJSONYAML is what list and current print: text for people (a table,
// a line), or the value as JSON or YAML (--jq and --template over the
// JSON). The root refuses any other -o.
func textJSONYAML(command, text string) output.Supports {
	return output.Supports{
		Says:    fmt.Sprintf("%s prints %s, or -o json or yaml", command, text),
		Formats: []output.Format{output.Table, output.JSON, output.YAML},
	}
}

// completeNames offers the file's profile names, each once.
func completeNames(resolve func() (*profile.Resolved, error)) cobra.CompletionFunc {
	return func(_ *cobra.Command, args []string, _ string) ([]cobra.Completion, cobra.ShellCompDirective) {
		r, err := resolve()
		if err != nil {
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		var names []cobra.Completion
		for _, name := range r.File.Names() {
			if !slices.Contains(args, name) {
				names = append(names, name)
			}
		}
		return names, cobra.ShellCompDirectiveNoFileComp
	}
}
