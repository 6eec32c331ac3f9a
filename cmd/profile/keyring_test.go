package profile

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/zalando/go-keyring"
)

// withMockKeyring turns the keyring on for one test, as the library's
// mock (empty), and catches the warnings of the run; the test must not be
// parallel (the mock and the environment are the process's).
func withMockKeyring(t *testing.T) *bytes.Buffer {
	t.Helper()
	t.Setenv("KANKA_NO_KEYRING", "")
	keyring.MockInit()
	var out bytes.Buffer
	was := warnings
	warnings = &out
	t.Cleanup(func() { warnings = was; keyring.MockInit() })
	return &out
}

// resolveFile resolves the settings of a file holding body, with flags.
func resolveFile(t *testing.T, body string, flags ...string) *Resolved {
	t.Helper()
	path := filepath.Join(t.TempDir(), "config.yaml")
	if err := os.WriteFile(path, []byte(body), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"KANKA_URL", "KANKA_TOKEN", "KANKA_CAMPAIGN", "KANKA_PROFILE"} {
		t.Setenv(k, "")
	}
	fs := rootFlags()
	if err := fs.Parse(append([]string{"--config", path}, flags...)); err != nil {
		t.Fatal(err)
	}
	r, err := Resolve(fs)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

const keyringConfig = "active: work\nprofiles:\n  work:\n    keyring: work@api.kanka.io\n    campaign: 3\n"

func TestKeyringUserIsTheProfileAndTheHost(t *testing.T) {
	for _, tt := range []struct{ profile, url, want string }{
		{"default", "https://api.kanka.io/1.0", "default@api.kanka.io"},
		{"work", "http://127.0.0.1:8080/api/1.0", "work@127.0.0.1:8080"},
		{"play", "", "play@sandbox"},
	} {
		if got := KeyringUser(tt.profile, tt.url); got != tt.want {
			t.Errorf("KeyringUser(%q, %q) = %q, want %q", tt.profile, tt.url, got, tt.want)
		}
	}
}

// A profile whose file names a keyring entry gets its token from the
// keyring: a token of the profile, kept in the keyring.
func TestResolveReadsTheProfilesTokenFromTheKeyring(t *testing.T) {
	warned := withMockKeyring(t)
	if err := keyring.Set("kanka", "work@api.kanka.io", "keyring-token"); err != nil {
		t.Fatal(err)
	}
	r := resolveFile(t, keyringConfig)
	if r.Token != "keyring-token" || r.Sources["token"] != FromProfile || r.TokenKeptIn() != KeptInKeyring {
		t.Errorf("token %q from %s kept in %q; want the keyring's, from the profile, kept in the keyring", r.Token, r.Sources["token"], r.TokenKeptIn())
	}
	if warned.Len() != 0 {
		t.Errorf("warnings: %s", warned)
	}
}

// A token in the file keeps working: the file's token is the profile's,
// kept in the file, and the keyring is not asked.
func TestResolveKeepsATokenOfTheFile(t *testing.T) {
	warned := withMockKeyring(t)
	keyring.MockInitWithError(errors.New("the keyring must not be asked"))
	r := resolveFile(t, "profiles:\n  default:\n    token: file-token\n")
	if r.Token != "file-token" || r.TokenKeptIn() != KeptInFile {
		t.Errorf("token %q kept in %q; want the file's", r.Token, r.TokenKeptIn())
	}
	if warned.Len() != 0 {
		t.Errorf("warnings: %s", warned)
	}
}

// A token of the flag or the environment comes first: the keyring is not
// read for it, nor for a run on the sandbox.
func TestResolveReadsTheKeyringOnlyWhenNothingComesFirst(t *testing.T) {
	warned := withMockKeyring(t)
	keyring.MockInitWithError(errors.New("the keyring must not be asked"))
	r := resolveFile(t, keyringConfig, "--token", "flag-token")
	if r.Token != "flag-token" || r.TokenKeptIn() != KeptInFlag {
		t.Errorf("--token: token %q kept in %q", r.Token, r.TokenKeptIn())
	}
	t.Setenv("KANKA_TOKEN", "env-token")
	fs := rootFlags()
	if err := fs.Parse([]string{"--config", r.File.Path()}); err != nil {
		t.Fatal(err)
	}
	if r, err := Resolve(fs); err != nil || r.Token != "env-token" || r.TokenKeptIn() != KeptInEnv {
		t.Errorf("KANKA_TOKEN: %+v, %v", r, err)
	}
	r = resolveFile(t, keyringConfig, "--sandbox")
	if r.Token != "" || r.TokenKeptIn() != "" {
		t.Errorf("--sandbox: token %q kept in %q", r.Token, r.TokenKeptIn())
	}
	if warned.Len() != 0 {
		t.Errorf("warnings: %s", warned)
	}
}

// A keyring that cannot give the token leaves the run without one, and
// says why on stderr; the token is never in the message.
func TestResolveWarnsOfAKeyringWithoutTheToken(t *testing.T) {
	warned := withMockKeyring(t)
	for _, tt := range []struct {
		name  string
		setup func(t *testing.T)
		want  string
	}{
		{"no entry", func(*testing.T) {},
			`warning: profile "work" keeps its token in the system keyring, which no longer holds it (entry "work@api.kanka.io" of service "kanka")` + "\n"},
		{"no keyring", func(*testing.T) { keyring.MockInitWithError(errors.New("no secret service")) },
			`warning: profile "work" keeps its token in the system keyring, which could not be read: no secret service` + "\n"},
		{"KANKA_NO_KEYRING", func(t *testing.T) {
			keyring.MockInit()
			_ = keyring.Set("kanka", "work@api.kanka.io", "keyring-token")
			t.Setenv("KANKA_NO_KEYRING", "1")
		}, `warning: profile "work" keeps its token in the system keyring, which KANKA_NO_KEYRING turns off` + "\n"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			warned.Reset()
			keyring.MockInit()
			tt.setup(t)
			r := resolveFile(t, keyringConfig)
			if r.Token != "" || r.Sources["token"] != FromDefault {
				t.Errorf("token %q from %s, want none", r.Token, r.Sources["token"])
			}
			if warned.String() != tt.want {
				t.Errorf("warning %q, want %q", warned, tt.want)
			}
		})
	}
}

