package client

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/url"
	"reflect"
	"strings"
	"syscall"
)

// Go says what went wrong with a connection or an answer in its own
// words ("EOF", "read tcp 127.0.0.1:5->127.0.0.1:8: connection reset by
// peer", "x509: certificate signed by unknown authority", "unexpected end
// of JSON input"), which tell a user neither what happened nor what to do.
// Here they are said as the user sees them; --debug still shows Go's text
// (the errors' Error methods keep it, and DebugDetail gives it).

// transportCause is a failed request in the user's words: what happened
// to the connection or the answer. A cause it does not know is said as Go
// says it (rawCause).
func transportCause(err error) string {
	// A *url.Error is what sending a request and reading its headers
	// fails with; a failure without one came while its body was read:
	// an answer had begun.
	var u *url.Error
	beforeAnswer := errors.As(err, &u)
	var op *net.OpError
	dial := errors.As(err, &op) && op.Op == "dial"
	if words := tlsCause(err); words != "" {
		return words
	}
	var dns *net.DNSError
	switch {
	case isTimeout(err) && dial:
		return "no connection within the time limit of one request (see --timeout)"
	case isTimeout(err) && beforeAnswer:
		return "the server did not answer within the time limit of one request (see --timeout)"
	case isTimeout(err):
		return "the server's answer did not all come within the time limit of one request (see --timeout)"
	case errors.As(err, &dns):
		return fmt.Sprintf("the host name %s cannot be found", dns.Name)
	case dial && op.Err != nil && !errors.Is(err, syscall.ECONNREFUSED):
		var errno syscall.Errno
		if errors.As(err, &errno) {
			return fmt.Sprintf("cannot connect to the server (%s)", errno.Error())
		}
	case errors.Is(err, io.ErrUnexpectedEOF),
		!beforeAnswer && (errors.Is(err, syscall.ECONNRESET) || errors.Is(err, io.EOF)):
		return "the server's answer was cut short"
	case errors.Is(err, syscall.ECONNRESET), errors.Is(err, io.EOF):
		return "the server closed the connection before answering"
	}
	return rawCause(err)
}

// isTimeout reports a request that ran out of time (--timeout), not one
// the user interrupted.
func isTimeout(err error) bool {
	var nerr net.Error
	return errors.Is(err, context.DeadlineExceeded) || errors.As(err, &nerr) && nerr.Timeout()
}

// tlsCause is a failed secure connection in words, "" when err is none.
func tlsCause(err error) string {
	var (
		unknown  x509.UnknownAuthorityError
		hostname x509.HostnameError
		invalid  x509.CertificateInvalidError
		header   tls.RecordHeaderError
		verify   *tls.CertificateVerificationError
		alert    tls.AlertError
	)
	switch {
	case errors.As(err, &unknown):
		return "the server's certificate is not trusted: it is signed by an unknown authority"
	case errors.As(err, &hostname):
		return fmt.Sprintf("the server's certificate is not valid for %s", hostname.Host)
	case errors.As(err, &invalid) && invalid.Reason == x509.Expired:
		return "the server's certificate has expired (or is not valid yet: check this computer's clock)"
	case errors.As(err, &invalid), errors.As(err, &verify):
		return "the server's certificate is not valid"
	case errors.As(err, &header), strings.Contains(err.Error(), "server gave HTTP response to HTTPS client"):
		return "the server does not speak HTTPS at this address (is the URL http://?)"
	case errors.As(err, &alert), strings.Contains(err.Error(), "tls: "):
		return "the secure connection (TLS) with the server failed"
	}
	return ""
}

// InWords is err's message in the user's words: Explain's, and an answer
// that could not be read (empty, cut short, not JSON, or JSON of another
// shape) said so rather than in the JSON decoder's words. What a command
// wrapped around it ("reading page 2: ...") stays.
func InWords(err error) string {
	msg := Explain(err)
	if words, cause := answerCause(err); words != "" {
		return strings.Replace(msg, cause.Error(), words, 1)
	}
	return msg
}

// DebugDetail is what --debug shows under an error's message: the client
// error's Detail (the request, the server's own text, Go's cause), or,
// for an answer InWords put in words, Go's text of it.
func DebugDetail(err error) string {
	if detail := Detail(err); detail != "" {
		return detail
	}
	if words, _ := answerCause(err); words != "" {
		return err.Error()
	}
	return ""
}

// answerCause is the failure to read an answer inside err in words, and
// the failure; "" when there is none.
func answerCause(err error) (words string, cause error) {
	var (
		syntax   *json.SyntaxError
		wrongVal *json.UnmarshalTypeError
	)
	switch {
	case errors.As(err, &syntax) && syntax.Error() == "unexpected end of JSON input" && syntax.Offset == 0:
		return "the server's answer was empty", syntax
	case errors.As(err, &syntax) && syntax.Error() == "unexpected end of JSON input":
		return "the server's answer was cut short", syntax
	case errors.As(err, &syntax):
		return "the server's answer is not valid JSON", syntax
	case errors.As(err, &wrongVal):
		return "the server's answer is not in the shape kanka reads: " + wrongShape(wrongVal), wrongVal
	}
	return "", nil
}

// wrongShape says which value of an answer is of the wrong kind: "data
// is an object, not a list".
func wrongShape(e *json.UnmarshalTypeError) string {
	field := e.Field
	if field == "" {
		field = "the answer"
	}
	return fmt.Sprintf("%s is %s, not %s", field, jsonKind(e.Value), goKind(e.Type))
}

// jsonKind is a JSON value's kind as the decoder names it ("object",
// "array", "number 1.5") in words.
func jsonKind(value string) string {
	kind, _, _ := strings.Cut(value, " ")
	switch kind {
	case "object":
		return "an object"
	case "array":
		return "a list"
	case "string":
		return "text"
	case "number":
		return "a number"
	case "bool":
		return "true or false"
	}
	return value
}

// goKind is what a Go type holds, in words.
func goKind(t reflect.Type) string {
	if t == nil {
		return "what kanka expects"
	}
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.Slice, reflect.Array:
		return "a list"
	case reflect.Struct, reflect.Map:
		return "an object"
	case reflect.String:
		return "text"
	case reflect.Bool:
		return "true or false"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "a whole number"
	case reflect.Float32, reflect.Float64:
		return "a number"
	}
	return "what kanka expects"
}
