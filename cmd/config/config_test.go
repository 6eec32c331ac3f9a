package config_test

import (
	"path/filepath"
	"testing"

	"github.com/kanka-cli/kanka/cmd/root/roottest"
)

func TestSetGetListRoundTrip(t *testing.T) {
	path := roottest.Isolate(t)
	for _, args := range [][]string{
		{"config", "set", "url", "https://kanka.example/api/1.0"},
		{"config", "set", "campaign", "42"},
		{"config", "set", "token", "a-long-secret-token"},
		{"-p", "play", "config", "set", "sandbox", "true"},
	} {
		if res := roottest.Run(t, "", args...); res.Code != 0 || res.Stdout != "" || res.Stderr != "" {
			t.Fatalf("%v: exit %d, stdout %q, stderr %q", args, res.Code, res.Stdout, res.Stderr)
		}
	}
	want := `active: default
profiles:
    default:
        url: https://kanka.example/api/1.0
        token: a-long-secret-token
        campaign: 42
    play:
        sandbox: true
`
	if got := roottest.ReadFile(t, path); got != want {
		t.Errorf("file:\n%s\nwant:\n%s", got, want)
	}
	roottest.AssertMode(t, path, 0o600)
	roottest.AssertMode(t, filepath.Dir(path), 0o700)

	gets := map[string]string{"url": "https://kanka.example/api/1.0\n", "campaign": "42\n", "token": "a-lo…\n", "sandbox": "false\n"}
	for key, want := range gets {
		if res := roottest.Run(t, "", "config", "get", key); res.Code != 0 || res.Stdout != want {
			t.Errorf("get %s: exit %d, stdout %q, want %q", key, res.Code, res.Stdout, want)
		}
	}
	if res := roottest.Run(t, "", "-p", "play", "config", "get", "sandbox"); res.Stdout != "true\n" {
		t.Errorf("-p play get sandbox: %q", res.Stdout)
	}

	res := roottest.Run(t, "", "config", "list")
	wantList := "url=https://kanka.example/api/1.0\ntoken=a-lo…\ncampaign=42\n"
	if res.Code != 0 || res.Stdout != wantList {
		t.Errorf("list: exit %d, stdout:\n%s\nwant:\n%s", res.Code, res.Stdout, wantList)
	}
	if res := roottest.Run(t, "", "-p", "play", "config", "list"); res.Stdout != "sandbox=true\n" {
		t.Errorf("-p play list: %q", res.Stdout)
	}

	// KANKA_PROFILE picks the profile too; an empty value removes a key.
	t.Setenv("KANKA_PROFILE", "default")
	if res := roottest.Run(t, "", "config", "set", "url", ""); res.Code != 0 {
		t.Fatalf("unset url: exit %d, %s", res.Code, res.Stderr)
	}
	if res := roottest.Run(t, "", "config", "list"); res.Stdout != "token=a-lo…\ncampaign=42\n" {
		t.Errorf("after unsetting url: %q", res.Stdout)
	}
}

func TestSetRefusesBadValuesAndLeavesTheFile(t *testing.T) {
	path := roottest.Isolate(t)
	before := "active: default\nprofiles:\n  default:\n    campaign: 3\n"
	roottest.WriteFile(t, path, before)
	tests := []struct {
		args   []string
		stderr string
	}{
		{[]string{"campaign", "Waterdeep"}, `error: campaign must be a positive number (the id in the campaign's URL), not "Waterdeep"`},
		{[]string{"campaign", "0"}, `error: campaign must be a positive number (the id in the campaign's URL), not "0"`},
		{[]string{"url", "ftp://kanka.example"}, `error: url must be an http or https URL such as https://api.kanka.io/1.0, not "ftp://kanka.example"`},
		{[]string{"sandbox", "sometimes"}, `error: sandbox must be true or false, not "sometimes"`},
		{[]string{"max_wait", "soon"}, `error: max_wait must be a duration such as 2m or 90s (0 never waits), not "soon"`},
		{[]string{"colour", "red"}, `error: unknown key "colour": the keys are url, token, campaign, sandbox, max_wait`},
		// An argument missing, not a bad value: --help shows the way.
		{[]string{"campaign"}, "error: missing VALUE: the value to set\nRun 'kanka config set --help' for usage."},
	}
	for _, tt := range tests {
		res := roottest.Run(t, "", append([]string{"config", "set"}, tt.args...)...)
		want := tt.stderr + "\n"
		if res.Code != 2 || res.Stderr != want {
			t.Errorf("set %v: exit %d, stderr:\n%s\nwant exit 2, stderr:\n%s", tt.args, res.Code, res.Stderr, want)
		}
	}
	if got := roottest.ReadFile(t, path); got != before {
		t.Errorf("the file changed:\n%s", got)
	}
	if res := roottest.Run(t, "", "config", "get", "colour"); res.Code != 2 {
		t.Errorf("get colour: exit %d", res.Code)
	}
}

