package auth_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kanka-cli/kanka/cmd/profile"
	"github.com/kanka-cli/kanka/cmd/root/roottest"
)

const goodToken = "good-token-0123456789"

func TestLoginWithTokenFromStdinChecksAndSaves(t *testing.T) {
	path := roottest.Isolate(t)
	srv := roottest.NewServer(t, goodToken, 5)

	res := roottest.Run(t, "  "+goodToken+"  \nignored second line\n",
		"--url", srv.APIRoot(), "-c", "5", "auth", "login", "--with-token")
	if res.Code != 0 {
		t.Fatalf("exit %d: %s", res.Code, res.Stderr)
	}
	wantReq := roottest.Request{Method: "GET", Path: "/api/1.0/campaigns/5/calendars",
		Authorization: "Bearer " + goodToken, Accept: "application/json", UserAgent: "kanka/devel"}
	if reqs := srv.Requests(); len(reqs) != 1 || reqs[0] != wantReq {
		t.Errorf("requests %+v, want exactly %+v", reqs, wantReq)
	}
	got := roottest.ReadFile(t, path)
	want := fmt.Sprintf("active: default\nprofiles:\n    default:\n        url: %s\n        token: %s\n        campaign: 5\n", srv.APIRoot(), goodToken)
	if got != want {
		t.Errorf("config file:\n%s\nwant:\n%s", got, want)
	}
	roottest.AssertMode(t, path, 0o600)
	roottest.AssertMode(t, filepath.Dir(path), 0o700)
	wantMsg := fmt.Sprintf("Logged in: the token works for campaign 5; saved in profile \"default\" of %s.\n", path)
	if res.Stderr != wantMsg || res.Stdout != "" {
		t.Errorf("stdout %q, stderr %q; want stderr %q", res.Stdout, res.Stderr, wantMsg)
	}
}

func TestLoginWithoutTerminalReadsStdinAndKeepsOtherProfiles(t *testing.T) {
	path := roottest.Isolate(t)
	srv := roottest.NewServer(t, goodToken, 8)
	roottest.WriteFile(t, path, "active: home\nprofiles:\n  home:\n    campaign: 3\n    token: old-token-of-home\n  work:\n    url: "+srv.APIRoot()+"\n    campaign: 8\n")

	// No --with-token: stdin is not a terminal, so the token is read from it.
	res := roottest.Run(t, goodToken+"\n", "-p", "work", "auth", "login")
	if res.Code != 0 {
		t.Fatalf("exit %d: %s", res.Code, res.Stderr)
	}
	f, err := profile.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	if got := *f.Get("work"); got != (profile.Profile{URL: srv.APIRoot(), Campaign: 8, Token: goodToken}) {
		t.Errorf("profile work: %+v", got)
	}
	if got := *f.Get("home"); got != (profile.Profile{Campaign: 3, Token: "old-token-of-home"}) || f.Active != "home" {
		t.Errorf("profile home changed: %+v, active %q", got, f.Active)
	}
	if !strings.Contains(res.Stderr, "The active profile is \"home\": use -p work, or make this one active with `kanka config use work`.\n") {
		t.Errorf("stderr %q", res.Stderr)
	}
}

func TestLoginWithARefusedTokenSavesNothing(t *testing.T) {
	path := roottest.Isolate(t)
	srv := roottest.NewServer(t, goodToken, 5)

	res := roottest.Run(t, "refused-token-987654\n", "--url", srv.APIRoot(), "-c", "5", "auth", "login", "--with-token")
	if res.Code != 3 {
		t.Errorf("exit %d, want 3", res.Code)
	}
	wantErr := "error: the token was refused, nothing was saved: listing the calendars of campaign 5: 401 Invalid authentication token.\n" +
		"Check that the token is whole and current (Settings > API in Kanka), and that its account can see campaign 5.\n"
	if res.Stderr != wantErr {
		t.Errorf("stderr:\n%s\nwant:\n%s", res.Stderr, wantErr)
	}
	if _, err := os.Stat(path); !os.IsNotExist(err) {
		t.Errorf("the configuration file was written (%v)", err)
	}
	if n := len(srv.Requests()); n != 1 {
		t.Errorf("%d requests, want 1", n)
	}
}

