package sandbox

import (
	"context"
	"net/http"
	"strconv"
	"strings"
	"time"
)

const apiPrefix = "/api/1.0/campaigns/"

type routeKind int

const (
	routeCalendars   routeKind = iota // calendars
	routeCalendar                     // calendars/{id}
	routeWeathers                     // calendars/{id}/calendar_weather(s)
	routeWeatherItem                  // calendars/{id}/calendar_weather(s)/{wid}
	routeAdvance                      // calendars/{id}/advance (live only)
	routeRetreat                      // calendars/{id}/retreat (live only)
)

// route is a matched path. Ids stay text: a non-numeric id is a record that
// does not exist (404 with a code), not a missing route, as in Laravel.
type route struct {
	kind       routeKind
	campaign   int
	calendarID string
	weatherID  string
}

// match finds the route of a path, or false for a path that is no route.
func (s *Server) match(path string) (route, bool) {
	rest, ok := strings.CutPrefix(path, apiPrefix)
	if !ok {
		return route{}, false
	}
	parts := strings.Split(strings.TrimSuffix(rest, "/"), "/")
	campaign, err := strconv.Atoi(parts[0])
	if err != nil || len(parts) < 2 || parts[1] != "calendars" {
		return route{}, false
	}
	rt := route{campaign: campaign}
	switch len(parts) {
	case 2:
		rt.kind = routeCalendars
		return rt, true
	case 3:
		rt.kind, rt.calendarID = routeCalendar, parts[2]
		return rt, parts[2] != ""
	case 4, 5:
		if kind, ok := s.moveRoute(parts[3]); ok && len(parts) == 4 && parts[2] != "" {
			rt.kind, rt.calendarID = kind, parts[2]
			return rt, true
		}
		if !s.isWeatherSegment(parts[3]) || parts[2] == "" {
			return route{}, false
		}
		rt.calendarID = parts[2]
		if len(parts) == 4 {
			rt.kind = routeWeathers
			return rt, true
		}
		rt.kind, rt.weatherID = routeWeatherItem, parts[4]
		return rt, parts[4] != ""
	}
	return route{}, false
}

// isWeatherSegment: the document names the weather collection
// calendar_weathers, the live service calendar_weather; live mode only has
// the latter, document mode answers both.
func (s *Server) isWeatherSegment(seg string) bool {
	return seg == "calendar_weather" || (!s.live && seg == "calendar_weathers")
}

// moveRoute: the live service's advance and retreat routes, which the
// document does not have.
func (s *Server) moveRoute(seg string) (routeKind, bool) {
	switch {
	case s.live && seg == "advance":
		return routeAdvance, true
	case s.live && seg == "retreat":
		return routeRetreat, true
	}
	return 0, false
}

func (k routeKind) methods() []string {
	if k == routeAdvance || k == routeRetreat {
		return []string{http.MethodPost}
	}
	if k == routeCalendars || k == routeWeathers {
		return []string{http.MethodGet, http.MethodHead, http.MethodPost}
	}
	return []string{http.MethodGet, http.MethodHead, http.MethodPut, http.MethodPatch, http.MethodDelete}
}

func isWrite(method string) bool {
	switch method {
	case http.MethodPost, http.MethodPut, http.MethodPatch, http.MethodDelete:
		return true
	}
	return false
}

// ServeHTTP answers one request: route, method, token, rate limit, faults,
// then the handler. A write the drop dice pick is applied and then left
// without an answer.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	s.serve(w, r)
}

// serve is ServeHTTP, returning the state file error behind a 500 answer
// (see storeFailure) for the in-process transport.
func (s *Server) serve(w http.ResponseWriter, r *http.Request) error {
	if !sleep(r.Context(), s.latency) {
		return nil // the client went away while we were slow on purpose
	}
	rep := s.answer(r)
	if isWrite(r.Method) && rep.status < 300 && s.faults.drop() {
		dropConnection(w)
		return nil
	}
	writeReply(w, r, rep)
	return rep.err
}

