package client

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strings"

	"github.com/go-resty/resty/v2"
)

// Raw sends any request to the API, for what the typed calls do not cover
// (`kanka api`): other entities, other routes, a field the tables do not
// know. It keeps every house rule of the typed calls (see do): the token
// is sent to the API's host only, requests are paced from the rate-limit
// headers, a 429 is waited out, 5xx answers and lost connections are
// retried except for a POST that may have been applied, the answer is read
// within MaxAnswerBytes, the debug log (Config.OnExchange) sees each
// attempt with the token redacted, an answer outside 2xx is an *Error,
// and the observer (the cache) forgets the calendars and weather entries a
// request changed (observeRaw).

// RawRequest is one request of Raw.
type RawRequest struct {
	// Method is one of RawMethods.
	Method string
	// Path is a route under the campaign ("calendars/2"), or from the API
	// root when it starts with a slash ("/profile"); "{campaign}" stands
	// for the campaign's id. A full URL is sent only when it is under the
	// API root. It may carry a query.
	Path string
	// Query is added to the path's own.
	Query url.Values
	// Header holds headers to send besides the client's own (Accept and
	// User-Agent are replaced when given); CheckRawHeader says which are
	// refused.
	Header http.Header
	// Body, when not nil, is sent as it is, as application/json unless
	// Header says another Content-Type.
	Body []byte
}

// RawAnswer is an answer as the server sent it, the token redacted from
// its headers and body wherever the server echoed it.
type RawAnswer struct {
	// Proto is the protocol of the answer ("HTTP/1.1"), Status its status
	// line's text ("200 OK").
	Proto, Status string
	StatusCode    int
	Header        http.Header
	Body          []byte
	// URL is the request's URL as messages show it (a password masked).
	URL string
}

// Raw sends req and returns the answer. An answer outside 2xx is returned
// too, with its *Error, so that its head and body can be shown. One is
// returned without an error: the 404 of a DELETE retried after an attempt
// that reached the server and lost its answer (the record is gone, as
// asked). A request
// Raw refuses (a path out of the API root, a refused header, an unknown
// method) is an *InvalidRequestError, and nothing is sent.
func (c *Client) Raw(ctx context.Context, req RawRequest) (*RawAnswer, error) {
	route, err := c.checkRaw(req)
	if err != nil {
		return nil, err
	}
	ans, err := c.sendRaw(ctx, req, route, mergeQuery(route.query, req.Query))
	c.observeRaw(req.Method, route, err)
	return ans, err
}

// checkRaw reads req's route and checks its method and headers.
func (c *Client) checkRaw(req RawRequest) (rawRoute, error) {
	if err := checkRawMethod(req.Method); err != nil {
		return rawRoute{}, err
	}
	for name, values := range req.Header {
		for _, v := range values {
			if err := CheckRawHeader(name, v); err != nil {
				return rawRoute{}, err
			}
		}
	}
	return c.rawRoute(req.Path)
}

// mergeQuery is a's values, then b's.
func mergeQuery(a, b url.Values) url.Values {
	q := url.Values{}
	for k, v := range a {
		q[k] = append(q[k], v...)
	}
	for k, v := range b {
		q[k] = append(q[k], v...)
	}
	return q
}

// sendRaw sends a raw request by the house rules (send), with the
// route's URL, the caller's headers and body as they are, and returns the
// answer whole (head and body), whatever its status or content type.
func (c *Client) sendRaw(ctx context.Context, req RawRequest, route rawRoute, query url.Values) (*RawAnswer, error) {
	shown := route.url(c.shownBase)
	if len(query) > 0 {
		shown += "?" + query.Encode()
	}
	resp, err := c.send(ctx, sending{method: req.Method, target: route.url(c.cfg.BaseURL), shown: shown, query: query, header: req.Header, payload: req.Body})
	if resp == nil {
		return nil, err
	}
	return c.rawAnswer(resp, shown), err
}

// rawAnswer is resp as Raw returns it: its head and body with the token
// redacted wherever the server echoed it.
func (c *Client) rawAnswer(resp *resty.Response, shownURL string) *RawAnswer {
	header := resp.Header().Clone()
	for name, values := range header {
		for i, v := range values {
			values[i] = Redact(v, c.cfg.Token)
		}
		header[name] = values
	}
	status := resp.Status()
	if status == "" {
		status = fmt.Sprintf("%d %s", resp.StatusCode(), http.StatusText(resp.StatusCode()))
	}
	proto := strings.TrimSpace(resp.Proto())
	if proto == "" {
		proto = "HTTP/1.1" // a transport that says none (a test's, the sandbox's in process)
	}
	return &RawAnswer{
		Proto:      proto,
		Status:     status,
		StatusCode: resp.StatusCode(),
		Header:     header,
		Body:       redactBytes(resp.Body(), c.cfg.Token),
		URL:        shownURL,
	}
}
