package client_test

import (
	"context"
	"fmt"
	"net/http"
	"sync"
	"testing"

	"github.com/kanka-cli/kanka/client"
)

// notes records what an observer is told.
type notes struct {
	mu   sync.Mutex
	told []string
}

func (n *notes) add(s string) {
	n.mu.Lock()
	defer n.mu.Unlock()
	n.told = append(n.told, s)
}

func (n *notes) CalendarSeen(cal *client.Calendar) { n.add(fmt.Sprintf("seen calendar %d", cal.ID)) }
func (n *notes) CalendarChanged(id int)            { n.add(fmt.Sprintf("changed calendar %d", id)) }
func (n *notes) CalendarGone(id int)               { n.add(fmt.Sprintf("gone calendar %d", id)) }
func (n *notes) WeatherSeen(calendarID int, w *client.Weather, created bool) {
	n.add(fmt.Sprintf("seen weather %d of %d", w.ID, calendarID))
}
func (n *notes) WeatherGone(calendarID, id int) {
	n.add(fmt.Sprintf("gone weather %d of %d", id, calendarID))
}
func (n *notes) LiveWeatherPath() { n.add("live weather path") }
func (n *notes) ReminderSeen(r *client.Reminder, created bool) {
	n.add(fmt.Sprintf("seen reminder %d (created %v)", r.ID, created))
}
func (n *notes) ReminderGone(id int) { n.add(fmt.Sprintf("gone reminder %d", id)) }

// A raw write tells the cache what to forget: the calendar it changed or
// deleted, the weather entry it changed or deleted; a 404 about a record
// says it is gone. Reads, creates and other routes tell it nothing.
func TestRawTellsTheObserverWhatToForget(t *testing.T) {
	api := newMockAPI(t)
	api.mt.RegisterNoResponder(func(r *http.Request) (*http.Response, error) {
		api.record(r)
		switch r.URL.Path {
		case prefix + "calendars/8", prefix + "calendars/3/calendar_weather/9":
			return reply(404, `{"code":404,"error":"No query results for model [App\\Models\\Calendar] 8"}`)(r)
		case prefix + "calendars/3/nothing":
			return reply(404, `{"error":"Page not found"}`)(r)
		}
		return reply(200, `{"data":{}}`)(r)
	})
	told := &notes{}
	c, _ := api.client(func(cfg *client.Config) { cfg.Observer = told })
	for _, tc := range []struct {
		method, path string
		want         []string
	}{
		{"GET", "calendars/3", nil},
		{"PUT", "calendars/3", []string{"changed calendar 3"}},
		{"PATCH", "/campaigns/{campaign}/calendars/3", []string{"changed calendar 3"}},
		{"DELETE", "calendars/3", []string{"gone calendar 3"}},
		{"GET", "calendars/8", []string{"gone calendar 8"}},
		{"POST", "calendars/3/advance", []string{"changed calendar 3"}},
		{"POST", "calendars/3/calendar_weather", nil},
		{"PUT", "calendars/3/calendar_weather/5", []string{"gone weather 5 of 3"}},
		{"DELETE", "calendars/3/calendar_weathers/6", []string{"gone weather 6 of 3"}},
		{"GET", "calendars/3/calendar_weather/9", []string{"gone weather 9 of 3"}},
		{"GET", "calendars/3/nothing", nil},
		{"POST", "calendars", nil},
		{"PUT", "notes/3", nil},
		{"PUT", "/campaigns/99/calendars/3", nil},
	} {
		told.told = nil
		_, _ = c.Raw(context.Background(), client.RawRequest{Method: tc.method, Path: tc.path})
		if fmt.Sprint(told.told) != fmt.Sprint(tc.want) {
			t.Errorf("%s %s: told %v, want %v", tc.method, tc.path, told.told, tc.want)
		}
	}
}
