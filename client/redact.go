package client

import (
	"bytes"
	"net/url"
	"strings"
)

// The client keeps the token out of what it reports (errors, the debug log)
// even when a hostile server echoes it back: this is a second line behind
// the CLI's redacting streams, for any other user of the package.

// Redacted is what a secret is replaced with.
const Redacted = "[redacted]"

// MinSecretLen is the length below which a secret is not hidden: a token of
// one to three characters is guessed in moments anyway, and replacing every
// "a" or "id" of every message would leave nothing readable.
const MinSecretLen = 4

// Redact replaces every occurrence of secret in s with Redacted: as
// written, or spelt with JSON escapes (see SecretSpans).
func Redact(s, secret string) string {
	if len(secret) < MinSecretLen || !strings.Contains(s, secret) && !strings.Contains(s, `\`) {
		return s
	}
	return string(redactBytes([]byte(s), secret))
}

// redactBytes is Redact for a body.
func redactBytes(b []byte, secret string) []byte {
	if len(secret) < MinSecretLen || !bytes.Contains(b, []byte(secret)) && bytes.IndexByte(b, '\\') < 0 {
		return b
	}
	spans := SecretSpans(b, [][]byte{[]byte(secret)})
	if len(spans) == 0 {
		return b
	}
	out := make([]byte, 0, len(b))
	at := 0
	for _, s := range spans {
		out = append(append(out, b[at:s.From]...), Redacted...)
		at = s.To
	}
	return append(out, b[at:]...)
}

// RedactURL masks the password of a URL's user info, as net/url's
// URL.Redacted does ("https://user:xxxxx@host/..."); any other text is
// returned as it is. A URL that does not parse is masked by hand, so that
// the message saying it is wrong does not show the password either.
func RedactURL(s string) string {
	if !strings.Contains(s, "@") {
		return s
	}
	if u, err := url.Parse(s); err == nil {
		if _, has := u.User.Password(); has {
			return u.Redacted()
		}
		return s
	}
	scheme, rest, ok := strings.Cut(s, "://")
	if !ok {
		return s
	}
	authority, path := rest, ""
	if i := strings.IndexAny(rest, "/?#"); i >= 0 {
		authority, path = rest[:i], rest[i:]
	}
	at := strings.LastIndex(authority, "@")
	if at < 0 {
		return s
	}
	user, _, hasPassword := strings.Cut(authority[:at], ":")
	if !hasPassword {
		return s
	}
	return scheme + "://" + user + ":xxxxx" + authority[at:] + path
}

// URLPassword returns the password of a URL's user info, "" when none.
func URLPassword(s string) string {
	u, err := url.Parse(s)
	if err != nil {
		return ""
	}
	p, _ := u.User.Password()
	return p
}

// hideSecret takes the token out of an error the server answered with: its
// message and its field messages may echo the request.
func (e *Error) hideSecret(secret string) {
	e.Message = Redact(e.Message, secret)
	fields := make(map[string][]string, len(e.Fields))
	for field, msgs := range e.Fields {
		for i, m := range msgs {
			msgs[i] = Redact(m, secret)
		}
		fields[Redact(field, secret)] = msgs
	}
	if e.Fields != nil {
		e.Fields = fields
	}
}

// redactedError shows err without the secret; it still unwraps to err, so
// that its kind is kept.
type redactedError struct {
	err    error
	secret string
}

func (e *redactedError) Error() string { return Redact(e.err.Error(), e.secret) }
func (e *redactedError) Unwrap() error { return e.err }

// withoutSecret is err reported without secret, nil when err is.
func withoutSecret(err error, secret string) error {
	if err == nil || len(secret) < MinSecretLen {
		return err
	}
	return &redactedError{err: err, secret: secret}
}
