package client

import (
	"encoding/json"
	"fmt"
)

// Visibility is the name of the entry's visibility, "" when unknown.
func (in WeatherInput) Visibility() string {
	if in.VisibilityID == nil {
		return ""
	}
	return VisibilityName(*in.VisibilityID)
}

// Weather is a calendar weather entry as the server returns it. Its
// writable part, WeatherInput, holds what the answer gave: a field the
// answer left out or sent as null is nil (unknown). Raw keeps the object
// the server sent.
type Weather struct {
	ID         int
	CalendarID int
	// HasCalendarID is false when the answer named no calendar.
	HasCalendarID bool
	CreatedBy     int
	CreatedAt     string
	UpdatedAt     string

	WeatherInput

	Raw json.RawMessage
}

// Code is the weather code ("sun"), "" when unknown.
func (w *Weather) Code() string { return deref(w.Weather, "") }

// Misplaced says why the entry cannot be taken as one of calendar id's,
// whose weather list held it: it says it is of another calendar (an answer
// that names none is taken as the list's), or its date is not whole (a
// part the answer left out is unknown, not 0). "" when it can.
func (w *Weather) Misplaced(calendarID int) string {
	switch {
	case w.HasCalendarID && w.CalendarID != calendarID:
		return fmt.Sprintf("says it is of calendar %d", w.CalendarID)
	case !w.HasDate():
		return "has no whole date"
	}
	return ""
}

// MisplacedWarning is the line that reports an entry calendar listed's
// weather list held but that is not taken as one of its (why: Misplaced).
func MisplacedWarning(listed int, w *Weather, why string) string {
	return fmt.Sprintf("warning: the weather list of calendar %d holds entry %d, which %s; it is ignored", listed, w.ID, why)
}

type weatherRecord struct {
	ID         flexInt    `json:"id"`
	CalendarID *flexInt   `json:"calendar_id"`
	CreatedBy  flexInt    `json:"created_by"`
	CreatedAt  flexString `json:"created_at"`
	UpdatedAt  flexString `json:"updated_at"`
}

// UnmarshalJSON decodes leniently and keeps the raw object: the writable
// part through WeatherFields, the record's own keys beside it. A record
// past the answer bounds is an *AnswerBoundError, and nothing of it is
// decoded.
func (w *Weather) UnmarshalJSON(b []byte) error { return w.decode(wholeAnswer(b)) }

// decode is UnmarshalJSON of a, alone or read from its page's scan.
func (w *Weather) decode(a recordAnswer) error {
	var x weatherRecord
	var in WeatherInput
	if err := decodeRecordAnswer(a, &weatherShape, "weather", &x, WeatherFields, &in); err != nil {
		return err
	}
	*w = Weather{
		ID: int(x.ID), CreatedBy: int(x.CreatedBy),
		CreatedAt: string(x.CreatedAt), UpdatedAt: string(x.UpdatedAt),
		WeatherInput: in,
		Raw:          append(json.RawMessage(nil), a.bytes()...),
	}
	if x.CalendarID != nil {
		w.CalendarID, w.HasCalendarID = int(*x.CalendarID), true
	}
	return nil
}

// MarshalJSON is the entry exactly as the server sent it.
func (w Weather) MarshalJSON() ([]byte, error) { return rawAnswer(w.Raw) }

// MarshalYAML is the entry's file form (WeatherFile), not its input's.
func (w Weather) MarshalYAML() (any, error) { return WeatherFile(&w), nil }

// RawJSON is the entry exactly as the server sent it.
func (w *Weather) RawJSON() json.RawMessage { return w.Raw }

// RecordID is the entry's id.
func (w *Weather) RecordID() int { return w.ID }
