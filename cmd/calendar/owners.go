package calendar

import (
	"context"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/internal/cache"
	"github.com/kanka-cli/kanka/output/monthgrid"
)

// Owners says whose each reminder is: the calendar's own entity by the
// calendar's name (no request), a post by its id, another entity by its
// name and type as the local cache holds them, or, when read is set, read
// once (one GET, which the cache keeps for cache.EntityTrust). A name that
// cannot be had is left out (null): the entity's id still says whose.
type Owners struct {
	cal  *client.Calendar
	k    *cache.Cache
	read func(id int) (*client.Entity, error)
	seen map[int]monthgrid.Owner
}

// KnownOwners names the owners the cache knows, with no request; with
// neither cal nor k, each owner is named by its id alone.
func KnownOwners(cal *client.Calendar, k *cache.Cache) *Owners {
	return &Owners{cal: cal, k: k, seen: map[int]monthgrid.Owner{}}
}

// ReadOwners names every owner, reading an entity the cache has not read
// in the last hour.
func ReadOwners(ctx context.Context, c *client.Client, cal *client.Calendar, k *cache.Cache) *Owners {
	o := KnownOwners(cal, k)
	o.read = func(id int) (*client.Entity, error) { return c.GetEntity(ctx, id) }
	return o
}

// Of is whose rm is.
func (o *Owners) Of(rm *client.Reminder) monthgrid.Owner {
	if rm.OfPost() {
		return monthgrid.Owner{Kind: "post", ID: rm.RemindableID}
	}
	if known, ok := o.seen[rm.RemindableID]; ok {
		return known
	}
	owner := monthgrid.Owner{Kind: "entity", ID: rm.RemindableID}
	var e *client.Entity
	switch {
	case o.cal != nil && rm.RemindableID == o.cal.EntityID && o.cal.EntityID > 0:
		owner.Own = true
		e = &client.Entity{ID: rm.RemindableID, Name: o.cal.Name, Type: "calendar"}
	case o.read != nil:
		e, _ = o.k.Entity(rm.RemindableID, o.read)
	default:
		e, _ = o.k.KnownEntity(rm.RemindableID)
	}
	if e != nil {
		owner.Name, owner.Type = nonEmpty(e.Name), nonEmpty(e.Type)
	}
	o.seen[rm.RemindableID] = owner
	return owner
}

// nonEmpty is s, nil when it is empty.
func nonEmpty(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}
