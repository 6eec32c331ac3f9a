package sandbox

import "time"

// state is everything the sandbox knows; the file store keeps it as JSON.
type state struct {
	// LastIDs are the highest ids handed out so far. They survive Reset so
	// that an id remembered from before a reset never names a new record.
	LastIDs   lastIDs     `json:"last_ids"`
	Calendars []*calendar `json:"calendars"`
	Weather   []*weather  `json:"weather"`
}

type lastIDs struct {
	Calendar int `json:"calendar"`
	Weather  int `json:"weather"`
	Entity   int `json:"entity"`
	Moon     int `json:"moon"`
}

// calendar is a stored calendar. Its JSON is the state file's, not the
// answer's: see calendarJSON for that.
type calendar struct {
	ID             int       `json:"id"`
	EntityID       int       `json:"entity_id"`
	Name           string    `json:"name"`
	Entry          string    `json:"entry"`
	Type           string    `json:"type"`
	Image          string    `json:"image"`
	IsPrivate      bool      `json:"is_private"`
	Tags           []int     `json:"tags"`
	CreatedAt      time.Time `json:"created_at"`
	UpdatedAt      time.Time `json:"updated_at"`
	CurrentYear    int       `json:"current_year"`
	CurrentMonth   int       `json:"current_month"`
	CurrentDay     int       `json:"current_day"`
	Months         []month   `json:"months"`
	Weekdays       []string  `json:"weekdays"`
	Years          []year    `json:"years"`
	Seasons        []season  `json:"seasons"`
	Moons          []moon    `json:"moons"`
	StartOffset    int       `json:"start_offset"`
	Suffix         string    `json:"suffix"`
	Format         string    `json:"format"`
	SkipYearZero   bool      `json:"skip_year_zero"`
	HasLeapYear    bool      `json:"has_leap_year"`
	LeapYearAmount int       `json:"leap_year_amount"`
	LeapYearMonth  int       `json:"leap_year_month"`
	LeapYearOffset int       `json:"leap_year_offset"`
	LeapYearStart  int       `json:"leap_year_start"`
}

type month struct {
	Name   string `json:"name"`
	Length int    `json:"length"`
	Type   string `json:"type"`
	Alias  string `json:"alias,omitempty"`
}

type year struct {
	Number int    `json:"number"`
	Name   string `json:"name"`
}

type season struct {
	Name  string `json:"name"`
	Month int    `json:"month"`
	Day   int    `json:"day"`
}

type moon struct {
	ID       int    `json:"id"`
	Name     string `json:"name"`
	Fullmoon string `json:"fullmoon"`
	Offset   int    `json:"offset"`
	Colour   string `json:"colour"`
}

// weather is a stored calendar weather entry.
type weather struct {
	ID            int       `json:"id"`
	CalendarID    int       `json:"calendar_id"`
	Name          string    `json:"name"`
	Weather       string    `json:"weather"`
	Temperature   string    `json:"temperature"`
	Precipitation string    `json:"precipitation"`
	Wind          string    `json:"wind"`
	Effect        string    `json:"effect"`
	Year          int       `json:"year"`
	Month         int       `json:"month"`
	Day           int       `json:"day"`
	VisibilityID  int       `json:"visibility_id"`
	CreatedAt     time.Time `json:"created_at"`
	UpdatedAt     time.Time `json:"updated_at"`
}

func (st *state) findCalendar(id int) *calendar {
	for _, c := range st.Calendars {
		if c.ID == id {
			return c
		}
	}
	return nil
}

func (st *state) findWeather(calendarID, id int) *weather {
	for _, w := range st.Weather {
		if w.ID == id && w.CalendarID == calendarID {
			return w
		}
	}
	return nil
}

// deleteCalendar removes a calendar and, like the service's cascade, its
// weather.
func (st *state) deleteCalendar(id int) {
	cals := st.Calendars[:0]
	for _, c := range st.Calendars {
		if c.ID != id {
			cals = append(cals, c)
		}
	}
	st.Calendars = cals
	ws := st.Weather[:0]
	for _, w := range st.Weather {
		if w.CalendarID != id {
			ws = append(ws, w)
		}
	}
	st.Weather = ws
}

func (st *state) deleteWeather(id int) {
	ws := st.Weather[:0]
	for _, w := range st.Weather {
		if w.ID != id {
			ws = append(ws, w)
		}
	}
	st.Weather = ws
}
