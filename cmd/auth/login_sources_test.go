package auth_test

import (
	"fmt"
	"testing"

	"github.com/kanka-cli/kanka/cmd/root/roottest"
)

// auth login saves what was given for it: the token, and -c and --url.
// KANKA_URL and KANKA_CAMPAIGN serve the check but are the shell's, not
// the profile's: a profile keeps its own url and campaign, and one without
// gets none.
func TestLoginSavesOnlyWhatWasGivenForIt(t *testing.T) {
	path := roottest.Isolate(t)
	srv := roottest.NewServer(t, goodToken, 5)
	t.Setenv("KANKA_URL", srv.APIRoot())
	t.Setenv("KANKA_CAMPAIGN", "5")

	res := roottest.Run(t, goodToken+"\n", "auth", "login")
	if res.Code != 0 {
		t.Fatalf("exit %d: %s", res.Code, res.Stderr)
	}
	want := "active: default\nprofiles:\n    default:\n        token: " + goodToken + "\n"
	if got := roottest.ReadFile(t, path); got != want {
		t.Errorf("file:\n%s\nwant:\n%s", got, want)
	}
	wantErr := fmt.Sprintf("Logged in: the token works for campaign 5; saved in profile \"default\" of %s.\n", path) +
		"KANKA_URL and KANKA_CAMPAIGN served the check but were not saved: `kanka config set` saves a setting in the profile.\n"
	if res.Stderr != wantErr {
		t.Errorf("stderr:\n%s\nwant:\n%s", res.Stderr, wantErr)
	}

	// A profile keeps its own url; -c, given for this login, is saved.
	before := "active: work\nprofiles:\n  work:\n    url: https://kanka.example/api/1.0 # mine\n    campaign: 3\n"
	roottest.WriteFile(t, path, before)
	res = roottest.Run(t, goodToken+"\n", "-c", "5", "auth", "login")
	if res.Code != 0 {
		t.Fatalf("exit %d: %s", res.Code, res.Stderr)
	}
	want = "active: work\nprofiles:\n  work:\n    url: https://kanka.example/api/1.0 # mine\n    token: " + goodToken + "\n    campaign: 5\n"
	if got := roottest.ReadFile(t, path); got != want {
		t.Errorf("file:\n%s\nwant:\n%s", got, want)
	}
	wantErr = fmt.Sprintf("Logged in: the token works for campaign 5; saved in profile \"work\" of %s.\n", path) +
		"KANKA_URL served the check but was not saved: `kanka config set` saves a setting in the profile.\n"
	if res.Stderr != wantErr {
		t.Errorf("stderr:\n%s\nwant:\n%s", res.Stderr, wantErr)
	}
}

// A KANKA_TOKEN left in the environment would hide the token just saved:
// login says so.
func TestLoginPointsOutKANKA_TOKEN(t *testing.T) {
	path := roottest.Isolate(t)
	srv := roottest.NewServer(t, goodToken, 5)
	t.Setenv("KANKA_TOKEN", "an-old-token-of-the-shell")
	res := roottest.Run(t, goodToken+"\n", "--url", srv.APIRoot(), "-c", "5", "auth", "login", "--with-token")
	wantErr := fmt.Sprintf("Logged in: the token works for campaign 5; saved in profile \"default\" of %s.\n", path) +
		"KANKA_TOKEN is set in the environment and comes before any profile: unset it to use the token just saved.\n"
	if res.Code != 0 || res.Stderr != wantErr {
		t.Errorf("exit %d, stderr:\n%s\nwant:\n%s", res.Code, res.Stderr, wantErr)
	}
	if reqs := srv.Requests(); len(reqs) != 1 || reqs[0].Authorization != "Bearer "+goodToken {
		t.Errorf("requests %+v, want one check with the token given", reqs)
	}
}

// The README's set-up makes the default profile use the sandbox; a login
// is for a real server: the token is checked there, not against the
// sandbox, and the profile no longer uses the sandbox. --sandbox, given for
// the login itself, keeps it.
func TestLoginTurnsOffTheProfilesSandbox(t *testing.T) {
	path := roottest.Isolate(t)
	srv := roottest.NewServer(t, goodToken, 5)
	roottest.WriteFile(t, path, "profiles:\n  default:\n    url: "+srv.APIRoot()+"\n    sandbox: true\n")
	res := roottest.Run(t, goodToken+"\n", "-c", "5", "auth", "login")
	if res.Code != 0 {
		t.Fatalf("exit %d: %s", res.Code, res.Stderr)
	}
	if reqs := srv.Requests(); len(reqs) != 1 || reqs[0].Authorization != "Bearer "+goodToken {
		t.Errorf("requests %+v, want the check on the server, with the token given", reqs)
	}
	want := "active: default\nprofiles:\n  default:\n    url: " + srv.APIRoot() + "\n    token: " + goodToken + "\n    campaign: 5\n"
	if got := roottest.ReadFile(t, path); got != want {
		t.Errorf("file:\n%s\nwant:\n%s", got, want)
	}
	wantErr := fmt.Sprintf("Logged in: the token works for campaign 5; saved in profile \"default\" of %s.\n", path) +
		"Profile \"default\" no longer uses the sandbox (`kanka --sandbox ...` still does, for one command).\n"
	if res.Stderr != wantErr {
		t.Errorf("stderr:\n%s\nwant:\n%s", res.Stderr, wantErr)
	}
}
