package client_test

import (
	"net/http"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/kanka-cli/kanka/client"
)

// A calendar with a date moved keeps every other byte of the answer it was
// read from: only the value of "date" changes, or the key is added at the
// end.
func TestWithDateChangesOnlyTheDateOfTheAnswer(t *testing.T) {
	for _, tc := range []struct{ answer, want string }{
		{`{"id":3,"name":"Two","date":"8-1-5","updated_at":"2026-11-22T12:00:00.000000Z"}`,
			`{"id":3,"name":"Two","date":"8-1-6","updated_at":"2026-11-22T12:00:00.000000Z"}`},
		{`{"id":3,"name":"Two"}`, `{"id":3,"name":"Two","date":"8-1-6"}`},
		{`{"id":3}`, `{"id":3,"date":"8-1-6"}`},
	} {
		cal := decoded(t, tc.answer)
		got := cal.WithDate(client.Date{Year: 8, Month: 1, Day: 6})
		if string(got.Raw) != tc.want {
			t.Errorf("%s: raw %s, want %s", tc.answer, got.Raw, tc.want)
		}
		if got.Date == nil || *got.Date != (client.Date{Year: 8, Month: 1, Day: 6}) {
			t.Errorf("%s: date %v, want 8-1-6", tc.answer, got.Date)
		}
		if string(cal.Raw) != tc.answer {
			t.Errorf("the calendar read changed: %s", cal.Raw)
		}
	}
}

// stepServer answers the advance route of calendar 3 with the next day of
// month 1, from day.
func stepServer(api *mockAPI, day int) {
	var mu sync.Mutex
	api.handle("POST", "calendars/3/advance", func(r *http.Request) (*http.Response, error) {
		mu.Lock()
		day++
		d := day
		mu.Unlock()
		return reply(200, `{"date":"8-1-`+strconv.Itoa(d)+`"}`)(r)
	})
}

// oneMonthCalendar is calendar 3 as an answer: months of the lengths
// given, dated date.
func oneMonthCalendar(t *testing.T, date string, lengths ...int) *client.Calendar {
	months := make([]string, len(lengths))
	for i, n := range lengths {
		months[i] = `{"name":"M` + strconv.Itoa(i+1) + `","length":` + strconv.Itoa(n) + `}`
	}
	return decoded(t, `{"id":3,"name":"Leap","date":"`+date+`","months":[`+strings.Join(months, ",")+`],"weekdays":["X","Y"]}`)
}

// A leap day of the first month, clamped by the service to its last common
// day, is reached with the step route like any other.
func TestKeepDateReachesALeapDayOfTheFirstMonth(t *testing.T) {
	api := newMockAPI(t)
	stepServer(api, 30)
	c, _ := api.client()
	got, err := c.KeepDate(deadline(t), 3, oneMonthCalendar(t, "8-1-30", 30, 30), client.Date{Year: 8, Month: 1, Day: 31})
	if err != nil {
		t.Fatal(err)
	}
	if got.DateText() != "8-1-31" {
		t.Errorf("date %s, want 8-1-31", got.DateText())
	}
	if want := []string{"POST " + prefix + "calendars/3/advance"}; !reflect.DeepEqual(api.sequence(), want) {
		t.Errorf("requests %q, want %q", api.sequence(), want)
	}
}

// The service's leap days are at most 128: a date 128 days past the
// month's base length is stepped onto, one request a day; one 129 days
// past it is no leap day, refused before any request.
func TestKeepDateStepsAtMost128Days(t *testing.T) {
	api := newMockAPI(t)
	stepServer(api, 1)
	c, _ := api.client()
	got, err := c.KeepDate(deadline(t), 3, oneMonthCalendar(t, "8-1-1", 1), client.Date{Year: 8, Month: 1, Day: 129})
	if err != nil {
		t.Fatal(err)
	}
	if got.DateText() != "8-1-129" || len(api.requests()) != 128 {
		t.Errorf("date %s after %d requests, want 8-1-129 after 128", got.DateText(), len(api.requests()))
	}

	api = newMockAPI(t)
	c, _ = api.client()
	_, err = c.KeepDate(deadline(t), 3, oneMonthCalendar(t, "8-1-1", 1), client.Date{Year: 8, Month: 1, Day: 130})
	if want := "calendar 3: the service stored the date 8-1-1, not 8-1-130"; err == nil || err.Error() != want {
		t.Errorf("error %v, want %q", err, want)
	}
	if n := len(api.requests()); n != 0 {
		t.Errorf("%d requests, want none", n)
	}
}
