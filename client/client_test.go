package client_test

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"github.com/jarcoal/httpmock"

	"github.com/kanka-cli/kanka/client"
)

// The token never travels over plain http, except to this machine.
func TestNewChecksTheURL(t *testing.T) {
	for _, tc := range []struct {
		url, token string
		campaign   int
		wantErr    string // "" for none
	}{
		{url: "https://api.kanka.io/1.0", token: testToken, campaign: 7},
		{url: "", token: testToken, campaign: 7},
		{url: "http://localhost:8080/api/1.0", token: testToken, campaign: 7},
		{url: "http://127.0.0.1:9/api/1.0", token: testToken, campaign: 7},
		{url: "http://[::1]:9/api/1.0", token: testToken, campaign: 7},
		{url: "http://kanka.example/api/1.0", token: "", campaign: 7},
		{url: "http://kanka.example/api/1.0", token: testToken, campaign: 7, wantErr: "refusing to send the token over plain http to kanka.example: use https"},
		{url: "http://10.0.0.5:8080/api/1.0", token: testToken, campaign: 7, wantErr: "refusing to send the token over plain http"},
		{url: "http://localhost.evil.example/api/1.0", token: testToken, campaign: 7, wantErr: "refusing to send the token over plain http"},
		{url: "ftp://kanka.example/api/1.0", token: testToken, campaign: 7, wantErr: "is not an http or https URL"},
		{url: "https://", token: testToken, campaign: 7, wantErr: "is not an http or https URL"},
		{url: "api.kanka.io/1.0", token: testToken, campaign: 7, wantErr: "is not an http or https URL"},
		{url: "https://api.kanka.io/1.0", token: testToken, campaign: 0, wantErr: "no campaign id"},
	} {
		_, err := client.New(client.Config{BaseURL: tc.url, Token: tc.token, Campaign: tc.campaign})
		switch {
		case tc.wantErr == "" && err != nil:
			t.Errorf("%q: %v", tc.url, err)
		case tc.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tc.wantErr)):
			t.Errorf("%q: err = %v, want %q", tc.url, err, tc.wantErr)
		case err != nil && strings.Contains(err.Error(), testToken):
			t.Errorf("%q: the error shows the token: %v", tc.url, err)
		}
	}
}

// Without a URL the client talks to the live service, as kanka/dev.
func TestDefaults(t *testing.T) {
	mt := httpmock.NewMockTransport()
	var got *http.Request
	mt.RegisterResponder("GET", "https://api.kanka.io/1.0/campaigns/7/calendars/3", func(r *http.Request) (*http.Response, error) {
		got = r
		return httpmock.NewStringResponse(200, `{"data":{"id":3}}`), nil
	})
	c, err := client.New(client.Config{Token: testToken, Campaign: 7, Transport: mt})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.GetCalendar(context.Background(), 3); err != nil {
		t.Fatal(err)
	}
	if ua := got.Header.Get("User-Agent"); ua != "kanka/dev" {
		t.Errorf("User-Agent %q", ua)
	}
}

// A trailing slash on the API root changes nothing: not the paths, not the
// URLs in messages.
func TestTrailingSlashOnTheRoot(t *testing.T) {
	api := newMockAPI(t)
	api.on("GET", "calendars/3", reply(404, `{"code":404,"error":"No query results"}`))
	c, _ := api.client(func(cfg *client.Config) { cfg.BaseURL = testBase + "/" })
	_, err := c.GetCalendar(context.Background(), 3)
	equalStrings(t, "requests", api.sequence(), []string{"GET " + prefix + "calendars/3"})
	want := "GET " + testBase + "/campaigns/7/calendars/3: 404 No query results"
	if err == nil || err.Error() != want {
		t.Errorf("message %q, want %q", err, want)
	}
}
