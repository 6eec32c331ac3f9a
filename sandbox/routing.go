package sandbox

import (
	"context"
	"net/http"
	"strconv"
	"strings"
	"time"
)

const apiPrefix = "/api/1.0/campaigns/"

// A route is a path under the campaign, `{}` standing for an id, and the
// handlers of the methods it answers: get (GET and HEAD), post, update (PUT
// and PATCH) and remove (DELETE). Ids stay text: a non-numeric id is a
// record that does not exist (404 with a code), not a missing route, as in
// Laravel.
type route struct {
	path                      string
	get, post, update, remove handler
}

// handler answers a request on a route; ids are the path's ids, in order.
type handler func(r *http.Request, ids []string) reply

// routes are the paths the sandbox serves in its mode. The document names
// the weather collection calendar_weathers, the live service
// calendar_weather: live mode has only the latter, document mode answers
// both. The advance and retreat routes are the live service's alone.
func (s *Server) routes() []route {
	rs := []route{
		{path: "calendars", get: s.listCalendars, post: s.createCalendar},
		{path: "calendars/{}", get: s.getCalendar, update: s.updateCalendar, remove: s.deleteCalendar},
	}
	rs = append(rs, childRoutes(s, &weatherKind, "calendars/{}/calendar_weather", inCalendar[*weather])...)
	rs = append(rs, childRoutes(s, &reminderKind, "entities/{}/reminders", ofEntity[*reminder])...)
	rs = append(rs, childList(s, &reminderKind, "calendars/{}/reminders", inCalendar[*reminder]),
		route{path: "entities/{}", get: s.getEntity})
	if !s.live {
		return append(rs, childRoutes(s, &weatherKind, "calendars/{}/calendar_weathers", inCalendar[*weather])...)
	}
	return append(rs,
		route{path: "calendars/{}/advance", post: func(_ *http.Request, ids []string) reply { return s.moveDate(ids[0], 1) }},
		route{path: "calendars/{}/retreat", post: func(_ *http.Request, ids []string) reply { return s.moveDate(ids[0], -1) }},
	)
}

// match finds the route of a path and the campaign and ids in it, or false
// for a path that is no route.
func (s *Server) match(path string) (rt route, campaign int, ids []string, ok bool) {
	rest, ok := strings.CutPrefix(path, apiPrefix)
	if !ok {
		return route{}, 0, nil, false
	}
	parts := strings.Split(strings.TrimSuffix(rest, "/"), "/")
	campaign, err := strconv.Atoi(parts[0])
	if err != nil {
		return route{}, 0, nil, false
	}
	for _, rt := range s.table {
		if ids, ok := rt.matches(parts[1:]); ok {
			return rt, campaign, ids, true
		}
	}
	return route{}, 0, nil, false
}

// matches reports whether parts are rt's path, and the ids in them: a
// `{}` matches any segment but an empty one.
func (rt route) matches(parts []string) ([]string, bool) {
	if strings.Count(rt.path, "/")+1 != len(parts) {
		return nil, false
	}
	var ids []string
	rest := rt.path
	for _, part := range parts {
		var p string
		p, rest, _ = strings.Cut(rest, "/")
		switch {
		case p == "{}" && part != "":
			ids = append(ids, part)
		case p != part:
			return nil, false
		}
	}
	return ids, true
}

// methods are the methods rt answers, in the order the Allow header lists
// them.
func (rt route) methods() []string {
	var m []string
	if rt.get != nil {
		m = append(m, http.MethodGet, http.MethodHead)
	}
	if rt.post != nil {
		m = append(m, http.MethodPost)
	}
	if rt.update != nil {
		m = append(m, http.MethodPut, http.MethodPatch)
	}
	if rt.remove != nil {
		m = append(m, http.MethodDelete)
	}
	return m
}

// handler is rt's handler of method, one of its methods.
func (rt route) handler(method string) handler {
	switch method {
	case http.MethodPost:
		return rt.post
	case http.MethodPut, http.MethodPatch:
		return rt.update
	case http.MethodDelete:
		return rt.remove
	}
	return rt.get
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
	rt, campaign, ids, ok := s.match(r.URL.Path)
	if !ok {
		return pageNotFound()
	}
	allowed := rt.methods()
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
	case campaign != s.campaign:
		rep = modelNotFound("Campaign", strconv.Itoa(campaign))
	default:
		rep = rt.handler(r.Method)(r, ids)
	}
	pass.addHeaders(&rep)
	return rep
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
