package root

import (
	"errors"
	"fmt"
	"strings"

	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/internal/suggest"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// flagError is what a flag cobra could not parse ends with: a usage error
// (exit 2) and, for an unknown flag, the nearest flag of the command, as
// a mistyped command gets the nearest command: `--limt` says "did you
// mean --limit?". A value the flag cannot take is said alone; an unknown
// flag, or one without its value, points to --help.
func flagError(c *cobra.Command, err error) error {
	var value *pflag.InvalidValueError
	if errors.As(err, &value) {
		return &cmdutil.UsageError{Err: cmdutil.FlagValueError(err)}
	}
	name, unknown := strings.CutPrefix(err.Error(), "unknown flag: --")
	if !unknown {
		return usageError(err)
	}
	if near, ok := suggest.Nearest(name, flagNames(c)); ok {
		return usageError(fmt.Errorf("%w; did you mean --%s?", err, near))
	}
	return usageError(err)
}

// flagNames are the long names of the flags c takes, its own and the
// global ones, hidden ones left out.
func flagNames(c *cobra.Command) []string {
	var names []string
	add := func(f *pflag.Flag) {
		if !f.Hidden {
			names = append(names, f.Name)
		}
	}
	c.LocalFlags().VisitAll(add)
	c.InheritedFlags().VisitAll(add)
	return names
}
