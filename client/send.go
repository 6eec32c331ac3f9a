package client

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptrace"
	"net/url"

	"github.com/go-resty/resty/v2"
)

// sending is one request as send sends it: a typed call's (do) or a raw
// one's (Raw).
type sending struct {
	method string
	// target is what resty executes: a path under the campaign, or a
	// whole URL; shown is the URL, its query included, as errors and the
	// debug log say it.
	target, shown string
	query         url.Values
	// header holds headers to send besides the client's own (Raw's).
	header http.Header
	// payload, when not nil, is the body, sent as application/json unless
	// header says another Content-Type.
	payload []byte
}

// send sends s and applies the house rules: pace from the budget the last
// answers reported, ride out 429s, retry 5xx and transport errors with
// capped exponential backoff and jitter, but never repeat a POST that may
// have been applied. Resty's own retries are off because they cannot tell a
// POST that reached the server from one that did not, and clamp
// Retry-After. It returns the last answer whenever the server gave one
// (with the *Error of a status outside 2xx, or nil for a DELETE an earlier,
// lost attempt applied), and no answer when none came.
func (c *Client) send(ctx context.Context, s sending) (*resty.Response, error) {
	method := s.method
	failures, limited := 0, 0
	// maybeApplied is set when an attempt may have reached the server
	// without its answer reaching us; failedAfter when the server answered
	// that it failed (500), which it may do after applying the request.
	maybeApplied, failedAfter := false, false
	// stopped is err, from a wait or an attempt the context ended: a write
	// then says whether some attempt of it may have reached the server.
	stopped := func(err error, mayHaveArrived bool) error {
		if ctx.Err() == nil || method == http.MethodGet || method == http.MethodHead || method == http.MethodOptions {
			return err
		}
		return &InterruptedWriteError{Method: method, URL: s.shown, MayHaveArrived: mayHaveArrived, Err: ctx.Err()}
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
		resp, err := c.attempt(httptrace.WithClientTrace(ctx, sent.trace()), s)
		var header http.Header
		if resp != nil && resp.RawResponse != nil {
			header = resp.Header()
		}

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
				return nil, &AnswerTooLargeError{Method: method, URL: s.shown, Limit: c.answerLimit}
			}
			if method == http.MethodPost && sent.mayHaveArrived(err) {
				// Cancelled or cut off while the server had the request: it
				// may have been applied. The error still unwraps to the
				// context's, so an interrupt stays an interrupt.
				if ctx.Err() != nil {
					err = ctx.Err()
				}
				return nil, &NotAppliedUnknownError{Method: method, URL: s.shown, Err: err}
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
			return nil, &NetworkError{Method: method, URL: s.shown, Err: err}
		}

		status := resp.StatusCode()
		if status >= 200 && status < 300 {
			return resp, nil
		}
		apiErr := c.errorOf(method, s.shown, resp)
		switch {
		case status == http.StatusTooManyRequests:
			// Nothing was applied, so every method, POST included, may wait
			// for the window and try again.
			if limited >= c.cfg.RateLimitRetries {
				return resp, apiErr
			}
			limited++
			c.pacer.exhausted(retryAfter(header, c.clock.Now()))
			continue
		case status >= 500:
			if method == http.MethodPost {
				return resp, &NotAppliedUnknownError{Method: method, URL: s.shown, Err: apiErr}
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
			return resp, nil
		}
		return resp, apiErr
	}
}

// attempt sends s once, reads its answer's body (readBody: within the
// answer limit and, in a walk, the walk's budget of bytes) and releases
// the pacer's slot with the answer's budget.
func (c *Client) attempt(ctx context.Context, s sending) (*resty.Response, error) {
	req := c.http.R().SetContext(ctx).SetQueryParamsFromValues(s.query).SetDoNotParseResponse(true)
	for name, values := range s.header {
		req.Header[http.CanonicalHeaderKey(name)] = append([]string(nil), values...)
	}
	if s.payload != nil {
		if req.Header.Get("Content-Type") == "" {
			req.SetHeader("Content-Type", "application/json")
		}
		req.SetBody(s.payload)
	}
	start := c.clock.Now()
	resp, err := req.Execute(s.method, s.target)
	if err == nil {
		err = c.readBody(ctx, resp)
	}
	var header http.Header
	if resp != nil && resp.RawResponse != nil {
		header = resp.Header()
	}
	c.pacer.release(header)
	c.report(s.method, s.shown, s.payload, resp, err, c.clock.Now().Sub(start))
	return resp, err
}

// errorOf is the *Error of an answer outside 2xx. The token is taken out
// of the raw body before parseError cuts it (a cut could keep half of it),
// and out of the decoded messages. An error answer past the bounds of a
// record is not read: its status still says what happened, and the bound
// what it held.
func (c *Client) errorOf(method, shown string, resp *resty.Response) *Error {
	body, tooMuch := resp.Body(), measureAnswer(bytes.TrimSpace(resp.Body()), errorShape)
	if tooMuch != nil {
		body = nil
	}
	apiErr := parseError(method, shown, resp.StatusCode(), resp.Header().Get("Content-Type"), redactBytes(body, c.cfg.Token))
	if tooMuch != nil {
		apiErr.Message = tooMuch.Error()
	}
	apiErr.hideSecret(c.cfg.Token)
	return apiErr
}
