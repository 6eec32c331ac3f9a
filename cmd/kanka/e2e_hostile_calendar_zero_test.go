//go:build linux

package main

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
)

// A server whose calendar lookup answers a calendar numbered 0 (a broken
// deployment): the weather table on a terminal still names its months from
// the calendar the lookup gave, as it did before; it never panics.
func TestE2EHostileWeatherTableOfACalendarNumberedZero(t *testing.T) {
	t.Parallel()
	srv := startHostile(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		switch strings.TrimPrefix(r.URL.Path, campaignPath) {
		case "calendars":
			fmt.Fprint(w, calendarPage(calendarJSON(0, "Zero")))
		case "calendars/0/calendar_weathers":
			fmt.Fprint(w, calendarPage(`{"id":3,"calendar_id":0,"year":1,"month":2,"day":1,"weather":"sun","visibility_id":1}`))
		default:
			http.NotFound(w, r)
		}
	})
	k := newHostileKanka(t, srv)
	mark := srv.mark()
	r := k.onTerminal(t, 80, "weather", "list", "--calendar", "Zero")
	wantRun(t, r, 0, "ID  DATE   WEATHER  TEMPERATURE  PRECIPITATION  WIND  EFFECT  VISIBILITY\n"+
		"3   1 B 1  sun                                                all\n", "")
	wantRequests(t, srv.since(mark), "GET calendars?name=Zero", "GET calendars/0/calendar_weathers")
}
