package client

import (
	"errors"
	"net/http"
)

// Observer is told of the records the client read and wrote, so that a
// local copy (kanka's cache) follows what this process saw and did. Calls
// come from any goroutine that uses the client, after the answer was read;
// an observer must be safe for concurrent use and must not block for long.
type Observer interface {
	// CalendarSeen: a whole calendar as the server answered it, to a read
	// or to a write.
	CalendarSeen(cal *Calendar)
	// CalendarChanged: a calendar changed in a way the answer does not
	// show whole (its date moved by the step route).
	CalendarChanged(id int)
	// CalendarGone: a calendar was deleted, or answered 404.
	CalendarGone(id int)
	// WeatherSeen: an entry of calendarID as the server answered it; created
	// is true for the answer to a create.
	WeatherSeen(calendarID int, w *Weather, created bool)
	// WeatherGone: an entry was deleted, or answered 404.
	WeatherGone(calendarID, id int)
	// LiveWeatherPath: the server has the live service's weather path, not
	// the document's (see Config.LiveWeatherPath).
	LiveWeatherPath()
	// ReminderSeen: a reminder as the server answered a read or a write of
	// it; created is true for the answer to a create.
	ReminderSeen(r *Reminder, created bool)
	// ReminderGone: a reminder was deleted, or answered 404.
	ReminderGone(id int)
}

// observe calls see with the client's observer, when it has one.
func (c *Client) observe(see func(Observer)) {
	if c.cfg.Observer != nil {
		see(c.cfg.Observer)
	}
}

// recordNotFound reports a 404 about the record, not about the route.
func recordNotFound(err error) bool {
	var e *Error
	return errors.As(err, &e) && e.StatusCode == http.StatusNotFound && !e.RouteNotFound
}
