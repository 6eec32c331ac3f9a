package client_test

import (
	"context"
	"net/http"
	"reflect"
	"strconv"
	"testing"

	"github.com/kanka-cli/kanka/client"
)

// A list asked for page 0 (options given without a page) asks for the
// first page, and an answer it cannot read names that page: page 1.
func TestListOfPageZeroIsTheFirstPage(t *testing.T) {
	broken := reply(200, `{"data":[null],"meta":{"current_page":1,"last_page":1,"per_page":15,"total":1}}`)
	t.Run("calendars", func(t *testing.T) {
		api := newMockAPI(t)
		api.on("GET", "calendars", broken)
		c, _ := api.client()
		_, err := c.ListCalendars(context.Background(), &client.ListOptions{Type: "solar"})
		if want := "reading page 1: item 1 is null"; err == nil || err.Error() != want {
			t.Errorf("error %v, want %q", err, want)
		}
		if got := api.sequence(); len(got) != 1 || got[0] != "GET "+prefix+"calendars?type=solar" {
			t.Errorf("requests %q, want the first page", got)
		}
	})
	t.Run("weather", func(t *testing.T) {
		api := newMockAPI(t)
		api.on("GET", "calendars/3/calendar_weathers", broken)
		c, _ := api.client()
		_, err := c.ListWeather(context.Background(), 3, &client.WeatherListOptions{})
		if want := "reading page 1: item 1 is null"; err == nil || err.Error() != want {
			t.Errorf("error %v, want %q", err, want)
		}
		if got := api.sequence(); len(got) != 1 || got[0] != "GET "+prefix+"calendars/3/calendar_weathers" {
			t.Errorf("requests %q, want the first page", got)
		}
	})
}

// A list of exactly as many pages as a walk may fetch is walked whole.
func TestListOfExactlyTheMostPagesIsWalked(t *testing.T) {
	api := newMockAPI(t)
	api.handle("GET", "calendars", func(r *http.Request) (*http.Response, error) {
		page, _ := strconv.Atoi(r.URL.Query().Get("page"))
		page = max(page, 1)
		return reply(200, pageJSON([]string{calendarJSON(page, "Cal "+strconv.Itoa(page))}, page, 3, 1, 3))(r)
	})
	c, _ := api.client()
	client.SetMaxPages(c, 3)
	got, err := collect(c.AllCalendars(deadline(t), nil))
	if err != nil {
		t.Fatal(err)
	}
	if want := []int{1, 2, 3}; !reflect.DeepEqual(got, want) {
		t.Errorf("yielded %v, want %v", got, want)
	}
}

// An empty first page ends the list, whatever its meta claims beyond it
// (a total, pages, no page size): nothing, no error, no other request.
func TestEmptyFirstPageEndsTheList(t *testing.T) {
	api := newMockAPI(t)
	api.on("GET", "calendars", reply(200, `{"data":[],"meta":{"current_page":1,"last_page":2,"total":5}}`))
	c, _ := api.client()
	got, err := collect(c.AllCalendars(deadline(t), nil))
	if err != nil || len(got) != 0 {
		t.Errorf("yielded %v, %v; want nothing", got, err)
	}
	if want := []string{"GET " + prefix + "calendars"}; !reflect.DeepEqual(api.sequence(), want) {
		t.Errorf("requests %q, want %q", api.sequence(), want)
	}
}
