package sandbox

// change runs fn on the state under the store's lock and answers what fn
// answers. fn says whether the state changed: a write it refuses halfway
// leaves nothing behind (see store). A state file the store cannot use is
// a 500 (see storeFailure).
func (s *Server) change(fn func(st *state) (reply, bool)) reply {
	var rep reply
	err := s.store.update(func(st *state) bool {
		var changed bool
		rep, changed = fn(st)
		// The reply may point into st, which the file store's next
		// write changes in place: it is encoded while st is this
		// write's alone.
		rep = rep.encoded()
		return changed
	})
	if err != nil {
		return storeFailure(err)
	}
	return rep
}

// changeCalendar is change for a request on one calendar: an unknown id is
// the service's 404, checked under the lock so that a calendar deleted
// meanwhile is not written back.
func (s *Server) changeCalendar(id string, fn func(st *state, c *calendar) (reply, bool)) reply {
	return s.change(func(st *state) (reply, bool) {
		c := st.findCalendar(idOf(id))
		if c == nil {
			return modelNotFound("Calendar", id), false
		}
		return fn(st, c)
	})
}
