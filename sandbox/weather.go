package sandbox

import (
	"net/http"
	"time"
)

// weatherJSON is a weather entry as calendar-api.md 2.2 shows it; `name`,
// which only the live service knows, is sent live, and in document mode
// only when set. Live, a text never set or set to null is null; the
// document's answers show "". Options.OmitKeys are left out.
func (s *Server) weatherJSON(w *weather) object {
	text := func(v *string) any {
		if s.live {
			return v
		}
		return deref(v)
	}
	o := object{
		{"id", w.ID},
		{"calendar_id", w.CalendarID},
		{"created_by", sandboxUser},
		{"weather", w.Weather},
		{"temperature", text(w.Temperature)},
		{"precipitation", text(w.Precipitation)},
		{"wind", text(w.Wind)},
		{"effect", text(w.Effect)},
		{"day", w.Day},
		{"month", w.Month},
		{"year", w.Year},
		{"created_at", plainTime(w.CreatedAt)},
		{"updated_at", plainTime(w.UpdatedAt)},
		{"visibility_id", w.VisibilityID},
	}
	if s.live || deref(w.Name) != "" {
		o.set("name", text(w.Name))
	}
	return s.omit(o)
}

// weatherWrite is a validated weather write; nil optional fields were not
// sent.
type weatherWrite struct {
	year, month, day                         int
	weather                                  string
	temperature, precipitation, wind, effect nullable[string]
	name                                     nullable[string]
	visibility                               *int
}

// readWeatherWrite reads and checks a weather write for calendar c. Year,
// month, day and weather are required on create and update alike. The
// document mode checks the date against the calendar's months, leap days
// and skip_year_zero; the live service does not.
func (s *Server) readWeatherWrite(in *input, c *calendar) *weatherWrite {
	w := &weatherWrite{}
	for _, k := range []string{"year", "month", "day", "weather"} {
		if !in.has(k) {
			in.p.add(k, msgRequired(k))
		}
	}
	year, yearOK := in.integer("year")
	w.year = year
	month, monthOK := in.integer("month")
	day, dayOK := in.integer("day")
	w.month, w.day = month, day
	if v, ok := in.str("weather", 20); ok {
		if v == "" {
			in.p.add("weather", msgRequired("weather"))
		}
		w.weather = v
	}
	w.temperature = in.optStr("temperature", 45)
	w.precipitation = in.optStr("precipitation", 45)
	w.wind = in.optStr("wind", 45)
	w.effect = in.optStr("effect", 45)
	w.name = in.optStr("name", 40)
	w.visibility = ptr(in.between("visibility_id", 1, 5))
	if s.live || !monthOK {
		return w
	}
	if month < 1 || month > len(c.Months) {
		in.p.add("month", msgBetween("month", 1, len(c.Months)))
		return w
	}
	// The month's length in that year, leap days included, by the almanac.
	length, yearExists := c.monthLength(year, month)
	switch {
	case !yearExists && yearOK: // year 0 with skip_year_zero
		in.p.add("year", msgInvalid("year"))
	case yearExists && dayOK && (day < 1 || day > length):
		in.p.add("day", msgBetween("day", 1, length))
	}
	return w
}

func (ww *weatherWrite) apply(w *weather) {
	w.Year, w.Month, w.Day, w.Weather = ww.year, ww.month, ww.day, ww.weather
	ww.temperature.applyTo(&w.Temperature)
	ww.precipitation.applyTo(&w.Precipitation)
	ww.wind.applyTo(&w.Wind)
	ww.effect.applyTo(&w.Effect)
	ww.name.applyTo(&w.Name)
	set(&w.VisibilityID, ww.visibility)
}

func (s *Server) listWeather(r *http.Request, calendarID string) reply {
	var found []*weather
	var cal *calendar
	err := s.store.view(func(st *state) {
		if cal = st.findCalendar(idOf(calendarID)); cal == nil {
			return
		}
		for _, w := range st.Weather {
			if w.CalendarID == cal.ID {
				found = append(found, w)
			}
		}
	})
	if err != nil {
		return storeFailure(err)
	}
	if cal == nil {
		return modelNotFound("Calendar", calendarID)
	}
	return listReply(s, r, found, s.weatherPageSize, s.weatherJSON)
}

func (s *Server) getWeather(calendarID, id string) reply {
	var rep reply
	err := s.store.view(func(st *state) {
		if st.findCalendar(idOf(calendarID)) == nil {
			rep = modelNotFound("Calendar", calendarID)
		} else if w := st.findWeather(idOf(calendarID), idOf(id)); w == nil {
			rep = modelNotFound("CalendarWeather", id)
		} else {
			rep = dataReply(http.StatusOK, s.weatherJSON(w))
		}
	})
	if err != nil {
		return storeFailure(err)
	}
	return rep
}

// writeWeather reads a weather write for a calendar and applies write to
// the state under the store's lock; write says what to answer and whether
// the state changed.
func (s *Server) writeWeather(r *http.Request, calendarID string, write func(st *state, c *calendar, in *input) (reply, bool)) reply {
	in, bad := readInput(r, s.live)
	if bad != nil {
		return *bad
	}
	return s.changeCalendar(calendarID, func(st *state, c *calendar) (reply, bool) {
		return write(st, c, in)
	})
}

func (s *Server) createWeather(r *http.Request, calendarID string) reply {
	return s.writeWeather(r, calendarID, func(st *state, c *calendar, in *input) (reply, bool) {
		ww := s.readWeatherWrite(in, c)
		if in.p.any() {
			return in.p.reply(), false
		}
		now := s.stamp()
		id, err := nextID(&st.LastIDs.Weather, "weather")
		if err != nil {
			return err.reply(), false
		}
		w := &weather{ID: id, CalendarID: c.ID, VisibilityID: 1, CreatedAt: now, UpdatedAt: now}
		ww.apply(w)
		st.Weather = append(st.Weather, w)
		return dataReply(s.created(), s.weatherJSON(w)), true
	})
}

func (s *Server) updateWeather(r *http.Request, calendarID, id string) reply {
	return s.writeWeather(r, calendarID, func(st *state, c *calendar, in *input) (reply, bool) {
		w := st.findWeather(c.ID, idOf(id))
		if w == nil {
			return modelNotFound("CalendarWeather", id), false
		}
		ww := s.readWeatherWrite(in, c)
		if in.p.any() {
			return in.p.reply(), false
		}
		ww.apply(w)
		// The answers show seconds: a second write within one second
		// still shows a new time (see later).
		w.UpdatedAt = later(w.UpdatedAt, s.stamp(), time.Second)
		return dataReply(http.StatusOK, s.weatherJSON(w)), true
	})
}

func (s *Server) deleteWeather(calendarID, id string) reply {
	return s.changeCalendar(calendarID, func(st *state, c *calendar) (reply, bool) {
		if st.findWeather(c.ID, idOf(id)) == nil {
			return modelNotFound("CalendarWeather", id), false
		}
		st.deleteWeather(idOf(id))
		return s.deleted(), true
	})
}
