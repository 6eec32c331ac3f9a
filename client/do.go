package client

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"net/http/httptrace"
	"net/url"
	"strings"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/go-resty/resty/v2"
)

// answer is a 2xx answer.
type answer struct {
	status int
	header http.Header
	body   []byte
}

// do sends one request of the typed calls, under the campaign, by the
// house rules (send). A 2xx answer must be JSON: a page instead (a wrong
// API root) did not do what was asked, whatever its status.
func (c *Client) do(ctx context.Context, method, path string, query url.Values, body any) (*answer, error) {
	var payload []byte
	if body != nil {
		var err error
		if payload, err = json.Marshal(body); err != nil {
			return nil, err
		}
	}
	shown := c.shownBase + "/" + campaignsSegment + "/" + itoa(c.cfg.Campaign) + "/" + path
	if len(query) > 0 {
		shown += "?" + query.Encode()
	}
	resp, err := c.send(ctx, sending{method: method, target: path, shown: shown, query: query, payload: payload})
	if err != nil {
		return nil, err
	}
	status := resp.StatusCode()
	if status < 200 || status >= 300 {
		return &answer{status: status, header: resp.Header()}, nil // a DELETE an earlier attempt applied
	}
	if err := notJSON(bytes.TrimSpace(resp.Body())); err != nil {
		return nil, fmt.Errorf("%s %s: %w", method, shown, err)
	}
	return &answer{status: status, header: resp.Header(), body: resp.Body()}, nil
}

// readBody reads the body of resp and keeps it there (resp.Body): at most
// the client's answer limit (more is resty.ErrResponseBodyTooLarge) and,
// under a walk's context, what is left of its budget (more is a
// *ListTooLargeError), whatever the server says of its length.
func (c *Client) readBody(ctx context.Context, resp *resty.Response) error {
	raw := resp.RawBody()
	if raw == nil || resp.RawResponse == nil {
		return nil
	}
	defer raw.Close()
	var r io.Reader = raw
	// A gzip body the transport did not ask for, so did not decode (as
	// resty reads one).
	if strings.EqualFold(resp.Header().Get("Content-Encoding"), "gzip") && !resp.RawResponse.Uncompressed && resp.RawResponse.ContentLength != 0 {
		gz, err := gzip.NewReader(raw)
		if err != nil {
			return err
		}
		defer gz.Close()
		r = gz
	}
	body, err := io.ReadAll(io.LimitReader(budgetReader(ctx, r), int64(c.answerLimit)+1))
	if err != nil {
		return err
	}
	if len(body) > c.answerLimit {
		return resty.ErrResponseBodyTooLarge
	}
	resp.SetBody(body)
	return nil
}

// backoff is the wait before retry n (from 0): exponential, capped, with
// jitter so that parallel clients do not retry in step.
func (c *Client) backoff(n int) time.Duration {
	d := c.cfg.BackoffBase << n
	if d > c.cfg.BackoffMax || d <= 0 {
		d = c.cfg.BackoffMax
	}
	return d/2 + rand.N(d/2+1)
}

// sendTrace follows one attempt on a real connection, to tell a request
// that never reached the server (no connection, a TLS handshake cut short)
// from one that did.
type sendTrace struct {
	traced atomic.Bool // the transport reports on its connections
	wrote  atomic.Bool // the whole request was written to the server
}

func (s *sendTrace) trace() *httptrace.ClientTrace {
	return &httptrace.ClientTrace{
		GetConn:      func(string) { s.traced.Store(true) },
		WroteRequest: func(httptrace.WroteRequestInfo) { s.wrote.Store(true) },
	}
}

// mayHaveArrived reports whether an attempt that failed with err may have
// reached the server, so that a POST must not be repeated. Transports that
// report nothing (test doubles, the in-process sandbox) are judged by the
// error: only a failed dial proves nothing was sent.
func (s *sendTrace) mayHaveArrived(err error) bool {
	if s.traced.Load() {
		return s.wrote.Load()
	}
	var op *net.OpError
	if errors.As(err, &op) && op.Op == "dial" {
		return false
	}
	var dns *net.DNSError
	return !errors.As(err, &dns) && !errors.Is(err, syscall.ECONNREFUSED)
}

// decodeData decodes a single-record answer into out. The live service wraps
// the record as {"data": {...}}; the document's create may answer the bare
// object: both are read. The record is decoded where it lies in body, not
// copied out first: out's decoding measures it (measureAnswer) before it
// builds anything, and an answer near MaxAnswerBytes is not held twice.
func decodeData(body []byte, out any) error {
	trimmed := bytes.TrimSpace(body)
	if err := notJSON(trimmed); err != nil {
		return err
	}
	if len(trimmed) == 0 || trimmed[0] != '{' {
		return fmt.Errorf("the server answered without a record: %q", cut(string(trimmed), 100))
	}
	env := struct {
		Data dataInto `json:"data"`
	}{Data: dataInto{out: out}}
	err := json.Unmarshal(trimmed, &env)
	if env.Data.found {
		return err
	}
	return json.Unmarshal(trimmed, out)
}

// dataInto decodes the data of an answer's envelope into out, and notes
// that there was one.
type dataInto struct {
	out   any
	found bool
}

func (d *dataInto) UnmarshalJSON(b []byte) error {
	d.found = len(b) > 0
	if d.found && b[0] != '{' {
		return fmt.Errorf("the server answered without a record: data is %s", cut(string(b), 100))
	}
	return json.Unmarshal(b, d.out)
}

// wait sleeps d before a retry or for the rate limit, telling OnWait first.
func (c *Client) wait(ctx context.Context, reason string, d time.Duration) error {
	if c.cfg.OnWait != nil && d > 0 {
		c.cfg.OnWait(reason, d)
	}
	return sleep(ctx, c.clock, d)
}

// shortError is a transport error without the request it names.
func shortError(err error) string {
	var op *net.OpError
	if errors.As(err, &op) && op.Err != nil {
		return op.Err.Error()
	}
	return "a lost connection"
}
