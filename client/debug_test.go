package client_test

import (
	"bytes"
	"context"
	"errors"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/jarcoal/httpmock"

	"github.com/kanka-cli/kanka/client"
)

// The debug log shows each attempt: method and URL, the token redacted, the
// body sent, the status and time, and the body received.
func TestDebugLoggerOutput(t *testing.T) {
	api := newMockAPI(t)
	var buf bytes.Buffer
	c, clock := api.client(func(cfg *client.Config) { cfg.OnExchange = client.DebugLogger(&buf) })
	slow := func(answer httpmock.Responder) httpmock.Responder {
		return func(r *http.Request) (*http.Response, error) {
			<-clock.After(120 * time.Millisecond) // the answer takes 120 ms
			return answer(r)
		}
	}
	api.on("GET", "calendars", slow(reply(200, pageJSON(nil, 1, 1, 45, 0))))
	api.on("POST", "calendars", slow(reply(422, `{"code":422,"error":"Name required"}`)))
	api.on("DELETE", "calendars/3", slow(httpmock.NewErrorResponder(errors.New("connection reset by peer"))))
	ctx := context.Background()

	c.ListCalendars(ctx, &client.ListOptions{Type: "solar"})
	c.CreateCalendar(ctx, client.CalendarInput{Name: ""})
	c2, _ := api.client(func(cfg *client.Config) {
		cfg.OnExchange = client.DebugLogger(&buf)
		cfg.MaxRetries = -1
		cfg.Clock = clock
	})
	c2.DeleteCalendar(ctx, 3)

	calendars := testBase + "/campaigns/7/calendars"
	want := "> GET " + calendars + "?type=solar\n" +
		"> Authorization: Bearer [redacted]\n" +
		"< 200 in 120ms\n" +
		"< " + pageJSON(nil, 1, 1, 45, 0) + "\n" +
		"> POST " + calendars + "\n" +
		"> Authorization: Bearer [redacted]\n" +
		`> {}` + "\n" +
		"< 422 in 120ms\n" +
		`< {"code":422,"error":"Name required"}` + "\n" +
		"> DELETE " + calendars + "/3\n" +
		"> Authorization: Bearer [redacted]\n" +
		"< error after 120ms: "
	got := buf.String()
	if !strings.HasPrefix(got, want) || !strings.HasSuffix(got, "connection reset by peer\n") {
		t.Errorf("log:\n%s\nwant:\n%s...connection reset by peer", got, want)
	}
}

// The hook sees every attempt, retries included, with bodies cut short; the
// token is in none of it.
func TestExchangesNeverHoldTheToken(t *testing.T) {
	api := newMockAPI(t)
	long := `{"data":{"id":3,"entry":"` + strings.Repeat("a", 5000) + `"}}`
	api.on("PUT", "calendars/3", reply(503, ""), reply(429, `["limit"]`), reply(200, long))
	var mu sync.Mutex
	var xs []client.Exchange
	var buf bytes.Buffer
	logger := client.DebugLogger(&buf)
	c, _ := api.client(func(cfg *client.Config) {
		cfg.OnExchange = func(x client.Exchange) {
			mu.Lock()
			defer mu.Unlock()
			xs = append(xs, x)
			logger(x)
		}
	})
	in := client.CalendarInput{Name: "Harptos", Entry: ptr(strings.Repeat("b", 5000))}
	if _, err := c.UpdateCalendar(context.Background(), 3, in); err != nil {
		t.Fatal(err)
	}
	if len(xs) != 3 || xs[0].Status != 503 || xs[1].Status != 429 || xs[2].Status != 200 {
		t.Fatalf("exchanges %+v", xs)
	}
	for _, x := range xs {
		if x.Method != "PUT" || x.URL != testBase+"/campaigns/7/calendars/3" {
			t.Errorf("exchange names %s %s", x.Method, x.URL)
		}
		if n := len([]rune(x.RequestBody)); n > 2001 || !strings.HasPrefix(x.RequestBody, "{") {
			t.Errorf("request body of %d characters logged", n)
		}
	}
	if got := xs[2].ResponseBody; len([]rune(got)) != 2001 || !strings.HasPrefix(got, long[:100]) || !strings.HasSuffix(got, "…") {
		t.Errorf("response body logged as %d characters: %.60q", len([]rune(got)), got)
	}
	if strings.Contains(buf.String(), testToken) {
		t.Errorf("the token is in the debug log:\n%s", buf.String())
	}
	// The token did go to the server.
	if got := api.requests()[0].Header.Get("Authorization"); got != "Bearer "+testToken {
		t.Errorf("Authorization %q", got)
	}
}

// A body cut short in the log stays valid UTF-8: a name like "Selûne" is
// never split inside a character.
func TestLoggedBodiesAreCutBetweenCharacters(t *testing.T) {
	for shift := range 3 {
		api := newMockAPI(t)
		body := `{"data":{"id":3,"entry":"` + strings.Repeat("x", shift) + strings.Repeat("û", 3000) + `"}}`
		api.on("GET", "calendars/3", reply(200, body))
		var x client.Exchange
		c, _ := api.client(func(cfg *client.Config) { cfg.OnExchange = func(e client.Exchange) { x = e } })
		if _, err := c.GetCalendar(context.Background(), 3); err != nil {
			t.Fatal(err)
		}
		if !utf8.ValidString(x.ResponseBody) || !strings.HasSuffix(x.ResponseBody, "…") || len(x.ResponseBody) > 2000+len("…") {
			t.Errorf("shift %d: logged %d bytes, valid UTF-8 %v: ...%q", shift, len(x.ResponseBody), utf8.ValidString(x.ResponseBody), x.ResponseBody[len(x.ResponseBody)-8:])
		}
	}
}
