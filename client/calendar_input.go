package client

import (
	"encoding/json"

	yaml "go.yaml.in/yaml/v3"
)

// CalendarInput is the writable part of a calendar, with months, seasons and
// moons as nested values. It encodes to the interface's parallel arrays
// (month_name/month_length/..., season_name/season_month/...), so a payload
// whose arrays disagree in length cannot be built. Its fields are declared,
// with how each is read, written, merged and compared, in CalendarFields.
//
// A nil pointer, slice or map is "not given": create sends nothing for it;
// in a record read from the server (Calendar) it is a field the answer left
// out or sent as null, which an update never writes back as a zero.
type CalendarInput struct {
	Name  string
	Type  *string
	Entry *string
	Date  *Date
	// DateWritten is the date written with names (Date is then nil),
	// until ResolveMonths reads it with the calendar's months and years.
	DateWritten *Written
	Months      []Month
	Weekdays    []string
	Years       Years
	// Weeks are the named weeks, by week number. The service never returns
	// them: only a file gives them.
	Weeks   Years
	Seasons []Season
	Moons   []Moon
	// Epochs can be written but the service never returns them.
	Epochs       []string
	Suffix       *string
	Format       *string
	SkipYearZero *bool
	StartOffset  *int

	HasLeapYear    *bool
	LeapYearAmount *int
	LeapYearOffset *int
	LeapYearStart  *int
	LeapYearMonth  *int
	// LeapYearMonthName is the leap month written by name, until
	// ResolveMonths turns it into LeapYearMonth.
	LeapYearMonthName *Written

	Tags      []int
	IsPrivate *bool

	// Images are write-only: the server answers with paths and URLs instead.
	ImageURL         string
	EntityImageUUID  string
	EntityHeaderUUID string
}

// Years maps a year (or week) number to its name.
type Years map[int]string

// DefaultMoonColour is what the live service assumes for a moon with no colour.
const DefaultMoonColour = "grey"

// FromCalendar is a copy of the writable part of c as it was read: what
// the answer left out stays nil, so that sending it back writes nothing
// that was not read.
func FromCalendar(c *Calendar) CalendarInput { return CalendarFields.Clone(&c.CalendarInput) }

func ptr[T any](v T) *T { return &v }

// MarshalJSON encodes the wire payload (CalendarFields.Payload): nested
// values become parallel arrays.
func (in CalendarInput) MarshalJSON() ([]byte, error) {
	return json.Marshal(CalendarFields.Payload(&in))
}

// CompleteForCreate fills in what a create of in should send so that the
// calendar it makes is one kanka reads back as it meant it: month 1 as the
// leap month of a calendar with leap years that names none (the service's
// own default on a write, where a leap month left null counts no leap day
// anywhere, and older records hold null).
func (in *CalendarInput) CompleteForCreate() {
	if deref(in.HasLeapYear, false) && in.LeapYearMonth == nil && in.LeapYearMonthName == nil {
		in.LeapYearMonth = ptr(1)
	}
}

// UnmarshalYAML reads a calendar file as DecodeCalendar does.
func (in *CalendarInput) UnmarshalYAML(n *yaml.Node) error {
	out, err := DecodeCalendar(n)
	if err != nil {
		return err
	}
	*in = out
	return nil
}

// KeepMoonIDs gives a moon without an id the id of the current moon of the
// same name, so that an update that replaces the moon list (--moon, a
// file, apply) updates those moons instead of deleting and re-creating
// them. One id goes to one moon; moons of one name are paired in order
// (the second Luna of moons takes the second Luna's id), so that no id
// moves to another moon of its name.
func KeepMoonIDs(moons, current []Moon) {
	sent := map[int]bool{}
	for _, m := range moons {
		if m.ID != nil {
			sent[*m.ID] = true
		}
	}
	ids := map[string][]*int{}
	for _, m := range current {
		name := StoredText(m.Name)
		ids[name] = append(ids[name], m.ID) // nil too: the n-th is the n-th
	}
	for i := range moons {
		name := StoredText(moons[i].Name)
		if len(ids[name]) == 0 {
			continue
		}
		id := ids[name][0]
		ids[name] = ids[name][1:]
		if moons[i].ID == nil && id != nil && !sent[*id] {
			moons[i].ID = ptr(*id)
		}
	}
}

// LostMoons are the moons of current (by id, their names) that a write of
// moons takes away: removed, or sent without their id, which the service
// then gives another moon (it numbers new moons from the highest id
// sent), or sent with another of the moons of their name (the first Luna
// with the second's id), by their order. A reminder that repeats on one
// would fall on no moon, or on another.
func LostMoons(current, moons []Moon) map[int]string {
	kept := map[int]bool{}
	for _, m := range moons {
		if m.ID != nil {
			kept[*m.ID] = true
		}
	}
	lost := map[int]string{}
	for _, m := range current {
		if m.ID != nil && !kept[*m.ID] && moons != nil {
			lost[*m.ID] = m.Name
		}
	}
	for id, name := range movedMoons(current, moons) {
		lost[id] = name
	}
	return lost
}

// movedMoons are the ids of current's moons of a shared name that moons
// sends with another moon of that name: the n-th moon of the name in one
// list is not the n-th in the other.
func movedMoons(current, moons []Moon) map[int]string {
	rank := func(list []Moon) map[int]int { // id: its place among its name's
		seen, at := map[string]int{}, map[int]int{}
		for _, m := range list {
			name := StoredText(m.Name)
			if m.ID != nil {
				at[*m.ID] = seen[name]
			}
			seen[name]++
		}
		return at
	}
	count := map[string]int{}
	for _, m := range current {
		count[StoredText(m.Name)]++
	}
	was, will := rank(current), rank(moons)
	moved := map[int]string{}
	for _, m := range current {
		if m.ID == nil || count[StoredText(m.Name)] < 2 {
			continue
		}
		if n, ok := will[*m.ID]; ok && n != was[*m.ID] && sentNamed(moons, *m.ID, m.Name) {
			moved[*m.ID] = m.Name
		}
	}
	return moved
}

// sentNamed reports whether moons sends id with a moon named name (as the
// service stores it): a moon renamed with its own id is not moved.
func sentNamed(moons []Moon, id int, name string) bool {
	for _, m := range moons {
		if m.ID != nil && *m.ID == id {
			return StoredText(m.Name) == StoredText(name)
		}
	}
	return false
}
