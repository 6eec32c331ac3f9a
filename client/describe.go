package client

import (
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"sync"
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
	if e := clientErrorIn(err); e != nil {
		return strings.Replace(msg, e.Error(), e.explain(), 1)
	}
	return msg
}

// Detail is the technical text of the client error inside err (method,
// URL, status, the server's message), "" when there is none: what --debug
// adds under the explained message.
func Detail(err error) string {
	if e := clientErrorIn(err); e != nil {
		return e.Error()
	}
	return ""
}

// explainer is a client error that can say itself in the user's words.
type explainer interface {
	error
	explain() string
}

// clientErrorIn is the client error inside err (the first kind found of
// *NotAppliedUnknownError, *NetworkError, *Error), nil when there is none.
func clientErrorIn(err error) explainer {
	var (
		notApplied *NotAppliedUnknownError
		network    *NetworkError
		apiErr     *Error
	)
	switch {
	case errors.As(err, &notApplied):
		return notApplied
	case errors.As(err, &network):
		return network
	case errors.As(err, &apiErr):
		return apiErr
	}
	return nil
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
	if len(s.levels) < 2 || verb == "" {
		return method + " " + rawURL
	}
	last := len(s.levels) - 1
	deepest, owner := s.levels[last], s.levels[last-1]
	switch {
	case s.extra != "":
		return fmt.Sprintf("%s %s of %s", strings.ToLower(method), s.extra, s.record(last))
	case deepest.id == "" && method == http.MethodPost:
		return fmt.Sprintf("creating %s in %s %s", deepest.anew, owner.one, owner.id)
	case deepest.id == "":
		return fmt.Sprintf("listing %s of %s %s", deepest.all, owner.one, owner.id)
	}
	return verb + " " + s.record(last)
}

// subject is what a request's path names, read with the resources' table.
type subject struct {
	origin string // scheme://host[:port], without user info
	// levels are the records the path walks through, from the campaign
	// down; the last one may be a collection (no id).
	// calendars/3/calendar_weathers under campaign 7 is campaign 7,
	// calendar 3, then the weather.
	levels []level
	// extra is what follows a record below the campaign that is no
	// collection of the table: the "advance" of calendars/3/advance.
	extra string
}

// level is one resource of a path, and the id that follows it ("" for
// the collection itself).
type level struct {
	*resource
	id string
}

func subjectOf(rawURL string) subject {
	u, err := url.Parse(rawURL)
	if err != nil {
		return subject{}
	}
	s := subject{origin: u.Scheme + "://" + u.Host}
	segs := strings.Split(strings.Trim(u.Path, "/"), "/")
	campaign := slices.IndexFunc(segs, resources[0].spells)
	if campaign < 0 || campaign+1 >= len(segs) {
		return s
	}
	rest := segs[campaign:]
	in := "" // the resource the next collection is in; "" before the campaign
	for depth := 0; ; depth++ {
		r := collectionIn(in, rest)
		if r == nil {
			// Under a record below the campaign that holds collections, a
			// segment that is no collection is one of its routes
			// ("advance"), said as it is; under the campaign, it is outside
			// the resources; past a record that holds none, nothing more
			// is said.
			if depth > 1 && len(rest) > 0 && slices.ContainsFunc(resources, func(r resource) bool { return r.in == in }) {
				s.extra = strings.Join(rest, "/")
			}
			break
		}
		if len(rest) == 1 {
			s.levels = append(s.levels, level{resource: r})
			break
		}
		s.levels = append(s.levels, level{resource: r, id: rest[1]})
		rest, in = rest[2:], r.one
	}
	return s
}

// collectionIn is the resource in resource in whose collection path
// starts with, nil when there is none.
func collectionIn(in string, path []string) *resource {
	for i := range resources {
		if r := &resources[i]; len(path) > 0 && r.in == in && r.spells(path[0]) {
			return r
		}
	}
	return nil
}

// spells reports whether segment is this collection's in a path.
func (r *resource) spells(segment string) bool {
	return slices.Contains(r.segments, segment)
}

// record names the record at levels[at] with the records it is in, up to
// the campaign, which every request shares: "weather 5 of calendar 3".
func (s subject) record(at int) string {
	names := make([]string, 0, at)
	for i := at; i > 0; i-- {
		names = append(names, s.levels[i].one+" "+s.levels[i].id)
	}
	return strings.Join(names, " of ")
}

// modelRe finds the record kind in Laravel's 404 ("No query results for
// model [App\Models\Calendar] 99").
// Compiled when first used, not when kanka starts.
var modelRe = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`\[App\\Models\\(\w+)\]`) })

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
	if len(s.levels) == 0 {
		return ""
	}
	if e.RouteNotFound {
		return fmt.Sprintf("%s: the server has no such address (404 %s); is the URL the API root?", Action(e.Method, e.URL), e.Message)
	}
	model := ""
	if m := modelRe().FindStringSubmatch(e.Message); m != nil {
		model = m[1]
	}
	missing := 0 // the level of the record not found
	for i, l := range s.levels {
		if l.id == "" {
			continue // a collection: no record of it was asked for
		}
		missing = i
		if l.model == model {
			break
		}
	}
	campaign := s.levels[0]
	if missing == 0 {
		return fmt.Sprintf("%s %s not found, or the token cannot see it (check -c/--campaign)", campaign.one, campaign.id)
	}
	return fmt.Sprintf("%s not found in %s %s", s.record(missing), campaign.one, campaign.id)
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
