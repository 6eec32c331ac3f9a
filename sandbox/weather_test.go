package sandbox

import (
	"fmt"
	"testing"
	"time"
)

const calendarForWeather = `{"name":"Harptos","month_name":["Hammer","Alturiak"],"month_length":[30,28],"weekday":["A","B"]}`

func TestWeatherCRUDDocument(t *testing.T) {
	for _, segment := range []string{"calendar_weathers", "calendar_weather"} {
		t.Run(segment, func(t *testing.T) {
			now := clock
			s := newServer(t, Options{Now: func() time.Time { return now }})
			mustCreate(t, s, calendarForWeather)
			path := base + "calendars/1/" + segment

			w := send(t, s, "POST", path, `{"year":"1492","month":2,"day":28,"weather":"cloud-rain","temperature":"cold","wind":"","visibility_id":"3","extra":1}`)
			created := `{"data":{"id":1,"calendar_id":1,"created_by":1,"weather":"cloud-rain","temperature":"cold","precipitation":"","wind":"","effect":"",
				"day":28,"month":2,"year":1492,"created_at":"2026-11-22 10:00:00","updated_at":"2026-11-22 10:00:00","visibility_id":3}}`
			expect(t, w, 200, created)
			expect(t, send(t, s, "GET", path+"/1", ""), 200, created)

			now = clock.Add(time.Hour)
			w = send(t, s, "PUT", path+"/1", `{"year":1492,"month":1,"day":1,"weather":"sun","effect":"Bright","name":"Clear day"}`)
			expect(t, w, 200, `{"data":{"id":1,"calendar_id":1,"created_by":1,"weather":"sun","temperature":"cold","precipitation":"","wind":"","effect":"Bright",
				"day":1,"month":1,"year":1492,"created_at":"2026-11-22 10:00:00","updated_at":"2026-11-22 11:00:00","visibility_id":3,"name":"Clear day"}}`)

			expect(t, send(t, s, "PATCH", path+"/1", `{"year":1492,"month":1,"day":2,"weather":"snowflake"}`), 200, "")
			if d := dataOf(t, send(t, s, "GET", path+"/1", "")); d["weather"] != "snowflake" || d["day"] != 2.0 || d["effect"] != "Bright" {
				t.Fatalf("after PATCH: %v", d)
			}

			expect(t, send(t, s, "DELETE", path+"/1", ""), 200, `{"message":"Deleted."}`)
			expect(t, send(t, s, "GET", path+"/1", ""), 404, `{"code":404,"error":"No query results for model [App\\Models\\CalendarWeather] 1"}`)
		})
	}
}

// The live weather resource. Its create answer is the wire-format pin of
// the sandbox's weather answer: the one live weather answer spelled out
// whole.
func TestWeatherLive(t *testing.T) {
	s := newServer(t, Options{Live: true})
	mustCreate(t, s, calendarForWeather)
	path := base + "calendars/1/calendar_weather"
	// The live service does not check the date against the months.
	w := send(t, s, "POST", path, `{"year":1,"month":14,"day":99,"weather":"meteor"}`)
	expect(t, w, 201, `{"data":{"id":1,"calendar_id":1,"created_by":1,"weather":"meteor","temperature":null,"precipitation":null,"wind":null,"effect":null,
		"day":99,"month":14,"year":1,"created_at":"2026-11-22 10:00:00","updated_at":"2026-11-22 10:00:00","visibility_id":1,"name":null}}`)
	// Update requires the full record, live too.
	w = send(t, s, "PATCH", path+"/1", `{"weather":"sun"}`)
	expectFields(t, w.Body.Bytes(), w.Code, `{"year":["The year field is required."],"month":["The month field is required."],"day":["The day field is required."]}`)
	w = send(t, s, "DELETE", path+"/1", "")
	if w.Code != 204 || w.Body.Len() != 0 {
		t.Fatalf("live delete: %d %q", w.Code, w.Body)
	}
	expect(t, send(t, s, "GET", base+"calendars/1/calendar_weathers", ""), 404, `{"error":"Page not found"}`)
}

func TestWeatherBelongsToItsCalendar(t *testing.T) {
	s := newServer(t, Options{})
	mustCreate(t, s, calendarForWeather)
	mustCreate(t, s, calendarForWeather)
	expect(t, send(t, s, "POST", base+"calendars/1/calendar_weathers", `{"year":1,"month":1,"day":1,"weather":"sun"}`), 200, "")
	expect(t, send(t, s, "GET", base+"calendars/2/calendar_weathers/1", ""), 404, `{"code":404,"error":"No query results for model [App\\Models\\CalendarWeather] 1"}`)
	expect(t, send(t, s, "DELETE", base+"calendars/2/calendar_weathers/1", ""), 404, "")
	list := decode(t, send(t, s, "GET", base+"calendars/2/calendar_weathers", ""))
	if n := len(list["data"].([]any)); n != 0 {
		t.Fatalf("calendar 2 lists %d weather entries", n)
	}
	expect(t, send(t, s, "GET", base+"calendars/1/calendar_weathers/1", ""), 200, "")
}

