package sandbox

import "time"

// weatherKind is the calendar's weather: under its calendar, 15 a page
// unless Options.WeatherPageSize says otherwise; the mode decides the
// answers' codes.
var weatherKind = children[*weather]{
	model:    "CalendarWeather",
	counter:  func(ids *lastIDs) *int { return &ids.Weather },
	idKind:   "weather",
	records:  func(st *state) *[]*weather { return &st.Weather },
	pageSize: func(s *Server) int { return s.weatherPageSize },
	step:     time.Second, // the answers show seconds
	fresh: func(id int, p parent, now time.Time) *weather {
		return &weather{childRecord: childRecord{ID: id, CreatedAt: now, UpdatedAt: now}, CalendarID: p.calendar.ID, VisibilityID: 1}
	},
	// Year, month, day and weather are required on create and update
	// alike, named before any other problem.
	fields: []field{
		integer("year").required(always),
		integer("month").required(always),
		integer("day").required(always),
		text("weather", 20).required(always),
		text("temperature", 45),
		text("precipitation", 45),
		text("wind", 45),
		text("effect", 45),
		text("name", 40),
		whole("visibility_id", 1, 5),
	},
	requiredFirst: true,
	read:          checkWeatherDate,
	answer:        (*Server).weatherJSON,
}

// weatherAnswer are the keys of a weather entry's answer, as
// calendar-api.md 2.2 shows it.
var weatherAnswer = []string{"id", "calendar_id", "created_by", "weather", "temperature", "precipitation", "wind", "effect",
	"day", "month", "year", "created_at", "updated_at", "visibility_id"}

// weatherJSON is a weather entry as calendar-api.md 2.2 shows it; `name`,
// which only the live service knows, is sent live, and in document mode
// only when set. Live, a text never set or set to null is null; the
// document's answers show "". Options.OmitKeys are left out.
func (s *Server) weatherJSON(w *weather) object {
	keys := weatherAnswer
	if s.live || deref(w.Name) != "" {
		keys = append(keys[:len(keys):len(keys)], "name")
	}
	return s.omit(recordAnswer(w, s.live, keys, object{
		{"created_by", sandboxUser},
		{"created_at", plainTime(w.CreatedAt)},
		{"updated_at", plainTime(w.UpdatedAt)},
	}))
}

// checkWeatherDate checks a weather write's date: the document mode
// checks it against the calendar's months, leap days and skip_year_zero;
// the live service does not.
func checkWeatherDate(r reading, p parent, vs values) change[*weather] {
	year, yearOK := deref(vs["year"].v).(int)
	month, monthOK := deref(vs["month"].v).(int)
	day, dayOK := deref(vs["day"].v).(int)
	c := p.calendar
	switch {
	case r.live || !monthOK:
	case month < 1 || month > len(c.Months):
		r.in.p.add("month", msgBetween("month", 1, len(c.Months)))
	default:
		// The month's length in that year, leap days included, by the
		// almanac.
		length, yearExists := c.monthLength(year, month)
		switch {
		case !yearExists && yearOK: // year 0 with skip_year_zero
			r.in.p.add("year", msgInvalid("year"))
		case yearExists && dayOK && (day < 1 || day > length):
			r.in.p.add("day", msgBetween("day", 1, length))
		}
	}
	return change[*weather]{}
}
