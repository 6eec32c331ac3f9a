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
	read: func(s *Server, _ *state, in *input, p parent, _ *weather) change[*weather] {
		return change[*weather]{apply: s.readWeatherWrite(in, p.calendar).apply}
	},
	answer: (*Server).weatherJSON,
}

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
