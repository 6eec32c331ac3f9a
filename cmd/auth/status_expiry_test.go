package auth_test

import (
	"encoding/base64"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/kanka-cli/kanka/cmd/profile"
	"github.com/kanka-cli/kanka/cmd/root/roottest"
)

// jwtExpiring is a test token shaped as Kanka's personal access tokens
// (a JWT, signature unchecked) that expires at exp; never a real token.
func jwtExpiring(exp time.Time) string {
	enc := base64.RawURLEncoding.EncodeToString
	payload := fmt.Sprintf(`{"aud":"1","jti":"test","iat":%d,"exp":%d,"sub":"7","scopes":[]}`, exp.Unix()-365*86400, exp.Unix())
	return enc([]byte(`{"typ":"JWT","alg":"RS256"}`)) + "." + enc([]byte(payload)) + "." + enc([]byte("test signature"))
}

// auth status says when a token that carries its expiry expires, and how
// far off that is; -o json gives the moment. No part of the token is
// printed beyond the masked start.
func TestStatusSaysWhenTheTokenExpires(t *testing.T) {
	path := roottest.Isolate(t)
	t.Setenv("XDG_STATE_HOME", t.TempDir())
	exp := time.Now().Add(40*24*time.Hour + time.Hour).Truncate(time.Second)
	token := jwtExpiring(exp)
	srv := roottest.NewServer(t, token, 5)
	roottest.WriteFile(t, path, "profiles:\n  default:\n    url: "+srv.APIRoot()+"\n    token: "+token+"\n    campaign: 5\n")

	res := roottest.Run(t, "", "auth", "status")
	want := fmt.Sprintf("kept in:   the configuration file\nexpires:   %s (in 40 days)\nstatus:    the token works\n", profile.ExpiryDate(exp))
	if res.Code != 0 || !strings.HasSuffix(res.Stdout, want) || res.Stderr != "" {
		t.Errorf("exit %d, stdout:\n%s\nwant it to end with:\n%s\nstderr %q", res.Code, res.Stdout, want, res.Stderr)
	}
	for _, part := range strings.Split(token, ".") {
		if strings.Contains(res.Stdout+res.Stderr, part) {
			t.Errorf("a part of the token was printed:\n%s%s", res.Stdout, res.Stderr)
		}
	}

	res = roottest.Run(t, "", "auth", "status", "-o", "json", "--jq", "[.token_kept_in, .token_expires]")
	if want := fmt.Sprintf(`["config_file",%q]`, exp.UTC().Format(time.RFC3339Nano)) + "\n"; res.Stdout != want {
		t.Errorf("-o json: %q, want %q", res.Stdout, want)
	}

	// An expired token (the fake server still takes it) says so.
	exp = time.Now().Add(-3*24*time.Hour - time.Hour).Truncate(time.Second)
	token = jwtExpiring(exp)
	srv = roottest.NewServer(t, token, 5)
	res = roottest.Run(t, "", "--url", srv.APIRoot(), "--token", token, "auth", "status")
	want = fmt.Sprintf("kept in:   --token\nexpires:   %s (expired 3 days ago)\n", profile.ExpiryDate(exp))
	if !strings.Contains(res.Stdout, want) {
		t.Errorf("expired: stdout:\n%s\nwant:\n%s", res.Stdout, want)
	}
}
