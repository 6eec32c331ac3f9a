package client_test

import (
	"context"
	"testing"

	"github.com/kanka-cli/kanka/client"
)

// A 300 answer is not a success, even with a record in it: it is an error
// with the status, and what it carried is not read as the calendar.
func TestMultipleChoicesAnswerIsAnError(t *testing.T) {
	api := newMockAPI(t)
	c, _ := api.client(func(cfg *client.Config) { cfg.MaxRetries = -1 })
	api.on("GET", "calendars/1", reply(300, `{"data":`+calendarJSON(1, "Harptos")+`}`))
	cal, err := c.GetCalendar(context.Background(), 1)
	if want := "GET " + testBase + "/campaigns/7/calendars/1: 300 Multiple Choices"; err == nil || err.Error() != want {
		t.Errorf("error %v, want %q", err, want)
	}
	if cal != nil {
		t.Errorf("calendar %+v, want none", cal)
	}
	if got := api.sequence(); len(got) != 1 {
		t.Errorf("requests %q, want one", got)
	}
}

// A 299 answer is still a success.
func TestStatus299IsASuccess(t *testing.T) {
	api := newMockAPI(t)
	c, _ := api.client()
	api.on("GET", "calendars/1", reply(299, `{"data":`+calendarJSON(1, "Harptos")+`}`))
	cal, err := c.GetCalendar(context.Background(), 1)
	if err != nil {
		t.Fatal(err)
	}
	if cal.ID != 1 || cal.Name != "Harptos" {
		t.Errorf("calendar %d %q, want 1 Harptos", cal.ID, cal.Name)
	}
}
