package client

import (
	"bytes"
	"fmt"
	"io"
	"strconv"
	"time"

	"github.com/go-resty/resty/v2"
)

// Exchange is one attempt of a request, for debug logs. It never holds the
// token: the Authorization header is reported redacted, and so is the token
// wherever a server echoed it (bodies, errors). The URL's password is
// masked.
type Exchange struct {
	Method       string
	URL          string
	Status       int // 0 when no answer came
	Duration     time.Duration
	RequestBody  string
	ResponseBody string
	// PageTitle is the <title> of an answer that is a web page (a proxy's
	// or a maintenance page), which names what went wrong.
	PageTitle string
	Err       error
}

// bodyLogLimit is how much of a body a debug log shows.
const bodyLogLimit = 2000

func (c *Client) report(method, url string, payload []byte, resp *resty.Response, err error, took time.Duration) {
	if c.cfg.OnExchange == nil {
		return
	}
	token := c.cfg.Token
	// Redacted before the cut, which could split the token and keep a part.
	x := Exchange{Method: method, URL: url, Duration: took, Err: withoutSecret(err, token),
		RequestBody: cut(Redact(string(payload), token), bodyLogLimit)}
	if resp != nil && resp.RawResponse != nil {
		x.Status = resp.StatusCode()
		x.ResponseBody = cut(Redact(string(resp.Body()), token), bodyLogLimit)
		if body := bytes.TrimSpace(resp.Body()); isHTML(resp.Header().Get("Content-Type"), body) {
			x.PageTitle = Redact(htmlTitle(body), token)
		}
	}
	c.cfg.OnExchange(x)
}

// DebugLogger returns an OnExchange hook that writes each exchange to w.
func DebugLogger(w io.Writer) func(Exchange) {
	return func(x Exchange) {
		fmt.Fprintf(w, "> %s %s\n> Authorization: Bearer [redacted]\n", x.Method, x.URL)
		if x.RequestBody != "" {
			fmt.Fprintf(w, "> %s\n", x.RequestBody)
		}
		if x.Err != nil {
			fmt.Fprintf(w, "< error after %s: %v\n", x.Duration.Round(time.Millisecond), x.Err)
			return
		}
		fmt.Fprintf(w, "< %d in %s\n", x.Status, x.Duration.Round(time.Millisecond))
		if x.PageTitle != "" {
			fmt.Fprintf(w, "< page title: %q\n", x.PageTitle)
		}
		if x.ResponseBody != "" {
			fmt.Fprintf(w, "< %s\n", x.ResponseBody)
		}
	}
}

func itoa(n int) string { return strconv.Itoa(n) }
