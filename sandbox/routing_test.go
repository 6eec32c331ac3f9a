package sandbox

import (
	"net/http"
	"testing"
)

func TestRoutesThatDoNotExistAnswerPageNotFound(t *testing.T) {
	tests := []struct {
		name string
		live bool
		path string
	}{
		{"root", false, "/"},
		{"no api prefix", false, "/1.0/campaigns/1/calendars"},
		{"other resource", false, base + "characters"},
		{"campaign not a number", false, "/api/1.0/campaigns/abc/calendars"},
		{"too deep", false, base + "calendars/1/calendar_weathers/2/extra"},
		{"unknown sub-collection", false, base + "calendars/1/events"},
		{"plural weather path in live mode", true, base + "calendars/1/calendar_weathers"},
		{"plural weather item in live mode", true, base + "calendars/1/calendar_weathers/3"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := newServer(t, Options{Live: tt.live})
			// No token either: a missing route is answered before auth.
			w := send(t, s, "GET", tt.path, "", "Authorization", "")
			expect(t, w, 404, `{"error":"Page not found"}`)
		})
	}
}

func TestAuthentication(t *testing.T) {
	s := newServer(t, Options{Token: "secret"})
	want := `{"code":401,"error":"Invalid authentication token. Check that the Authorization header is \"Bearer <token>\" with the sandbox's token."}`
	expect(t, send(t, s, "GET", base+"calendars", "", "Authorization", ""), 401, want)
	expect(t, send(t, s, "GET", base+"calendars", "", "Authorization", "Bearer sandbox-token"), 401, want)
	expect(t, send(t, s, "GET", base+"calendars", "", "Authorization", "secret"), 401, want)
	expect(t, send(t, s, "POST", base+"calendars", minimalCalendar, "Authorization", "Bearer wrong"), 401, want)
	expect(t, send(t, s, "GET", base+"calendars", "", "Authorization", "Bearer secret"), 200, "")
	// Nothing was created by the refused POST.
	if total := decode(t, send(t, s, "GET", base+"calendars", "", "Authorization", "Bearer secret"))["meta"].(map[string]any)["total"]; total != 0.0 {
		t.Fatalf("total %v after a refused create", total)
	}
}

func TestWrongCampaignIsNotFoundWithCode(t *testing.T) {
	s := newServer(t, Options{Campaign: 7})
	expect(t, send(t, s, "GET", base+"calendars", ""), 404,
		`{"code":404,"error":"No query results for model [App\\Models\\Campaign] 1"}`)
	expect(t, send(t, s, "GET", "/api/1.0/campaigns/7/calendars", ""), 200, "")
}

func TestUnknownRecordsAreNotFoundWithCode(t *testing.T) {
	s := newServer(t, Options{})
	id := mustCreate(t, s, minimalCalendar)
	if id != 1 {
		t.Fatalf("first calendar id %d", id)
	}
	calendar7 := `{"code":404,"error":"No query results for model [App\\Models\\Calendar] 7"}`
	weather9 := `{"code":404,"error":"No query results for model [App\\Models\\CalendarWeather] 9"}`
	tests := []struct {
		method, path, body, want string
	}{
		{"GET", "calendars/7", "", calendar7},
		{"PUT", "calendars/7", `{"name":"x"}`, calendar7},
		{"PATCH", "calendars/7", `{"name":"x"}`, calendar7},
		{"DELETE", "calendars/7", "", calendar7},
		{"GET", "calendars/abc", "", `{"code":404,"error":"No query results for model [App\\Models\\Calendar] abc"}`},
		{"GET", "calendars/7/calendar_weathers", "", calendar7},
		{"POST", "calendars/7/calendar_weathers", `{"year":1,"month":1,"day":1,"weather":"sun"}`, calendar7},
		{"GET", "calendars/7/calendar_weather/9", "", calendar7},
		{"GET", "calendars/1/calendar_weathers/9", "", weather9},
		{"PUT", "calendars/1/calendar_weather/9", `{"year":1,"month":1,"day":1,"weather":"sun"}`, weather9},
		{"DELETE", "calendars/1/calendar_weathers/9", "", weather9},
	}
	for _, tt := range tests {
		t.Run(tt.method+" "+tt.path, func(t *testing.T) {
			expect(t, send(t, s, tt.method, base+tt.path, tt.body), 404, tt.want)
		})
	}
}

