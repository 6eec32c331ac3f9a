package client_test

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"

	"github.com/kanka-cli/kanka/client"
)

// A server that redirects to itself is followed 10 times, then the request
// ends with an error; it is not retried.
func TestRedirectLoopEnds(t *testing.T) {
	var requests atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if requests.Add(1) > 50 {
			// Far past the cap: answer, so that a client without one fails
			// the test instead of looping for ever.
			w.WriteHeader(http.StatusTeapot)
			return
		}
		http.Redirect(w, r, r.URL.Path, http.StatusFound)
	}))
	defer srv.Close()
	c, _ := realClient(t, srv.URL)
	_, err := c.GetCalendar(context.Background(), 1)
	var redirect *client.RedirectError
	if !errors.As(err, &redirect) || err.Error() != "stopped after 10 redirects" {
		t.Errorf("err = %v, want the redirects stopped", err)
	}
	if n := requests.Load(); n != 10 {
		t.Errorf("%d requests, want 10", n)
	}
}
