package sandbox

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"
	"sync"
)

// The state file's JSON: the state written whole by encode, and read back
// by the records' decoders, which keep the keys they do not know.

// The records read and write the keys they do not know (see unknown): each
// through a plain copy of its type, which has its fields but not these
// methods. The state and its records are written by encode; the counters
// and the items of a calendar's lists by their MarshalJSON, on pointers so
// that encoding/json copies none.
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
func (l *lastIDs) MarshalJSON() ([]byte, error) { return writeKeeping((*plainLastIDs)(l), l.Unknown) }
func (c *calendar) UnmarshalJSON(b []byte) error {
	err := readKeeping(b, (*plainCalendar)(c), &c.Unknown)
	if err == nil {
		c.Fields, err = takeFields(c.Unknown)
	}
	return err
}
func (m *month) UnmarshalJSON(b []byte) error  { return readKeeping(b, (*plainMonth)(m), &m.Unknown) }
func (m *month) MarshalJSON() ([]byte, error)  { return writeKeeping((*plainMonth)(m), m.Unknown) }
func (y *year) UnmarshalJSON(b []byte) error   { return readKeeping(b, (*plainYear)(y), &y.Unknown) }
func (y *year) MarshalJSON() ([]byte, error)   { return writeKeeping((*plainYear)(y), y.Unknown) }
func (s *season) UnmarshalJSON(b []byte) error { return readKeeping(b, (*plainSeason)(s), &s.Unknown) }
func (s *season) MarshalJSON() ([]byte, error) { return writeKeeping((*plainSeason)(s), s.Unknown) }
func (m *moon) UnmarshalJSON(b []byte) error   { return readKeeping(b, (*plainMoon)(m), &m.Unknown) }
func (m *moon) MarshalJSON() ([]byte, error)   { return writeKeeping((*plainMoon)(m), m.Unknown) }
func (w *namedWeek) UnmarshalJSON(b []byte) error {
	return readKeeping(b, (*plainNamedWeek)(w), &w.Unknown)
}
func (w *namedWeek) MarshalJSON() ([]byte, error) {
	return writeKeeping((*plainNamedWeek)(w), w.Unknown)
}
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
