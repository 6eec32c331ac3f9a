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
	"os"
	"syscall"
	"testing"
)

// Each failure of a connection, as Go reports it, is said in words, and
// Error() (what --debug shows) keeps Go's text.
func TestTransportCauseInWords(t *testing.T) {
	get := func(err error) error { return &url.Error{Op: "Get", URL: "http://127.0.0.1:8080/x", Err: err} }
	readOp := func(err error) error {
		return &net.OpError{Op: "read", Net: "tcp", Err: os.NewSyscallError("read", err)}
	}
	dialOp := func(err error) error {
		return &net.OpError{Op: "dial", Net: "tcp", Err: os.NewSyscallError("connect", err)}
	}
	timeout := &net.OpError{Op: "read", Net: "tcp", Err: os.ErrDeadlineExceeded}
	for _, tt := range []struct {
		name string
		err  error
		want string
	}{
		{"closed before answering", get(io.EOF), "the server closed the connection before answering"},
		{"reset before answering", get(readOp(syscall.ECONNRESET)), "the server closed the connection before answering"},
		{"cut short", get(io.ErrUnexpectedEOF), "the server's answer was cut short"},
		{"cut short reading the body", io.ErrUnexpectedEOF, "the server's answer was cut short"},
		{"reset reading the body", readOp(syscall.ECONNRESET), "the server's answer was cut short"},
		{"unknown authority", get(&tls.CertificateVerificationError{Err: x509.UnknownAuthorityError{}}),
			"the server's certificate is not trusted: it is signed by an unknown authority"},
		{"another host", get(&tls.CertificateVerificationError{Err: x509.HostnameError{Certificate: &x509.Certificate{}, Host: "kanka.example"}}),
			"the server's certificate is not valid for kanka.example"},
		{"expired", get(&tls.CertificateVerificationError{Err: x509.CertificateInvalidError{Reason: x509.Expired}}),
			"the server's certificate has expired (or is not valid yet: check this computer's clock)"},
		{"plain HTTP at an https URL", get(tls.RecordHeaderError{Msg: "first record does not look like a TLS handshake"}),
			"the server does not speak HTTPS at this address (is the URL http://?)"},
		{"a TLS alert", get(fmt.Errorf("remote error: %w", tls.AlertError(40))), "the secure connection (TLS) with the server failed"},
		{"timeout awaiting headers", get(context.DeadlineExceeded), "the server did not answer within the time limit of one request (see --timeout)"},
		{"timeout reading the body", timeout, "the server's answer did not all come within the time limit of one request (see --timeout)"},
		{"dial timeout", get(&net.OpError{Op: "dial", Net: "tcp", Err: os.ErrDeadlineExceeded}), "no connection within the time limit of one request (see --timeout)"},
		{"unknown host", get(&net.OpError{Op: "dial", Net: "tcp", Err: &net.DNSError{Err: "no such host", Name: "kanka.invalid", IsNotFound: true}}),
			"the host name kanka.invalid cannot be found"},
		{"no route", get(dialOp(syscall.EHOSTUNREACH)), "cannot connect to the server (no route to host)"},
		{"anything else", get(errors.New("disk on fire")), "disk on fire"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if got := transportCause(tt.err); got != tt.want {
				t.Errorf("transportCause = %q, want %q", got, tt.want)
			}
			n := &NetworkError{Method: "GET", URL: "http://127.0.0.1:8080/x", Err: tt.err}
			if want := "GET http://127.0.0.1:8080/x: " + rawCause(tt.err); n.Error() != want {
				t.Errorf("Error() = %q, want Go's own text %q", n.Error(), want)
			}
		})
	}
}

// An answer that is not the JSON kanka reads is said in words, with what
// the command wrapped around it; DebugDetail keeps the decoder's text.
func TestInWordsSaysAnUnreadableAnswer(t *testing.T) {
	var list struct {
		Data []int `json:"data"`
	}
	decode := func(body string) error { return fmt.Errorf("reading page 1: %w", json.Unmarshal([]byte(body), &list)) }
	for _, tt := range []struct{ body, want string }{
		{"", "reading page 1: the server's answer was empty"},
		{`{"data": [1, 2`, "reading page 1: the server's answer was cut short"},
		{`{"data" 1}`, "reading page 1: the server's answer is not valid JSON"},
		{`{"data": {"id": 1}}`, "reading page 1: the server's answer is not in the shape kanka reads: data is an object, not a list"},
		{`{"data": ["one"]}`, "reading page 1: the server's answer is not in the shape kanka reads: data is text, not a whole number"},
	} {
		err := decode(tt.body)
		if got := InWords(err); got != tt.want {
			t.Errorf("%q: InWords = %q, want %q", tt.body, got, tt.want)
		}
		if got := DebugDetail(err); got != err.Error() {
			t.Errorf("%q: DebugDetail = %q, want %q", tt.body, got, err.Error())
		}
	}
	if got := DebugDetail(errors.New("disk full")); got != "" {
		t.Errorf("DebugDetail of an error in words already = %q, want none", got)
	}
}
