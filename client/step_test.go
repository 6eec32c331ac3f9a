package client_test

import (
	"context"
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/kanka-cli/kanka/client"
)

// twoMonthsLeap is a calendar of two 30-day months with one leap day at the
// end of month 2 every 4 years from 4, its date d; live adds the live
// resource's urls (the step route is then known).
func twoMonthsLeap(d string, live bool) string {
	urls := ""
	if live {
		urls = `"urls":{"view":"v"},`
	}
	return `{"id":3,"name":"Two",` + urls + `"date":"` + d + `","months":[{"name":"A","length":30},{"name":"B","length":30}],` +
		`"weekdays":["X","Y"],"years":[],"seasons":[],"moons":[],"has_leap_year":true,"leap_year_amount":1,"leap_year_month":2,` +
		`"leap_year_offset":4,"leap_year_start":4}`
}

func decoded(t *testing.T, body string) *client.Calendar {
	t.Helper()
	var c client.Calendar
	if err := c.UnmarshalJSON([]byte(body)); err != nil {
		t.Fatal(err)
	}
	return &c
}

// A leap day the service clamped (8-2-30 stored for 8-2-31) is reached
// with the advance route, one request; the record then says the leap day,
// its other bytes as the server sent them.
func TestKeepDateStepsOntoALeapDay(t *testing.T) {
	api := newMockAPI(t)
	api.on("POST", "calendars/3/advance", reply(200, `{"date":"8-2-31"}`))
	c, _ := api.client()
	got, err := c.KeepDate(context.Background(), 3, decoded(t, twoMonthsLeap("8-2-30", true)), client.Date{Year: 8, Month: 2, Day: 31})
	if err != nil {
		t.Fatal(err)
	}
	if got.DateText() != "8-2-31" || !strings.Contains(string(got.Raw), `"date":"8-2-31"`) || !strings.Contains(string(got.Raw), `"urls":{"view":"v"}`) {
		t.Errorf("calendar after: %s (%s)", got.DateText(), got.Raw)
	}
	if seq := api.sequence(); !reflect.DeepEqual(seq, []string{"POST " + prefix + "calendars/3/advance"}) {
		t.Errorf("requests %v", seq)
	}
}

// Kept dates cost nothing, and so does an answer without a date (it says
// nothing either way); a date stored otherwise, or a clamp the route
// cannot step past (a route-level 404, remembered: not asked again), is a
// DateNotKeptError naming both dates; an answer about another calendar is
// an error before any request.
func TestKeepDateNeverReportsADateNotKept(t *testing.T) {
	ctx := context.Background()
	api := newMockAPI(t)
	c, _ := api.client()
	if got, err := c.KeepDate(ctx, 3, decoded(t, twoMonthsLeap("8-1-5", false)), client.Date{Year: 8, Month: 1, Day: 5}); err != nil || got.DateText() != "8-1-5" {
		t.Errorf("kept date: %v, %v", got, err)
	}
	noDate := decoded(t, strings.Replace(twoMonthsLeap("8-1-5", false), `"date":"8-1-5",`, ``, 1))
	if got, err := c.KeepDate(ctx, 3, noDate, client.Date{Year: 8, Month: 1, Day: 5}); err != nil || got != noDate {
		t.Errorf("an answer without a date: %v, %v", got, err)
	}
	_, err := c.KeepDate(ctx, 3, decoded(t, twoMonthsLeap("8-1-4", true)), client.Date{Year: 8, Month: 1, Day: 5})
	if err == nil || err.Error() != "calendar 3: the service stored the date 8-1-4, not 8-1-5" {
		t.Errorf("another date: %v", err)
	}
	_, err = c.KeepDate(ctx, 4, decoded(t, twoMonthsLeap("8-1-5", true)), client.Date{Year: 8, Month: 1, Day: 5})
	if err == nil || err.Error() != "the server's answer to writing calendar 4 describes calendar 3: check both before trying again" {
		t.Errorf("another calendar: %v", err)
	}
	if len(api.requests()) != 0 {
		t.Errorf("requests %v, want none", api.sequence())
	}

	var notKept *client.DateNotKeptError
	api = newMockAPI(t)
	api.on("POST", "calendars/3/advance", reply(404, `{"error":"Page not found"}`))
	c, _ = api.client()
	clamped := decoded(t, twoMonthsLeap("8-2-30", false))
	_, err = c.KeepDate(ctx, 3, clamped, client.Date{Year: 8, Month: 2, Day: 31})
	if !errors.As(err, &notKept) || err.Error() != "calendar 3: the service stored the date 8-2-30, not 8-2-31 (it keeps a day only up to the month's base length, and has no route to step onto a leap day)" {
		t.Errorf("route-level 404: %v", err)
	}
	if _, err := c.KeepDate(ctx, 3, clamped, client.Date{Year: 8, Month: 2, Day: 31}); !errors.As(err, &notKept) || len(api.requests()) != 1 {
		t.Errorf("again: %v, %d requests (the 404 is remembered)", err, len(api.requests()))
	}
	if c.HasStepRoute(decoded(t, twoMonthsLeap("8-2-30", true))) {
		t.Error("the server said it has no step route, and is still thought to have one")
	}
}

