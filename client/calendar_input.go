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
