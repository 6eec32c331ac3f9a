package calendar

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/spf13/cobra"
)

// DeleteOptions are the parsed arguments and flags of `calendar delete`.
type DeleteOptions struct {
	Factory *cmdutil.Factory
	Ctx     context.Context
	// Calendars are the ID|NAME arguments, in order.
	Calendars []string
	Yes       bool
}

// NewCmdDelete builds `calendar delete`; runF replaces deleteRun in tests.
func NewCmdDelete(f *cmdutil.Factory, runF func(*DeleteOptions) error) *cobra.Command {
	opts := &DeleteOptions{Factory: f}
	cmd := &cobra.Command{
		Use:   "delete ID|NAME...",
		Short: "Delete calendars",
		Long: `Delete calendars and their weather. On a terminal you are asked first;
without a terminal --yes is required.`,
		Example: `  kanka calendar delete 12
  kanka calendar delete 12 13 "Old calendar" --yes`,
		Aliases: []string{"rm"},
		Args:    argsUsage(1, -1, "takes one or more calendar ids or names"),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Calendars, opts.Ctx = args, cmd.Context()
			if runF != nil {
				return runF(opts)
			}
			return deleteRun(opts)
		},
	}
	// The same name and shorthand as the global flag, so `delete -y` works
	// whether or not the root defines it.
	return cmd
}

// target is one calendar to delete; name is known when it was looked up.
type target struct {
	id   int
	name string
}

func (t target) String() string {
	if t.name == "" {
		return strconv.Itoa(t.id)
	}
	return fmt.Sprintf("%d (%s)", t.id, t.name)
}

func deleteRun(opts *DeleteOptions) error {
	f := opts.Factory
	// Ask (or refuse without a terminal) before any request is sent.
	what := "calendar " + opts.Calendars[0]
	if len(opts.Calendars) > 1 {
		what = "calendars " + strings.Join(opts.Calendars, ", ")
	}
	ok, err := cmdutil.ConfirmDestructive(f, opts.Yes, "delete "+what)
	if err != nil {
		return err
	}
	if !ok {
		fmt.Fprintln(f.IO.ErrOut, "cancelled: nothing was deleted")
		return cmdutil.ErrSilent
	}
	c, err := f.Client()
	if err != nil {
		return err
	}
	// Resolve every name first, so a bad one stops before anything is deleted.
	var targets []target
	seen := map[int]bool{}
	for _, arg := range opts.Calendars {
		id, found, err := cmdutil.ResolveCalendar(opts.Ctx, c, arg)
		if err != nil {
			return fmt.Errorf("nothing was deleted: %w", err)
		}
		if seen[id] {
			continue
		}
		seen[id] = true
		t := target{id: id}
		if found != nil {
			t.name = found.Name
		}
		targets = append(targets, t)
	}
	for i, t := range targets {
		if err := c.DeleteCalendar(opts.Ctx, t.id); err != nil {
			return &partialDeleteError{failed: t, deleted: targets[:i], left: targets[i+1:], err: err}
		}
		if !f.Globals.Quiet {
			fmt.Fprintf(f.IO.ErrOut, "deleted calendar %s\n", t)
		}
	}
	return nil
}

// partialDeleteError says which calendar failed and what was and was not
// deleted; it unwraps to the cause, so the exit code follows it.
type partialDeleteError struct {
	failed        target
	deleted, left []target
	err           error
}

func (e *partialDeleteError) Error() string {
	msg := fmt.Sprintf("deleting calendar %s: %v", e.failed, e.err)
	if len(e.deleted) > 0 {
		msg += "\ndeleted: " + joinTargets(e.deleted)
	}
	return msg + "\nnot deleted: " + joinTargets(append([]target{e.failed}, e.left...))
}

func (e *partialDeleteError) Unwrap() error { return e.err }

func joinTargets(ts []target) string {
	s := make([]string, len(ts))
	for i, t := range ts {
		s[i] = t.String()
	}
	return strings.Join(s, ", ")
}
