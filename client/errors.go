package client

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"html"
	"net/http"
	"net/url"
	"sort"
	"strings"
	"unicode/utf8"
)

// Error is any answer outside 2xx, read from whichever body shape the server
// used: the live {code, error, fields}, Laravel's {message, errors}, the live
// 429's bare array, an HTML page or nothing at all.
type Error struct {
	Method     string
	URL        string
	StatusCode int
	// Message is the server's own message, or a description of the status.
	Message string
	// Fields maps a wire field ("month_name.1") to its messages.
	Fields map[string][]string
	// RouteNotFound marks a 404 for an unknown route (no "code" key), as
	// opposed to an unknown record.
	RouteNotFound bool
}

func (e *Error) Error() string {
	msg := fmt.Sprintf("%s %s: %d %s", e.Method, e.URL, e.StatusCode, e.Message)
	for _, f := range e.FieldNames() {
		msg += fmt.Sprintf("\n  %s: %s", f, strings.Join(e.Fields[f], "; "))
	}
	return msg
}

// FieldNames returns the fields with errors, sorted.
func (e *Error) FieldNames() []string {
	names := make([]string, 0, len(e.Fields))
	for k := range e.Fields {
		names = append(names, k)
	}
	sort.Strings(names)
	return names
}

// NotAppliedUnknownError is returned when a POST met a 5xx or lost its
// connection after the request was sent: it may or may not have been applied,
// so it is not retried.
type NotAppliedUnknownError struct {
	Method, URL string
	Err         error
}

func (e *NotAppliedUnknownError) Error() string {
	const warning = "; the request may have been applied, so it was not retried: check before trying again"
	var answered *Error
	if errors.As(e.Err, &answered) {
		return answered.Error() + warning // it names the request already
	}
	return fmt.Sprintf("%s %s: %s%s", e.Method, e.URL, rawCause(e.Err), warning)
}

func (e *NotAppliedUnknownError) Unwrap() error { return e.Err }

// InterruptedWriteError is a write (PUT, PATCH, DELETE, or a POST that
// never reached the server) that the context ended, Ctrl-C or SIGTERM, in
// a wait or in flight. MayHaveArrived says whether some attempt of it may
// have reached the server: on a connection of net/http, one whose request
// was written whole; on a transport that reports nothing, any but a failed
// dial. A POST that may have arrived is a *NotAppliedUnknownError instead.
// It reads and unwraps as the context's error, so an interrupt stays one.
type InterruptedWriteError struct {
	Method, URL    string
	MayHaveArrived bool
	Err            error
}

func (e *InterruptedWriteError) Error() string { return e.Err.Error() }

func (e *InterruptedWriteError) Unwrap() error { return e.Err }

// NetworkError is a transport failure (no answer) after all retries.
type NetworkError struct {
	Method, URL string
	Err         error
}

func (e *NetworkError) Error() string {
	return fmt.Sprintf("%s %s: %s", e.Method, e.URL, rawCause(e.Err))
}

// rawCause is a transport error as Go says it, without the method and URL
// that *url.Error repeats ("Post \"https://...\": EOF" -> "EOF"): what
// Error() and so --debug show.
func rawCause(err error) string {
	var u *url.Error
	if errors.As(err, &u) {
		return u.Err.Error()
	}
	return err.Error()
}

func (e *NetworkError) Unwrap() error { return e.Err }

func statusIs(err error, codes ...int) bool {
	var e *Error
	if !errors.As(err, &e) {
		return false
	}
	for _, c := range codes {
		if e.StatusCode == c {
			return true
		}
	}
	return false
}

// IsAuth reports a missing or refused token (401) or a forbidden action (403).
func IsAuth(err error) bool { return statusIs(err, http.StatusUnauthorized, http.StatusForbidden) }

// IsForbidden reports an action the token may not take (403).
func IsForbidden(err error) bool { return statusIs(err, http.StatusForbidden) }

// IsNotFound reports an unknown record or route (404).
func IsNotFound(err error) bool { return statusIs(err, http.StatusNotFound) }

// IsValidation reports a write the server rejected (422).
func IsValidation(err error) bool { return statusIs(err, http.StatusUnprocessableEntity) }

// IsRateLimit reports a 429 that retries did not ride out.
func IsRateLimit(err error) bool { return statusIs(err, http.StatusTooManyRequests) }