// max_wait is kept as written, and listed.
func TestSetMaxWait(t *testing.T) {
	path := roottest.Isolate(t)
	if res := roottest.Run(t, "", "config", "set", "max_wait", "5m"); res.Code != 0 || res.Stderr != "" {
		t.Fatalf("set max_wait: exit %d, stderr %q", res.Code, res.Stderr)
	}
	if got, want := roottest.ReadFile(t, path), "active: default\nprofiles:\n    default:\n        max_wait: 5m\n"; got != want {
		t.Errorf("file:\n%s\nwant:\n%s", got, want)
	}
	if res := roottest.Run(t, "", "config", "list"); res.Stdout != "max_wait=5m\n" {
		t.Errorf("list: %q", res.Stdout)
	}
}

func TestListOfAMissingProfileIsEmpty(t *testing.T) {
	roottest.Isolate(t)
	res := roottest.Run(t, "", "config", "list")
	if res.Code != 0 || res.Stdout != "" {
		t.Errorf("exit %d, stdout %q", res.Code, res.Stdout)
	}
}

// -p NAME (or KANKA_PROFILE) chooses a profile for one run: config set
// never makes it the active one, not even in a file that has none (only
// `config use` does), and stays silent as every set.
func TestSetNeverMakesAnotherProfileActive(t *testing.T) {
	path := roottest.Isolate(t)
	noActive := "profiles:\n  home:\n    campaign: 3\n"
	roottest.WriteFile(t, path, noActive)
	set := func(args ...string) {
		t.Helper()
		if res := roottest.Run(t, "", args...); res.Code != 0 || res.Stdout != "" || res.Stderr != "" {
			t.Fatalf("%v: exit %d, stdout %q, stderr %q", args, res.Code, res.Stdout, res.Stderr)
		}
	}

	set("-p", "work", "config", "set", "campaign", "8")
	t.Setenv("KANKA_PROFILE", "play")
	set("config", "set", "sandbox", "true")
	t.Setenv("KANKA_PROFILE", "")
	want := noActive + "  work:\n    campaign: 8\n  play:\n    sandbox: true\n"
	if got := roottest.ReadFile(t, path); got != want {
		t.Errorf("file:\n%s\nwant:\n%s", got, want)
	}
	// Runs without -p still use the default profile: no campaign, and
	// not the sandbox play asks for.
	for key, value := range map[string]string{"campaign": "\n", "sandbox": "false\n"} {
		if res := roottest.Run(t, "", "config", "get", key); res.Code != 0 || res.Stdout != value {
			t.Errorf("get %s without -p: exit %d, stdout %q, want %q", key, res.Code, res.Stdout, value)
		}
	}

	// Without -p the profile is the one runs use already: it is written
	// down as active, as auth login does.
	set("config", "set", "campaign", "5")
	want = "active: default\n" + want + "  default:\n    campaign: 5\n"
	if got := roottest.ReadFile(t, path); got != want {
		t.Errorf("file:\n%s\nwant:\n%s", got, want)
	}

	// A file with an active profile keeps it.
	roottest.WriteFile(t, path, "active: home\n"+noActive)
	set("-p", "work", "config", "set", "url", "https://kanka.example/api/1.0")
	if got, want := roottest.ReadFile(t, path), "active: home\n"+noActive+"  work:\n    url: https://kanka.example/api/1.0\n"; got != want {
		t.Errorf("file:\n%s\nwant:\n%s", got, want)
	}
}
