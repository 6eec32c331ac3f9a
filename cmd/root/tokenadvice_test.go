package root_test

import (
	"strings"
	"testing"

	"github.com/kanka-cli/kanka/cmd/root/roottest"
)

// A command whose token the server refuses says where the token came from
// and what to do there: a login does not help a token of KANKA_TOKEN or
// --token, which come before any profile.
func TestARefusedTokenNamesItsSource(t *testing.T) {
	const refused = "error: listing the calendars of campaign 5: 401 Invalid authentication token.\n"
	tests := []struct {
		name   string
		args   []string
		env    string // KANKA_TOKEN
		advice string
	}{
		{"KANKA_TOKEN", nil, "a-refused-env-token",
			"The token comes from KANKA_TOKEN, which comes before any profile: unset KANKA_TOKEN or set it to a valid token.\n"},
		{"--token", []string{"--token", "a-refused-flag-token"}, "a-refused-env-token",
			"The token comes from --token: pass a valid token.\n"},
		{"the active profile", nil, "",
			"The token comes from profile \"home\" in PATH: run 'kanka auth login' to save a valid token.\n"},
		{"a profile chosen by -p", []string{"-p", "work"}, "",
			"The token comes from profile \"work\" in PATH: run 'kanka -p work auth login' to save a valid token.\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := roottest.Isolate(t)
			srv := roottest.NewServer(t, "the-good-token", 5)
			roottest.WriteFile(t, path, "active: home\nprofiles:\n  home:\n    token: a-refused-home-token\n  work:\n    token: a-refused-work-token\n")
			t.Setenv("KANKA_URL", srv.APIRoot())
			t.Setenv("KANKA_CAMPAIGN", "5")
			t.Setenv("KANKA_TOKEN", tt.env)
			res := roottest.Run(t, "", append(tt.args, "calendar", "list")...)
			want := refused + strings.ReplaceAll(tt.advice, "PATH", path)
			if res.Code != 3 || res.Stdout != "" || res.Stderr != want {
				t.Errorf("exit %d, stdout %q, stderr:\n%s\nwant exit 3, stderr:\n%s", res.Code, res.Stdout, res.Stderr, want)
			}
		})
	}
}