// IsNetwork reports a failure to get any answer from the server. A POST
// that met a 5xx got an answer, so it is not one.
func IsNetwork(err error) bool {
	var n *NetworkError
	if errors.As(err, &n) {
		return true
	}
	var u *NotAppliedUnknownError
	var answered *Error
	return errors.As(err, &u) && !errors.As(u.Err, &answered)
}

// parseError builds an Error from a non-2xx answer.
func parseError(method, url string, status int, contentType string, body []byte) *Error {
	e := &Error{Method: method, URL: url, StatusCode: status}
	trimmed := bytes.TrimSpace(body)
	switch {
	case len(trimmed) == 0:
		e.Message = "empty answer"
	case trimmed[0] == '{':
		var obj map[string]json.RawMessage
		if json.Unmarshal(trimmed, &obj) == nil {
			_, hasCode := obj["code"]
			e.RouteNotFound = status == http.StatusNotFound && !hasCode
			e.Message = firstString(obj, "error", "message")
			e.Fields = readFields(obj["fields"])
			if e.Fields == nil {
				e.Fields = readFields(obj["errors"])
			}
			break
		}
		e.Message = cut(string(trimmed), 200)
	case trimmed[0] == '[':
		var list []string
		if json.Unmarshal(trimmed, &list) == nil && len(list) > 0 {
			e.Message = strings.Join(list, " ")
			break
		}
		e.Message = cut(string(trimmed), 200)
	case isHTML(contentType, trimmed):
		e.Message = htmlErrorMessage(status)
	default:
		e.Message = cut(string(trimmed), 200)
	}
	if e.Message == "" {
		e.Message = http.StatusText(status)
	}
	return e
}

// isHTML reports whether a body is a web page rather than the interface's
// JSON.
func isHTML(contentType string, trimmed []byte) bool {
	return strings.Contains(contentType, "html") || (len(trimmed) > 0 && trimmed[0] == '<')
}

// htmlErrorMessage explains an error answered with a web page. From a 5xx
// it is the page of a proxy or of a service down for maintenance, not a
// sign of a wrong URL; a debug log shows its title.
func htmlErrorMessage(status int) string {
	text := http.StatusText(status)
	switch {
	case status == http.StatusBadGateway || status == http.StatusServiceUnavailable || status == http.StatusGatewayTimeout:
		return text + ": the service is unavailable; try again later"
	case status >= 500:
		return strings.TrimPrefix(text+": ", ": ") + "the server failed and answered with an HTML page; try again later"
	}
	return notJSON([]byte("<")).Error()
}

// htmlTitle is the <title> of a page, on one line, or "" when it has none.
// Only the head of the page is searched.
func htmlTitle(body []byte) string {
	page := string(body[:min(len(body), 64<<10)])
	start := indexASCIIFold(page, "<title")
	if start < 0 {
		return ""
	}
	open := strings.IndexByte(page[start:], '>')
	if open < 0 {
		return ""
	}
	page = page[start+open+1:]
	end := indexASCIIFold(page, "</title")
	if end < 0 {
		return ""
	}
	return cut(strings.Join(strings.Fields(html.UnescapeString(page[:end])), " "), 200)
}

// indexASCIIFold is strings.Index ignoring the case of ASCII letters, with
// offsets into s itself (lowering s first could change its length).
func indexASCIIFold(s, sub string) int {
	for i := 0; i+len(sub) <= len(s); i++ {
		if strings.EqualFold(s[i:i+len(sub)], sub) {
			return i
		}
	}
	return -1
}

// notJSON explains a 2xx answer that is an HTML page: a wrong API root or a
// login page, not the interface.
func notJSON(body []byte) error {
	if len(body) > 0 && body[0] == '<' {
		return errors.New("the server answered with an HTML page, not JSON (is the URL the API root?)")
	}
	return nil
}

func firstString(obj map[string]json.RawMessage, keys ...string) string {
	for _, k := range keys {
		var s string
		if raw, ok := obj[k]; ok && json.Unmarshal(raw, &s) == nil && s != "" {
			return s
		}
	}
	return ""
}

// readFields reads {"field": ["message", ...]} or {"field": "message"}.
func readFields(raw json.RawMessage) map[string][]string {
	if len(raw) == 0 {
		return nil
	}
	var many map[string][]string
	if json.Unmarshal(raw, &many) == nil && len(many) > 0 {
		return many
	}
	var one map[string]string
	if json.Unmarshal(raw, &one) == nil && len(one) > 0 {
		out := map[string][]string{}
		for k, v := range one {
			out[k] = []string{v}
		}
		return out
	}
	return nil
}

func cut(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n-- // never split a character
	}
	return s[:n] + "…"
}
