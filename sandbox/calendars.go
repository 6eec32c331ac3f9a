package sandbox

import (
	"net/http"
	"time"
)

// stamp is the time a write happens, at the microsecond precision the
// answers show, so that a lastSync copied from an answer compares right.
func (s *Server) stamp() time.Time { return s.now().UTC().Truncate(time.Microsecond) }

func (s *Server) listCalendars(r *http.Request, _ []string) reply {
	filter, problems := readCalendarFilter(r, s.live)
	if problems.any() {
		return problems.reply()
	}
	var found []*calendar
	err := s.store.view(func(st *state) {
		for _, c := range st.Calendars {
			if filter.match(c) {
				found = append(found, c)
			}
		}
	})
	if err != nil {
		return storeFailure(err)
	}
	return listReply(s, r, s.live, found, s.calendarPageSize, func(c *calendar) object { return s.calendarJSON(r, c) })
}

func (s *Server) getCalendar(r *http.Request, ids []string) reply {
	id := ids[0]
	var c *calendar
	if err := s.store.view(func(st *state) { c = st.findCalendar(idOf(id)) }); err != nil {
		return storeFailure(err)
	}
	if c == nil {
		return modelNotFound("Calendar", id)
	}
	return dataReply(http.StatusOK, s.calendarJSON(r, c))
}

func (s *Server) createCalendar(r *http.Request, _ []string) reply {
	in, bad := readInput(r, s.live)
	if bad != nil {
		return *bad
	}
	return s.change(func(st *state) (reply, bool) {
		w := s.readCalendarWrite(in, nil)
		if in.p.any() {
			return in.p.reply(), false
		}
		now := s.stamp()
		id, err := nextID(&st.LastIDs.Calendar, "calendar")
		if err != nil {
			return err.reply(), false
		}
		entity, err := st.nextEntityID()
		if err != nil {
			return err.reply(), false
		}
		c := &calendar{ID: id, EntityID: entity, CreatedAt: now}
		if err := s.applyCalendarWrite(st, c, w, true, now); err != nil {
			return err.reply(), false
		}
		st.Calendars = append(st.Calendars, c)
		return dataReply(s.created(), s.calendarJSON(r, c)), true
	})
}

// updateCalendar serves PUT and PATCH alike: no field is required, and what
// a field left out means depends on the mode (see applyCalendarWrite).
func (s *Server) updateCalendar(r *http.Request, ids []string) reply {
	in, bad := readInput(r, s.live)
	if bad != nil {
		return *bad
	}
	return s.changeCalendar(ids[0], func(st *state, c *calendar) (reply, bool) {
		w := s.readCalendarWrite(in, c)
		if in.p.any() {
			return in.p.reply(), false
		}
		if err := s.applyCalendarWrite(st, c, w, false, s.stamp()); err != nil {
			return err.reply(), false
		}
		return dataReply(http.StatusOK, s.calendarJSON(r, c)), true
	})
}

func (s *Server) deleteCalendar(_ *http.Request, ids []string) reply {
	return s.changeCalendar(ids[0], func(st *state, c *calendar) (reply, bool) {
		st.deleteCalendar(c)
		return s.deleted(), true
	})
}
