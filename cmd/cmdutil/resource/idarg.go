package resource

import (
	"context"
	"strconv"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/cmdutil"
)

// checkArg refuses a malformed argument before any request: CheckArg's
// check, or for a resource found by id alone (no Lookup) anything but an
// id.
func (s *Spec[T]) checkArg(arg string) error {
	switch {
	case s.CheckArg != nil:
		return s.CheckArg(arg)
	case s.Lookup == nil:
		_, err := s.parseID(arg)
		return err
	}
	return nil
}

// lookup is Lookup's reference to the record arg names; the id itself for
// a resource found by id alone.
func (s *Spec[T]) lookup(ctx context.Context, c *client.Client, parentID int, arg string) (Ref[T], error) {
	if s.Lookup == nil {
		id, err := s.parseID(arg)
		return Ref[T]{ID: id}, err
	}
	return s.Lookup(ctx, c, parentID, arg)
}

// parseID reads the argument of a resource found by id alone.
func (s *Spec[T]) parseID(arg string) (int, error) { return ParseID(s.Noun, arg) }

// ParseID reads arg as the id of a noun, for a Lookup that takes ids
// only: a positive whole number, else a usage error.
func ParseID(noun, arg string) (int, error) {
	id, err := strconv.Atoi(arg)
	if err != nil || id <= 0 {
		return 0, cmdutil.UsageErrorf("%q is not a %s id: ids are positive whole numbers", arg, noun)
	}
	return id, nil
}
