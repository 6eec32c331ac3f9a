package cmdutil

import (
	"errors"
	"fmt"
	"net/http"

	"github.com/kanka-cli/kanka/client"
)

// AuthError is an authentication problem (exit 3): no token at all, found
// before any request, or a token the server refused.
type AuthError struct {
	Err error
	// Advice, when set, is the way forward printed under the message: it
	// names where the token came from and what to change there. Without
	// it, the general hint to run `kanka auth login` is printed.
	Advice string
}

func (e *AuthError) Error() string { return e.Err.Error() }
func (e *AuthError) Unwrap() error { return e.Err }

// Where a run's token came from (TokenSource.From).
const (
	TokenFromFlag    = "--token"
	TokenFromEnv     = "KANKA_TOKEN"
	TokenFromProfile = "profile"
)

// TokenSource is where a run's token came from, so that the advice on a
// missing or refused token points at what to change. Each source has its
// own way forward, and never one that leads back to the same refusal: a
// new `kanka auth login` does not help a run whose token comes from
// KANKA_TOKEN or --token, which come before any profile.
type TokenSource struct {
	// From is TokenFromFlag, TokenFromEnv, TokenFromProfile, or "" when
	// the run has no token.
	From string
	// Profile and File are the profile in use and the configuration file.
	Profile, File string
	// Login is the command that saves a token in that profile
	// ("kanka auth login", "kanka -p work auth login").
	Login string
}

// Advice is the line printed under the error of a missing token, or of a
// token refused (401) or not allowed to do what was asked (403, when
// forbidden).
func (s TokenSource) Advice(forbidden bool) string {
	wanted := "a valid token"
	if forbidden {
		wanted = "a token allowed to do this"
	}
	switch s.From {
	case TokenFromFlag:
		return fmt.Sprintf("The token comes from --token: pass %s.", wanted)
	case TokenFromEnv:
		return fmt.Sprintf("The token comes from KANKA_TOKEN, which comes before any profile: unset KANKA_TOKEN or set it to %s.", wanted)
	case TokenFromProfile:
		return fmt.Sprintf("The token comes from profile %q in %s: run '%s' to save %s.", s.Profile, s.File, s.Login, wanted)
	}
	return fmt.Sprintf("Run '%s' to save a token in profile %q of %s, or set KANKA_TOKEN.", s.Login, s.Profile, s.File)
}

// NoToken is the error of a run without a token, with the advice for
// source.
func NoToken(source TokenSource) error {
	return &AuthError{Err: fmt.Errorf("no API token for profile %q", source.Profile), Advice: source.Advice(false)}
}

// WithTokenAdvice gives a 401 or 403 of the server the advice for the
// token's source; any other error is returned as it is, and so is an
// AuthError that has its advice already.
func WithTokenAdvice(err error, source TokenSource) error {
	var auth *AuthError
	if errors.As(err, &auth) && auth.Advice != "" {
		return err
	}
	if !client.IsAuth(err) {
		return err
	}
	var apiErr *client.Error
	forbidden := errors.As(err, &apiErr) && apiErr.StatusCode == http.StatusForbidden
	return &AuthError{Err: err, Advice: source.Advice(forbidden)}
}
