package profile

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"os"
	"strings"
	"time"

	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/zalando/go-keyring"
)

// A profile's token may live in the system keyring (the macOS Keychain,
// the Secret Service of a Linux desktop, the Windows Credential Manager)
// rather than in the configuration file: the file then says which keyring
// entry holds it (Profile.Keyring), never the token.

// keyringService is the service of every keyring entry kanka writes.
const keyringService = "kanka"

// keyringTimeout bounds one keyring call: a Secret Service that waits on an
// unlock prompt nobody sees would otherwise hang the command (gh waits as
// long).
var keyringTimeout = 3 * time.Second

// errKeyringTimeout is a keyring that did not answer in keyringTimeout.
var errKeyringTimeout = fmt.Errorf("the system keyring did not answer within %s", keyringTimeout)

// ErrKeyringOff is a keyring that KANKA_NO_KEYRING turned off.
var ErrKeyringOff = errors.New("KANKA_NO_KEYRING is set")

// KeyringUser is the keyring entry of a profile's token on a server: the
// profile's name and the host of its API root ("work@api.kanka.io"), so
// that two profiles, or two servers, never share one.
func KeyringUser(profileName, apiRoot string) string {
	host := "sandbox"
	if u, err := url.Parse(apiRoot); err == nil && u.Host != "" {
		host = u.Host
	}
	return profileName + "@" + host
}

// KeyringOff reports KANKA_NO_KEYRING set to anything but "", 0, false or
// no: kanka then neither reads nor writes the keyring.
func KeyringOff() bool {
	switch strings.ToLower(strings.TrimSpace(os.Getenv("KANKA_NO_KEYRING"))) {
	case "", "0", "false", "no":
		return false
	}
	return true
}

// StoreToken puts token in the keyring entry user.
func StoreToken(user, token string) error {
	_, err := withKeyring(func() (string, error) { return "", keyring.Set(keyringService, user, token) })
	return err
}

// LoadToken reads the token of the keyring entry user; an entry that is
// not there is keyring.ErrNotFound.
func LoadToken(user string) (string, error) {
	return withKeyring(func() (string, error) { return keyring.Get(keyringService, user) })
}

// ForgetToken removes the keyring entry user; one already gone is no
// error.
func ForgetToken(user string) error {
	_, err := withKeyring(func() (string, error) { return "", keyring.Delete(keyringService, user) })
	if errors.Is(err, keyring.ErrNotFound) {
		return nil
	}
	return err
}

// withKeyring runs call unless KANKA_NO_KEYRING is set, and gives up on
// it after keyringTimeout (the call goes on in the background: the
// library cannot be interrupted).
func withKeyring(call func() (string, error)) (string, error) {
	if KeyringOff() {
		return "", ErrKeyringOff
	}
	ctx, cancel := context.WithTimeout(context.Background(), keyringTimeout)
	defer cancel()
	value, err := cmdutil.ReadInterruptibly(ctx, call, nil)
	if err != nil && errors.Is(err, ctx.Err()) {
		return "", errKeyringTimeout
	}
	return value, err
}

// IsKeyringNotFound reports a keyring that holds no such entry.
func IsKeyringNotFound(err error) bool { return errors.Is(err, keyring.ErrNotFound) }
