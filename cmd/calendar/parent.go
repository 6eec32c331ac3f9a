package calendar

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/cmd/cmdutil/resource"
	"github.com/kanka-cli/kanka/internal/cache"
	"github.com/kanka-cli/kanka/output"
)

// Parent is --calendar ID|NAME, the calendar a weather entry lives under:
// the local cache's while it is fresh (no request), else a name lookup's,
// which hands on the calendar it found.
func Parent(f *cmdutil.Factory) *resource.Parent {
	resolve := func(ctx context.Context, c *client.Client, arg string) (int, any, error) {
		if cal, ok := f.LocalCache().FreshCalendar(arg); ok {
			return cal.ID, cal, nil
		}
		id, cal, err := ResolveCalendar(ctx, c, arg)
		if cal == nil {
			return id, nil, err // no typed nil in the interface
		}
		return id, cal, err
	}
	return &resource.Parent{Flag: "calendar", Noun: "calendar", Resolve: resolve, Complete: Completion(f)}
}

// OfScope is the calendar of a child's run: the one the name lookup or an
// earlier hook fetched, else read now (one GET, which why explains) and
// kept in s for the next.
func OfScope(ctx context.Context, c *client.Client, s *resource.Scope, why string) (*client.Calendar, error) {
	return OfRecord(ctx, c, nil, s, s.ParentID, why)
}

// OfRecord is calendar id, the one a record names (a reminder's): the
// scope's when it is that one, k's while it is fresh, else read now (one
// GET, which why explains); kept in s (nil: none) when s holds no other.
func OfRecord(ctx context.Context, c *client.Client, k *cache.Cache, s *resource.Scope, id int, why string) (*client.Calendar, error) {
	if s == nil {
		s = &resource.Scope{}
	}
	if cal, ok := s.Parent.(*client.Calendar); ok && cal != nil && cal.ID == id {
		return cal, nil
	}
	cal, ok := k.FreshCalendar(strconv.Itoa(id))
	if !ok {
		var err error
		if cal, err = c.GetCalendar(ctx, id); err != nil {
			return nil, fmt.Errorf("reading calendar %d %s: %w", id, why, err)
		}
	}
	if s.Parent == nil && (s.ParentID == 0 || s.ParentID == id) {
		s.ParentID, s.Parent = id, cal
	}
	return cal, nil
}

// ReadableKind is the Spec.ReadableKind of records dated on a calendar:
// kind with the calendar of a run's records, read for its month names
// (OfRecord): the scope's, else the one of the record read last (record;
// nil: the scope's always, as a weather entry's). kind is given nil only
// when a scope without one leaves record's unknown too.
func ReadableKind(f *cmdutil.Factory, record func() int, kind func(ctx context.Context, c *client.Client, cal *client.Calendar) output.Kind) func(context.Context, *client.Client, *resource.Scope) (output.Kind, error) {
	return func(ctx context.Context, c *client.Client, s *resource.Scope) (output.Kind, error) {
		id := s.ParentID
		if id == 0 && record != nil {
			if id = record(); id == 0 {
				return kind(ctx, c, nil), nil
			}
		}
		cal, err := OfRecord(ctx, c, f.LocalCache(), s, id, "for its month names")
		if err != nil {
			return output.Kind{}, err
		}
		return kind(ctx, c, cal), nil
	}
}

// UncountedError refuses to count the days of calendar id (cal, as read)
// when the server's answer left out what they depend on
// (client.Calendar.UncountedDays): nil when nothing is missing. more is
// what else may be done (", or add --force ..."), "" for nothing.
func UncountedError(id int, cal *client.Calendar, more string) error {
	keys := cal.UncountedDays()
	if len(keys) == 0 {
		return nil
	}
	return fmt.Errorf("calendar %d %q: the server's answer did not give %s (left out or null), so its days cannot be counted as the service counts them; nothing was sent. Set them with `kanka calendar update %d -f FILE`%s",
		id, cal.Name, strings.Join(keys, ", "), id, more)
}
