package cmdutil

import (
	"errors"
	"testing"

	"github.com/kanka-cli/kanka/client"
)

// The advice on a missing or refused token names where the token came
// from and what to change there: never `kanka auth login` for a token
// that comes before any profile, which a login would not replace.
func TestTokenAdviceNamesTheSource(t *testing.T) {
	tests := []struct {
		from      string
		forbidden bool
		want      string
	}{
		{TokenFromEnv, false, "The token comes from KANKA_TOKEN, which comes before any profile: unset KANKA_TOKEN or set it to a valid token."},
		{TokenFromEnv, true, "The token comes from KANKA_TOKEN, which comes before any profile: unset KANKA_TOKEN or set it to a token allowed to do this."},
		{TokenFromFlag, false, "The token comes from --token: pass a valid token."},
		{TokenFromProfile, false, "The token comes from profile \"work\" in /c.yaml: run 'kanka -p work auth login' to save a valid token."},
		{"", false, "Run 'kanka -p work auth login' to save a token in profile \"work\" of /c.yaml, or set KANKA_TOKEN."},
	}
	for _, tt := range tests {
		s := TokenSource{From: tt.from, Profile: "work", File: "/c.yaml", Login: "kanka -p work auth login"}
		if got := s.Advice(tt.forbidden); got != tt.want {
			t.Errorf("%q (forbidden %v): %q, want %q", tt.from, tt.forbidden, got, tt.want)
		}
	}
}

// WithTokenAdvice gives a 401 or 403 the advice of its source (the 403's
// words), and leaves any other error, and an advice already given, alone.
func TestWithTokenAdvice(t *testing.T) {
	env := TokenSource{From: TokenFromEnv, Profile: "work", File: "/c.yaml", Login: "kanka auth login"}
	unauthorized := &client.Error{Method: "GET", URL: "http://localhost/api/1.0/campaigns/1/calendars", StatusCode: 401, Message: "Unauthenticated."}
	forbidden := &client.Error{Method: "DELETE", URL: "http://localhost/api/1.0/campaigns/1/calendars/3", StatusCode: 403, Message: "This action is unauthorized."}

	var auth *AuthError
	err := WithTokenAdvice(unauthorized, env)
	if !errors.As(err, &auth) || auth.Advice != env.Advice(false) || !errors.Is(err, unauthorized) || err.Error() != unauthorized.Error() {
		t.Errorf("401: %#v", err)
	}
	err = WithTokenAdvice(forbidden, env)
	if !errors.As(err, &auth) || auth.Advice != env.Advice(true) {
		t.Errorf("403: %#v", err)
	}
	notFound := &client.Error{StatusCode: 404}
	if err := WithTokenAdvice(notFound, env); err != notFound {
		t.Errorf("404: %#v, want it unchanged", err)
	}
	own := &AuthError{Err: unauthorized, Advice: "Check the token you typed."}
	if err := WithTokenAdvice(own, env); err != own {
		t.Errorf("an advice already given: %#v, want it unchanged", err)
	}
	if err := WithTokenAdvice(nil, env); err != nil {
		t.Errorf("nil: %v", err)
	}

	err = NoToken(TokenSource{Profile: "work", File: "/c.yaml", Login: "kanka auth login"})
	if !errors.As(err, &auth) || err.Error() != `no API token for profile "work"` ||
		auth.Advice != "Run 'kanka auth login' to save a token in profile \"work\" of /c.yaml, or set KANKA_TOKEN." {
		t.Errorf("NoToken: %q, advice %q", err, auth.Advice)
	}
}
