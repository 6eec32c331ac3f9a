package root

import (
	"fmt"
	"io"
	"time"

	"github.com/kanka-cli/kanka/cmd/profile"
)

// Kanka's personal access tokens last a year, and a token that expired
// stops every command at once. kanka warns before: in the last
// expiryWarnWindow before the token's expiry (a JWT's exp), and after it,
// a command that used the token says so on stderr, at most once a day for
// each token (expiryState remembers the day). -q silences it, and a
// completion never says it: the warning would land in the shell.

// expiryWarnWindow is how long before its expiry a token is warned about.
const expiryWarnWindow = 14 * 24 * time.Hour

// warnIfExpiring writes the warning for r's token to w when it expires
// within expiryWarnWindow of now, or has expired, and it was not warned
// about on the same day (by now's local date) in the state folder.
func warnIfExpiring(w io.Writer, r *profile.Resolved, now time.Time, dir func() (string, error)) {
	if r.Token == "" {
		return
	}
	expires, ok := profile.TokenExpiry(r.Token)
	if !ok || expires.Sub(now) > expiryWarnWindow {
		return
	}
	state := openExpiryState(dir)
	if !state.firstToday(r.Token, now) {
		return
	}
	when := "expires " + profile.ExpiresIn(expires, now)
	if !expires.After(now) {
		when = "expired " + profile.ExpiresIn(expires, now)
	}
	fmt.Fprintf(w, "warning: %s %s (%s): %s\n", tokenWords(r), when, profile.ExpiryDate(expires), renewAdvice(r))
}

// tokenWords names the run's token by where it was found.
func tokenWords(r *profile.Resolved) string {
	switch r.TokenKeptIn() {
	case profile.KeptInEnv:
		return "the API token in KANKA_TOKEN"
	case profile.KeptInFlag:
		return "the API token given with --token"
	}
	return fmt.Sprintf("the API token of profile %q", r.ProfileName)
}

// renewAdvice is the way to a new token, where the old one was found.
func renewAdvice(r *profile.Resolved) string {
	const create = "create a new one in Kanka (Settings > API)"
	switch r.TokenKeptIn() {
	case profile.KeptInEnv:
		return create + " and set KANKA_TOKEN to it"
	case profile.KeptInFlag:
		return create + " and pass it with --token"
	}
	return fmt.Sprintf("%s and save it with '%s'", create, r.LoginCommand())
}