func TestWeatherValidation(t *testing.T) {
	valid := `{"year":1492,"month":2,"day":28,"weather":"sun"}`
	tests := []refusal{
		{"year missing", false, `{"year":null}`, `{"year":["The year field is required."]}`},
		{"month missing", false, `{"month":null}`, `{"month":["The month field is required."]}`},
		{"day missing", false, `{"day":null}`, `{"day":["The day field is required."]}`},
		{"weather missing", false, `{"weather":null}`, `{"weather":["The weather field is required."]}`},
		{"weather empty", false, `{"weather":""}`, `{"weather":["The weather field is required."]}`},
		{"weather 21 characters", false, `{"weather":"aaaaaaaaaaaaaaaaaaaaa"}`, `{"weather":["The weather must not be greater than 20 characters."]}`},
		{"temperature 46", false, `{"temperature":"` + repeat("t", 46) + `"}`, `{"temperature":["The temperature must not be greater than 45 characters."]}`},
		{"precipitation 46", false, `{"precipitation":"` + repeat("p", 46) + `"}`, `{"precipitation":["The precipitation must not be greater than 45 characters."]}`},
		{"wind 46", false, `{"wind":"` + repeat("w", 46) + `"}`, `{"wind":["The wind must not be greater than 45 characters."]}`},
		{"effect 46", false, `{"effect":"` + repeat("e", 46) + `"}`, `{"effect":["The effect must not be greater than 45 characters."]}`},
		{"name 41", false, `{"name":"` + repeat("n", 41) + `"}`, `{"name":["The name must not be greater than 40 characters."]}`},
		{"visibility 0", false, `{"visibility_id":0}`, `{"visibility_id":["The visibility id must be between 1 and 5."]}`},
		{"visibility 6", true, `{"visibility_id":6}`, `{"visibility_id":["The visibility id must be between 1 and 5."]}`},
		{"year not a number", false, `{"year":"soon"}`, `{"year":["The year must be an integer."]}`},
		{"month outside the calendar", false, `{"month":3}`, `{"month":["The month must be between 1 and 2."]}`},
		{"month 0", false, `{"month":0}`, `{"month":["The month must be between 1 and 2."]}`},
		{"day outside its month", false, `{"day":29}`, `{"day":["The day must be between 1 and 28."]}`},
		{"day 0", false, `{"day":0}`, `{"day":["The day must be between 1 and 28."]}`},
		{"live requires too", true, `{"weather":null,"day":null}`, `{"day":["The day field is required."],"weather":["The weather field is required."]}`},
	}
	expectRefused(t, tests, "calendars/1/calendar_weather", valid, func(st *state) int { return len(st.Weather) })
	t.Run("edges pass", func(t *testing.T) {
		s := newServer(t, Options{})
		mustCreate(t, s, calendarForWeather)
		body := with(t, valid, `{"weather":"`+repeat("a", 20)+`","effect":"`+repeat("é", 45)+`","name":"`+repeat("n", 40)+`","visibility_id":5,"day":1,"month":1}`)
		expect(t, send(t, s, "POST", base+"calendars/1/calendar_weather", body), 200, "")
	})
	t.Run("the leap day exists in leap years only", func(t *testing.T) {
		s := newServer(t, Options{})
		leap := with(t, calendarForWeather, `{"has_leap_year":true,"leap_year_amount":1,"leap_year_month":2,"leap_year_offset":4,"leap_year_start":4}`)
		mustCreate(t, s, leap)
		for _, tc := range []struct {
			year   int
			status int
		}{{1492, 200}, {4, 200}, {1491, 422}, {0, 422}} {
			body := with(t, valid, fmt.Sprintf(`{"year":%d,"day":29}`, tc.year))
			w := send(t, s, "POST", base+"calendars/1/calendar_weather", body)
			if w.Code != tc.status {
				t.Errorf("day 29 of month 2 in year %d: %d, want %d: %s", tc.year, w.Code, tc.status, w.Body)
			}
		}
	})
	t.Run("update requires the full record", func(t *testing.T) {
		s := newServer(t, Options{})
		mustCreate(t, s, calendarForWeather)
		expect(t, send(t, s, "POST", base+"calendars/1/calendar_weather", valid), 200, "")
		w := send(t, s, "PUT", base+"calendars/1/calendar_weather/1", `{"weather":"rain"}`)
		expectFields(t, w.Body.Bytes(), w.Code, `{"year":["The year field is required."],"month":["The month field is required."],"day":["The day field is required."]}`)
		if got := dataOf(t, send(t, s, "GET", base+"calendars/1/calendar_weather/1", ""))["weather"]; got != "sun" {
			t.Fatalf("a refused update changed weather to %v", got)
		}
	})
}

func repeat(s string, n int) string {
	out := ""
	for range n {
		out += s
	}
	return out
}
