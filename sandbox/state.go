package sandbox

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"
	"sync"
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

// The records read and write the keys they do not know (see unknown): each
// through a plain copy of its type, which has its fields but not these
// methods. The state, its calendars and weather are written by encode.
type (
	plainState     state
	plainLastIDs   lastIDs
	plainCalendar  calendar
	plainMonth     month
	plainYear      year
	plainSeason    season
	plainMoon      moon
	plainNamedWeek namedWeek
	plainWeather   weather
)

func (st *state) UnmarshalJSON(b []byte) error {
	return readKeeping(b, (*plainState)(st), &st.Unknown)
}

// encode is the state file's JSON: the version this sandbox writes, or the
// newer one the file had. It writes the records itself, each through a
// pointer to its plain type, rather than through MarshalJSON methods,
// whose answers encoding/json would copy and check once more: the state is
// written whole on every write, and a year of weather is 365 of them.
func (st *state) encode() ([]byte, error) {
	// A buffer of the last write's size, so that a growing file is not
	// grown again from nothing on each write.
	b := encodeBuffers.Get().(*bytes.Buffer)
	defer encodeBuffers.Put(b)
	b.Reset()
	enc := json.NewEncoder(b)
	b.WriteString(`{"last_ids":`)
	err := writeValue(b, enc, &st.LastIDs)
	fmt.Fprintf(b, `,"version":%d,"calendars":`, max(st.Version, stateVersion))
	err = errors.Join(err, writeRecords(b, enc, st.Calendars, func(c *calendar) (any, unknown) { return (*plainCalendar)(c), withFields(c.Fields, c.Unknown) }))
	b.WriteString(`,"weather":`)
	err = errors.Join(err, writeRecords(b, enc, st.Weather, func(w *weather) (any, unknown) { return (*plainWeather)(w), w.Unknown }))
	b.WriteString(`,"reminders":`)
	err = errors.Join(err, writeRecords(b, enc, st.Reminders, func(r *reminder) (any, unknown) { return (*plainReminder)(r), r.Unknown }))
	b.WriteString(`,"entities":`)
	err = errors.Join(err, writeRecords(b, enc, st.Entities, func(e *entity) (any, unknown) { return (*plainEntity)(e), e.Unknown }))
	for _, k := range slices.Sorted(maps.Keys(st.Unknown)) {
		key, _ := json.Marshal(k)
		fmt.Fprintf(b, ",%s:%s", key, st.Unknown[k])
	}
	b.WriteByte('}')
	return bytes.Clone(b.Bytes()), err
}

var encodeBuffers = sync.Pool{New: func() any { return new(bytes.Buffer) }}

// writeRecords writes list as a JSON array, each record as plain gives it:
// its fields, and its unknown keys.
func writeRecords[R any](b *bytes.Buffer, enc *json.Encoder, list []R, plain func(R) (any, unknown)) error {
	if list == nil {
		b.WriteString("null")
		return nil
	}
	b.WriteByte('[')
	for i, r := range list {
		if i > 0 {
			b.WriteByte(',')
		}
		v, rest := plain(r)
		if len(rest) > 0 {
			raw, err := writeKeeping(v, rest)
			if err != nil {
				return err
			}
			b.Write(raw)
		} else if err := writeValue(b, enc, v); err != nil {
			return err
		}
	}
	b.WriteByte(']')
	return nil
}

// writeValue writes v with enc, which writes to b, without the newline
// that ends what enc writes.
func writeValue(b *bytes.Buffer, enc *json.Encoder, v any) error {
	if err := enc.Encode(v); err != nil {
		return err
	}
	b.Truncate(b.Len() - 1)
	return nil
}

func (l *lastIDs) UnmarshalJSON(b []byte) error {
	return readKeeping(b, (*plainLastIDs)(l), &l.Unknown)
}
func (l lastIDs) MarshalJSON() ([]byte, error) { return writeKeeping(plainLastIDs(l), l.Unknown) }
func (c *calendar) UnmarshalJSON(b []byte) error {
	err := readKeeping(b, (*plainCalendar)(c), &c.Unknown)
	if err == nil {
		c.Fields, err = takeFields(c.Unknown)
	}
	return err
}
func (m *month) UnmarshalJSON(b []byte) error  { return readKeeping(b, (*plainMonth)(m), &m.Unknown) }
func (m month) MarshalJSON() ([]byte, error)   { return writeKeeping(plainMonth(m), m.Unknown) }
func (y *year) UnmarshalJSON(b []byte) error   { return readKeeping(b, (*plainYear)(y), &y.Unknown) }
func (y year) MarshalJSON() ([]byte, error)    { return writeKeeping(plainYear(y), y.Unknown) }
func (s *season) UnmarshalJSON(b []byte) error { return readKeeping(b, (*plainSeason)(s), &s.Unknown) }
func (s season) MarshalJSON() ([]byte, error)  { return writeKeeping(plainSeason(s), s.Unknown) }
func (m *moon) UnmarshalJSON(b []byte) error   { return readKeeping(b, (*plainMoon)(m), &m.Unknown) }
func (m moon) MarshalJSON() ([]byte, error)    { return writeKeeping(plainMoon(m), m.Unknown) }
func (w *namedWeek) UnmarshalJSON(b []byte) error {
	return readKeeping(b, (*plainNamedWeek)(w), &w.Unknown)
}
func (w namedWeek) MarshalJSON() ([]byte, error) { return writeKeeping(plainNamedWeek(w), w.Unknown) }
func (w *weather) UnmarshalJSON(b []byte) error {
	return readKeeping(b, (*plainWeather)(w), &w.Unknown)
}

// firstUnknown is the first key of st that this sandbox does not know, in
// the order the file has its records, or "".
func (st *state) firstUnknown() string {
	sets := []unknown{st.Unknown, st.LastIDs.Unknown}
	for _, c := range st.Calendars {
		sets = append(sets, c.Unknown)
		for _, m := range c.Months {
			sets = append(sets, m.Unknown)
		}
		for _, y := range c.Years {
			sets = append(sets, y.Unknown)
		}
		for _, se := range c.Seasons {
			sets = append(sets, se.Unknown)
		}
		for _, m := range c.Moons {
			sets = append(sets, m.Unknown)
		}
		for _, w := range c.NamedWeeks {
			sets = append(sets, w.Unknown)
		}
	}
	for _, w := range st.Weather {
		sets = append(sets, w.Unknown)
	}
	for _, u := range sets {
		if k := u.first(); k != "" {
			return k
		}
	}
	return ""
}
