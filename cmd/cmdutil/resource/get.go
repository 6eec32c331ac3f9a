package resource

import (
	"context"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/output"
	"github.com/spf13/cobra"
)

// NewGetCmd builds `<noun> get ARG`: one record, in the -o format.
func NewGetCmd[T output.Record](f *cmdutil.Factory, s *Spec[T]) *cobra.Command {
	var parent *parentFlag
	cmd := s.command("get "+s.parentUse()+s.Arg, s.GetHelp, cobra.ExactArgs(1), func(cmd *cobra.Command, args []string) error {
		ctx := Context(cmd)
		p, c, scope, err := s.begin(ctx, f, parent.value)
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
	cmd.ValidArgsFunction = s.Complete
	parent = s.addParentFlag(cmd)
	return cmd
}

// command is the cobra command of a verb: its use line and help, the
// number of arguments, and run called once every argument passed CheckArg,
// before any request.
func (s *Spec[T]) command(use string, h Help, args cobra.PositionalArgs, run func(cmd *cobra.Command, args []string) error) *cobra.Command {
	return &cobra.Command{
		Use: use, Short: h.Short, Long: h.Long, Example: h.Example,
		Args: args,
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := s.checkArgs(args); err != nil {
				return err
			}
			return run(cmd, args)
		},
	}
}

// parentUse is "--calendar ID|NAME " for a child, "" otherwise.
func (s *Spec[T]) parentUse() string {
	if s.Parent == nil {
		return ""
	}
	return "--" + s.Parent.Flag + " ID|NAME "
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
