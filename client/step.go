package client

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"

	"github.com/kanka-cli/kanka/almanac"
)

// The live service moves a calendar's date by one day with a route of its
// own (POST calendars/{id}/advance and .../retreat) that changes the date
// alone: nothing is rebuilt, so the named weeks, which no answer carries,
// survive it, and a leap day can be reached (a calendar write clamps the
// day to the month's base length). The interface document has no such
// route.

// ErrNoStepRoute is a server without the advance and retreat routes.
var ErrNoStepRoute = errors.New("the server has no route to move a calendar's date by one day")

// HasStepRoute reports whether the server cal came from has the advance
// and retreat routes, known at no cost: the live service's hosts have
// them, and so does any server whose calendar answers are the live
// resource (with its urls), until one answers them with a route-level 404.
func (c *Client) HasStepRoute(cal *Calendar) bool {
	if c.noStepRoute.Load() {
		return false
	}
	if c.liveHost {
		return true
	}
	obj, err := answerObject(cal.Raw)
	if err != nil {
		return false
	}
	_, live := obj["urls"]
	return live
}

// StepDate moves calendar id's current date one day forward (back: one
// day back) with the service's route, and returns the date it answers. A
// server without the route is ErrNoStepRoute (remembered, so that later
// calls ask no more).
func (c *Client) StepDate(ctx context.Context, id int, back bool) (Date, error) {
	if c.noStepRoute.Load() {
		return Date{}, ErrNoStepRoute
	}
	verb := "advance"
	if back {
		verb = "retreat"
	}
	ans, err := c.do(ctx, http.MethodPost, calendarPath(id)+"/"+verb, nil, struct{}{})
	if err == nil {
		c.observe(func(o Observer) { o.CalendarChanged(id) })
	}
	var apiErr *Error
	if errors.As(err, &apiErr) && apiErr.StatusCode == http.StatusNotFound && apiErr.RouteNotFound {
		c.noStepRoute.Store(true)
		return Date{}, ErrNoStepRoute
	}
	if err != nil {
		return Date{}, err
	}
	var body struct {
		Date *flexString `json:"date"`
		Data *struct {
			Date flexString `json:"date"`
		} `json:"data"`
	}
	if err := json.Unmarshal(ans.body, &body); err != nil {
		return Date{}, fmt.Errorf("reading the answer to moving calendar %d's date: %w", id, err)
	}
	text := ""
	switch {
	case body.Date != nil:
		text = string(*body.Date)
	case body.Data != nil:
		text = string(body.Data.Date)
	}
	d, err := almanac.ParseNumeric(text)
	if err != nil {
		return Date{}, fmt.Errorf("the answer to moving calendar %d's date has no date: %w", id, err)
	}
	return d, nil
}

// WithDate is cal as it is once its date is d: the date the step route
// answers, where the route answers no calendar. Raw changes only in its
// "date" key (updated_at too stays: the route does not move it).
func (cal *Calendar) WithDate(d Date) *Calendar {
	out := *cal
	out.CalendarInput = CalendarFields.Clone(&cal.CalendarInput)
	out.Date = &d
	out.Raw = replaceKey(cal.Raw, "date", []byte(`"`+d.String()+`"`))
	return &out
}

// replaceKey is the JSON object b with the value of its top-level key
// replaced (added at the end when missing), every other byte kept.
func replaceKey(b []byte, key string, value []byte) []byte {
	kvs := orderedKeys(b)
	out := []byte{'{'}
	found := false
	for i, kv := range kvs {
		if i > 0 {
			out = append(out, ',')
		}
		k, _ := json.Marshal(kv.Key)
		out = append(append(out, k...), ':')
		if kv.Key == key {
			out, found = append(out, value...), true
		} else {
			out = append(out, kv.Value...)
		}
	}
	if !found {
		if len(kvs) > 0 {
			out = append(out, ',')
		}
		k, _ := json.Marshal(key)
		out = append(append(append(out, k...), ':'), value...)
	}
	return append(out, '}')
}

// maxLeapSteps bounds the steps KeepDate takes to reach a leap day: the
// service's leap amount is at most 128 days.
const maxLeapSteps = 128

// DateNotKeptError is a write whose date the service did not keep.
type DateNotKeptError struct {
	ID           int
	Sent, Stored Date
	// Why says why it could not be reached: "", or the step route's error.
	Why string
}

func (e *DateNotKeptError) Error() string {
	msg := fmt.Sprintf("calendar %d: the service stored the date %s, not %s", e.ID, e.Stored, e.Sent)
	if e.Why != "" {
		msg += " (" + e.Why + ")"
	}
	return msg
}

// KeepDate makes the date a write sent calendar id's date, given cal, the
// server's answer to that write. The live service clamps the day to the
// month's base length, so a leap day is stored as the month's last common
// day: the step route then reaches it, one request a day (a server without
// the route says so with a 404, once). It returns the calendar as it is
// then; a *DateNotKeptError when the service stored another date and the
// route cannot reach the one sent, so that a date the service did not keep
// is never reported set. An answer without a date says nothing either way
// and is taken as it is; an answer about another calendar is an error, and
// nothing more is sent.
func (c *Client) KeepDate(ctx context.Context, id int, cal *Calendar, sent Date) (*Calendar, error) {
	if cal.ID != id {
		return nil, fmt.Errorf("the server's answer to writing calendar %d describes calendar %d: check both before trying again", id, cal.ID)
	}
	stored, ok := cal.CurrentDate()
	if !ok || stored == sent {
		return cal, nil
	}
	notKept := &DateNotKeptError{ID: id, Sent: sent, Stored: stored}
	base := 0
	if sent.Month >= 1 && sent.Month <= len(cal.Months) {
		base = cal.Months[sent.Month-1].Length
	}
	steps := sent.Day - stored.Day
	clamped := stored.Year == sent.Year && stored.Month == sent.Month && stored.Day == base && steps > 0 && steps <= maxLeapSteps
	if !clamped {
		return nil, notKept
	}
	for range steps {
		d, err := c.StepDate(ctx, id, false)
		if errors.Is(err, ErrNoStepRoute) {
			notKept.Why = "it keeps a day only up to the month's base length, and has no route to step onto a leap day"
			return nil, notKept
		}
		if err != nil {
			return nil, fmt.Errorf("calendar %d: stepping from %s onto the leap day %s: %w", id, stored, sent, err)
		}
		stored = d
	}
	if stored != sent {
		notKept.Stored, notKept.Why = stored, "its advance route counts leap days otherwise"
		return nil, notKept
	}
	return cal.WithDate(stored), nil
}
