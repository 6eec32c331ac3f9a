package client

import (
	"net/http"
	"strconv"
)

// observeRaw tells the observer (kanka's cache) what a raw request did to
// a calendar or a weather entry of this campaign that it may hold. A raw
// answer is not read as a record, so the observer is never handed one: it
// is told what to forget, and the next command that needs it reads it
// again. Routes of other entities are none of its business.
//
//	calendars/N                      PUT, PATCH: changed; DELETE: gone
//	calendars/N/ROUTE                a write (advance, retreat): changed
//	calendars/N/calendar_weather/W   PUT, PATCH, DELETE: the entry forgotten
//
// A 404 about the record (not the route) says it is gone, whatever the
// method.
func (c *Client) observeRaw(method string, route rawRoute, err error) {
	segs := route.segments
	if c.cfg.Observer == nil || len(segs) < 4 || segs[0] != campaignsSegment || segs[1] != itoa(c.cfg.Campaign) || segs[2] != calendarsSegment {
		return
	}
	calendarID, convErr := strconv.Atoi(segs[3])
	if convErr != nil || calendarID <= 0 {
		return
	}
	gone := recordNotFound(err)
	write := err == nil && method != http.MethodGet && method != http.MethodHead && method != http.MethodOptions
	weather := len(segs) >= 5 && (segs[4] == weatherPathDocument || segs[4] == weatherPathLive)
	switch {
	case len(segs) == 4 && (gone || write && method == http.MethodDelete):
		c.observe(func(o Observer) { o.CalendarGone(calendarID) })
	case len(segs) == 4 && write:
		c.observe(func(o Observer) { o.CalendarChanged(calendarID) })
	case len(segs) == 5 && write && !weather:
		c.observe(func(o Observer) { o.CalendarChanged(calendarID) })
	case len(segs) == 6 && weather && (gone || write && method != http.MethodPost):
		if id, err := strconv.Atoi(segs[5]); err == nil && id > 0 {
			c.observe(func(o Observer) { o.WeatherGone(calendarID, id) })
		}
	}
}
