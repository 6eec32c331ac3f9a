package client

import (
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"syscall"
)

// The errors' Error methods name the request (method, URL, status and the
// server's own text): what a debug log or a bug report needs. Explain says
// the same in the user's words, from the request's path: "calendar 99 not
// found in campaign 7", "cannot connect to http://127.0.0.1:8080 (connection
// refused): is the server running?".

// Explain is err's message in the user's words: the part that a client
// error (*Error, *NetworkError, *NotAppliedUnknownError) wrote is replaced,
// so that what a command wrapped around it ("nothing was deleted: ...")
// stays. An error of another kind is returned as err.Error().
func Explain(err error) string {
	msg := err.Error()
	var (
		notApplied *NotAppliedUnknownError
		network    *NetworkError
		apiErr     *Error
	)
	switch {
	case errors.As(err, &notApplied):
		return strings.Replace(msg, notApplied.Error(), notApplied.explain(), 1)
	case errors.As(err, &network):
		return strings.Replace(msg, network.Error(), network.explain(), 1)
	case errors.As(err, &apiErr):
		return strings.Replace(msg, apiErr.Error(), apiErr.explain(), 1)
	}
	return msg
}

// Detail is the technical text of the client error inside err (method,
// URL, status, the server's message), "" when there is none: what --debug
// adds under the explained message.
func Detail(err error) string {
	var (
		notApplied *NotAppliedUnknownError
		network    *NetworkError
		apiErr     *Error
	)
	switch {
	case errors.As(err, &notApplied):
		return notApplied.Error()
	case errors.As(err, &network):
		return network.Error()
	case errors.As(err, &apiErr):
		return apiErr.Error()
	}
	return ""
}

// Action is what a request was doing, in words: "reading calendar 3",
// "deleting weather 5 of calendar 3", "listing the calendars of campaign 7".
// A path outside the calendars names the method and the URL.
func Action(method, rawURL string) string {
	s := subjectOf(rawURL)
	verb := map[string]string{
		http.MethodGet: "reading", http.MethodHead: "reading", http.MethodPost: "creating",
		http.MethodPut: "updating", http.MethodPatch: "updating", http.MethodDelete: "deleting",
	}[method]
	switch {
	case s.campaign == "" || verb == "":
		return method + " " + rawURL
	case s.weather != "":
		return fmt.Sprintf("%s weather %s of calendar %s", verb, s.weather, s.calendar)
	case s.weatherList && method == http.MethodPost:
		return "creating weather in calendar " + s.calendar
	case s.weatherList:
		return "listing the weather of calendar " + s.calendar
	case s.calendar != "" && s.extra != "":
		return fmt.Sprintf("%s %s of calendar %s", strings.ToLower(method), s.extra, s.calendar)
	case s.calendar != "":
		return fmt.Sprintf("%s calendar %s", verb, s.calendar)
	case s.calendarList && method == http.MethodPost:
		return "creating a calendar in campaign " + s.campaign
	case s.calendarList:
		return "listing the calendars of campaign " + s.campaign
	}
	return method + " " + rawURL
}

// subject is what a request's path names under campaigns/{id}/.
type subject struct {
	origin                    string // scheme://host[:port], without user info
	campaign, calendar        string
	weather                   string // the entry's id under calendar_weather(s)
	calendarList, weatherList bool
	extra                     string // a segment after calendars/{id} that is not weather ("advance")
}

func subjectOf(rawURL string) subject {
	u, err := url.Parse(rawURL)
	if err != nil {
		return subject{}
	}
	s := subject{origin: u.Scheme + "://" + u.Host}
	segs := strings.Split(strings.Trim(u.Path, "/"), "/")
	i := 0
	for i < len(segs) && segs[i] != "campaigns" {
		i++
	}
	if i+1 >= len(segs) {
		return s
	}
	s.campaign = segs[i+1]
	rest := segs[i+2:]
	if len(rest) == 0 || rest[0] != "calendars" {
		return s
	}
	switch {
	case len(rest) == 1:
		s.calendarList = true
		return s
	case len(rest) == 2:
		s.calendar = rest[1]
		return s
	}
	s.calendar = rest[1]
	if rest[2] != weatherPathDocument && rest[2] != weatherPathLive {
		s.extra = strings.Join(rest[2:], "/")
		return s
	}
	if len(rest) == 3 {
		s.weatherList = true
	} else {
		s.weather = rest[3]
	}
	return s
}

// modelRe finds the record kind in Laravel's 404 ("No query results for
// model [App\Models\Calendar] 99").
var modelRe = regexp.MustCompile(`\[App\\Models\\(\w+)\]`)

// explain is e in the user's words: a 404 names what was not found and
// where; any other status says what the request was doing, then the status
// and the server's message.
func (e *Error) explain() string {
	if e.StatusCode == http.StatusNotFound {
		if msg := e.notFound(); msg != "" {
			return msg
		}
	}
	msg := fmt.Sprintf("%s: %d %s", Action(e.Method, e.URL), e.StatusCode, e.Message)
	for _, f := range e.FieldNames() {
		msg += fmt.Sprintf("\n  %s: %s", f, strings.Join(e.Fields[f], "; "))
	}
	return msg
}

// notFound says which record a 404 was about, "" when the path does not
// tell. The model in Laravel's message decides between the levels (a
// weather request can fail on its calendar); without one, the deepest id
// of the path is the one missing.
func (e *Error) notFound() string {
	s := subjectOf(e.URL)
	if s.campaign == "" {
		return ""
	}
	if e.RouteNotFound {
		return fmt.Sprintf("%s: the server has no such address (404 %s); is the URL the API root?", Action(e.Method, e.URL), e.Message)
	}
	model := ""
	if m := modelRe.FindStringSubmatch(e.Message); m != nil {
		model = m[1]
	}
	campaign := fmt.Sprintf("campaign %s not found, or the token cannot see it (check -c/--campaign)", s.campaign)
	calendar := fmt.Sprintf("calendar %s not found in campaign %s", s.calendar, s.campaign)
	switch {
	case model == "Campaign" || s.calendar == "":
		return campaign
	case s.weather != "" && model != "Calendar":
		return fmt.Sprintf("weather %s of calendar %s not found in campaign %s", s.weather, s.calendar, s.campaign)
	}
	return calendar
}

// explain is a transport failure in the user's words: the server that did
// not answer, and for a refused connection the question whether it runs.
func (e *NetworkError) explain() string {
	return transportExplained(e.Method, e.URL, e.Err)
}

func transportExplained(method, rawURL string, err error) string {
	s := subjectOf(rawURL)
	if errors.Is(err, syscall.ECONNREFUSED) {
		msg := fmt.Sprintf("cannot connect to %s (connection refused): is the server running?", s.origin)
		if isLoopbackOrigin(rawURL) {
			msg += " (`kanka sandbox serve` runs a local one)"
		}
		return msg
	}
	return fmt.Sprintf("%s: no answer from %s: %s", Action(method, rawURL), s.origin, transportCause(err))
}

// isLoopbackOrigin reports whether the URL's host is this machine.
func isLoopbackOrigin(rawURL string) bool {
	u, err := url.Parse(rawURL)
	if err != nil {
		return false
	}
	host := u.Hostname()
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

func (e *NotAppliedUnknownError) explain() string {
	const warning = "; the request may have been applied, so it was not retried: check before trying again"
	var answered *Error
	if errors.As(e.Err, &answered) {
		return answered.explain() + warning
	}
	return fmt.Sprintf("%s: %s%s", Action(e.Method, e.URL), transportCause(e.Err), warning)
}
