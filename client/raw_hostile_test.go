package client_test

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/kanka-cli/kanka/client"
)

// Raw against servers that misbehave: every request ends, bounded, with no
// panic, and the token goes nowhere but to the API's host.

// A redirect to another host is followed as net/http follows it, without
// the token: it never leaves for the other host. A redirect loop ends at
// 10.
func TestRawRedirectToAnotherHost(t *testing.T) {
	var mu sync.Mutex
	var elsewhere []string // the Authorization headers the other host saw
	other := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		elsewhere = append(elsewhere, r.Header.Get("Authorization"))
		mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"from":"elsewhere"}`))
	}))
	defer other.Close()
	// The same machine under another name: "localhost" is not 127.0.0.1.
	otherURL := strings.Replace(other.URL, "127.0.0.1", "localhost", 1)
	var loops int
	api := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, "/loop") {
			mu.Lock()
			loops++
			mu.Unlock()
			http.Redirect(w, r, r.URL.Path, http.StatusFound)
			return
		}
		http.Redirect(w, r, otherURL+"/steal", http.StatusTemporaryRedirect)
	}))
	defer api.Close()
	c, _ := realClient(t, api.URL)

	ans, err := c.Raw(context.Background(), client.RawRequest{Method: "GET", Path: "calendars"})
	if err != nil || string(ans.Body) != `{"from":"elsewhere"}` {
		t.Errorf("answer %v, err %v", ans, err)
	}
	_, err = c.Raw(context.Background(), client.RawRequest{Method: "PUT", Path: "calendars/1", Body: []byte(`{}`)})
	if err != nil {
		t.Errorf("PUT: %v", err)
	}
	mu.Lock()
	if len(elsewhere) != 2 || elsewhere[0] != "" || elsewhere[1] != "" {
		t.Errorf("the other host saw Authorization %q", elsewhere)
	}
	mu.Unlock()

	_, err = c.Raw(context.Background(), client.RawRequest{Method: "GET", Path: "loop"})
	var redirect *client.RedirectError
	if !errors.As(err, &redirect) || loops != 10 {
		t.Errorf("err = %v after %d redirects, want it stopped at 10", err, loops)
	}
}

// A body past the answer limit is read up to it, and is an error; a body
// that is no JSON (a page, text, control characters) is returned as it
// is: the printing decides how it is shown.
func TestRawHostileBodies(t *testing.T) {
	api := newMockAPI(t)
	api.handle("GET", "huge", answerWith(200, &endlessBody{prefix: `{"data":[`, size: 1 << 20}))
	api.on("GET", "page", reply(200, "<html><title>Log in</title></html>", "Content-Type", "text/html"))
	api.on("GET", "text", reply(200, "plain \x1b]0;PWNED\a text\n", "Content-Type", "text/plain"))
	c, _ := api.client()
	client.SetAnswerLimit(c, 4096)
	_, err := c.Raw(context.Background(), client.RawRequest{Method: "GET", Path: "huge"})
	var tooLarge *client.AnswerTooLargeError
	if !errors.As(err, &tooLarge) || err.Error() != "the server's answer to GET "+testBase+"/campaigns/7/huge is larger than 4 KiB; stopped reading" {
		t.Errorf("huge: %v", err)
	}
	for path, want := range map[string]string{"page": "<html><title>Log in</title></html>", "text": "plain \x1b]0;PWNED\a text\n"} {
		ans, err := c.Raw(context.Background(), client.RawRequest{Method: "GET", Path: path})
		if err != nil || string(ans.Body) != want {
			t.Errorf("%s: %q, %v", path, ans.Body, err)
		}
	}
	// Walked, a huge page is the same error, not a list.
	var walkErr error
	for _, err := range c.RawPages(context.Background(), client.RawRequest{Method: "GET", Path: "huge"}) {
		walkErr = err
	}
	if !errors.As(walkErr, &tooLarge) {
		t.Errorf("walk of huge: %v", walkErr)
	}
}
