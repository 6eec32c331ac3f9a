package root

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/kanka-cli/kanka/client"
)

// The spinner says what a request does, in the words of kanka's messages,
// and which page of a list it reads.
func TestSpinnerSaysWhatTheRequestDoes(t *testing.T) {
	for _, tc := range []struct{ method, url, want string }{
		{"GET", "https://api.kanka.io/1.0/campaigns/7/calendars/5", "reading calendar 5"},
		{"GET", "https://api.kanka.io/1.0/campaigns/7/calendars", "listing the calendars of campaign 7"},
		{"GET", "https://api.kanka.io/1.0/campaigns/7/calendars/3/calendar_weather?page=3", "listing the weather of calendar 3, page 3"},
		{"GET", "https://api.kanka.io/1.0/campaigns/7/calendars/3/calendar_weather?page=1", "listing the weather of calendar 3"},
		{"POST", "http://127.0.0.1:8080/api/1.0/campaigns/7/calendars/3/calendar_weathers", "creating weather in calendar 3"},
		{"DELETE", "https://api.kanka.io/1.0/campaigns/7/calendars/3/calendar_weather/41", "deleting weather 41 of calendar 3"},
	} {
		if got := requestDoing(httptest.NewRequest(tc.method, tc.url, nil)); got != tc.want {
			t.Errorf("%s %s: %q, want %q", tc.method, tc.url, got, tc.want)
		}
	}
}

// A page of a walk that knows how many pages there are says so.
func TestSpinnerSaysWhichPageOfHowMany(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		page := r.URL.Query().Get("page")
		if page == "" {
			page = "1"
		}
		fmt.Fprintf(w, `{"data":[{"id":%s,"calendar_id":3,"weather":"sun","year":1,"month":1,"day":%s}],"links":{},"meta":{"current_page":%s,"last_page":3,"per_page":1,"total":3}}`, page, page, page)
	}))
	defer srv.Close()
	var mu sync.Mutex
	var doing []string
	c, err := client.New(client.Config{BaseURL: srv.URL + "/api/1.0", Token: "tok", Campaign: 7, PageConcurrency: 1,
		Transport: roundTrip(func(r *http.Request) (*http.Response, error) {
			mu.Lock()
			doing = append(doing, requestDoing(r))
			mu.Unlock()
			return http.DefaultTransport.RoundTrip(r)
		})})
	if err != nil {
		t.Fatal(err)
	}
	for _, err := range c.AllWeather(context.Background(), 3, nil) {
		if err != nil {
			t.Fatal(err)
		}
	}
	want := "listing the weather of calendar 3 | listing the weather of calendar 3, page 2 of 3 | listing the weather of calendar 3, page 3 of 3"
	if got := strings.Join(doing, " | "); got != want {
		t.Errorf("the spinner said %q, want %q", got, want)
	}
}

type roundTrip func(*http.Request) (*http.Response, error)

func (f roundTrip) RoundTrip(r *http.Request) (*http.Response, error) { return f(r) }