// answer checks the request in the service's order (the route exists, the
// method is allowed, the token is good, the limit is not reached) and runs
// its handler.
func (s *Server) answer(r *http.Request) reply {
	rt, ok := s.match(r.URL.Path)
	if !ok {
		return pageNotFound()
	}
	allowed := rt.kind.methods()
	if !contains(allowed, r.Method) {
		rep := errorReply(http.StatusMethodNotAllowed, "The "+r.Method+" method is not supported for this route. Supported methods: "+strings.Join(allowed, ", ")+".")
		rep.header = http.Header{"Allow": {strings.Join(allowed, ", ")}}
		return rep
	}
	if r.Header.Get("Authorization") != "Bearer "+s.token {
		return errorReply(http.StatusUnauthorized, "Invalid authentication token. Check that the Authorization header is \"Bearer <token>\" with the sandbox's token.")
	}
	pass := s.limiter.take()
	if !pass.allowed {
		return s.tooManyRequests(pass)
	}
	var rep reply
	switch {
	case s.faults.fail():
		rep = serverError("(injected failure)")
	case rt.campaign != s.campaign:
		rep = modelNotFound("Campaign", strconv.Itoa(rt.campaign))
	default:
		rep = s.dispatch(r, rt)
	}
	pass.addHeaders(&rep)
	return rep
}

func (s *Server) dispatch(r *http.Request, rt route) reply {
	switch rt.kind {
	case routeCalendars:
		if r.Method == http.MethodPost {
			return s.createCalendar(r)
		}
		return s.listCalendars(r)
	case routeCalendar:
		switch r.Method {
		case http.MethodPut, http.MethodPatch:
			return s.updateCalendar(r, rt.calendarID)
		case http.MethodDelete:
			return s.deleteCalendar(rt.calendarID)
		}
		return s.getCalendar(r, rt.calendarID)
	case routeAdvance:
		return s.moveDate(rt.calendarID, 1)
	case routeRetreat:
		return s.moveDate(rt.calendarID, -1)
	case routeWeathers:
		if r.Method == http.MethodPost {
			return s.createWeather(r, rt.calendarID)
		}
		return s.listWeather(r, rt.calendarID)
	default:
		switch r.Method {
		case http.MethodPut, http.MethodPatch:
			return s.updateWeather(r, rt.calendarID, rt.weatherID)
		case http.MethodDelete:
			return s.deleteWeather(rt.calendarID, rt.weatherID)
		}
		return s.getWeather(rt.calendarID, rt.weatherID)
	}
}

// deleted is the answer to a delete: the document's 200 with a small body,
// or the live service's empty 204.
func (s *Server) deleted() reply {
	if s.live {
		return reply{status: http.StatusNoContent}
	}
	return reply{status: http.StatusOK, body: object{{"message", "Deleted."}}}
}

// created is the status of a create: 200 in the document, 201 live.
func (s *Server) created() int {
	if s.live {
		return http.StatusCreated
	}
	return http.StatusOK
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// sleep waits d, or less if ctx ends first; it reports whether ctx is
// still alive.
func sleep(ctx context.Context, d time.Duration) bool {
	if d <= 0 {
		return ctx.Err() == nil
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-ctx.Done():
		return false
	}
}

// idOf parses a path id; a non-numeric id matches no record.
func idOf(s string) int {
	n, err := strconv.Atoi(s)
	if err != nil || n <= 0 {
		return -1
	}
	return n
}

// baseURL is the scheme and host the request was sent to, for the URLs in
// list envelopes: a client following them reaches this server again.
func baseURL(r *http.Request) string {
	scheme := "http"
	if r.TLS != nil {
		scheme = "https"
	} else if r.URL.Scheme != "" {
		scheme = r.URL.Scheme
	}
	host := r.Host
	if host == "" {
		host = r.URL.Host
	}
	return scheme + "://" + host
}
