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
	cmd := &cobra.Command{
		Use:               "get " + s.parentUse() + s.Arg,
		Short:             s.GetHelp.Short,
		Long:              s.GetHelp.Long,
		Example:           s.GetHelp.Example,
		Args:              cobra.ExactArgs(1),
		ValidArgsFunction: s.Complete,
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := s.checkArgs(args); err != nil {
				return err
			}
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
		},
	}
	parent = s.addParentFlag(cmd)
	return cmd
}

// parentUse is "--calendar ID|NAME " for a child, "" otherwise.
func (s *Spec[T]) parentUse() string {
	if s.Parent == nil {
		return ""
	}
	return "--" + s.Parent.Flag + " ID|NAME "
}

// checkArgs runs CheckArg over every argument, before any request.
func (s *Spec[T]) checkArgs(args []string) error {
	if s.CheckArg == nil {
		return nil
	}
	for _, a := range args {
		if err := s.CheckArg(a); err != nil {
			return err
		}
	}
	return nil
}

// fetch is the record arg names: the lookup's, or one GET.
func (s *Spec[T]) fetch(ctx context.Context, c *client.Client, scope *Scope, arg string) (T, error) {
	ref, err := s.Lookup(ctx, c, scope.ParentID, arg)
	if err == nil && !ref.Known {
		ref.Record, err = s.Get(ctx, c, scope.ParentID, ref.ID)
	}
	return ref.Record, err
}
