package sandbox

import (
	"fmt"
	"testing"
)

func TestDefaultPageSizes(t *testing.T) {
	tests := []struct {
		name            string
		live            bool
		calendars       int
		calendarPerPage int
		lastPage        int
	}{
		{"document", false, 101, 100, 2},
		{"live", true, 46, 45, 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := newServer(t, Options{Live: tt.live})
			for range tt.calendars {
				mustCreate(t, s, calendarForWeather)
			}
			page1 := decode(t, send(t, s, "GET", base+"calendars", ""))
			meta := page1["meta"].(map[string]any)
			if meta["per_page"] != float64(tt.calendarPerPage) || meta["last_page"] != float64(tt.lastPage) || meta["total"] != float64(tt.calendars) {
				t.Fatalf("meta %v", meta)
			}
			if n := len(page1["data"].([]any)); n != tt.calendarPerPage {
				t.Fatalf("page 1 has %d items", n)
			}
			page2 := decode(t, send(t, s, "GET", base+"calendars?page=2", ""))
			items := page2["data"].([]any)
			if len(items) != 1 || items[0].(map[string]any)["id"] != float64(tt.calendars) {
				t.Fatalf("page 2: %v", items)
			}

			for range 16 {
				if w := send(t, s, "POST", base+"calendars/1/calendar_weather", `{"year":1,"month":1,"day":1,"weather":"sun"}`); w.Code >= 300 {
					t.Fatalf("weather create %d %s", w.Code, w.Body)
				}
			}
			weather := decode(t, send(t, s, "GET", base+"calendars/1/calendar_weather", ""))
			if m := weather["meta"].(map[string]any); m["per_page"] != 15.0 || m["last_page"] != 2.0 || m["total"] != 16.0 || len(weather["data"].([]any)) != 15 {
				t.Fatalf("weather meta %v, %d items", m, len(weather["data"].([]any)))
			}
		})
	}
}

func TestConfiguredPageSizes(t *testing.T) {
	s := newServer(t, Options{CalendarPageSize: 2, WeatherPageSize: 3})
	for range 5 {
		mustCreate(t, s, calendarForWeather)
	}
	for range 4 {
		send(t, s, "POST", base+"calendars/1/calendar_weathers", `{"year":1,"month":1,"day":1,"weather":"sun"}`)
	}
	if m := decode(t, send(t, s, "GET", base+"calendars", ""))["meta"].(map[string]any); m["per_page"] != 2.0 || m["last_page"] != 3.0 {
		t.Fatalf("calendar meta %v", m)
	}
	if m := decode(t, send(t, s, "GET", base+"calendars/1/calendar_weathers", ""))["meta"].(map[string]any); m["per_page"] != 3.0 || m["last_page"] != 2.0 {
		t.Fatalf("weather meta %v", m)
	}
}

func TestListEnvelopeDocument(t *testing.T) {
	s := newServer(t, Options{CalendarPageSize: 2})
	for i := range 5 {
		mustCreate(t, s, fmt.Sprintf(`{"name":"Cal %d","month_name":["a","b"],"month_length":[1,1],"weekday":["a","b"]}`, i+1))
	}
	w := send(t, s, "GET", base+"calendars?page=2&name=cal", "")
	expect(t, w, 200, "")
	body := decode(t, w)
	delete(body, "data")
	l := "http://sandbox.test/api/1.0/campaigns/1/calendars"
	if !jsonEqual(t, mustJSON(t, body), []byte(`{
		"links":{"first":"`+l+`?name=cal&page=1","last":"`+l+`?name=cal&page=3","prev":"`+l+`?name=cal&page=1","next":"`+l+`?name=cal&page=3"},
		"meta":{"current_page":2,"from":3,"last_page":3,"path":"`+l+`","per_page":2,"to":4,"total":5}}`)) {
		t.Fatalf("envelope %s", mustJSON(t, body))
	}
	ids := func(w []any) (out []float64) {
		for _, it := range w {
			out = append(out, it.(map[string]any)["id"].(float64))
		}
		return out
	}
	if got := ids(decode(t, w)["data"].([]any)); fmt.Sprint(got) != "[3 4]" {
		t.Fatalf("page 2 ids %v", got)
	}

	// The first page without parameters: ?page=N URLs, no prev.
	first := decode(t, send(t, s, "GET", base+"calendars", ""))
	if !jsonEqual(t, mustJSON(t, first["links"]), []byte(`{"first":"`+l+`?page=1","last":"`+l+`?page=3","prev":null,"next":"`+l+`?page=2"}`)) {
		t.Fatalf("links %s", mustJSON(t, first["links"]))
	}
	// A page past the end is empty, with null from and to.
	past := decode(t, send(t, s, "GET", base+"calendars?page=9", ""))
	m := past["meta"].(map[string]any)
	if len(past["data"].([]any)) != 0 || m["from"] != nil || m["to"] != nil || m["current_page"] != 9.0 || past["links"].(map[string]any)["next"] != nil {
		t.Fatalf("past the end: %s", mustJSON(t, past))
	}
	// A bad page number is page 1.
	if m := decode(t, send(t, s, "GET", base+"calendars?page=abc", ""))["meta"].(map[string]any); m["current_page"] != 1.0 {
		t.Fatalf("page=abc: %v", m)
	}
	if _, ok := first["sync"]; ok {
		t.Fatal("document envelope has sync")
	}
}

func TestListEnvelopeLiveDropsFiltersFromLinks(t *testing.T) {
	s := newServer(t, Options{Live: true, CalendarPageSize: 1})
	mustCreate(t, s, calendarForWeather)
	mustCreate(t, s, calendarForWeather)
	w := send(t, s, "GET", base+"calendars?name=harp&type=", "")
	body := decode(t, w)
	delete(body, "data")
	l := "http://sandbox.test/api/1.0/campaigns/1/calendars"
	if !jsonEqual(t, mustJSON(t, body), []byte(`{
		"links":{"first":"`+l+`?page=1","last":"`+l+`?page=2","prev":null,"next":"`+l+`?page=2"},
		"meta":{"current_page":1,"from":1,"last_page":2,
			"links":[{"url":null,"label":"&laquo; Previous","active":false},{"url":"`+l+`?page=1","label":"1","active":true},
				{"url":"`+l+`?page=2","label":"2","active":false},{"url":"`+l+`?page=2","label":"Next &raquo;","active":false}],
			"path":"`+l+`","per_page":1,"to":1,"total":2},
		"sync":"2026-11-22T10:00:00.000000Z"}`)) {
		t.Fatalf("envelope %s", mustJSON(t, body))
	}
}

func TestEmptyList(t *testing.T) {
	s := newServer(t, Options{})
	l := "http://sandbox.test/api/1.0/campaigns/1/calendars"
	expect(t, send(t, s, "GET", base+"calendars", ""), 200, `{"data":[],
		"links":{"first":"`+l+`?page=1","last":"`+l+`?page=1","prev":null,"next":null},
		"meta":{"current_page":1,"from":null,"last_page":1,"path":"`+l+`","per_page":100,"to":null,"total":0}}`)
}
