package auth

import (
	"cmp"
	"fmt"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/profile"
)

// tokenStore is where login put a checked token: in the keyring entry
// entry, or in the configuration file when entry is "". why says, when
// the keyring was wanted and could not take it, why the file holds it.
type tokenStore struct {
	entry string
	why   string
}

// storeToken puts token in the system keyring, unless --insecure-storage
// or KANKA_NO_KEYRING asks for the file; a keyring that cannot take it
// leaves it to the file, saying why. The configuration file is written
// afterwards, naming the entry.
func storeToken(opts *LoginOptions, r *profile.Resolved, token string) tokenStore {
	if opts.InsecureStorage || profile.KeyringOff() {
		// Asked for: the login's message names the file, and that is all.
		return tokenStore{}
	}
	entry := profile.KeyringUser(r.ProfileName, savedURL(r))
	if err := profile.StoreToken(entry, token); err != nil {
		return tokenStore{why: fmt.Sprintf("The system keyring is not available (%v): the token is in the configuration file instead.", err)}
	}
	return tokenStore{entry: entry}
}

// undo takes back a token put in the keyring for a save of the file that
// failed, unless the file already named that entry (it then holds the
// new token, which works).
func (s tokenStore) undo(r *profile.Resolved) {
	if s.entry == "" {
		return
	}
	if p := r.Profile(); p != nil && p.Keyring == s.entry {
		return
	}
	_ = profile.ForgetToken(s.entry)
}

// savedURL is the API root the profile has once logged in: the --url of
// this login, else its own, else the default. (A KANKA_URL serves the
// check only.)
func savedURL(r *profile.Resolved) string {
	if given(r, "url") {
		return r.URL
	}
	if p := r.Profile(); p != nil {
		return cmp.Or(p.URL, client.DefaultBaseURL)
	}
	return client.DefaultBaseURL
}
