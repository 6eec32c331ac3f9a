package monthgrid

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/kanka-cli/kanka/almanac"
)

// Grid is one month, or every month of a year, computed and ready to be
// written as text (Text) or as JSON (Value). It is read-only.
type Grid struct {
	r         *almanac.Reckoning
	id        int
	name      string
	year      int
	wholeYear bool
	today     *almanac.Date
	months    []month
	// remindersRead: the reminders were read (Input.RemindersRead).
	remindersRead bool
}

// month is one month of a Grid: the almanac's view and the weather and
// reminders of each of its days (weather[i] is day i+1).
type month struct {
	view      almanac.MonthView
	weather   [][]Weather
	reminders [][]Reminder
}

// New computes the month (or the year) in. It fails as the almanac does on a
// year or month that does not exist, or a calendar with fewer than 2
// weekdays (almanac.ErrFewWeekdays: the service cannot draw that grid
// either), and on a weather entry of a day shown whose Raw is not JSON.
func New(in Input) (*Grid, error) {
	if in.Reckoning == nil {
		return nil, errors.New("monthgrid: no calendar")
	}
	g := &Grid{r: in.Reckoning, id: in.CalendarID, name: in.CalendarName, year: in.Year, wholeYear: in.WholeYear, remindersRead: in.RemindersRead}
	if in.Today != nil {
		t := *in.Today
		g.today = &t
	}
	first, last := in.Month, in.Month
	if in.WholeYear {
		first, last = 1, in.Reckoning.MonthCount()
	}
	index := map[int]int{} // month number -> index in g.months
	for m := first; m <= last; m++ {
		v, err := in.Reckoning.MonthView(in.Year, m)
		if err != nil {
			return nil, err
		}
		index[m] = len(g.months)
		g.months = append(g.months, month{view: v, weather: make([][]Weather, len(v.Days)), reminders: make([][]Reminder, len(v.Days))})
	}
	for _, w := range in.Weather {
		i, ok := index[w.Date.Month]
		if !ok || w.Date.Year != in.Year || w.Date.Day < 1 || w.Date.Day > len(g.months[i].weather) {
			continue
		}
		if !json.Valid(w.Raw) {
			return nil, fmt.Errorf("the weather entry of %s is not valid JSON", w.Date)
		}
		g.months[i].weather[w.Date.Day-1] = append(g.months[i].weather[w.Date.Day-1], w)
	}
	for _, rm := range in.Reminders {
		i, ok := index[rm.Date.Month]
		if !ok || rm.Date.Year != in.Year || rm.Date.Day < 1 || rm.Date.Day > len(g.months[i].reminders) {
			continue
		}
		g.months[i].reminders[rm.Date.Day-1] = append(g.months[i].reminders[rm.Date.Day-1], rm)
	}
	return g, nil
}

// isToday reports whether d is the calendar's current date.
func (g *Grid) isToday(d almanac.Date) bool { return g.today != nil && *g.today == d }