func TestMethodNotAllowed(t *testing.T) {
	s := newServer(t, Options{})
	tests := []struct {
		method, path, allow string
	}{
		{"DELETE", "calendars", "GET, HEAD, POST"},
		{"PUT", "calendars", "GET, HEAD, POST"},
		{"POST", "calendars/1", "GET, HEAD, PUT, PATCH, DELETE"},
		{"PATCH", "calendars/1/calendar_weathers", "GET, HEAD, POST"},
		{"POST", "calendars/1/calendar_weather/2", "GET, HEAD, PUT, PATCH, DELETE"},
		{"OPTIONS", "calendars", "GET, HEAD, POST"},
	}
	for _, tt := range tests {
		t.Run(tt.method+" "+tt.path, func(t *testing.T) {
			w := send(t, s, tt.method, base+tt.path, "")
			expect(t, w, 405, `{"code":405,"error":"The `+tt.method+` method is not supported for this route. Supported methods: `+tt.allow+`."}`)
			if got := w.Header().Get("Allow"); got != tt.allow {
				t.Fatalf("Allow %q, want %q", got, tt.allow)
			}
		})
	}
}

func TestHeadAnswersTheHeadersOfGetWithoutBody(t *testing.T) {
	s := newServer(t, Options{})
	mustCreate(t, s, minimalCalendar)
	expect(t, send(t, s, "POST", base+"calendars/1/calendar_weathers", `{"year":1,"month":1,"day":1,"weather":"sun"}`), 200, "")
	tests := []struct {
		path   string
		status int
	}{
		{"calendars", 200},
		{"calendars/1", 200},
		{"calendars/1/calendar_weathers", 200},
		{"calendars/1/calendar_weather", 200},
		{"calendars/1/calendar_weathers/1", 200},
		{"calendars/1/calendar_weather/1", 200},
		{"calendars/2", 404},
		{"calendars/1/calendar_weather/5", 404},
	}
	for _, tt := range tests {
		t.Run(tt.path, func(t *testing.T) {
			get := send(t, s, "GET", base+tt.path, "")
			head := send(t, s, "HEAD", base+tt.path, "")
			if get.Code != tt.status || head.Code != tt.status {
				t.Fatalf("GET %d, HEAD %d, want %d", get.Code, head.Code, tt.status)
			}
			if head.Body.Len() != 0 {
				t.Fatalf("HEAD sent a body: %s", head.Body)
			}
			for _, h := range []string{"Content-Type", "Content-Length"} {
				if head.Header().Get(h) != get.Header().Get(h) || head.Header().Get(h) == "" {
					t.Fatalf("%s: HEAD %q, GET %q", h, head.Header().Get(h), get.Header().Get(h))
				}
			}
		})
	}
}

func TestUnparsableBodyIs400(t *testing.T) {
	s := newServer(t, Options{})
	mustCreate(t, s, minimalCalendar)
	for _, tt := range []struct{ method, path, body string }{
		{"POST", "calendars", `{"name":`},
		{"PUT", "calendars/1", `not json`},
		{"POST", "calendars/1/calendar_weathers", `["a list"]`},
		{"PATCH", "calendars/1/calendar_weather/1", `"text"`},
	} {
		w := send(t, s, tt.method, base+tt.path, tt.body)
		if w.Code != http.StatusBadRequest {
			t.Fatalf("%s %s %q: %d %s", tt.method, tt.path, tt.body, w.Code, w.Body)
		}
		body := decode(t, w)
		if body["code"] != 400.0 || body["error"] == "" {
			t.Fatalf("400 body %s", w.Body)
		}
	}
}

func TestTrailingSlashIsTheSameRoute(t *testing.T) {
	s := newServer(t, Options{})
	mustCreate(t, s, minimalCalendar)
	expect(t, send(t, s, "GET", base+"calendars/1/", ""), 200, "")
}
