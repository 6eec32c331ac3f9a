package resource

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/internal/suggest"
)

// NameLookup finds a record by its ID|NAME argument, as every resource
// with names is found (gh and hcloud take a name where an id goes). A
// number is an id and costs no request. Anything else is looked up with
// one list request for the names that contain it (the service's name
// filter), and the record found is returned too, so that a caller needing
// it does not fetch it again. An exact name wins (client.NamedAs); else a
// name equal but for case, if only one is; else a NotFoundError suggests
// the nearest name the same answer holds. More than one match is a
// UsageError listing them with what tells them apart.
type NameLookup[T interface {
	client.Named
	RecordID() int
}] struct {
	// Noun names a record: "calendar".
	Noun string
	// List is the records whose names contain name: one request.
	List func(ctx context.Context, c *client.Client, name string) ([]T, error)
	// Tell says what tells records of one name apart, after their id and
	// name ("type Solar\tdate 1492-1-1").
	Tell func(T) string
	// Meant, when set, is a name arg may stand for that is nothing like
	// it, and what that name is to arg: "Galifar Calendar", "the calendar
	// of the eberron preset" for "eberron". Asked only when no name List
	// gave is near arg, and looked for among those names (no request).
	Meant func(arg string) (name, why string, ok bool)
}

// Check refuses, before any request, an argument no lookup could find: an
// empty one, or an id that is not positive.
func (l *NameLookup[T]) Check(arg string) error {
	arg = strings.TrimSpace(arg)
	if arg == "" {
		return cmdutil.CommandLineErrorf("a %s id or name is required", l.Noun)
	}
	if id, err := strconv.Atoi(arg); err == nil && id <= 0 {
		return cmdutil.UsageErrorf("%s id %d is not valid: ids are positive", l.Noun, id)
	}
	return nil
}

// Resolve turns arg into an id, with the record when the name lookup
// fetched it (known is false for an id).
func (l *NameLookup[T]) Resolve(ctx context.Context, c *client.Client, arg string) (id int, record T, known bool, err error) {
	if err := l.Check(arg); err != nil {
		return 0, record, false, err
	}
	arg = strings.TrimSpace(arg)
	if id, err := strconv.Atoi(arg); err == nil {
		return id, record, false, nil
	}
	near, err := l.List(ctx, c, arg)
	if err != nil {
		return 0, record, false, err
	}
	switch found := client.NamedBy(near, arg); len(found) {
	case 0:
	case 1:
		return found[0].RecordID(), found[0], true, nil
	default:
		return 0, record, false, l.ambiguous(arg, found)
	}
	msg := fmt.Sprintf("no %s named %q", l.Noun, arg)
	names := make([]string, len(near))
	for i, r := range near {
		names[i] = r.RecordName()
	}
	if best, ok := suggest.Containing(arg, names); ok {
		msg += fmt.Sprintf("; did you mean %q (id %d)?", best, near[slices.Index(names, best)].RecordID())
	} else if meant, why, ok := l.meant(arg, near); ok {
		msg += fmt.Sprintf("; did you mean %q (id %d), %s?", meant.RecordName(), meant.RecordID(), why)
	}
	return 0, record, false, &cmdutil.NotFoundError{Err: fmt.Errorf("%s", msg)}
}

// meant is the one record of near named as Meant says arg may mean, and
// why; ok is false when there is none, or more than one.
func (l *NameLookup[T]) meant(arg string, near []T) (record T, why string, ok bool) {
	if l.Meant == nil {
		return record, "", false
	}
	name, why, ok := l.Meant(arg)
	if !ok {
		return record, "", false
	}
	if found := client.NamedBy(near, name); len(found) == 1 {
		return found[0], why, true
	}
	return record, "", false
}

// ambiguous lists the records of one name with their id and what tells
// them apart.
func (l *NameLookup[T]) ambiguous(arg string, found []T) error {
	lines := make([]string, len(found))
	for i, r := range found {
		lines[i] = fmt.Sprintf("  %d\t%s\t%s", r.RecordID(), r.RecordName(), l.Tell(r))
	}
	return cmdutil.UsageErrorf("%d %s are named %q; use an id:\n%s", len(found), l.Noun+"s", arg, strings.Join(lines, "\n"))
}

// Lookup is Resolve as a Spec's Lookup: a top resource, no parent.
func (l *NameLookup[T]) Lookup(ctx context.Context, c *client.Client, _ int, arg string) (Ref[T], error) {
	id, record, known, err := l.Resolve(ctx, c, arg)
	return Ref[T]{ID: id, Record: record, Known: known}, err
}