func TestLoginNeedsATokenAndACampaign(t *testing.T) {
	roottest.Isolate(t)
	srv := roottest.NewServer(t, goodToken, 5)
	res := roottest.Run(t, "\n", "--url", srv.APIRoot(), "-c", "5", "auth", "login", "--with-token")
	if res.Code != 2 || !strings.HasPrefix(res.Stderr, "error: no token given") {
		t.Errorf("an empty token: exit %d, stderr %q", res.Code, res.Stderr)
	}
	res = roottest.Run(t, goodToken+"\n", "--url", srv.APIRoot(), "auth", "login", "--with-token")
	if res.Code != 2 || !strings.HasPrefix(res.Stderr, "error: no campaign") {
		t.Errorf("no campaign: exit %d, stderr %q", res.Code, res.Stderr)
	}
	if n := len(srv.Requests()); n != 0 {
		t.Errorf("%d requests sent", n)
	}
}

func TestStatus(t *testing.T) {
	path := roottest.Isolate(t)
	srv := roottest.NewServer(t, goodToken, 5)
	roottest.WriteFile(t, path, "active: main\nprofiles:\n  main:\n    url: "+srv.APIRoot()+"\n    token: "+goodToken+"\n")
	t.Setenv("KANKA_CAMPAIGN", "5")

	res := roottest.Run(t, "", "auth", "status")
	want := fmt.Sprintf(`profile:   main (active) in %s
url:       %s (profile)
campaign:  5 (environment)
token:     good… (profile)
kept in:   the configuration file
expires:   unknown
status:    the token works
`, path, srv.APIRoot())
	if res.Code != 0 || res.Stdout != want || res.Stderr != "" {
		t.Errorf("exit %d, stdout:\n%s\nwant:\n%s\nstderr: %q", res.Code, res.Stdout, want, res.Stderr)
	}
	if reqs := srv.Requests(); len(reqs) != 1 || reqs[0].Authorization != "Bearer "+goodToken {
		t.Errorf("requests %+v, want one with the token", reqs)
	}

	res = roottest.Run(t, "", "--token", "a-refused-token", "auth", "status")
	if res.Code != 3 || !strings.Contains(res.Stdout, "token:     a-re… (flag)\nkept in:   --token\nexpires:   unknown\nstatus:    the token does not work\n") {
		t.Errorf("refused: exit %d, stdout:\n%s", res.Code, res.Stdout)
	}
	if strings.Contains(res.Stdout+res.Stderr, "a-refused-token") || strings.Contains(res.Stdout+res.Stderr, goodToken) {
		t.Errorf("a token was printed:\n%s%s", res.Stdout, res.Stderr)
	}
}

func TestStatusWithoutToken(t *testing.T) {
	path := roottest.Isolate(t)
	res := roottest.Run(t, "", "auth", "status")
	want := fmt.Sprintf(`profile:   default (active) in %s
url:       https://api.kanka.io/1.0 (default)
campaign:  none
token:     none
status:    not logged in
`, path)
	wantErr := "error: no API token for profile \"default\"\nRun 'kanka auth login' to save a token in profile \"default\" of " + path + ", or set KANKA_TOKEN.\n"
	if res.Code != 3 || res.Stdout != want || res.Stderr != wantErr {
		t.Errorf("exit %d, stdout:\n%s\nwant:\n%s\nstderr:\n%s\nwant:\n%s", res.Code, res.Stdout, want, res.Stderr, wantErr)
	}
}

func TestLogoutRemovesOnlyTheToken(t *testing.T) {
	path := roottest.Isolate(t)
	roottest.WriteFile(t, path, "active: main\nprofiles:\n  main:\n    url: https://kanka.example/api/1.0\n    token: "+goodToken+"\n    campaign: 5\n")
	res := roottest.Run(t, "", "auth", "logout")
	if res.Code != 0 || res.Stderr != fmt.Sprintf("Removed the token from profile \"main\" of %s.\n", path) {
		t.Errorf("exit %d, stderr %q", res.Code, res.Stderr)
	}
	// The rest of the file stays as written, two-space indentation included.
	want := "active: main\nprofiles:\n  main:\n    url: https://kanka.example/api/1.0\n    campaign: 5\n"
	if got := roottest.ReadFile(t, path); got != want {
		t.Errorf("file:\n%s\nwant:\n%s", got, want)
	}
	roottest.AssertMode(t, path, 0o600)

	t.Setenv("KANKA_TOKEN", "from-the-environment")
	res = roottest.Run(t, "", "auth", "logout")
	wantErr := "Profile \"main\" holds no token.\nKANKA_TOKEN is still set in the environment and is used before any profile.\n"
	if res.Code != 0 || res.Stderr != wantErr {
		t.Errorf("second logout: exit %d, stderr %q, want %q", res.Code, res.Stderr, wantErr)
	}
}
