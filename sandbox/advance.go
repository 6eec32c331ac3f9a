package sandbox

import (
	"net/http"
	"strconv"
	"time"

	"github.com/kanka-cli/kanka/almanac"
)

// moveDate serves the live service's POST calendars/{id}/advance (days 1)
// and .../retreat (days -1): the current date moves by one day with the
// almanac's arithmetic (leap days, intercalary months, skip_year_zero),
// and nothing else changes: not the months, not the named weeks, not the
// updated_at the answers show (the service saves the calendar quietly and
// leaves its entity alone). The calendar's own update time moves, so that
// lastSync sees the change. A calendar with no month or fewer than 2
// weekdays is refused with the service's 406.
func (s *Server) moveDate(id string, days int64) reply {
	return s.changeCalendar(id, func(_ *state, c *calendar) (reply, bool) {
		if len(c.Months) < 1 || len(c.Weekdays) < 2 {
			return reply{status: http.StatusNotAcceptable, body: []string{"Invalid calendar config"}}, false
		}
		r, err := almanac.New(almanacOf(c))
		if err != nil {
			return serverError(err.Error()), false
		}
		// A date the calendar does not have (year 0 with skip_year_zero,
		// which a write may leave) makes the service's chronology throw:
		// a 500 here too.
		next, err := r.AddDays(almanac.Date{Year: c.CurrentYear, Month: c.CurrentMonth, Day: c.CurrentDay}, days)
		if err != nil {
			return serverError(err.Error()), false
		}
		c.CurrentYear, c.CurrentMonth, c.CurrentDay = next.Year, next.Month, next.Day
		c.CalendarUpdatedAt = later(c.syncTime(), s.stamp(), time.Microsecond)
		date := strconv.Itoa(next.Year) + "-" + strconv.Itoa(next.Month) + "-" + strconv.Itoa(next.Day)
		return reply{status: http.StatusOK, body: object{{"date", date}}}, true
	})
}
