package auth_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/kanka-cli/kanka/cmd/root/roottest"
	"github.com/zalando/go-keyring"
)

// useMockKeyring turns the keyring on for one test (after
// roottest.Isolate, which turns it off), as the library's mock, empty or
// failing with err. Not for parallel tests: the mock and the environment
// are the process's.
func useMockKeyring(t *testing.T, err error) {
	t.Helper()
	t.Setenv("KANKA_NO_KEYRING", "")
	if err != nil {
		keyring.MockInitWithError(err)
	} else {
		keyring.MockInit()
	}
	t.Cleanup(keyring.MockInit)
}

// keyringEntry is the token the mock keyring holds for user, "" for none.
func keyringEntry(t *testing.T, user string) string {
	t.Helper()
	token, err := keyring.Get("kanka", user)
	if errors.Is(err, keyring.ErrNotFound) {
		return ""
	}
	if err != nil {
		t.Fatal(err)
	}
	return token
}

// With a keyring, login puts the token there, and the file only names its
// entry; later commands read it from there.
func TestLoginStoresTheTokenInTheKeyring(t *testing.T) {
	path := roottest.Isolate(t)
	useMockKeyring(t, nil)
	srv := roottest.NewServer(t, goodToken, 5)
	host := strings.TrimPrefix(srv.URL, "http://")

	res := roottest.Run(t, goodToken+"\n", "--url", srv.APIRoot(), "-c", "5", "auth", "login")
	wantErr := fmt.Sprintf("Logged in: the token works for campaign 5; saved in the system keyring for profile \"default\" of %s.\n", path)
	if res.Code != 0 || res.Stderr != wantErr {
		t.Fatalf("exit %d, stderr:\n%s\nwant:\n%s", res.Code, res.Stderr, wantErr)
	}
	want := fmt.Sprintf("active: default\nprofiles:\n    default:\n        url: %s\n        keyring: default@%s\n        campaign: 5\n", srv.APIRoot(), host)
	if got := roottest.ReadFile(t, path); got != want {
		t.Errorf("config file:\n%s\nwant:\n%s", got, want)
	}
	if got := keyringEntry(t, "default@"+host); got != goodToken {
		t.Errorf("the keyring holds %q, want the token", got)
	}

	res = roottest.Run(t, "", "auth", "status")
	if res.Code != 0 || !strings.Contains(res.Stdout, "token:     good… (profile)\nkept in:   the system keyring\nexpires:   unknown\nstatus:    the token works\n") {
		t.Errorf("status: exit %d, stdout:\n%s\nstderr: %s", res.Code, res.Stdout, res.Stderr)
	}
	reqs := srv.Requests()
	if last := reqs[len(reqs)-1]; last.Authorization != "Bearer "+goodToken {
		t.Errorf("status sent %q, want the keyring's token", last.Authorization)
	}
	res = roottest.Run(t, "", "auth", "status", "-o", "json", "--jq", ".token_kept_in")
	if res.Stdout != "keyring\n" {
		t.Errorf("token_kept_in: %q", res.Stdout)
	}
}

// Without a keyring, login saves the token in the file and says why.
func TestLoginFallsBackToTheFileWithoutAKeyring(t *testing.T) {
	path := roottest.Isolate(t)
	useMockKeyring(t, errors.New("no secret service on this bus"))
	srv := roottest.NewServer(t, goodToken, 5)

	res := roottest.Run(t, goodToken+"\n", "--url", srv.APIRoot(), "-c", "5", "auth", "login")
	wantErr := fmt.Sprintf("Logged in: the token works for campaign 5; saved in profile \"default\" of %s.\n", path) +
		"The system keyring is not available (no secret service on this bus): the token is in the configuration file instead.\n"
	if res.Code != 0 || res.Stderr != wantErr {
		t.Fatalf("exit %d, stderr:\n%s\nwant:\n%s", res.Code, res.Stderr, wantErr)
	}
	want := fmt.Sprintf("active: default\nprofiles:\n    default:\n        url: %s\n        token: %s\n        campaign: 5\n", srv.APIRoot(), goodToken)
	if got := roottest.ReadFile(t, path); got != want {
		t.Errorf("config file:\n%s\nwant:\n%s", got, want)
	}
	roottest.AssertMode(t, path, 0o600)
}

