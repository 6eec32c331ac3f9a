package client

import (
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/go-resty/resty/v2"
)

// DefaultBaseURL is the live service's API root.
const DefaultBaseURL = "https://api.kanka.io/1.0"

// Config says where and how to reach the service.
type Config struct {
	// BaseURL is the API root: https://api.kanka.io/1.0, or <host>/api/1.0
	// for the sandbox and older deployments.
	BaseURL  string
	Token    string
	Campaign int
	// UserAgent defaults to "kanka/dev".
	UserAgent string
	// Timeout bounds one request; 30 s when zero.
	Timeout time.Duration
	// Transport replaces the HTTP transport (tests, the in-process sandbox).
	Transport http.RoundTripper

	// PageConcurrency bounds the pages fetched at once by a walk; 4 when zero.
	PageConcurrency int
	// MaxRetries bounds retries after a 5xx or a transport error; 3 when
	// zero, none when negative.
	MaxRetries int
	// RateLimitRetries bounds waits after a 429; 3 when zero, none when
	// negative.
	RateLimitRetries int
	// MaxWait bounds one wait for the rate limit: the pacer's wait for the
	// next window, a 429's Retry-After or, without one, its window. A
	// longer wait is not started: the request ends at once with a
	// *WaitTooLongError. 2 minutes when zero; when negative, any wait is
	// too long (shell completion).
	MaxWait time.Duration
	// RateWindow is the length of the service's rate-limit window; 1 minute
	// when zero.
	RateWindow time.Duration
	// BackoffBase and BackoffMax shape the retry waits; 500 ms and 8 s when zero.
	BackoffBase, BackoffMax time.Duration
	// Clock replaces the time source of waits (tests).
	Clock Clock
	// OnExchange, when set, is called after every attempt with what was sent
	// and received; the token is never in it.
	OnExchange func(Exchange)
	// OnWait, when set, is told of every wait (for the rate limit or before
	// a retry) before it starts, so that a long one can be explained.
	OnWait func(reason string, d time.Duration)
	// Observer, when set, is told of the records read and written (the
	// cache follows them).
	Observer Observer
	// LiveWeatherPath starts with the live service's weather path, which an
	// earlier run found this server to have (Observer.LiveWeatherPath),
	// instead of trying the document's first.
	LiveWeatherPath bool
}

// Client talks to one campaign. It is safe for concurrent use.
type Client struct {
	cfg   Config
	http  *resty.Client
	pacer *pacer
	clock Clock
	// weatherPath is the weather collection segment in use: the document's
	// until the server shows it only knows the live one.
	weatherPath atomic.Value
	// liveHost is true for the live service's hosts, whose routes are known.
	liveHost bool
	// noStepRoute is set once the server answered the step route with a
	// route-level 404: it has no such route.
	noStepRoute atomic.Bool
	// answerLimit and maxPages are MaxAnswerBytes and MaxPages; tests
	// shrink them.
	answerLimit, maxPages int
	// shownBase is BaseURL as messages and logs show it: a password in its
	// user info masked.
	shownBase string
}

