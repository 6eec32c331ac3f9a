package client

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"unicode/utf8"
)

// The routes of Raw (`kanka api`): a path under the campaign
// ("calendars/2"), or from the API root when it starts with a slash
// ("/profile"), "{campaign}" standing for the campaign's id; a full URL
// only under the client's own API root. Whatever a user pastes, the token
// goes to the API's host only, and nothing leaves the API root: a ".."
// segment (spelled %2e%2e too), an encoded slash or a backslash, which a
// server could read as a way out, is refused before anything is sent.

// InvalidRequestError is a request Raw refused to send: a path, method or
// header it does not send. Nothing was sent.
type InvalidRequestError struct{ Reason string }

func (e *InvalidRequestError) Error() string { return e.Reason }

func invalidf(format string, args ...any) *InvalidRequestError {
	return &InvalidRequestError{Reason: fmt.Sprintf(format, args...)}
}

// campaignPlaceholder is what Raw replaces with the campaign's id.
const campaignPlaceholder = "{campaign}"

// RawMethods are the methods Raw sends.
var RawMethods = []string{http.MethodGet, http.MethodHead, http.MethodPost, http.MethodPut, http.MethodPatch, http.MethodDelete, http.MethodOptions}

// rawRoute is a path of Raw read: where it goes, and how messages show it.
type rawRoute struct {
	// segments are the decoded segments of the path under the API root
	// ("campaigns", "7", "calendars", "2"), each escaped when the URL is
	// built.
	segments []string
	// trailingSlash keeps a slash that ends the path.
	trailingSlash bool
	// query is the path's own query.
	query url.Values
}

// CheckRawPath refuses a path Raw would refuse whatever the client: control
// characters, a ".." or "." segment, an empty one, an encoded slash, a
// backslash, a fragment, a placeholder other than {campaign}, a URL that
// is not http or https. (Whether a full URL is under the API root is known
// only to a client: Raw checks that.) It lets a command refuse a path
// before it builds a client.
func CheckRawPath(path string) error {
	_, _, err := readRawPath(strings.ReplaceAll(path, campaignPlaceholder, "1"))
	return err
}

// readRawPath reads a path whose placeholder was replaced. fullURL is set
// for a full URL, whose host the caller checks; route.segments are then
// the URL's whole path.
func readRawPath(p string) (route rawRoute, fullURL *url.URL, err error) {
	switch {
	case strings.TrimSpace(p) == "":
		return route, nil, invalidf("no path given: name a route under the campaign (calendars/2) or from the API root (/profile)")
	case !utf8.ValidString(p):
		return route, nil, invalidf("the path %q is not valid UTF-8 text", p)
	}
	for i, r := range p {
		if r < 0x20 || r == 0x7f || (r >= 0x80 && r <= 0x9f) {
			return route, nil, invalidf("the path %q holds a control character (U+%04X at byte %d)", p, r, i)
		}
	}
	if i := strings.IndexByte(p, '{'); i >= 0 {
		end := strings.IndexByte(p[i:], '}')
		name := p[i:]
		if end >= 0 {
			name = p[i : i+end+1]
		}
		return route, nil, invalidf("the path %q has the placeholder %s: only %s is replaced (by the campaign's id)", p, name, campaignPlaceholder)
	}
	if strings.ContainsRune(p, '#') {
		return route, nil, invalidf("the path %q has a fragment (#...), which is never sent: leave it out", p)
	}
	if strings.ContainsRune(p, '\\') {
		return route, nil, invalidf("the path %q holds a backslash: a server may read it as a slash; write / or leave it out", p)
	}
	rest := p
	if scheme, _, ok := strings.Cut(p, "://"); ok && isScheme(scheme) {
		lower := strings.ToLower(scheme)
		if lower != "http" && lower != "https" {
			return route, nil, invalidf("the URL %q is not an http or https URL", RedactURL(p))
		}
		u, err := url.Parse(p)
		if err != nil || u.Host == "" {
			return route, nil, invalidf("the URL %q is not a URL kanka can read", RedactURL(p))
		}
		if u.User != nil {
			return route, nil, invalidf("the URL %q holds a user name or password: the token is kanka's only credential", RedactURL(p))
		}
		fullURL = u
		rest = "/" + strings.TrimPrefix(u.EscapedPath(), "/")
		if u.RawQuery != "" {
			rest += "?" + u.RawQuery
		}
	}
	pathPart, rawQuery, _ := strings.Cut(rest, "?")
	if route.query, err = url.ParseQuery(rawQuery); err != nil {
		return route, nil, invalidf("the query of %q cannot be read: %v", p, err)
	}
	trimmed := strings.TrimPrefix(pathPart, "/")
	route.trailingSlash = strings.HasSuffix(trimmed, "/") && trimmed != "/"
	trimmed = strings.TrimSuffix(trimmed, "/")
	if trimmed == "" {
		if fullURL == nil && !strings.HasPrefix(pathPart, "/") {
			return route, nil, invalidf("no path given: name a route under the campaign (calendars/2) or from the API root (/profile)")
		}
		return route, fullURL, nil
	}
	for _, seg := range strings.Split(trimmed, "/") {
		decoded, err := url.PathUnescape(seg)
		switch {
		case err != nil:
			return route, nil, invalidf("the path %q has a bad escape (%v)", p, err)
		case seg == "":
			return route, nil, invalidf("the path %q has an empty segment (//)", p)
		case decoded == "." || decoded == "..":
			return route, nil, invalidf("the path %q has a %q segment: name the route itself, from the campaign or from the API root (/...)", p, decoded)
		case strings.ContainsAny(decoded, "/\\"):
			return route, nil, invalidf("the path %q has an encoded slash in %q: a server may read it as a way out of the route", p, seg)
		case strings.ContainsFunc(decoded, func(r rune) bool { return r < 0x20 || r == 0x7f || (r >= 0x80 && r <= 0x9f) }):
			return route, nil, invalidf("the path %q has an encoded control character in %q", p, seg)
		}
		route.segments = append(route.segments, decoded)
	}
	return route, fullURL, nil
}

