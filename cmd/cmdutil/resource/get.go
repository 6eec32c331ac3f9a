package resource

import (
	"context"
	"strings"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/output"
	"github.com/spf13/cobra"
)

// NewGetCmd builds `<noun> get ARG`: one record, in the -o format.
func NewGetCmd[T output.Record](f *cmdutil.Factory, s *Spec[T]) *cobra.Command {
	var parent string
	return s.command("get", s.Arg, s.GetHelp.or("Show one "+s.one()), cobra.ExactArgs(1), &parent, func(cmd *cobra.Command, args []string) error {
		ctx := Context(cmd)
		p, c, scope, err := s.begin(ctx, f, parent)
		if err != nil {
			return err
		}
		record, err := s.fetch(ctx, c, scope, args[0])
		if err != nil {
			return err
		}
		kind, err := s.kind(ctx, c, p, scope)
		if err != nil {
			return err
		}
		return p.PrintOne(record, kind)
	})
}

// command is the cobra command of a verb: `<verb> [--calendar ID|NAME
// ]<rest>`, its help and number of arguments. The parent flag, when the
// resource has one, is registered here, bound to parent. A verb whose rest
// starts with the record argument completes it (Complete); any other
// completes nothing, not even file names. run is called once every
// argument passed its check, before any request.
func (s *Spec[T]) command(verb, rest string, h Help, args cobra.PositionalArgs, parent *string, run func(cmd *cobra.Command, args []string) error) *cobra.Command {
	cmd := &cobra.Command{
		Use: strings.TrimSpace(verb + " " + s.parentUse(rest) + rest), Short: h.Short, Long: h.Long, Example: h.Example,
		Args:              args,
		ValidArgsFunction: cobra.NoFileCompletions,
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := s.checkArgs(args); err != nil {
				return err
			}
			return run(cmd, args)
		},
	}
	if s.Complete != nil && s.namesRecord(rest) {
		cmd.ValidArgsFunction = s.Complete
	}
	if s.Parent != nil {
		s.Parent.addFlag(cmd, parent, !s.namesRecord(rest) || s.Parent.Optional == "")
	}
	return cmd
}

// namesRecord reports whether a verb whose Use ends with rest names a
// record: get, update, delete.
func (s *Spec[T]) namesRecord(rest string) bool { return strings.HasPrefix(rest, s.Arg) }

// parentUse is "--calendar ID|NAME " for a child, "[--calendar ID|NAME] "
// where it is optional, "" otherwise.
func (s *Spec[T]) parentUse(rest string) string {
	if s.Parent == nil {
		return ""
	}
	use := "--" + s.Parent.Flag + " " + s.Parent.arg()
	if s.Parent.Optional != "" && s.namesRecord(rest) {
		return "[" + use + "] "
	}
	return use + " "
}

// checkArgs checks every argument, before any request.
func (s *Spec[T]) checkArgs(args []string) error {
	for _, a := range args {
		if err := s.checkArg(a); err != nil {
			return err
		}
	}
	return nil
}

// fetch is the record arg names: the lookup's, or one GET.
func (s *Spec[T]) fetch(ctx context.Context, c *client.Client, scope *Scope, arg string) (T, error) {
	ref, err := s.lookup(ctx, c, scope.ParentID, arg)
	if err == nil && !ref.Known {
		ref.Record, err = s.Get(ctx, c, scope.ParentID, ref.ID)
	}
	return ref.Record, err
}
