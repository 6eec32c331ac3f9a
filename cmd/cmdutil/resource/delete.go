package resource

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/output"
	"github.com/spf13/cobra"
)

// NewDeleteCmd builds `<noun> delete ARG...`. Without --yes it asks on a
// terminal, naming what goes (`Delete calendar 3 "Barovia"?`), and refuses
// without one before any request. Every argument is looked up before
// anything is deleted, so a bad one stops the command with nothing done;
// the records are then deleted in order, and the first failure stops the
// batch and says what was and was not deleted.
func NewDeleteCmd[T output.Record](f *cmdutil.Factory, s *Spec[T]) *cobra.Command {
	var parent *parentFlag
	cmd := s.command("delete "+s.parentUse()+s.Arg+"...", s.DeleteHelp, cobra.MinimumNArgs(1), func(cmd *cobra.Command, args []string) error {
		d := &deletion[T]{f: f, s: s, ctx: Context(cmd), args: dedupe(args), parent: parent}
		return d.run()
	})
	cmd.Aliases = []string{"rm"}
	cmd.ValidArgsFunction = s.Complete
	parent = s.addParentFlag(cmd)
	return cmd
}

// dedupe drops an argument given twice: it is deleted once, not reported
// as missing the second time.
func dedupe(args []string) []string {
	var out []string
	seen := map[string]bool{}
	for _, a := range args {
		if !seen[a] {
			seen[a] = true
			out = append(out, a)
		}
	}
	return out
}

// deletion is one run of delete.
type deletion[T output.Record] struct {
	f      *cmdutil.Factory
	s      *Spec[T]
	ctx    context.Context
	args   []string
	parent *parentFlag

	c        *client.Client
	parentID int
	targets  []Ref[T]
}

func (d *deletion[T]) run() error {
	// Asked (or refused without a terminal) before anything is deleted;
	// the question is built only on a terminal, where one request to name
	// what goes is worth it.
	if err := cmdutil.ConfirmDestructive(d.f, d.action(), d.question); err != nil {
		return err
	}
	if d.targets == nil {
		if err := d.resolve(); err != nil {
			return err
		}
	}
	labels := make([]string, len(d.targets))
	for i, t := range d.targets {
		labels[i] = d.short(t)
	}
	progress := cmdutil.NewProgress(d.f.IO, d.f.Quiet())
	var done []string
	for i, t := range d.targets {
		if len(d.targets) > 1 {
			progress.Show(i+1, len(d.targets), "deleting "+d.s.Noun+" "+labels[i])
		}
		err := d.s.Delete(d.ctx, d.c, d.parentID, t.ID)
		progress.Clear()
		if err != nil {
			if len(d.targets) == 1 {
				return err
			}
			batch := &cmdutil.BatchError{Verb: "deleted", Done: done, Total: len(d.targets),
				Failed: fmt.Sprintf("deleting %s %s", d.s.Noun, labels[i]), Err: err}
			return batch.Report(d.f)
		}
		done = append(done, strconv.Itoa(t.ID))
		if !d.f.Quiet() {
			fmt.Fprintf(d.f.IO.ErrOut, "deleted %s %s\n", d.s.Noun, labels[i])
		}
	}
	return nil
}

// resolve connects, finds the parent and looks every argument up.
func (d *deletion[T]) resolve() error {
	c, scope, err := d.s.connect(d.ctx, d.f, d.parent.value)
	if err != nil {
		return err
	}
	d.c = c
	d.parentID = scope.ParentID
	seen := map[int]bool{}
	targets := []Ref[T]{}
	for _, arg := range d.args {
		ref, err := d.s.Lookup(d.ctx, c, d.parentID, arg)
		if err != nil {
			return fmt.Errorf("nothing was deleted: %w", err)
		}
		if !seen[ref.ID] {
			seen[ref.ID] = true
			targets = append(targets, ref)
		}
	}
	d.targets = targets
	return nil
}

// action names the deletion from the arguments alone, for the refusal
// without a terminal: "delete calendars 12, Harptos".
func (d *deletion[T]) action() string {
	what := d.s.Noun + " " + d.args[0]
	if len(d.args) > 1 {
		what = d.s.Plural + " " + strings.Join(d.args, ", ")
	}
	if d.s.Parent != nil {
		what += " of " + d.s.Parent.Noun + " " + d.parent.value
	}
	return "delete " + what
}

// question names what goes, with one GET for a record the lookup did not
// fetch: `Delete calendar 3 "Barovia"?`, `Delete 2 calendars: 3 "Barovia",
// 4 "Harptos"?`.
func (d *deletion[T]) question() (string, error) {
	if err := d.resolve(); err != nil {
		return "", err
	}
	named := make([]string, len(d.targets))
	for i := range d.targets {
		t := &d.targets[i]
		if !t.Known {
			rec, err := d.s.Get(d.ctx, d.c, d.parentID, t.ID)
			if err != nil {
				return "", fmt.Errorf("nothing was deleted: %w", err)
			}
			t.Record, t.Known = rec, true
		}
		named[i] = strings.TrimSpace(fmt.Sprintf("%d %s", t.ID, d.s.Label(t.Record)))
	}
	q := "Delete " + d.s.Noun + " " + named[0]
	if len(named) > 1 {
		q = fmt.Sprintf("Delete %d %s: %s", len(named), d.s.Plural, strings.Join(named, ", "))
	}
	if d.s.Parent != nil {
		q += " of " + d.s.Parent.Noun + " " + strings.TrimSpace(d.parent.value)
	}
	return q + "?", nil
}

// short is a target in result lines: "12", or `12 (Harptos)` when a name
// lookup gave its name.
func (d *deletion[T]) short(t Ref[T]) string {
	if !t.Known || d.s.Name == nil {
		return strconv.Itoa(t.ID)
	}
	return fmt.Sprintf("%d (%s)", t.ID, d.s.Name(t.Record))
}
