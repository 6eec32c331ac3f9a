package sandbox

import (
	"net/http"
	"slices"
	"time"
)

// A child is a record kept under a parent: a weather entry under its
// calendar, a reminder under an entity and a calendar. Every kind of child
// is served by one store (children): list with pages, get, create, update
// and delete, ids from the state's counters, the two modes' answers. A
// kind gives the rest: its record type, where the state keeps it, how a
// write is read (its validation) and how a record is answered.

// child is a child record: its id and times, by childRecord.
type child interface{ base() *childRecord }

// childRecord is what every child record has.
type childRecord struct {
	ID        int       `json:"id"`
	CreatedAt time.Time `json:"created_at"`
	UpdatedAt time.Time `json:"updated_at"`
}

func (c *childRecord) base() *childRecord { return c }

// children is one kind of child record, R being a pointer to its type.
type children[R child] struct {
	// model is the service's name of the record, which a 404 gives.
	model string
	// counter is the state's id counter of the kind, and its name.
	counter func(ids *lastIDs) *int
	idKind  string
	// records are where the state keeps them, in id order.
	records func(st *state) *[]R
	// pageSize is the length of a list's page.
	pageSize func(s *Server) int
	// asLive: served in both modes as the live service serves it (the
	// document says nothing of it): 201 on create, 204 on delete, every
	// request body trimmed with empty strings made null. Otherwise the
	// mode decides.
	asLive bool
	// idAlone: a record's route finds it by its id alone, whatever parent
	// its path names (which must exist), as the service does for reminders.
	idAlone bool
	// step is the precision of the answered updated_at: every update
	// moves it by at least a step (see later).
	step time.Duration
	// fresh is a new record with its defaults, under p, created at now.
	fresh func(id int, p parent, now time.Time) R
	// fields are what a write sets (see child_fields.go), in the order
	// the service checks them.
	fields []field
	// requiredFirst: a write's missing required fields are named before
	// any other problem; otherwise each field's problems in its turn.
	requiredFirst bool
	// read reads what the table does not under p: the kind's own checks,
	// adding what is wrong to r.in.p, and changes to the fields as read
	// (vs).
	read func(r reading, p parent, vs values) change[R]
	// answer is a record as the service answers it.
	answer func(s *Server, rec R) object
}

// change is what a kind's read adds to a write: apply puts it into a
// record after the table's fields, and echo are, given the record
// written, the keys whose answer shows what was sent rather than what was
// stored (the service answers a write with the model it saved, not as
// read back).
type change[R any] struct {
	apply func(R)
	echo  func(R) object
}

// readWrite reads a write under p: the table's fields, then the kind's
// own.
func (k *children[R]) readWrite(r reading, p parent) change[R] {
	vs := k.readFields(r)
	ch := k.read(r, p, vs)
	own := ch.apply
	ch.apply = func(rec R) {
		vs.applyTo(rec)
		if own != nil {
			own(rec)
		}
	}
	return ch
}

// parent is the record a child's path names, found under the lock.
type parent struct {
	calendar *calendar
	entity   *entity
}

// scope finds the parent a path names (parentID), or the 404 of a missing
// one, and which records belong to it: those a list shows, and the only
// ones an item route finds.
type scope[R any] func(st *state, parentID string) (p parent, holds func(R) bool, missing *reply)

// inCalendar is the scope of the records of calendar parentID.
func inCalendar[R interface {
	child
	calendarOf() int
}](st *state, parentID string) (parent, func(R) bool, *reply) {
	c := st.findCalendar(idOf(parentID))
	if c == nil {
		rep := modelNotFound("Calendar", parentID)
		return parent{}, nil, &rep
	}
	return parent{calendar: c}, func(r R) bool { return r.calendarOf() == c.ID }, nil
}

// ofEntity is the scope of the records on entity parentID.
func ofEntity[R interface {
	child
	entityOf() (id int, ok bool) // ok: the record is on an entity
}](st *state, parentID string) (parent, func(R) bool, *reply) {
	e := st.findEntity(idOf(parentID))
	if e == nil {
		rep := modelNotFound("Entity", parentID)
		return parent{}, nil, &rep
	}
	return parent{entity: e}, func(r R) bool {
		id, ok := r.entityOf()
		return ok && id == e.ID
	}, nil
}

// childList is the route of the list of kind k at path, whose one id is
// the parent's.
func childList[R child](s *Server, k *children[R], path string, sc scope[R]) route {
	return route{path: path, get: func(r *http.Request, ids []string) reply { return k.list(s, r, sc, ids[0]) }}
}

