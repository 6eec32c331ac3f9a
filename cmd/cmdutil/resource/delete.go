package resource

import (
	"context"
	"errors"
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
// anything is deleted, so a bad one (malformed, ambiguous, or a lookup
// that fails) stops the command with nothing done; the records are then
// deleted in order, and the first failure stops the batch and says what
// was and was not deleted. Of several arguments, one that names no record
// (found missing by its lookup, its read or its DELETE) is said and
// skipped, the others are deleted, and the command ends with a
// NotFoundError (exit 4) naming what was missing.
func NewDeleteCmd[T output.Record](f *cmdutil.Factory, s *Spec[T]) *cobra.Command {
	var parent string
	cmd := s.command("delete", s.Arg+"...", s.DeleteHelp.or("Delete "+s.Plural), cobra.MinimumNArgs(1), &parent, func(cmd *cobra.Command, args []string) error {
		d := &deletion[T]{f: f, s: s, ctx: Context(cmd), args: dedupe(args), parent: parent}
		return d.run()
	})
	cmd.Aliases = []string{"rm"}
	cmd.Annotations = output.TextOnly(s.Noun + " delete prints nothing (what it deletes is said on stderr)").Annotations()
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
	parent string

	c        *client.Client
	parentID int
	resolved bool
	targets  []Ref[T]
	// missing names each argument found to name no record, in order ("999",
	// `"Old calendar"`, "12 (Harptos)"); missingBefore counts those found
	// before any DELETE (by a lookup or a read), which are not targets.
	missing       []string
	missingBefore int
}

func (d *deletion[T]) run() error {
	// Asked (or refused without a terminal) before anything is deleted;
	// the question is built only on a terminal, where one request to name
	// what goes is worth it.
	if err := cmdutil.ConfirmDestructive(d.f, d.action(), d.question); err != nil {
		return err
	}
	if !d.resolved {
		if err := d.resolve(); err != nil {
			return err
		}
	}
	labels := make([]string, len(d.targets))
	for i, t := range d.targets {
		labels[i] = d.short(t)
	}
	total := len(d.targets) + d.missingBefore
	progress := cmdutil.NewProgress(d.f.IO, d.f.Quiet())
	var done []string
	for i, t := range d.targets {
		if len(d.targets) > 1 {
			progress.Show(i+1, len(d.targets), "deleting "+d.s.Noun+" "+labels[i])
		}
		err := d.s.Delete(d.ctx, d.c, d.parentID, t.ID)
		progress.Clear()
		if err != nil && d.many() && recordMissing(err) {
			d.skip(labels[i], err)
			continue
		}
		if err != nil {
			if len(d.targets) == 1 && len(d.missing) == 0 {
				return err
			}
			batch := &cmdutil.BatchError{Verb: "deleted", Done: done, Total: total,
				Failed: fmt.Sprintf("deleting %s %s", d.s.Noun, labels[i]), Err: err}
			return batch.Report(d.f)
		}
		done = append(done, strconv.Itoa(t.ID))
		if !d.f.Quiet() {
			fmt.Fprintf(d.f.IO.ErrOut, "deleted %s %s\n", d.s.Noun, labels[i])
		}
	}
	return d.notFound(total, done)
}

// many reports whether several arguments were given: only then is one
// that names no record skipped; a lone one fails as any lookup does.
func (d *deletion[T]) many() bool { return len(d.args) > 1 }

// recordMissing reports whether err says the record asked for does not
// exist (a 404 of the service), not that the server has no such address.
func recordMissing(err error) bool {
	var nf *cmdutil.NotFoundError
	if errors.As(err, &nf) {
		return true
	}
	var apiErr *client.Error
	return client.IsNotFound(err) && errors.As(err, &apiErr) && !apiErr.RouteNotFound
}

// skip says on stderr that what label names was not found and is left
// out, and remembers it for the end.
func (d *deletion[T]) skip(label string, err error) {
	d.missing = append(d.missing, label)
	fmt.Fprintf(d.f.IO.ErrOut, "skipped: %s\n", client.Explain(err))
}

// notFound is the NotFoundError (exit 4) that ends a run in which some
// argument named no record, saying what was deleted; nil when none was
// missing.
func (d *deletion[T]) notFound(total int, done []string) error {
	if len(d.missing) == 0 {
		return nil
	}
	noun := d.s.Plural
	if total == 1 {
		noun = d.s.one()
	}
	deleted := "nothing was deleted"
	if len(done) > 0 {
		deleted = fmt.Sprintf("deleted %d (%s)", len(done), cmdutil.IDs(done))
	}
	return &cmdutil.NotFoundError{Err: fmt.Errorf("%d of %d %s not found (%s); %s",
		len(d.missing), total, noun, strings.Join(d.missing, ", "), deleted)}
}

// resolve connects, finds the parent and looks every argument up. Of
// several arguments, one whose lookup finds nothing is said and skipped;
// any other failure stops it, nothing deleted.
func (d *deletion[T]) resolve() error {
	// Held from the lookups to the last DELETE (the question between them
	// on a terminal included), as every write to the campaign is.
	if err := d.f.LockCampaign(d.ctx); err != nil {
		return err
	}
	c, scope, err := d.s.connect(d.ctx, d.f, d.parent)
	if err != nil {
		return err
	}
	d.c = c
	d.parentID = scope.ParentID
	seen := map[int]bool{}
	targets := []Ref[T]{}
	for _, arg := range d.args {
		ref, err := d.s.lookup(d.ctx, c, d.parentID, arg)
		if err != nil && d.many() && recordMissing(err) {
			d.skip(argLabel(arg), err)
			d.missingBefore++
			continue
		}
		if err != nil {
			return fmt.Errorf("nothing was deleted: %w", err)
		}
		if !seen[ref.ID] {
			seen[ref.ID] = true
			targets = append(targets, ref)
		}
	}
	d.targets, d.resolved = targets, true
	if len(targets) == 0 {
		return d.notFound(d.missingBefore, nil)
	}
	return nil
}

// argLabel is an argument in the list of what was not found: an id as
// it is, a name quoted.
func argLabel(arg string) string {
	if _, err := strconv.Atoi(strings.TrimSpace(arg)); err == nil {
		return strings.TrimSpace(arg)
	}
	return strconv.Quote(arg)
}

// action names the deletion from the arguments alone, for the refusal
// without a terminal: "delete calendars 12, Harptos".
func (d *deletion[T]) action() string {
	what := d.s.Noun + " " + d.args[0]
	if len(d.args) > 1 {
		what = d.s.Plural + " " + strings.Join(d.args, ", ")
	}
	if d.s.Parent != nil {
		what += " of " + d.s.Parent.Noun + " " + d.parent
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
	// Only the records that exist are named: one the read finds missing
	// is said and skipped, as its lookup would have.
	var found []Ref[T]
	var named []string
	for _, t := range d.targets {
		if !t.Known {
			rec, err := d.s.Get(d.ctx, d.c, d.parentID, t.ID)
			if err != nil && d.many() && recordMissing(err) {
				d.skip(d.short(t), err)
				d.missingBefore++
				continue
			}
			if err != nil {
				return "", fmt.Errorf("nothing was deleted: %w", err)
			}
			t.Record, t.Known = rec, true
		}
		found = append(found, t)
		named = append(named, strings.TrimSpace(fmt.Sprintf("%d %s", t.ID, d.s.Label(t.Record))))
	}
	d.targets = found
	if len(found) == 0 {
		return "", d.notFound(d.missingBefore, nil)
	}
	q := "Delete " + d.s.Noun + " " + named[0]
	if len(named) > 1 {
		q = fmt.Sprintf("Delete %d %s: %s", len(named), d.s.Plural, strings.Join(named, ", "))
	}
	if d.s.Parent != nil {
		q += " of " + d.s.Parent.Noun + " " + strings.TrimSpace(d.parent)
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
