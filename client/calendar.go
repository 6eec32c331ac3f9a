package client

import (
	"encoding/json"

	"github.com/kanka-cli/kanka/almanac"
)

// MonthTypes are the types a month can have (Month.Type).
var MonthTypes = []string{"standard", "intercalary"}

// Month is one month of a calendar.
type Month struct {
	Name   string `json:"name" yaml:"name"`
	Length int    `json:"length" yaml:"length"`
	// Type is one of MonthTypes, "standard" or "intercalary"; empty means
	// standard.
	Type string `json:"type,omitempty" yaml:"type,omitempty"`
	// Alias is a live-service extra: a second name for the month.
	Alias string `json:"alias,omitempty" yaml:"alias,omitempty"`
}

// Season starts on a day of a month (both counted from 1).
type Season struct {
	Name  string `json:"name" yaml:"name"`
	Month int    `json:"month" yaml:"month"`
	Day   int    `json:"day" yaml:"day"`
	// MonthName is the month written by name, until
	// CalendarInput.ResolveMonths turns it into Month.
	MonthName *Written `json:"-" yaml:"-"`
}

// Moon is a moon with a full moon every Fullmoon days.
type Moon struct {
	Name     string  `json:"name" yaml:"name"`
	Fullmoon float64 `json:"fullmoon" yaml:"fullmoon"`
	Offset   int     `json:"offset,omitempty" yaml:"offset,omitempty"`
	Colour   string  `json:"colour,omitempty" yaml:"colour,omitempty"`
	// ID is the server's id of an existing moon; nil for a new one.
	ID *int `json:"id,omitempty" yaml:"id,omitempty"`
}

// Date is a day of a fictional calendar (the almanac's): years may be zero
// or negative, and the month counts every month of the list.
type Date = almanac.Date

// ParseDate reads "Y-M-D" written with numbers (the year may be negative,
// as in "-12-3-1"): almanac.ParseNumeric.
func ParseDate(s string) (Date, error) { return almanac.ParseNumeric(s) }

// Calendar is a calendar as the server returns it. Its writable part,
// CalendarInput, holds what the answer gave: a field the answer left out
// or sent as null is nil, unknown, and never written back as a zero. Raw
// keeps the object the server sent, every key included, for JSON output.
type Calendar struct {
	ID             int
	EntityID       int
	Image          string
	ImageFull      string
	ImageThumb     string
	HasCustomImage bool
	CreatedAt      string
	CreatedBy      int
	UpdatedAt      string
	UpdatedBy      int
	Parameters     json.RawMessage

	CalendarInput

	Raw json.RawMessage
}

// calendarRecord are the answer's keys of the record itself (not of its
// writable part), read into Calendar's own fields.
type calendarRecord struct {
	ID             flexInt         `json:"id"`
	EntityID       flexInt         `json:"entity_id"`
	Image          flexString      `json:"image"`
	ImageFull      flexString      `json:"image_full"`
	ImageThumb     flexString      `json:"image_thumb"`
	HasCustomImage flexBool        `json:"has_custom_image"`
	CreatedAt      flexString      `json:"created_at"`
	CreatedBy      flexInt         `json:"created_by"`
	UpdatedAt      flexString      `json:"updated_at"`
	UpdatedBy      flexInt         `json:"updated_by"`
	Parameters     json.RawMessage `json:"parameters"`
}

// UnmarshalJSON decodes leniently and keeps the raw object: the writable
// part through the field table (CalendarFields), the record's own keys
// beside it. A record past the answer bounds (MaxAnswerYears and the
// others) is an *AnswerBoundError, and nothing of it is decoded.
func (c *Calendar) UnmarshalJSON(b []byte) error { return c.decode(wholeAnswer(b)) }

// decode is UnmarshalJSON of a, alone or read from its page's scan.
func (c *Calendar) decode(a recordAnswer) error {
	var w calendarRecord
	var in CalendarInput
	if err := decodeRecordAnswer(a, &calendarShape, "calendar", &w, CalendarFields, &in); err != nil {
		return err
	}
	*c = Calendar{
		ID: int(w.ID), EntityID: int(w.EntityID),
		Image: string(w.Image), ImageFull: string(w.ImageFull), ImageThumb: string(w.ImageThumb),
		HasCustomImage: bool(w.HasCustomImage),
		CreatedAt:      string(w.CreatedAt), CreatedBy: int(w.CreatedBy),
		UpdatedAt: string(w.UpdatedAt), UpdatedBy: int(w.UpdatedBy),
		Parameters:    w.Parameters,
		CalendarInput: in,
		Raw:           append(json.RawMessage(nil), a.bytes()...),
	}
	return nil
}

// MarshalJSON is the calendar exactly as the server sent it (not the
// write payload of its CalendarInput).
func (c Calendar) MarshalJSON() ([]byte, error) { return rawAnswer(c.Raw) }

// CurrentDate is the calendar's current date; ok is false when the server
// sent none or an odd one.
func (c *Calendar) CurrentDate() (Date, bool) {
	if c.Date == nil {
		return Date{}, false
	}
	return *c.Date, true
}

// DateText is the current date as "Y-M-D", "" when it is unknown.
func (c *Calendar) DateText() string {
	if c.Date == nil {
		return ""
	}
	return c.Date.String()
}

// IsLeapYear reports whether year gets the leap days, by the almanac's
// rule (the service's): the calendar has leap years, and year is the start
// year or a whole number of intervals after it (an interval below 1 counts
// as 1); a leap amount of 0 or below still makes leap years.
func (c *Calendar) IsLeapYear(year int) bool {
	cal := c.AlmanacCalendar()
	// Which years are leap years does not depend on the months: a calendar
	// the almanac cannot count (no months, a year too long) still answers.
	cal.Months = []almanac.Month{{Length: 1}}
	r, err := almanac.New(cal)
	return err == nil && r.IsLeapYear(year)
}

// RawJSON is the calendar exactly as the server sent it.
func (c *Calendar) RawJSON() json.RawMessage { return c.Raw }

// RecordID is the calendar's id.
func (c *Calendar) RecordID() int { return c.ID }

// RecordName is the calendar's name.
func (c *Calendar) RecordName() string { return c.Name }