// --insecure-storage saves the token in the file even with a keyring, and
// the token an earlier login put in the keyring goes.
func TestLoginWithInsecureStorageUsesTheFile(t *testing.T) {
	path := roottest.Isolate(t)
	useMockKeyring(t, nil)
	srv := roottest.NewServer(t, goodToken, 5)
	roottest.WriteFile(t, path, "profiles:\n  default:\n    url: "+srv.APIRoot()+"\n    keyring: default@old\n    campaign: 5\n")
	if err := keyring.Set("kanka", "default@old", "an-older-token"); err != nil {
		t.Fatal(err)
	}

	res := roottest.Run(t, goodToken+"\n", "auth", "login", "--insecure-storage")
	wantErr := fmt.Sprintf("Logged in: the token works for campaign 5; saved in profile \"default\" of %s.\n", path)
	if res.Code != 0 || res.Stderr != wantErr {
		t.Fatalf("exit %d, stderr:\n%s\nwant:\n%s", res.Code, res.Stderr, wantErr)
	}
	want := "active: default\nprofiles:\n  default:\n    url: " + srv.APIRoot() + "\n    token: " + goodToken + "\n    campaign: 5\n"
	if got := roottest.ReadFile(t, path); got != want {
		t.Errorf("config file:\n%s\nwant:\n%s", got, want)
	}
	if got := keyringEntry(t, "default@old"); got != "" {
		t.Errorf("the keyring still holds the earlier token")
	}
}

// A token already in the file keeps working with a keyring about, and
// stays where it is.
func TestATokenOfTheFileKeepsWorking(t *testing.T) {
	path := roottest.Isolate(t)
	useMockKeyring(t, nil)
	srv := roottest.NewServer(t, goodToken, 5)
	before := "active: main\nprofiles:\n  main:\n    url: " + srv.APIRoot() + "\n    token: " + goodToken + "\n    campaign: 5\n"
	roottest.WriteFile(t, path, before)

	res := roottest.Run(t, "", "auth", "status")
	if res.Code != 0 || !strings.Contains(res.Stdout, "kept in:   the configuration file\n") {
		t.Errorf("status: exit %d, stdout:\n%s\nstderr: %s", res.Code, res.Stdout, res.Stderr)
	}
	if got := roottest.ReadFile(t, path); got != before {
		t.Errorf("the file changed:\n%s", got)
	}
}

// logout removes the token from the keyring and its entry from the file.
func TestLogoutRemovesTheTokenFromTheKeyringAndTheFile(t *testing.T) {
	path := roottest.Isolate(t)
	useMockKeyring(t, nil)
	roottest.WriteFile(t, path, "active: main\nprofiles:\n  main:\n    keyring: main@api.kanka.io\n    campaign: 5\n")
	if err := keyring.Set("kanka", "main@api.kanka.io", goodToken); err != nil {
		t.Fatal(err)
	}

	res := roottest.Run(t, "", "auth", "logout")
	wantErr := fmt.Sprintf("Removed the token from the system keyring and from profile \"main\" of %s.\n", path)
	if res.Code != 0 || res.Stderr != wantErr {
		t.Errorf("exit %d, stderr %q, want %q", res.Code, res.Stderr, wantErr)
	}
	if got := roottest.ReadFile(t, path); got != "active: main\nprofiles:\n  main:\n    campaign: 5\n" {
		t.Errorf("file:\n%s", got)
	}
	if got := keyringEntry(t, "main@api.kanka.io"); got != "" {
		t.Errorf("the keyring still holds the token")
	}
}

// A keyring that cannot remove the token: the file is cleared, and the
// command fails saying what stays in the keyring.
func TestLogoutSaysWhatTheKeyringKept(t *testing.T) {
	path := roottest.Isolate(t)
	useMockKeyring(t, errors.New("the keyring is locked"))
	roottest.WriteFile(t, path, "active: main\nprofiles:\n  main:\n    keyring: main@api.kanka.io\n    campaign: 5\n")

	res := roottest.Run(t, "", "auth", "logout")
	wantErr := fmt.Sprintf("error: removed the token from profile \"main\" of %s, but the system keyring still holds the token of profile \"main\" (entry \"main@api.kanka.io\" of service \"kanka\"): the keyring is locked\n", path)
	if res.Code != 1 || res.Stderr != wantErr {
		t.Errorf("exit %d, stderr:\n%s\nwant:\n%s", res.Code, res.Stderr, wantErr)
	}
	if got := roottest.ReadFile(t, path); got != "active: main\nprofiles:\n  main:\n    campaign: 5\n" {
		t.Errorf("file:\n%s", got)
	}

	// KANKA_NO_KEYRING: kanka may not touch the keyring, so it does not
	// log out either (exit 2, nothing changed).
	keyring.MockInit()
	t.Setenv("KANKA_NO_KEYRING", "1")
	before := "active: main\nprofiles:\n  main:\n    keyring: main@api.kanka.io\n"
	roottest.WriteFile(t, path, before)
	res = roottest.Run(t, "", "auth", "logout")
	if res.Code != 2 || !strings.Contains(res.Stderr, "unset KANKA_NO_KEYRING to log out") || roottest.ReadFile(t, path) != before {
		t.Errorf("with KANKA_NO_KEYRING: exit %d, stderr %q", res.Code, res.Stderr)
	}
}