// A save that drops a profile's keyring entry (a deleted profile, a
// logout) removes the token from the keyring once the file is written;
// an entry still named stays.
func TestUpdateForgetsTheKeyringEntriesTheFileDrops(t *testing.T) {
	withMockKeyring(t)
	path := filepath.Join(t.TempDir(), "config.yaml")
	body := "profiles:\n  work:\n    keyring: work@h\n  home:\n    keyring: home@h\n"
	if err := os.WriteFile(path, []byte(body), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, user := range []string{"work@h", "home@h"} {
		if err := keyring.Set("kanka", user, "token-of-"+user); err != nil {
			t.Fatal(err)
		}
	}
	err := Update(context.Background(), path, func(f *File) error {
		_, err := f.Delete("work")
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := keyring.Get("kanka", "work@h"); !errors.Is(err, keyring.ErrNotFound) {
		t.Errorf("the deleted profile's token: %v, want it gone from the keyring", err)
	}
	if got, err := keyring.Get("kanka", "home@h"); err != nil || got != "token-of-home@h" {
		t.Errorf("the other profile's token: %q, %v", got, err)
	}

	// A keyring that cannot remove it: the file is saved all the same,
	// and the error says what stays where.
	keyring.MockInitWithError(errors.New("locked"))
	err = Update(context.Background(), path, func(f *File) error {
		f.Get("home").Keyring = ""
		return nil
	})
	want := `the system keyring still holds the token of profile "home" (entry "home@h" of service "kanka"): locked`
	if !IsKeyringLeft(err) || err.Error() != want {
		t.Errorf("error %v, want %q", err, want)
	}
	if data, _ := os.ReadFile(path); strings.Contains(string(data), "keyring") {
		t.Errorf("the file was not saved:\n%s", data)
	}
}

// The keyring entry is written beside the token, and a file that had the
// token in it loses it when the token moves to the keyring.
func TestTheKeyringEntryIsWrittenInTheFileInPlaceOfTheToken(t *testing.T) {
	path := filepath.Join(t.TempDir(), "config.yaml")
	if err := os.WriteFile(path, []byte("profiles:\n  work:\n    url: https://k.example/api/1.0\n    token: old\n    campaign: 3 # mine\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	err := Update(context.Background(), path, func(f *File) error {
		p := f.Get("work")
		p.Token, p.Keyring = "", "work@k.example"
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	want := "profiles:\n  work:\n    url: https://k.example/api/1.0\n    keyring: work@k.example\n    campaign: 3 # mine\n"
	if data, _ := os.ReadFile(path); string(data) != want {
		t.Errorf("file:\n%s\nwant:\n%s", data, want)
	}
}

// A token set (or cleared) with `config set|unset token` replaces the one
// the system keyring keeps: the profile no longer names the entry, and the
// save removes it, so that no second token is left behind in use.
func TestSettingTheTokenForgetsTheKeyringOne(t *testing.T) {
	withMockKeyring(t)
	path := filepath.Join(t.TempDir(), "config.yaml")
	if err := os.WriteFile(path, []byte("profiles:\n  work:\n    keyring: work@h\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := keyring.Set("kanka", "work@h", "old-token"); err != nil {
		t.Fatal(err)
	}
	err := Update(context.Background(), path, func(f *File) error {
		return f.Get("work").Set("token", "new-token")
	})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := keyring.Get("kanka", "work@h"); !errors.Is(err, keyring.ErrNotFound) {
		t.Errorf("the keyring's token: %v, want it removed", err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := string(data), "profiles:\n  work:\n    token: new-token\n"; got != want {
		t.Errorf("file:\n%s\nwant:\n%s", got, want)
	}
}
