package client_test

import (
	"context"
	"errors"
	"io"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/kanka-cli/kanka/client"
)

// endlessBody is a large answer body: a valid-looking start of a list, then
// items up to size bytes (twice the limit: a client that read it all would
// fail the test, not run out of memory). It counts what was read of it.
type endlessBody struct {
	prefix string
	size   int64
	read   atomic.Int64
}

func (b *endlessBody) Read(p []byte) (int, error) {
	n := b.read.Load()
	if n >= b.size {
		return 0, io.EOF
	}
	p = p[:min(int64(len(p)), b.size-n)]
	item := []byte(`{"id":1,"name":"x"},`)
	for i := range p {
		if int(n)+i < len(b.prefix) {
			p[i] = b.prefix[int(n)+i]
		} else {
			p[i] = item[(int(n)+i-len(b.prefix))%len(item)]
		}
	}
	b.read.Add(int64(len(p)))
	return len(p), nil
}

func (b *endlessBody) Close() error { return nil }

// answerWith answers every request with status and an endless body.
func answerWith(status int, body *endlessBody) func(*http.Request) (*http.Response, error) {
	return func(r *http.Request) (*http.Response, error) {
		return &http.Response{StatusCode: status, Status: http.StatusText(status), Proto: "HTTP/1.1", ProtoMajor: 1, ProtoMinor: 1,
			Header: http.Header{"Content-Type": {"application/json"}}, Body: body, ContentLength: -1, Request: r}, nil
	}
}

// An answer that does not end is read up to the limit and no further, and
// is an error that says so; it is not retried, whatever its status.
func TestAnswerLargerThanTheLimit(t *testing.T) {
	for _, tc := range []struct {
		name   string
		status int
		limit  int // 0: the real one
		want   string
	}{
		{"list, 1 KiB", 200, 1 << 10,
			"the server's answer to GET " + testBase + "/campaigns/7/calendars is larger than 1 KiB; stopped reading"},
		{"list, 32 MiB", 200, 0,
			"the server's answer to GET " + testBase + "/campaigns/7/calendars is larger than 32 MiB; stopped reading"},
		{"a 500 is not retried", 500, 1000,
			"the server's answer to GET " + testBase + "/campaigns/7/calendars is larger than 1000 bytes; stopped reading"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			limit := client.MaxAnswerBytes
			if tc.limit > 0 {
				limit = tc.limit
			}
			body := &endlessBody{prefix: `{"data":[`, size: 2 * int64(limit)}
			api := newMockAPI(t)
			api.handle("GET", "calendars", answerWith(tc.status, body))
			c, _ := api.client()
			if tc.limit > 0 {
				client.SetAnswerLimit(c, limit)
			}
			_, err := c.ListCalendars(context.Background(), nil)
			var tooLarge *client.AnswerTooLargeError
			if err == nil || err.Error() != tc.want || !errors.As(err, &tooLarge) {
				t.Errorf("err = %v\nwant %s", err, tc.want)
			}
			if client.IsNetwork(err) {
				t.Errorf("%v is reported as a network error", err)
			}
			// Read in small steps: never more than a step past the limit.
			if read := body.read.Load(); read <= int64(limit) || read > int64(limit)+4096 {
				t.Errorf("read %d bytes of the answer, limit %d", read, limit)
			}
			if n := len(api.requests()); n != 1 {
				t.Errorf("%d requests, want 1", n)
			}
		})
	}
}

// A write whose answer is too large reached the server: the message says it
// may have been applied.
func TestWriteAnswerLargerThanTheLimit(t *testing.T) {
	api := newMockAPI(t)
	api.handle("POST", "calendars", answerWith(201, &endlessBody{prefix: `{"data":`, size: 2 << 10}))
	c, _ := api.client()
	client.SetAnswerLimit(c, 1<<10)
	_, err := c.CreateCalendar(context.Background(), client.CalendarInput{Name: "x"})
	want := "the server's answer to POST " + testBase + "/campaigns/7/calendars is larger than 1 KiB; stopped reading" +
		"; the request may have been applied: check before trying again"
	if err == nil || err.Error() != want {
		t.Errorf("err = %v\nwant %s", err, want)
	}
	if n := len(api.requests()); n != 1 {
		t.Errorf("%d requests, want 1", n)
	}
}

// An answer of exactly the limit is read whole.
func TestAnswerAtTheLimitIsRead(t *testing.T) {
	page := pageJSON([]string{calendarJSON(1, "Harptos")}, 1, 1, 15, 1)
	api := newMockAPI(t)
	api.on("GET", "calendars", reply(200, page+strings.Repeat(" ", 2048-len(page))))
	c, _ := api.client()
	client.SetAnswerLimit(c, 2048)
	p, err := c.ListCalendars(context.Background(), nil)
	if err != nil || len(p.Items) != 1 || p.Items[0].Name != "Harptos" {
		t.Fatalf("page %+v, err %v", p, err)
	}
}