// New checks cfg and returns a client.
func New(cfg Config) (*Client, error) {
	if cfg.BaseURL == "" {
		cfg.BaseURL = DefaultBaseURL
	}
	u, err := url.Parse(cfg.BaseURL)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, fmt.Errorf("API URL %q is not an http or https URL", RedactURL(cfg.BaseURL))
	}
	if cfg.Token != "" && u.Scheme == "http" && !IsLoopback(u.Hostname()) {
		return nil, fmt.Errorf("refusing to send the token over plain http to %s: use https (plain http is allowed only for loopback addresses)", u.Host)
	}
	if cfg.Campaign <= 0 {
		return nil, errors.New("no campaign id: Config.Campaign must be the number in the campaign's address")
	}
	setDefault(&cfg.UserAgent, "kanka/dev")
	setDefault(&cfg.Timeout, 30*time.Second)
	if cfg.PageConcurrency <= 0 {
		cfg.PageConcurrency = 4
	}
	setDefault(&cfg.MaxRetries, 3)
	setDefault(&cfg.RateLimitRetries, 3)
	setDefault(&cfg.RateWindow, time.Minute)
	setDefault(&cfg.MaxWait, 2*time.Minute)
	setDefault(&cfg.BackoffBase, 500*time.Millisecond)
	setDefault(&cfg.BackoffMax, 8*time.Second)
	if cfg.Clock == nil {
		cfg.Clock = realClock{}
	}
	cfg.MaxRetries = max(cfg.MaxRetries, 0)

	// Trimmed once here: do builds the URLs of messages and logs from it too.
	cfg.BaseURL = strings.TrimRight(cfg.BaseURL, "/")
	root := cfg.BaseURL + "/" + campaignsSegment + "/" + strconv.Itoa(cfg.Campaign)
	h := resty.New().
		SetBaseURL(root).
		SetTimeout(cfg.Timeout).
		SetHeader("Accept", "application/json").
		SetHeader("User-Agent", cfg.UserAgent).
		SetRetryCount(0). // retries are ours: see do
		SetDisableWarn(true).
		SetLogger(quietLogger{}).
		SetResponseBodyLimit(MaxAnswerBytes). // a guard only: do reads every body itself (readBody)
		SetRedirectPolicy(safeRedirects(cfg.Token != "", originOf(u)))
	if cfg.Token != "" {
		h.SetAuthToken(cfg.Token)
	}
	if cfg.Transport != nil {
		h.SetTransport(cfg.Transport)
	}
	c := &Client{cfg: cfg, http: h, pacer: newPacer(cfg.Clock, cfg.RateWindow, cfg.MaxWait, nil), clock: cfg.Clock,
		answerLimit: MaxAnswerBytes, maxPages: MaxPages, shownBase: RedactURL(cfg.BaseURL)}
	if cfg.OnWait != nil {
		c.pacer.onWait = func(d time.Duration) { cfg.OnWait("for the rate limit's next window", d) }
	}
	c.weatherPath.Store(initialWeatherPath(u.Hostname()))
	if cfg.LiveWeatherPath {
		c.weatherPath.Store(weatherPathLive)
	}
	c.liveHost = liveHosts[strings.ToLower(u.Hostname())]
	return c, nil
}

func setDefault[T comparable](v *T, def T) {
	var zero T
	if *v == zero {
		*v = def
	}
}

// IsLoopback reports whether host names this machine.
func IsLoopback(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// quietLogger keeps resty from printing on its own; debugging goes through
// Config.OnExchange.
type quietLogger struct{}

func (quietLogger) Errorf(string, ...any) {}
func (quietLogger) Warnf(string, ...any)  {}
func (quietLogger) Debugf(string, ...any) {}

// RedirectError is a redirect the client refused to follow. Nothing was
// applied (the server answered with a redirect), and trying again would
// meet the same redirect: it is never retried.
type RedirectError struct{ Reason string }

func (e *RedirectError) Error() string { return e.Reason }

// safeRedirects follows up to 10 redirects, but never one that would carry
// the token over plain http to a host that is not this machine, nor one that
// turns a write into a GET (a 302 from a web page would make a DELETE look
// done while nothing was deleted). The token goes only to origin, the API
// URL's scheme, host and port: a redirect anywhere else is followed without
// it. (Go's client keeps it for the same host name on another port or
// scheme, and for a subdomain.)
func safeRedirects(withToken bool, origin string) resty.RedirectPolicy {
	return resty.RedirectPolicyFunc(func(req *http.Request, via []*http.Request) error {
		switch {
		case len(via) >= 10:
			return &RedirectError{Reason: "stopped after 10 redirects"}
		case withToken && req.URL.Scheme != "https" && !IsLoopback(req.URL.Hostname()):
			return &RedirectError{Reason: fmt.Sprintf("refusing to follow a redirect to %s: the token would go over plain http", req.URL.Redacted())}
		case req.Method != via[0].Method:
			return &RedirectError{Reason: fmt.Sprintf("refusing to follow a redirect that turns %s into %s (to %s): is the URL the API root?", via[0].Method, req.Method, req.URL.Redacted())}
		}
		if originOf(req.URL) != origin {
			for _, h := range credentialHeaders {
				req.Header.Del(h)
			}
		}
		return nil
	})
}

// credentialHeaders are the headers a redirect to another origin loses:
// net/http's list of what it strips for another host.
var credentialHeaders = []string{"Authorization", "Www-Authenticate", "Cookie", "Cookie2"}

// originOf is u's origin as a browser compares them: its scheme, host and
// port, with the scheme's port when none is written, in lower case.
func originOf(u *url.URL) string {
	scheme := strings.ToLower(u.Scheme)
	port := u.Port()
	if port == "" {
		port = map[string]string{"http": "80", "https": "443"}[scheme]
	}
	return scheme + "://" + net.JoinHostPort(strings.ToLower(u.Hostname()), port)
}
