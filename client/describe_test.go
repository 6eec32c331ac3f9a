package client_test

import (
	"net/http"
	"testing"

	"github.com/kanka-cli/kanka/client"
)

const describedRoot = "http://localhost/api/1.0/campaigns/7/"

// Action names every request the client sends in words, whichever weather
// path (the document's or the live one) it took; other paths keep their
// method and URL.
func TestActionNamesTheRequestInWords(t *testing.T) {
	for _, tt := range []struct {
		method, path, want string
	}{
		{http.MethodGet, "calendars", "listing the calendars of campaign 7"},
		{http.MethodGet, "calendars?page=2&name=Harptos", "listing the calendars of campaign 7"},
		{http.MethodPost, "calendars", "creating a calendar in campaign 7"},
		{http.MethodGet, "calendars/3", "reading calendar 3"},
		{http.MethodHead, "calendars/3", "reading calendar 3"},
		{http.MethodPut, "calendars/3", "updating calendar 3"},
		{http.MethodPatch, "calendars/3", "updating calendar 3"},
		{http.MethodDelete, "calendars/3", "deleting calendar 3"},
		{http.MethodPost, "calendars/3/advance", "post advance of calendar 3"},
		{http.MethodPost, "calendars/3/advance/more", "post advance/more of calendar 3"},
		{http.MethodGet, "calendars/3/calendar_weathers", "listing the weather of calendar 3"},
		{http.MethodGet, "calendars/3/calendar_weather", "listing the weather of calendar 3"},
		{http.MethodPost, "calendars/3/calendar_weathers", "creating weather in calendar 3"},
		{http.MethodPost, "calendars/3/calendar_weather", "creating weather in calendar 3"},
		{http.MethodGet, "calendars/3/calendar_weathers/5", "reading weather 5 of calendar 3"},
		{http.MethodPut, "calendars/3/calendar_weather/5", "updating weather 5 of calendar 3"},
		{http.MethodDelete, "calendars/3/calendar_weather/5", "deleting weather 5 of calendar 3"},
		{http.MethodDelete, "calendars/3/calendar_weather/5/", "deleting weather 5 of calendar 3"},
		// Past the weather's id, nothing more is said.
		{http.MethodGet, "calendars/3/calendar_weathers/5/x", "reading weather 5 of calendar 3"},
		// Outside the calendars, and methods without a verb: as sent.
		{http.MethodGet, "", "GET " + describedRoot},
		{http.MethodGet, "tags", "GET " + describedRoot + "tags"},
		{http.MethodOptions, "calendars/3", "OPTIONS " + describedRoot + "calendars/3"},
		{http.MethodGet, "http://localhost/api/1.0/profile", "GET http://localhost/api/1.0/profile"},
		{http.MethodGet, "http://localhost/api/1.0/campaigns", "GET http://localhost/api/1.0/campaigns"},
		{http.MethodGet, "%zz", "GET %zz"},
	} {
		url := tt.path
		if url == "" || (url[0] != 'h' && url[0] != '%') {
			url = describedRoot + tt.path
		}
		if got := client.Action(tt.method, url); got != tt.want {
			t.Errorf("Action(%s, %s) = %q, want %q", tt.method, url, got, tt.want)
		}
	}
}

// A 404 says which record was not found, and where: the model Laravel
// names decides between the levels of the path, else the deepest id.
func TestExplainNamesWhatWasNotFound(t *testing.T) {
	const (
		campaign = "campaign 7 not found, or the token cannot see it (check -c/--campaign)"
		calendar = "calendar 3 not found in campaign 7"
		weather  = "weather 5 of calendar 3 not found in campaign 7"
	)
	model := func(m string) string { return `No query results for model [App\Models\` + m + `] 1` }
	for _, tt := range []struct {
		method, path, message, want string
	}{
		{http.MethodGet, "calendars", model("Campaign"), campaign},
		{http.MethodGet, "calendars", "Not found", campaign},
		{http.MethodGet, "calendars/3", model("Campaign"), campaign},
		{http.MethodGet, "calendars/3", model("Calendar"), calendar},
		{http.MethodGet, "calendars/3", "Not found", calendar},
		{http.MethodPost, "calendars/3/advance", model("Calendar"), calendar},
		{http.MethodGet, "calendars/3/calendar_weathers", model("Calendar"), calendar},
		{http.MethodGet, "calendars/3/calendar_weathers", "Not found", calendar},
		{http.MethodGet, "calendars/3/calendar_weathers/5", model("CalendarWeather"), weather},
		{http.MethodGet, "calendars/3/calendar_weather/5", "Not found", weather},
		{http.MethodDelete, "calendars/3/calendar_weather/5", model("Calendar"), calendar},
		{http.MethodDelete, "calendars/3/calendar_weather/5", model("Campaign"), campaign},
		// A path outside the campaigns: the request and its status.
		{http.MethodGet, "http://localhost/api/1.0/profile", "Not found", "GET http://localhost/api/1.0/profile: 404 Not found"},
	} {
		url := tt.path
		if url[0] != 'h' {
			url = describedRoot + tt.path
		}
		err := &client.Error{Method: tt.method, URL: url, StatusCode: http.StatusNotFound, Message: tt.message}
		if got := client.Explain(err); got != tt.want {
			t.Errorf("%s %s, %q: %q, want %q", tt.method, tt.path, tt.message, got, tt.want)
		}
	}
}

// A 404 for a route the server does not have says so, with what the
// request was doing; another status says that, then the server's message
// and its fields.
func TestExplainNamesTheRequestOfOtherAnswers(t *testing.T) {
	for _, tt := range []struct {
		err  *client.Error
		want string
	}{
		{&client.Error{Method: http.MethodGet, URL: describedRoot + "calendars/3/calendar_weathers", StatusCode: 404, Message: "Not Found", RouteNotFound: true},
			"listing the weather of calendar 3: the server has no such address (404 Not Found); is the URL the API root?"},
		{&client.Error{Method: http.MethodPost, URL: describedRoot + "calendars", StatusCode: 422, Message: "The name is required.", Fields: map[string][]string{"name": {"required"}}},
			"creating a calendar in campaign 7: 422 The name is required.\n  name: required"},
		{&client.Error{Method: http.MethodPut, URL: describedRoot + "calendars/3/calendar_weather/5", StatusCode: 500, Message: "Server Error"},
			"updating weather 5 of calendar 3: 500 Server Error"},
	} {
		if got := client.Explain(tt.err); got != tt.want {
			t.Errorf("%q, want %q", got, tt.want)
		}
	}
}
