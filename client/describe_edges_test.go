package client_test

import (
	"context"
	"net/http"
	"testing"

	"github.com/jarcoal/httpmock"

	"github.com/kanka-cli/kanka/client"
)

// An API root at the host's root (no /api/1.0) still has its requests said
// in words: the campaign is the path's first segment.
func TestRequestsUnderARootAtTheHostAreSaidInWords(t *testing.T) {
	const root = "https://kanka.example/campaigns/7/"
	for _, tt := range []struct{ method, path, want string }{
		{http.MethodGet, "calendars/3", "reading calendar 3"},
		{http.MethodPost, "calendars", "creating a calendar in campaign 7"},
	} {
		if got := client.Action(tt.method, root+tt.path); got != tt.want {
			t.Errorf("Action(%s, %s) = %q, want %q", tt.method, root+tt.path, got, tt.want)
		}
	}

	mt := httpmock.NewMockTransport()
	mt.RegisterResponder("GET", root+"calendars/3", httpmock.NewStringResponder(404, `{"code":404,"error":"Calendar not found."}`))
	c, err := client.New(client.Config{BaseURL: "https://kanka.example", Token: testToken, Campaign: 7, Transport: mt, MaxRetries: -1})
	if err != nil {
		t.Fatal(err)
	}
	_, err = c.GetCalendar(context.Background(), 3)
	if got, want := client.Explain(err), "calendar 3 not found in campaign 7"; err == nil || got != want {
		t.Errorf("Explain(%v) = %q, want %q", err, got, want)
	}
}

// A 404 for the list of campaigns itself names no campaign (there is none
// in the path): it is said as the request and its status.
func TestNotFoundOfTheCampaignListNamesNoCampaign(t *testing.T) {
	err := &client.Error{Method: http.MethodGet, URL: "http://localhost/api/1.0/campaigns", StatusCode: http.StatusNotFound, Message: "Not found"}
	if got, want := client.Explain(err), "GET http://localhost/api/1.0/campaigns: 404 Not found"; got != want {
		t.Errorf("Explain = %q, want %q", got, want)
	}
}
