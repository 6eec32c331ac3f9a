package sandbox

import (
	"slices"
	"time"
)

// stateVersion is the version of the state file this sandbox writes. A
// file without a version is version 1: exactly the keys last_ids,
// calendars and weather, and no other at any depth. Version 2 has the
// version key, reminders and entities, and keeps the keys it does not know
// (Unknown, in the state and in every record), so that a newer kanka's
// file, read and written back, loses nothing; a file of a newer version
// keeps its number.
const stateVersion = 2

// state is everything the sandbox knows; the file store keeps it as JSON.
type state struct {
	// LastIDs are the highest ids handed out so far. They survive Reset so
	// that an id remembered from before a reset never names a new record.
	LastIDs   lastIDs     `json:"last_ids"`
	Version   int         `json:"version"`
	Calendars []*calendar `json:"calendars"`
	Weather   []*weather  `json:"weather"`
	Reminders []*reminder `json:"reminders"`
	// Entities are the entities that are no calendar's (a calendar's is
	// its EntityID): characters, locations... which the API cannot make,
	// put in the state file so that reminders have something to belong to.
	Entities []*entity `json:"entities"`
	Unknown  unknown   `json:"-"`
}

type lastIDs struct {
	Calendar int     `json:"calendar"`
	Weather  int     `json:"weather"`
	Entity   int     `json:"entity"`
	Moon     int     `json:"moon"`
	Reminder int     `json:"reminder"`
	Unknown  unknown `json:"-"`
}

// calendar is a stored calendar. Its JSON is the state file's, not the
// answer's: see calendarJSON for that. A nil pointer is a null: a field
// never set, or set to null (live mode), which live answers show as null
// and document answers as "" or 0.
type calendar struct {
	ID        int       `json:"id"`
	EntityID  int       `json:"entity_id"`
	Name      string    `json:"name"`
	Entry     *string   `json:"entry"`
	Type      *string   `json:"type"`
	Image     *string   `json:"image"`
	IsPrivate bool      `json:"is_private"`
	Tags      []int     `json:"tags"`
	CreatedAt time.Time `json:"created_at"`
	// UpdatedAt is the entity's update time, the one the answers show:
	// every calendar write moves it, the advance and retreat routes do not.
	UpdatedAt time.Time `json:"updated_at"`
	// CalendarUpdatedAt is the calendar's own update time, which the
	// lastSync list filter compares: every calendar write moves it, the
	// advance and retreat routes too. Zero in a state file written before
	// it existed, when UpdatedAt stands in (see syncTime).
	CalendarUpdatedAt time.Time `json:"calendar_updated_at"`
	CurrentYear       int       `json:"current_year"`
	CurrentMonth      int       `json:"current_month"`
	CurrentDay        int       `json:"current_day"`
	Months            []month   `json:"months"`
	Weekdays          []string  `json:"weekdays"`
	Years             []year    `json:"years"`
	Seasons           []season  `json:"seasons"`
	Moons             []moon    `json:"moons"`
	// NamedWeeks are the calendar's named weeks (week_number[] and
	// week_name[] of a live write). The API never answers them; tests read
	// them here, or in the state file under "named_weeks".
	NamedWeeks []namedWeek `json:"named_weeks"`
	// Fields are the values of calendarFields (start_offset, suffix,
	// leap_year_amount...), under their keys in the state file too.
	Fields  fields  `json:"-"`
	Unknown unknown `json:"-"`
}

// syncTime is the time the lastSync filter compares.
func (c *calendar) syncTime() time.Time {
	if c.CalendarUpdatedAt.IsZero() {
		return c.UpdatedAt
	}
	return c.CalendarUpdatedAt
}

// namedWeek names week Number of the year.
type namedWeek struct {
	Number  int     `json:"number"`
	Name    string  `json:"name"`
	Unknown unknown `json:"-"`
}

type month struct {
	Name    string  `json:"name"`
	Length  int     `json:"length"`
	Type    string  `json:"type"`
	Alias   string  `json:"alias,omitempty"`
	Unknown unknown `json:"-"`
}

type year struct {
	Number  int     `json:"number"`
	Name    string  `json:"name"`
	Unknown unknown `json:"-"`
}

type season struct {
	Name    string  `json:"name"`
	Month   int     `json:"month"`
	Day     int     `json:"day"`
	Unknown unknown `json:"-"`
}

type moon struct {
	ID       int     `json:"id"`
	Name     string  `json:"name"`
	Fullmoon string  `json:"fullmoon"`
	Offset   int     `json:"offset"`
	Colour   string  `json:"colour"`
	Unknown  unknown `json:"-"`
}

// weather is a stored calendar weather entry; a nil pointer is a null, as
// for calendars.
type weather struct {
	childRecord
	CalendarID    int     `json:"calendar_id"`
	Name          *string `json:"name"`
	Weather       string  `json:"weather"`
	Temperature   *string `json:"temperature"`
	Precipitation *string `json:"precipitation"`
	Wind          *string `json:"wind"`
	Effect        *string `json:"effect"`
	Year          int     `json:"year"`
	Month         int     `json:"month"`
	Day           int     `json:"day"`
	VisibilityID  int     `json:"visibility_id"`
	Unknown       unknown `json:"-"`
}

func (w *weather) calendarOf() int { return w.CalendarID }

func (st *state) findCalendar(id int) *calendar {
	for _, c := range st.Calendars {
		if c.ID == id {
			return c
		}
	}
	return nil
}

// deleteCalendar removes calendar c and, like the service's cascades, its
// weather, the reminders on it and the reminders of its entity.
func (st *state) deleteCalendar(c *calendar) {
	st.Calendars = slices.DeleteFunc(st.Calendars, func(x *calendar) bool { return x.ID == c.ID })
	st.Weather = slices.DeleteFunc(st.Weather, func(w *weather) bool { return w.CalendarID == c.ID })
	st.Reminders = slices.DeleteFunc(st.Reminders, func(r *reminder) bool {
		return r.CalendarID == c.ID || (r.RemindableType == entityModel && r.RemindableID == c.EntityID)
	})
}
