package client_test

import (
	"bytes"
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/kanka-cli/kanka/client"
)

// A server that echoes the token finds it redacted in the client's errors
// and debug log, JSON-escaped or not, and even where the message is cut.
func TestEchoedTokenIsRedactedInErrorsAndDebugLog(t *testing.T) {
	api := newMockAPI(t)
	var log bytes.Buffer
	c, _ := api.client(func(cfg *client.Config) {
		cfg.OnExchange = client.DebugLogger(&log)
		cfg.MaxRetries = -1
	})
	// The 502 puts the token across the 200th byte, where the message is cut.
	plain := strings.Repeat("x", 190) + " Bearer " + testToken + " tail"
	api.on("GET", "calendars/1", reply(401, `{"message":"Unauthenticated: Bearer `+testToken+`"}`))
	api.on("GET", "calendars/2", reply(422, `{"message":"Invalid.","errors":{"name":["not \u0074ok-SECRET-4f9a2c"],"`+testToken+`":["x"]}}`))
	api.on("GET", "calendars/3", reply(502, plain, "Content-Type", "text/plain"))
	ctx := context.Background()

	wants := map[int]string{
		1: "GET " + testBase + "/campaigns/7/calendars/1: 401 Unauthenticated: Bearer [redacted]",
		2: "GET " + testBase + "/campaigns/7/calendars/2: 422 Invalid.\n  [redacted]: x\n  name: not [redacted]",
		3: "GET " + testBase + "/campaigns/7/calendars/3: 502 " + strings.Repeat("x", 190) + " Bearer [r…",
	}
	for id, want := range wants {
		_, err := c.GetCalendar(ctx, id)
		if err == nil || err.Error() != want {
			t.Errorf("calendar %d: error %v, want %q", id, err, want)
		}
	}
	// Three Authorization headers and the three bodies, the second twice:
	// its JSON-escaped token is the token to whoever reads the JSON.
	if strings.Contains(log.String(), testToken) || strings.Count(log.String(), "[redacted]") != 3+4 ||
		!strings.Contains(log.String(), `{"name":["not [redacted]"],"[redacted]":["x"]}`) {
		t.Errorf("debug log: want the token redacted everywhere:\n%s", log.String())
	}
}

// A transport error that names the token (a proxy's message, say) is
// reported without it, and keeps its kind.
func TestDebugLogRedactsTransportErrors(t *testing.T) {
	api := newMockAPI(t)
	var log bytes.Buffer
	c, _ := api.client(func(cfg *client.Config) {
		cfg.OnExchange = client.DebugLogger(&log)
		cfg.MaxRetries = -1
	})
	api.on("GET", "calendars/1", func(*http.Request) (*http.Response, error) {
		return nil, &echoError{"proxy refused Bearer " + testToken}
	})
	_, err := c.GetCalendar(context.Background(), 1)
	if !client.IsNetwork(err) {
		t.Errorf("want a network error, got %v", err)
	}
	if strings.Contains(log.String(), testToken) || !strings.Contains(log.String(), "proxy refused Bearer [redacted]\n") {
		t.Errorf("debug log:\n%s", log.String())
	}
}

type echoError struct{ msg string }

func (e *echoError) Error() string { return e.msg }

func TestRedactURL(t *testing.T) {
	for in, want := range map[string]string{
		"https://api.kanka.io/1.0":             "https://api.kanka.io/1.0",
		"https://user:pw@host/api/1.0":         "https://user:xxxxx@host/api/1.0",
		"http://user@host/api":                 "http://user@host/api",
		"https://u:p%40ss@h:8443/a?b=c":        "https://u:xxxxx@h:8443/a?b=c",
		"ftp://user:pw@host/x":                 "ftp://user:xxxxx@host/x",
		"https://user:p w%zz@host/api":         "https://user:xxxxx@host/api", // does not parse
		"not a url with @ in it":               "not a url with @ in it",
		"https://api.kanka.io/1.0?email=a@b.c": "https://api.kanka.io/1.0?email=a@b.c",
	} {
		if got := client.RedactURL(in); got != want {
			t.Errorf("RedactURL(%q) = %q, want %q", in, got, want)
		}
	}
}

// A password in the URL is masked in errors and logs, and never sent: the
// bearer token takes the place of the Basic authorization net/http would
// make of the user info.
func TestURLPasswordIsMaskedAndNotSent(t *testing.T) {
	var (
		mu    sync.Mutex
		auths []string
	)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		auths = append(auths, r.Header.Get("Authorization"))
		mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusNotFound)
		w.Write([]byte(`{"code":404,"error":"Calendar not found."}`))
	}))
	defer srv.Close()
	base := strings.Replace(srv.URL, "http://", "http://user:pw-s3cret@", 1) + "/api/1.0"
	var log bytes.Buffer
	c, err := client.New(client.Config{BaseURL: base, Token: testToken, Campaign: 7, OnExchange: client.DebugLogger(&log)})
	if err != nil {
		t.Fatal(err)
	}
	_, err = c.GetCalendar(context.Background(), 1)
	masked := strings.Replace(srv.URL, "http://", "http://user:xxxxx@", 1) + "/api/1.0/campaigns/7/calendars/1"
	if want := "GET " + masked + ": 404 Calendar not found."; err == nil || err.Error() != want {
		t.Errorf("error %v, want %q", err, want)
	}
	if !strings.HasPrefix(log.String(), "> GET "+masked+"\n") || strings.Contains(log.String(), "pw-s3cret") {
		t.Errorf("debug log:\n%s", log.String())
	}
	mu.Lock()
	defer mu.Unlock()
	if len(auths) != 1 || auths[0] != "Bearer "+testToken {
		t.Errorf("the server received Authorization %q, want the bearer token only", auths)
	}

	_, err = client.New(client.Config{BaseURL: "https://user:pw-s3cret@host/a b%zz", Token: testToken, Campaign: 7})
	if err == nil || strings.Contains(err.Error(), "pw-s3cret") {
		t.Errorf("a bad URL's error shows the password: %v", err)
	}
}
