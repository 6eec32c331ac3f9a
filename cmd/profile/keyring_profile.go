package profile

import (
	"errors"
	"fmt"
	"maps"
	"slices"
)

// How profiles use the keyring: a run reads the token of its profile's
// entry (readKeyring), and a save removes the entries no profile of the
// file names any more (forgetDropped), so that a logout, a login that
// moves the token to the file, or a deleted profile leaves no token
// behind.

// readKeyring gives the run the token of the keyring entry user, the
// profile's. A keyring that cannot give it leaves the run without a token
// (the command then says how to log in), with a warning on stderr that
// says why.
func (r *Resolved) readKeyring(user string) {
	token, err := LoadToken(user)
	if err == nil && token != "" {
		r.Token, r.TokenFromKeyring = token, true
		r.Sources["token"] = FromProfile
		return
	}
	why := fmt.Sprintf("which could not be read: %v", err)
	switch {
	case err == nil || IsKeyringNotFound(err):
		why = fmt.Sprintf("which no longer holds it (entry %q of service %q)", user, keyringService)
	case errors.Is(err, ErrKeyringOff):
		why = "which KANKA_NO_KEYRING turns off"
	}
	fmt.Fprintf(warnings, "warning: profile %q keeps its token in the system keyring, %s\n", r.ProfileName, why)
}

// HasToken reports a profile that holds a token, in the file or in the
// keyring.
func (p *Profile) HasToken() bool { return p != nil && (p.Token != "" || p.Keyring != "") }

// KeyringLeftError is a save of the file that went through, but whose
// dropped keyring entry could not be removed: the keyring still holds
// that token.
type KeyringLeftError struct {
	Profile, User string
	Err           error
}

func (e *KeyringLeftError) Error() string {
	return fmt.Sprintf("the system keyring still holds the token of profile %q (entry %q of service %q): %v",
		e.Profile, e.User, keyringService, e.Err)
}

func (e *KeyringLeftError) Unwrap() error { return e.Err }

// IsKeyringLeft reports a KeyringLeftError: the file was saved.
func IsKeyringLeft(err error) bool {
	var e *KeyringLeftError
	return errors.As(err, &e)
}

// keyringEntries are the keyring entries the profiles of f name, each
// with its profile.
func (f *File) keyringEntries() map[string]string {
	entries := map[string]string{}
	for name, p := range f.Profiles {
		if p != nil && p.Keyring != "" {
			entries[p.Keyring] = name
		}
	}
	return entries
}

// forgetDropped removes from the keyring the entries of before that no
// profile of f names now. The file is saved already: an entry that stays
// is a KeyringLeftError, not a failed save.
func forgetDropped(before map[string]string, f *File) error {
	now := f.keyringEntries()
	var errs []error
	for _, user := range slices.Sorted(maps.Keys(before)) {
		if _, kept := now[user]; kept {
			continue
		}
		if err := ForgetToken(user); err != nil {
			errs = append(errs, &KeyringLeftError{Profile: before[user], User: user, Err: err})
		}
	}
	return errors.Join(errs...)
}
