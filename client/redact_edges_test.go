package client_test

import (
	"bytes"
	"context"
	"net/http"
	"strings"
	"testing"

	"github.com/kanka-cli/kanka/client"
)

// shortToken is a token of exactly client.MinSecretLen characters: the
// shortest one the client hides.
const shortToken = "k4Zq"

// shortTokenClient is a client on api whose token is shortToken, with no
// retries and a debug log written to log.
func shortTokenClient(api *mockAPI, log *bytes.Buffer) *client.Client {
	c, _ := api.client(func(cfg *client.Config) {
		cfg.Token = shortToken
		cfg.MaxRetries = -1
		if log != nil {
			cfg.OnExchange = client.DebugLogger(log)
		}
	})
	return c
}

// Redact hides a secret of four characters, the shortest it hides, and
// leaves a three-character one alone.
func TestRedactHidesAFourCharacterSecret(t *testing.T) {
	for _, tc := range []struct{ s, secret, want string }{
		{"Bearer k4Zq here", "k4Zq", "Bearer [redacted] here"},
		{"k4Zqk4Zq", "k4Zq", "[redacted][redacted]"},
		{"Bearer k4Z here", "k4Z", "Bearer k4Z here"},
		{"Bearer k4Zq here", "", "Bearer k4Zq here"},
	} {
		if got := client.Redact(tc.s, tc.secret); got != tc.want {
			t.Errorf("Redact(%q, %q) = %q, want %q", tc.s, tc.secret, got, tc.want)
		}
	}
}

// A server that echoes a four-character token in its error message and in
// a field name finds it redacted in the error.
func TestFourCharacterTokenEchoedInAnErrorIsRedacted(t *testing.T) {
	api := newMockAPI(t)
	c := shortTokenClient(api, nil)
	api.on("GET", "calendars/1", reply(422, `{"message":"Bad k4Zq.","errors":{"k4Zq":["seen k4Zq"]}}`))
	_, err := c.GetCalendar(context.Background(), 1)
	want := "GET " + testBase + "/campaigns/7/calendars/1: 422 Bad [redacted].\n  [redacted]: seen [redacted]"
	if err == nil || err.Error() != want {
		t.Errorf("error %v, want %q", err, want)
	}
}

// A plain-text error body is cut at 200 bytes; a four-character token that
// straddles the cut is redacted before it, so not even its first half shows.
func TestFourCharacterTokenAcrossTheCutOfAnErrorBodyIsRedacted(t *testing.T) {
	api := newMockAPI(t)
	c := shortTokenClient(api, nil)
	// The token takes bytes 199 to 202: the cut keeps "k4" of it unless the
	// body was redacted first.
	body := strings.Repeat("x", 198) + shortToken + " tail"
	api.on("GET", "calendars/1", reply(502, body, "Content-Type", "text/plain"))
	_, err := c.GetCalendar(context.Background(), 1)
	want := "GET " + testBase + "/campaigns/7/calendars/1: 502 " + strings.Repeat("x", 198) + "[r…"
	if err == nil || err.Error() != want {
		t.Errorf("error %v, want %q", err, want)
	}
}

// A transport error that names a four-character token is logged without it.
func TestFourCharacterTokenInATransportErrorIsRedactedInTheDebugLog(t *testing.T) {
	api := newMockAPI(t)
	var log bytes.Buffer
	c := shortTokenClient(api, &log)
	api.on("GET", "calendars/1", func(*http.Request) (*http.Response, error) {
		return nil, &echoError{"proxy refused Bearer " + shortToken}
	})
	if _, err := c.GetCalendar(context.Background(), 1); !client.IsNetwork(err) {
		t.Fatalf("want a network error, got %v", err)
	}
	if strings.Contains(log.String(), shortToken) || !strings.Contains(log.String(), "proxy refused Bearer [redacted]\n") {
		t.Errorf("debug log:\n%s", log.String())
	}
}

// A four-character token echoed in an answer's body, and sent in a request
// body, is redacted in the debug log.
func TestFourCharacterTokenInBodiesIsRedactedInTheDebugLog(t *testing.T) {
	api := newMockAPI(t)
	var log bytes.Buffer
	c := shortTokenClient(api, &log)
	api.on("POST", "calendars", reply(422, `{"message":"name k4Zq taken"}`))
	_, err := c.CreateCalendar(context.Background(), client.CalendarInput{Name: "Cal k4Zq"})
	if !client.IsValidation(err) {
		t.Fatalf("want a validation error, got %v", err)
	}
	got := log.String()
	for _, want := range []string{`"name":"Cal [redacted]"`, "< 422 in 0s\n< {\"message\":\"name [redacted] taken\"}\n"} {
		if !strings.Contains(got, want) {
			t.Errorf("debug log lacks %q:\n%s", want, got)
		}
	}
	if strings.Contains(got, shortToken) {
		t.Errorf("debug log shows the token:\n%s", got)
	}
}

// A URL that does not parse is masked by hand as net/url would: the
// password of its user info only, whether a path follows or not, and
// however many "@" the path holds; text after "///" is a path, no user
// info, and is left as it is.
func TestRedactURLThatDoesNotParse(t *testing.T) {
	for in, want := range map[string]string{
		"https://user:p w%zz@host":     "https://user:xxxxx@host",
		"https://user:p w%zz@host/a@b": "https://user:xxxxx@host/a@b",
		"https://user:p w%zz@host?q=@": "https://user:xxxxx@host?q=@",
		"http:///a:pw@h%zz":            "http:///a:pw@h%zz",
	} {
		if got := client.RedactURL(in); got != want {
			t.Errorf("RedactURL(%q) = %q, want %q", in, got, want)
		}
	}
}
