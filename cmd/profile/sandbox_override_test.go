package profile_test

import (
	"fmt"
	"testing"

	"github.com/kanka-cli/kanka/cmd/root/roottest"
)

const sandboxProfile = "active: play\nprofiles:\n  play:\n    sandbox: true\n"

// A profile's sandbox comes after the flags and the environment: a url or
// token given for the run sends it to that server, never to the sandbox.
func TestASandboxProfileGivesWayToAURLOrToken(t *testing.T) {
	path := roottest.Isolate(t)
	roottest.WriteFile(t, path, sandboxProfile)
	srv := roottest.NewServer(t, "a-long-env-token", 7)
	srv.Calendars = [][2]any{{3, "Harptos"}}

	// --url alone: the real resolution, which has neither token nor campaign.
	res := roottest.Run(t, "", "--url", "http://127.0.0.1:1/api/1.0", "calendar", "list")
	wantErr := "error: no campaign and no API token yet: run `kanka auth login -c ID` (the id is in the campaign's URL), or add --sandbox to try kanka without an account\n"
	if res.Code != 3 || res.Stdout != "" || res.Stderr != wantErr {
		t.Errorf("--url: exit %d, stdout %q, stderr:\n%s\nwant exit 3, stderr:\n%s", res.Code, res.Stdout, res.Stderr, wantErr)
	}
	res = roottest.Run(t, "", "--url", srv.APIRoot(), "--token", "a-long-env-token", "-c", "7", "calendar", "list", "-o", "id")
	if res.Code != 0 || res.Stdout != "3\n" || res.Stderr != "" {
		t.Errorf("--url --token -c: exit %d, stdout %q, stderr %q", res.Code, res.Stdout, res.Stderr)
	}

	// The environment, as a script sets it.
	t.Setenv("KANKA_URL", srv.APIRoot())
	t.Setenv("KANKA_TOKEN", "a-long-env-token")
	t.Setenv("KANKA_CAMPAIGN", "7")
	res = roottest.Run(t, "", "calendar", "list", "-o", "id")
	if res.Code != 0 || res.Stdout != "3\n" || res.Stderr != "" {
		t.Errorf("with KANKA_URL: exit %d, stdout %q, stderr %q", res.Code, res.Stdout, res.Stderr)
	}
	res = roottest.Run(t, "", "auth", "status")
	wantOut := fmt.Sprintf(`profile:   play (active) in %s
url:       %s (environment)
campaign:  7 (environment)
token:     a-lo… (environment)
kept in:   KANKA_TOKEN
expires:   unknown
status:    the token works
`, path, srv.APIRoot())
	if res.Code != 0 || res.Stdout != wantOut || res.Stderr != "" {
		t.Errorf("auth status: exit %d, stdout:\n%s\nwant:\n%s\nstderr %q", res.Code, res.Stdout, wantOut, res.Stderr)
	}
	if got := len(srv.Requests()); got != 3 {
		t.Errorf("the server received %d requests, want 3: %+v", got, srv.Requests())
	}

	// --sandbox still wins over all of it.
	res = roottest.Run(t, "", "--sandbox", "calendar", "list", "-o", "id")
	if res.Code != 0 || res.Stdout != "" || len(srv.Requests()) != 3 {
		t.Errorf("--sandbox: exit %d, stdout %q, stderr %q, %d requests", res.Code, res.Stdout, res.Stderr, len(srv.Requests()))
	}
}

// A campaign alone names no server: the profile's sandbox stays on, and
// KANKA_CAMPAIGN (kept for the real service) is not sent to it.
func TestASandboxProfileStaysOnWithKANKA_CAMPAIGN(t *testing.T) {
	path := roottest.Isolate(t)
	roottest.WriteFile(t, path, sandboxProfile)
	t.Setenv("KANKA_CAMPAIGN", "12345")
	res := roottest.Run(t, "", "auth", "status")
	wantOut := fmt.Sprintf(`profile:   play (active) in %s
url:       the built-in sandbox (profile)
campaign:  the sandbox's
token:     the sandbox's
status:    the token works
`, path)
	if res.Code != 0 || res.Stdout != wantOut || res.Stderr != "" {
		t.Errorf("auth status: exit %d, stdout:\n%s\nwant:\n%s\nstderr %q", res.Code, res.Stdout, wantOut, res.Stderr)
	}
}
