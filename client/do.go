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

// do sends one request and applies the house rules: pace from the budget the
// last answers reported, ride out 429s, retry 5xx and transport errors with
// capped exponential backoff and jitter, but never repeat a POST that may
// have been applied. Resty's own retries are off because they cannot tell a
// POST that reached the server from one that did not, and clamp Retry-After.
func (c *Client) do(ctx context.Context, method, path string, query url.Values, body any) (*answer, error) {
	var payload []byte
	if body != nil {
		var err error
		if payload, err = json.Marshal(body); err != nil {
			return nil, err
		}
	}
	fullURL := c.shownBase + "/" + campaignsSegment + "/" + itoa(c.cfg.Campaign) + "/" + path
	if len(query) > 0 {
		fullURL += "?" + query.Encode()
	}
	failures, limited := 0, 0
	// maybeApplied is set when an attempt may have reached the server
	// without its answer reaching us; failedAfter when the server answered
	// that it failed (500), which it may do after applying the request.
	maybeApplied, failedAfter := false, false
	// stopped is err, from a wait or an attempt the context ended: a write
	// then says whether some attempt of it may have reached the server.
	stopped := func(err error, mayHaveArrived bool) error {
		if ctx.Err() == nil || method == http.MethodGet {
			return err
		}
		return &InterruptedWriteError{Method: method, URL: fullURL, MayHaveArrived: mayHaveArrived, Err: ctx.Err()}
	}
	for {
		if err := c.pacer.acquire(ctx); err != nil {
			return nil, stopped(err, maybeApplied || failedAfter)
		}
		// Nothing is sent once the context ended, in the wait or before.
		if err := ctx.Err(); err != nil {
			c.pacer.release(nil)
			return nil, stopped(err, maybeApplied || failedAfter)
		}
		sent := &sendTrace{}
		// The body is read here (readBody), not by resty: within the
		// answer limit and, in a walk, the walk's budget of bytes.
		req := c.http.R().SetContext(httptrace.WithClientTrace(ctx, sent.trace())).SetQueryParamsFromValues(query).
			SetDoNotParseResponse(true)
		if payload != nil {
			req.SetHeader("Content-Type", "application/json").SetBody(payload)
		}
		start := c.clock.Now()
		resp, err := req.Execute(method, path)
		if err == nil {
			err = c.readBody(ctx, resp)
		}
		var header http.Header
		if resp != nil && resp.RawResponse != nil {
			header = resp.Header()
		}
		c.pacer.release(header)
		c.report(method, fullURL, payload, resp, err, c.clock.Now().Sub(start))

		if err != nil {
			var redirect *RedirectError
			if errors.As(err, &redirect) {
				return nil, redirect
			}
			var walkBound *ListTooLargeError
			if errors.As(err, &walkBound) {
				return nil, walkBound
			}
			if errors.Is(err, resty.ErrResponseBodyTooLarge) {
				// An answer came: asking again would only bring it again.
				return nil, &AnswerTooLargeError{Method: method, URL: fullURL, Limit: c.answerLimit}
			}
			if method == http.MethodPost && sent.mayHaveArrived(err) {
				// Cancelled or cut off while the server had the request: it
				// may have been applied. The error still unwraps to the
				// context's, so an interrupt stays an interrupt.
				if ctx.Err() != nil {
					err = ctx.Err()
				}
				return nil, &NotAppliedUnknownError{Method: method, URL: fullURL, Err: err}
			}
			maybeApplied = maybeApplied || sent.mayHaveArrived(err)
			if ctx.Err() != nil {
				return nil, stopped(err, maybeApplied || failedAfter)
			}
			if failures < c.cfg.MaxRetries {
				if err := c.wait(ctx, "before retrying after "+shortError(err), c.backoff(failures)); err != nil {
					return nil, stopped(err, maybeApplied || failedAfter)
				}
				failures++
				continue
			}
			return nil, &NetworkError{Method: method, URL: fullURL, Err: err}
		}

		status := resp.StatusCode()
		if status >= 200 && status < 300 {
			// A page instead of JSON (a wrong API root) did not do what
			// was asked, whatever its status.
			if err := notJSON(bytes.TrimSpace(resp.Body())); err != nil {
				return nil, fmt.Errorf("%s %s: %w", method, fullURL, err)
			}
			return &answer{status: status, header: header, body: resp.Body()}, nil
		}
		// The token is taken out of the raw body before parseError cuts it
		// (a cut could keep half of it), and out of the decoded messages.
		// An error answer past the bounds of a record is not read: its
		// status still says what happened, and the bound what it held.
		errBody, tooMuch := resp.Body(), measureAnswer(bytes.TrimSpace(resp.Body()), errorShape)
		if tooMuch != nil {
			errBody = nil
		}
		apiErr := parseError(method, fullURL, status, resp.Header().Get("Content-Type"), redactBytes(errBody, c.cfg.Token))
		if tooMuch != nil {
			apiErr.Message = tooMuch.Error()
		}
		apiErr.hideSecret(c.cfg.Token)
		switch {
		case status == http.StatusTooManyRequests:
			// Nothing was applied, so every method, POST included, may wait
			// for the window and try again.
			if limited >= c.cfg.RateLimitRetries {
				return nil, apiErr
			}
			limited++
			c.pacer.exhausted(retryAfter(header, c.clock.Now()))
			continue
		case status >= 500:
			if method == http.MethodPost {
				return nil, &NotAppliedUnknownError{Method: method, URL: fullURL, Err: apiErr}
			}
			// A gateway that timed out or lost the server may have let the
			// request through; a server that answered 500 or 503 did not
			// lose its answer.
			maybeApplied = maybeApplied || status == http.StatusBadGateway || status == http.StatusGatewayTimeout
			// A server that failed (500) may yet have applied the request
			// before it failed: an interrupt now says so (a 503 says it
			// was not taken).
			failedAfter = failedAfter || status == http.StatusInternalServerError
			if failures < c.cfg.MaxRetries {
				if err := c.wait(ctx, fmt.Sprintf("before retrying after a %d answer", status), c.backoff(failures)); err != nil {
					return nil, stopped(err, maybeApplied || failedAfter)
				}
				failures++
				continue
			}
		case status == http.StatusNotFound && method == http.MethodDelete && maybeApplied && !apiErr.RouteNotFound:
			// An earlier attempt reached the server and lost its answer:
			// it was applied, and the record is gone, as asked.
			return &answer{status: status, header: header}, nil
		}
		return nil, apiErr
	}
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
