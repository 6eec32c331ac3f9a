package root

import (
	"strings"

	"github.com/spf13/cobra"
)

// newCmdHelp is `kanka help [command]`, in place of cobra's: the help of a
// command or a help topic. A word that names neither is a usage error with
// the nearest name (exit 2), where cobra printed the root's help and
// exited 0, which a script cannot tell from success.
func newCmdHelp() *cobra.Command {
	return &cobra.Command{
		Use:   "help [command]",
		Short: "Help about any command or topic",
		Long: `Help about any command or help topic: the same text as the command's
--help. Alone, it shows kanka's help.`,
		Example: `  kanka help calendar show
  kanka help exit-codes`,
		Args: cobra.ArbitraryArgs,
		ValidArgsFunction: func(c *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
			target, err := helpTarget(c.Root(), args)
			if err != nil {
				return nil, cobra.ShellCompDirectiveNoFileComp
			}
			var names []cobra.Completion
			for _, sub := range target.Commands() {
				if helpable(sub) && strings.HasPrefix(sub.Name(), toComplete) {
					names = append(names, cobra.CompletionWithDesc(sub.Name(), sub.Short))
				}
			}
			return names, cobra.ShellCompDirectiveNoFileComp
		},
		RunE: func(c *cobra.Command, args []string) error {
			target, err := helpTarget(c.Root(), args)
			if err != nil {
				return err
			}
			target.InitDefaultHelpFlag() // listed in the help, as under --help
			return target.Help()
		},
	}
}

// helpTarget is the command or topic the words of `kanka help` name, from
// root down; a word that names none under the one before it is an unknown
// command, with the nearest (unknownSubcommand), whose "--help" hint names
// the group where the choices are.
func helpTarget(root *cobra.Command, words []string) (*cobra.Command, error) {
	target := root
	for _, w := range words {
		next := subcommandNamed(target, w)
		if next == nil {
			return nil, &hintedUsageError{err: unknownSubcommand(target, []string{w}), path: target.CommandPath()}
		}
		target = next
	}
	return target, nil
}

// subcommandNamed is the subcommand of c that word names or is an alias
// of, nil when none is: hidden ones and the help command included, since
// their help exists.
func subcommandNamed(c *cobra.Command, word string) *cobra.Command {
	for _, sub := range c.Commands() {
		if sub.Name() == word || sub.HasAlias(word) {
			return sub
		}
	}
	return nil
}

// helpable reports whether c is offered by `kanka help`: a command that
// is listed, or a help topic.
func helpable(c *cobra.Command) bool {
	return c.IsAvailableCommand() || c.IsAdditionalHelpTopicCommand() || c.Name() == "help"
}

// hintedUsageError is a usage error whose "Run '... --help'" hint names
// path rather than the command that ran: `kanka help calender` points to
// `kanka --help`, where the commands are.
type hintedUsageError struct {
	err  error
	path string
}

func (e *hintedUsageError) Error() string     { return e.err.Error() }
func (e *hintedUsageError) Unwrap() error     { return e.err }
func (e *hintedUsageError) UsagePath() string { return e.path }