// The step route's answer: {"date"} as the live service sends it, or
// wrapped in data; anything else is an error, never a made-up date.
func TestStepDateReadsTheAnswer(t *testing.T) {
	for body, want := range map[string]string{
		`{"date":"-3-1-30"}`:           "-3-1-30",
		`{"data":{"date":"1492-4-2"}}`: "1492-4-2",
		`{"date":null}`:                "",
		`{"ok":true}`:                  "",
	} {
		api := newMockAPI(t)
		api.on("POST", "calendars/3/retreat", reply(200, body))
		c, _ := api.client()
		d, err := c.StepDate(context.Background(), 3, true)
		switch {
		case want == "" && err == nil:
			t.Errorf("%s: date %v, want an error", body, d)
		case want != "" && (err != nil || d.String() != want):
			t.Errorf("%s: %v, %v; want %s", body, d, err, want)
		}
		if r := api.requests(); len(r) != 1 || r[0].Body != "{}" {
			t.Errorf("%s: requests %v", body, api.sequence())
		}
	}
}

// CalendarsAsOf is a second before the list answer's sync time, in whole
// seconds (the service keeps update times in seconds), else before its
// Date header; CalendarsChangedSince sends it as lastSync.
func TestCalendarsAsOf(t *testing.T) {
	ctx := context.Background()
	page := func(sync string) string {
		return `{"data":[` + twoMonthsLeap("1-1-1", true) + `],"links":{"next":null},"meta":{"current_page":1,"last_page":1,"per_page":45,"total":1}` + sync + `}`
	}
	api := newMockAPI(t)
	api.on("GET", "calendars", reply(200, page(`,"sync":"2026-11-24T10:00:00.654321Z"`)))
	c, _ := api.client()
	cals, asOf, err := c.CalendarsAsOf(ctx)
	if err != nil || len(cals) != 1 || !asOf.Equal(time.Date(2026, 11, 24, 9, 59, 59, 0, time.UTC)) {
		t.Errorf("from sync: %d calendars, as of %v, %v", len(cals), asOf, err)
	}

	api = newMockAPI(t)
	api.on("GET", "calendars", reply(200, page(""), "Date", "Tue, 24 Nov 2026 10:00:00 GMT"))
	c, _ = api.client()
	if _, asOf, err = c.CalendarsAsOf(ctx); err != nil || !asOf.Equal(time.Date(2026, 11, 24, 9, 59, 59, 0, time.UTC)) {
		t.Errorf("from the Date header: as of %v, %v", asOf, err)
	}
	api.on("GET", "calendars?lastSync=2026-11-24T09%3A59%3A59.000000Z", reply(200, page("")))
	if changed, err := c.CalendarsChangedSince(ctx, asOf); err != nil || len(changed) != 1 {
		t.Errorf("changed since: %d, %v", len(changed), err)
	}
}