// rawRoute reads the path of a request for this client: {campaign}
// replaced, a relative path put under the campaign, a full URL accepted
// only under the API root (its scheme, host and port, and its path).
func (c *Client) rawRoute(path string) (rawRoute, error) {
	expanded := strings.ReplaceAll(path, campaignPlaceholder, itoa(c.cfg.Campaign))
	route, full, err := readRawPath(expanded)
	if err != nil {
		return rawRoute{}, err
	}
	base, _ := url.Parse(c.cfg.BaseURL) // checked by New
	baseSegs := splitPath(base.Path)
	switch {
	case full != nil:
		if !strings.EqualFold(full.Scheme, base.Scheme) || !sameHost(full, base) {
			return rawRoute{}, invalidf("refusing to send the token to %s://%s: a full URL must be under the API root %s (or give the path alone)",
				full.Scheme, full.Host, c.shownBase)
		}
		if len(route.segments) < len(baseSegs) || !equalSegments(route.segments[:len(baseSegs)], baseSegs) {
			return rawRoute{}, invalidf("the URL %q is not under the API root %s: give the path from the API root (/...) instead", RedactURL(expanded), c.shownBase)
		}
		route.segments = route.segments[len(baseSegs):]
	case strings.HasPrefix(expanded, "/"):
		// From the API root already.
	default:
		route.segments = append([]string{campaignsSegment, itoa(c.cfg.Campaign)}, route.segments...)
	}
	return route, nil
}

// url is the route's URL under the API root base, without its query.
func (r rawRoute) url(base string) string {
	var b strings.Builder
	b.WriteString(base)
	for _, s := range r.segments {
		b.WriteByte('/')
		b.WriteString(url.PathEscape(s))
	}
	if r.trailingSlash || len(r.segments) == 0 {
		b.WriteByte('/')
	}
	return b.String()
}

// splitPath is the segments of an escaped URL path, decoded.
func splitPath(p string) []string {
	var segs []string
	for _, s := range strings.Split(strings.Trim(p, "/"), "/") {
		if s == "" {
			continue
		}
		if d, err := url.PathUnescape(s); err == nil {
			s = d
		}
		segs = append(segs, s)
	}
	return segs
}

func equalSegments(a, b []string) bool {
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return len(a) == len(b)
}

// sameHost reports whether a and b name the same host and port, the
// scheme's default port spelled or not.
func sameHost(a, b *url.URL) bool {
	port := func(u *url.URL) string {
		if p := u.Port(); p != "" {
			return p
		}
		if strings.EqualFold(u.Scheme, "https") {
			return "443"
		}
		return "80"
	}
	return strings.EqualFold(a.Hostname(), b.Hostname()) && port(a) == port(b)
}

// refusedHeaders are the headers Raw never takes from its caller: the
// credentials (the client sends the token itself, and only it) and the
// framing of the request, which net/http writes from the body and the URL.
var refusedHeaders = map[string]string{
	"Authorization":       "the client sends the token itself",
	"Proxy-Authorization": "it is a credential",
	"Cookie":              "it is a credential",
	"Host":                "the host is the API's",
	"Content-Length":      "it is counted from the body",
	"Transfer-Encoding":   "it is the connection's",
	"Connection":          "it is the connection's",
	"Keep-Alive":          "it is the connection's",
	"Proxy-Connection":    "it is the connection's",
	"Upgrade":             "it is the connection's",
	"Te":                  "it is the connection's",
	"Trailer":             "it is the connection's",
	"Expect":              "it is the connection's",
}

// CheckRawHeader refuses a header Raw does not send: a name that is no
// HTTP token, a value with a control character (a second header smuggled
// in with a newline), the credentials and the framing headers.
func CheckRawHeader(name, value string) error {
	if name == "" {
		return invalidf("a header needs a name: \"Name: value\"")
	}
	for _, r := range name {
		if !isTokenChar(r) {
			return invalidf("the header name %q holds %q, which no header name may hold", name, r)
		}
	}
	if why, refused := refusedHeaders[http.CanonicalHeaderKey(name)]; refused {
		return invalidf("the header %s cannot be set: %s", http.CanonicalHeaderKey(name), why)
	}
	for _, r := range value {
		if (r < 0x20 && r != '\t') || r == 0x7f {
			return invalidf("the value of header %s holds a control character (U+%04X)", http.CanonicalHeaderKey(name), r)
		}
	}
	if !utf8.ValidString(value) {
		return invalidf("the value of header %s is not valid UTF-8 text", http.CanonicalHeaderKey(name))
	}
	return nil
}

// isScheme reports whether s reads as a URL's scheme (RFC 3986): what
// comes before "://" in a URL, and not in a path whose query holds one.
func isScheme(s string) bool {
	for i, r := range s {
		letter := r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z'
		if !letter && (i == 0 || !(r >= '0' && r <= '9' || r == '+' || r == '-' || r == '.')) {
			return false
		}
	}
	return s != ""
}

// isTokenChar reports whether r may be in a header name (RFC 9110 token).
func isTokenChar(r rune) bool {
	switch {
	case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9':
		return true
	}
	return strings.ContainsRune("!#$%&'*+-.^_`|~", r)
}

// checkRawMethod refuses a method Raw does not send.
func checkRawMethod(method string) error {
	for _, m := range RawMethods {
		if method == m {
			return nil
		}
	}
	return invalidf("the method %q is not one kanka sends: %s", method, strings.Join(RawMethods, ", "))
}
