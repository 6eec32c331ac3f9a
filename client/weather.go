package client

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
)

// Visibility ids of a weather entry.
const (
	VisibilityAll       = 1
	VisibilitySelf      = 2
	VisibilityAdmin     = 3
	VisibilitySelfAdmin = 4
	VisibilityMembers   = 5
)

var visibilityNames = []string{"", "all", "self", "admin", "self-admin", "members"}

// VisibilityName returns the name of a visibility id ("all" for 1), or the
// number itself when it is not one of the five.
func VisibilityName(id int) string {
	if id >= 1 && id < len(visibilityNames) {
		return visibilityNames[id]
	}
	return strconv.Itoa(id)
}

// ParseVisibility reads a visibility name or a number from 1 to 5.
func ParseVisibility(s string) (int, error) {
	s = strings.ToLower(strings.TrimSpace(s))
	for id, name := range visibilityNames {
		if id > 0 && (s == name || s == strconv.Itoa(id)) {
			return id, nil
		}
	}
	return 0, fmt.Errorf("%q is not a visibility: use all, self, admin, self-admin, members or 1 to 5", s)
}

// Weather is a calendar weather entry as the server returns it; Raw keeps
// the object the server sent.
type Weather struct {
	ID            int
	CalendarID    int
	CreatedBy     int
	Name          string
	Weather       string
	Temperature   string
	Precipitation string
	Wind          string
	Effect        string
	Year          int
	Month         int
	Day           int
	CreatedAt     string
	UpdatedAt     string
	VisibilityID  int

	Raw json.RawMessage
}

// Date is the day the weather is for.
func (w *Weather) Date() Date { return Date{Year: w.Year, Month: w.Month, Day: w.Day} }

type wireWeather struct {
	ID            flexInt    `json:"id"`
	CalendarID    flexInt    `json:"calendar_id"`
	CreatedBy     flexInt    `json:"created_by"`
	Name          flexString `json:"name"`
	Weather       flexString `json:"weather"`
	Temperature   flexString `json:"temperature"`
	Precipitation flexString `json:"precipitation"`
	Wind          flexString `json:"wind"`
	Effect        flexString `json:"effect"`
	Year          flexInt    `json:"year"`
	Month         flexInt    `json:"month"`
	Day           flexInt    `json:"day"`
	CreatedAt     flexString `json:"created_at"`
	UpdatedAt     flexString `json:"updated_at"`
	VisibilityID  flexInt    `json:"visibility_id"`
}

// UnmarshalJSON decodes leniently and keeps the raw object.
func (w *Weather) UnmarshalJSON(b []byte) error {
	var x wireWeather
	if err := json.Unmarshal(b, &x); err != nil {
		return fmt.Errorf("decoding weather: %w", err)
	}
	*w = Weather{
		ID: int(x.ID), CalendarID: int(x.CalendarID), CreatedBy: int(x.CreatedBy),
		Name: string(x.Name), Weather: string(x.Weather), Temperature: string(x.Temperature),
		Precipitation: string(x.Precipitation), Wind: string(x.Wind), Effect: string(x.Effect),
		Year: int(x.Year), Month: int(x.Month), Day: int(x.Day),
		CreatedAt: string(x.CreatedAt), UpdatedAt: string(x.UpdatedAt),
		VisibilityID: int(x.VisibilityID),
		Raw:          append(json.RawMessage(nil), b...),
	}
	return nil
}

// RawJSON is the entry exactly as the server sent it.
func (w *Weather) RawJSON() json.RawMessage { return w.Raw }

// RecordID is the entry's id.
func (w *Weather) RecordID() int { return w.ID }
