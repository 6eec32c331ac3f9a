package auth_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/kanka-cli/kanka/cmd/root/roottest"
)

// auth status -o json is one object: the profile and what chose it, each
// setting and its source, whether a token is set (masked, never whole),
// and the state of the token; exit 3 when it does not work, as the text.
func TestStatusAsJSON(t *testing.T) {
	path := roottest.Isolate(t)
	srv := roottest.NewServer(t, goodToken, 5)
	roottest.WriteFile(t, path, "active: main\nprofiles:\n  main:\n    url: "+srv.APIRoot()+"\n    token: "+goodToken+"\n")
	t.Setenv("KANKA_CAMPAIGN", "5")

	res := roottest.Run(t, "", "auth", "status", "-o", "json")
	want := fmt.Sprintf(`{
  "profile": "main",
  "profile_source": "active",
  "active_profile": "main",
  "config": %q,
  "url": %q,
  "url_source": "profile",
  "sandbox": false,
  "campaign": 5,
  "campaign_source": "environment",
  "token_set": true,
  "token": "good…",
  "token_source": "profile",
  "token_kept_in": "config_file",
  "token_expires": null,
  "status": "works"
}
`, path, srv.APIRoot())
	if res.Code != 0 || res.Stdout != want || res.Stderr != "" {
		t.Errorf("exit %d, stderr %q, stdout:\n%s\nwant:\n%s", res.Code, res.Stderr, res.Stdout, want)
	}

	res = roottest.Run(t, "", "--token", "a-refused-token", "auth", "status", "-o", "json", "--jq", "[.status, .token_set, .token, .token_source]")
	if want := `["refused",true,"a-re…","flag"]` + "\n"; res.Code != 3 || res.Stdout != want || !strings.HasPrefix(res.Stderr, "error: ") {
		t.Errorf("refused: exit %d, stdout %q, stderr %q; want exit 3 and %q", res.Code, res.Stdout, res.Stderr, want)
	}
	for _, secret := range []string{goodToken, "a-refused-token"} {
		if strings.Contains(res.Stdout+res.Stderr, secret) {
			t.Errorf("a token was printed:\n%s%s", res.Stdout, res.Stderr)
		}
	}
	if n := len(srv.Requests()); n != 2 {
		t.Errorf("%d requests, want one check per run", n)
	}
}

// Without a token, -o yaml says so (exit 3) and sends nothing; with the
// sandbox, its own settings are said to be the sandbox's.
func TestStatusAsYAMLWithoutTokenAndOnTheSandbox(t *testing.T) {
	path := roottest.Isolate(t)
	res := roottest.Run(t, "", "-p", "work", "auth", "status", "-o", "yaml")
	want := fmt.Sprintf(`profile: work
profile_source: flag
active_profile: default
config: %s
url: https://api.kanka.io/1.0
url_source: default
sandbox: false
campaign: null
campaign_source: null
token_set: false
token: null
token_source: null
token_kept_in: null
token_expires: null
status: not_logged_in
`, path)
	if res.Code != 3 || res.Stdout != want || !strings.HasPrefix(res.Stderr, "error: no API token for profile \"work\"\n") {
		t.Errorf("exit %d, stderr %q, stdout:\n%s\nwant exit 3, stdout:\n%s", res.Code, res.Stderr, res.Stdout, want)
	}

	res = roottest.Run(t, "", "--sandbox", "auth", "status", "-o", "json", "--jq", "[.sandbox, .url, .url_source, .campaign_source, .token_source, .status]")
	if want := `[true,null,"sandbox","sandbox","sandbox","works"]` + "\n"; res.Code != 0 || res.Stdout != want {
		t.Errorf("--sandbox: exit %d, stdout %q, stderr %q; want %q", res.Code, res.Stdout, res.Stderr, want)
	}
}

// Any other -o is refused before the token is checked.
func TestStatusRefusesOtherFormats(t *testing.T) {
	roottest.Isolate(t)
	srv := roottest.NewServer(t, goodToken, 5)
	res := roottest.Run(t, "", "--url", srv.APIRoot(), "--token", goodToken, "-c", "5", "auth", "status", "-o", "ndjson")
	want := "error: auth status prints text, or -o json or yaml, not -o ndjson\n"
	if res.Code != 2 || res.Stderr != want || len(srv.Requests()) != 0 {
		t.Errorf("exit %d, stderr %q, %d requests; want exit 2, %q, none", res.Code, res.Stderr, len(srv.Requests()), want)
	}
}
