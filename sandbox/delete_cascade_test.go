package sandbox

import (
	"fmt"
	"path/filepath"
	"reflect"
	"sort"
	"testing"
)

// Deleting a calendar takes its weather with it, and only its weather: the
// other calendars' entries are all still there, under the same ids.
func TestDeleteCalendarKeepsOtherCalendarsWeather(t *testing.T) {
	for _, live := range []bool{false, true} {
		for _, inFile := range []bool{false, true} {
			t.Run(fmt.Sprintf("live=%v/file=%v", live, inFile), func(t *testing.T) {
				opts := Options{Live: live}
				if inFile {
					opts.DataPath = filepath.Join(t.TempDir(), "sandbox.json")
				}
				s := newServer(t, opts)
				doomed := mustCreate(t, s, calendarForWeather)
				kept := mustCreate(t, s, calendarForWeather)
				// Interleaved, so that a delete that keeps a prefix or a
				// suffix of the list is caught too.
				var keptIDs []int
				for day := 1; day <= 3; day++ {
					createWeather(t, s, doomed, day)
					keptIDs = append(keptIDs, createWeather(t, s, kept, day))
				}

				w := send(t, s, "DELETE", fmt.Sprintf("%scalendars/%d", base, doomed), "")
				if w.Code != 200 && w.Code != 204 {
					t.Fatalf("delete calendar %d: %d %s", doomed, w.Code, w.Body)
				}

				if got := listedWeatherIDs(t, s, kept); !reflect.DeepEqual(got, keptIDs) {
					t.Errorf("calendar %d's weather after deleting calendar %d: ids %v, want %v", kept, doomed, got, keptIDs)
				}
				for i, id := range keptIDs {
					w := send(t, s, "GET", fmt.Sprintf("%scalendars/%d/calendar_weather/%d", base, kept, id), "")
					if w.Code != 200 || dataOf(t, w)["day"] != float64(i+1) {
						t.Errorf("weather %d of calendar %d: %d %s", id, kept, w.Code, w.Body)
					}
				}
				// The deleted calendar's weather is gone from the state, not
				// just out of reach.
				var stored []int
				if err := s.store.view(func(st *state) {
					for _, w := range st.Weather {
						stored = append(stored, w.ID)
					}
				}); err != nil {
					t.Fatal(err)
				}
				sort.Ints(stored)
				if !reflect.DeepEqual(stored, keptIDs) {
					t.Errorf("weather ids stored after the delete: %v, want only %v", stored, keptIDs)
				}
			})
		}
	}
}

// createWeather creates an entry for day 1492-1-day in calendar and returns
// its id.
func createWeather(t *testing.T, s *Server, calendar, day int) int {
	t.Helper()
	body := fmt.Sprintf(`{"year":1492,"month":1,"day":%d,"weather":"sun"}`, day)
	w := send(t, s, "POST", fmt.Sprintf("%scalendars/%d/calendar_weather", base, calendar), body)
	if w.Code != 200 && w.Code != 201 {
		t.Fatalf("create weather: %d %s", w.Code, w.Body)
	}
	return int(dataOf(t, w)["id"].(float64))
}

// listedWeatherIDs lists a calendar's weather (one page is enough here).
func listedWeatherIDs(t *testing.T, s *Server, calendar int) []int {
	t.Helper()
	w := send(t, s, "GET", fmt.Sprintf("%scalendars/%d/calendar_weather", base, calendar), "")
	if w.Code != 200 {
		t.Fatalf("list weather of %d: %d %s", calendar, w.Code, w.Body)
	}
	var ids []int
	for _, e := range decode(t, w)["data"].([]any) {
		ids = append(ids, int(e.(map[string]any)["id"].(float64)))
	}
	return ids
}
