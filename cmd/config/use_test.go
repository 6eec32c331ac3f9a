package config_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/kanka-cli/kanka/cmd/root/roottest"
)

const twoProfiles = `# my kanka
active: home
profiles:
  home:
    campaign: 3 # the old one
  work:
    campaign: 8
`

func TestUseMakesAProfileActiveKeepingTheRest(t *testing.T) {
	path := roottest.Isolate(t)
	roottest.WriteFile(t, path, twoProfiles)
	res := roottest.Run(t, "", "config", "use", "work")
	if res.Code != 0 || res.Stdout != "" || res.Stderr != "The active profile is now \"work\".\n" {
		t.Fatalf("exit %d, stdout %q, stderr %q", res.Code, res.Stdout, res.Stderr)
	}
	want := strings.Replace(twoProfiles, "active: home", "active: work", 1)
	if got := roottest.ReadFile(t, path); got != want {
		t.Errorf("file:\n%s\nwant:\n%s", got, want)
	}
	roottest.AssertMode(t, path, 0o600)
	if res := roottest.Run(t, "", "config", "get", "campaign"); res.Stdout != "8\n" {
		t.Errorf("config get campaign after use: %q, want the work profile's 8", res.Stdout)
	}

	// -q silences the message; KANKA_PROFILE, which wins, is pointed out.
	if res := roottest.Run(t, "", "-q", "config", "use", "home"); res.Code != 0 || res.Stderr != "" {
		t.Errorf("-q: exit %d, stderr %q", res.Code, res.Stderr)
	}
	t.Setenv("KANKA_PROFILE", "home")
	res = roottest.Run(t, "", "config", "use", "work")
	wantErr := "The active profile is now \"work\".\nKANKA_PROFILE=home is set in the environment and comes before the active profile.\n"
	if res.Code != 0 || res.Stderr != wantErr {
		t.Errorf("with KANKA_PROFILE: exit %d, stderr %q, want %q", res.Code, res.Stderr, wantErr)
	}
}

func TestUseRefusesAnUnknownProfile(t *testing.T) {
	path := roottest.Isolate(t)
	roottest.WriteFile(t, path, twoProfiles)
	tests := []struct{ name, err string }{
		{"wrok", fmt.Sprintf(`error: %s holds no profile named "wrok" (it has home, work); did you mean "work"?`, path)},
		{"party", fmt.Sprintf("error: %s holds no profile named \"party\" (it has home, work); create it with `kanka -p party auth login`", path)},
	}
	for _, tt := range tests {
		res := roottest.Run(t, "", "config", "use", tt.name)
		want := tt.err + "\n"
		if res.Code != 2 || res.Stdout != "" || res.Stderr != want {
			t.Errorf("use %s: exit %d, stderr:\n%s\nwant exit 2, stderr:\n%s", tt.name, res.Code, res.Stderr, want)
		}
	}
	if got := roottest.ReadFile(t, path); got != twoProfiles {
		t.Errorf("the file changed:\n%s", got)
	}
}

func TestSetSuggestsTheNearestKey(t *testing.T) {
	roottest.Isolate(t)
	res := roottest.Run(t, "", "config", "set", "campain", "3")
	want := `error: unknown key "campain": the keys are url, token, campaign, sandbox, max_wait; did you mean "campaign"?` + "\n"
	if res.Code != 2 || res.Stderr != want {
		t.Errorf("exit %d, stderr:\n%s\nwant:\n%s", res.Code, res.Stderr, want)
	}
	res = roottest.Run(t, "", "config", "get", "tokne")
	if res.Code != 2 || !strings.HasPrefix(res.Stderr, `error: unknown key "tokne": the keys are url, token, campaign, sandbox, max_wait; did you mean "token"?`) {
		t.Errorf("get tokne: exit %d, stderr %q", res.Code, res.Stderr)
	}
}

func TestSetKeepsCommentsAndOrder(t *testing.T) {
	path := roottest.Isolate(t)
	roottest.WriteFile(t, path, twoProfiles)
	for _, args := range [][]string{
		{"config", "set", "campaign", "4"},
		{"config", "set", "url", "https://kanka.example/api/1.0"},
		{"-p", "work", "config", "set", "token", "a-long-secret-token"},
	} {
		if res := roottest.Run(t, "", args...); res.Code != 0 {
			t.Fatalf("%v: exit %d, %s", args, res.Code, res.Stderr)
		}
	}
	want := `# my kanka
active: home
profiles:
  home:
    url: https://kanka.example/api/1.0
    campaign: 4 # the old one
  work:
    token: a-long-secret-token
    campaign: 8
`
	if got := roottest.ReadFile(t, path); got != want {
		t.Errorf("file:\n%s\nwant:\n%s", got, want)
	}
}

// Every config command shows examples in its help.
func TestHelpHasExamples(t *testing.T) {
	roottest.Isolate(t)
	for _, cmd := range [][]string{
		{"config"}, {"config", "get"}, {"config", "set"}, {"config", "list"}, {"config", "use"},
	} {
		res := roottest.Run(t, "", append(cmd, "--help")...)
		prefix := "  kanka " // an example runs kanka, maybe with a global flag first
		if res.Code != 0 || !strings.Contains(res.Stdout, "\nExamples:\n"+prefix) {
			t.Errorf("kanka %s --help: exit %d, no examples:\n%s", strings.Join(cmd, " "), res.Code, res.Stdout)
		}
	}
}

func TestUseCompletesProfileNames(t *testing.T) {
	path := roottest.Isolate(t)
	roottest.WriteFile(t, path, twoProfiles)
	res := roottest.Run(t, "", "__complete", "config", "use", "")
	if res.Code != 0 || !strings.HasPrefix(res.Stdout, "home\nwork\n:4\n") {
		t.Errorf("exit %d, stdout %q", res.Code, res.Stdout)
	}
}