// childRoutes are the routes of kind k at path, whose one id is the
// parent's: the list and the create, and at path/{} the record's get,
// update and delete.
func childRoutes[R child](s *Server, k *children[R], path string, sc scope[R]) []route {
	list := childList(s, k, path, sc)
	list.post = func(r *http.Request, ids []string) reply { return k.create(s, r, sc, ids[0]) }
	return []route{list, {
		path:   path + "/{}",
		get:    func(_ *http.Request, ids []string) reply { return k.get(s, sc, ids[0], ids[1]) },
		update: func(r *http.Request, ids []string) reply { return k.update(s, r, sc, ids[0], ids[1]) },
		remove: func(_ *http.Request, ids []string) reply { return k.remove(s, sc, ids[0], ids[1]) },
	}}
}

func (k *children[R]) list(s *Server, r *http.Request, sc scope[R], parentID string) reply {
	var found []R
	var missing *reply
	err := s.store.view(func(st *state) {
		var holds func(R) bool
		if _, holds, missing = sc(st, parentID); missing == nil {
			for _, rec := range *k.records(st) {
				if holds(rec) {
					found = append(found, rec)
				}
			}
		}
	})
	switch {
	case err != nil:
		return storeFailure(err)
	case missing != nil:
		return *missing
	}
	return listReply(s, r, s.live || k.asLive, found, k.pageSize(s), func(rec R) object { return k.answer(s, rec) })
}

func (k *children[R]) get(s *Server, sc scope[R], parentID, id string) reply {
	var rep reply
	err := s.store.view(func(st *state) {
		_, rec, missing := k.find(st, sc, parentID, id)
		if missing != nil {
			rep = *missing
		} else {
			rep = dataReply(http.StatusOK, k.answer(s, rec))
		}
	})
	if err != nil {
		return storeFailure(err)
	}
	return rep
}

// find is the record id under the parent parentID, or the 404 that one or
// the other is missing.
func (k *children[R]) find(st *state, sc scope[R], parentID, id string) (parent, R, *reply) {
	var none R
	p, holds, missing := sc(st, parentID)
	if missing != nil {
		return p, none, missing
	}
	for _, rec := range *k.records(st) {
		if rec.base().ID == idOf(id) && (k.idAlone || holds(rec)) {
			return p, rec, nil
		}
	}
	rep := modelNotFound(k.model, id)
	return p, none, &rep
}

func (k *children[R]) create(s *Server, r *http.Request, sc scope[R], parentID string) reply {
	in, bad := readInput(r, s.live || k.asLive)
	if bad != nil {
		return *bad
	}
	return s.change(func(st *state) (reply, bool) {
		p, _, missing := sc(st, parentID)
		if missing != nil {
			return *missing, false
		}
		ch := k.readWrite(reading{in: in, st: st, creating: true, live: s.live}, p)
		if in.p.any() {
			return in.p.reply(), false
		}
		id, err := nextID(k.counter(&st.LastIDs), k.idKind)
		if err != nil {
			return err.reply(), false
		}
		rec := k.fresh(id, p, s.stamp())
		ch.apply(rec)
		*k.records(st) = append(*k.records(st), rec)
		return dataReply(k.createdStatus(s), k.echoed(s, rec, ch)), true
	})
}

func (k *children[R]) update(s *Server, r *http.Request, sc scope[R], parentID, id string) reply {
	in, bad := readInput(r, s.live || k.asLive)
	if bad != nil {
		return *bad
	}
	return s.change(func(st *state) (reply, bool) {
		p, rec, missing := k.find(st, sc, parentID, id)
		if missing != nil {
			return *missing, false
		}
		ch := k.readWrite(reading{in: in, st: st, live: s.live}, p)
		if in.p.any() {
			return in.p.reply(), false
		}
		ch.apply(rec)
		// Every write shows a new time, two within one step too.
		b := rec.base()
		b.UpdatedAt = later(b.UpdatedAt, s.stamp(), k.step)
		return dataReply(http.StatusOK, k.echoed(s, rec, ch)), true
	})
}

func (k *children[R]) remove(s *Server, sc scope[R], parentID, id string) reply {
	return s.change(func(st *state) (reply, bool) {
		_, rec, missing := k.find(st, sc, parentID, id)
		if missing != nil {
			return *missing, false
		}
		*k.records(st) = slices.DeleteFunc(*k.records(st), func(r R) bool { return r.base().ID == rec.base().ID })
		if k.asLive {
			return reply{status: http.StatusNoContent}, true
		}
		return s.deleted(), true
	})
}

// createdStatus is the status of a create: 201, or in the document's mode
// for a kind it describes, 200.
func (k *children[R]) createdStatus(s *Server) int {
	if k.asLive {
		return http.StatusCreated
	}
	return s.created()
}

// echoed is the answer to a write of rec: the record, with what the write
// echoes in place of what was stored.
func (k *children[R]) echoed(s *Server, rec R, ch change[R]) object {
	o := k.answer(s, rec)
	if ch.echo == nil {
		return o
	}
	for _, m := range ch.echo(rec) {
		for i := range o {
			if o[i].key == m.key {
				o[i].value = m.value
			}
		}
	}
	return o
}
