package profilecmd_test

import (
	"fmt"
	"testing"

	"github.com/kanka-cli/kanka/cmd/root/roottest"
)

// current prints the name of the profile in use on stdout, so that a
// script can take it, and what chose it on stderr: -p, KANKA_PROFILE, the
// file's active key, or nothing (the default).
func TestCurrentSaysWhatChoseTheProfile(t *testing.T) {
	path := roottest.Isolate(t)
	roottest.WriteFile(t, path, threeProfiles)
	tests := []struct {
		name   string
		args   []string
		env    string
		file   string
		stdout string
		stderr string
	}{
		{"active", nil, "", threeProfiles, "home\n", "the active profile of PATH\n"},
		{"-p", []string{"-p", "work"}, "", threeProfiles, "work\n", "chosen by -p; the active profile of PATH is \"home\"\n"},
		{"-p the active one", []string{"-p", "home"}, "", threeProfiles, "home\n", "chosen by -p\n"},
		{"KANKA_PROFILE", nil, "rehearsal", threeProfiles, "rehearsal\n", "chosen by KANKA_PROFILE; the active profile of PATH is \"home\"\n"},
		{"-p before KANKA_PROFILE", []string{"-p", "work"}, "rehearsal", threeProfiles, "work\n", "chosen by -p; the active profile of PATH is \"home\"\n"},
		{"default", nil, "", "profiles:\n  default: {}\n", "default\n", "the default: PATH names no active profile\n"},
		{"a typo of -p", []string{"-p", "rehersal"}, "", threeProfiles, "rehersal\n",
			"chosen by -p; the active profile of PATH is \"home\"\nPATH holds no profile named \"rehersal\" (it has home, rehearsal, work); did you mean \"rehearsal\"?\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			roottest.WriteFile(t, path, tt.file)
			t.Setenv("KANKA_PROFILE", tt.env)
			res := roottest.Run(t, "", append(tt.args, "profile", "current")...)
			stderr := replacePath(tt.stderr, path)
			if res.Code != 0 || res.Stdout != tt.stdout || res.Stderr != stderr {
				t.Errorf("exit %d, stdout %q, stderr:\n%s\nwant exit 0, stdout %q, stderr:\n%s", res.Code, res.Stdout, res.Stderr, tt.stdout, stderr)
			}
			// -q leaves the name alone.
			res = roottest.Run(t, "", append(tt.args, "-q", "profile", "current")...)
			if res.Code != 0 || res.Stdout != tt.stdout || res.Stderr != "" {
				t.Errorf("-q: exit %d, stdout %q, stderr %q", res.Code, res.Stdout, res.Stderr)
			}
		})
	}
}

// -o json and yaml print the name, what chose it, the file and whether it
// holds the profile.
func TestCurrentAsJSONAndYAML(t *testing.T) {
	path := roottest.Isolate(t)
	roottest.WriteFile(t, path, threeProfiles)
	t.Setenv("KANKA_PROFILE", "rehearsal")
	res := roottest.Run(t, "", "profile", "current", "-o", "json")
	want := fmt.Sprintf(`{
  "name": "rehearsal",
  "source": "environment",
  "config": %q,
  "exists": true
}
`, path)
	if res.Code != 0 || res.Stdout != want || res.Stderr != "" {
		t.Errorf("-o json: exit %d, stderr %q, stdout:\n%s\nwant:\n%s", res.Code, res.Stderr, res.Stdout, want)
	}
	t.Setenv("KANKA_PROFILE", "")
	res = roottest.Run(t, "", "-p", "nowhere", "profile", "current", "-o", "yaml")
	want = fmt.Sprintf("name: nowhere\nsource: flag\nconfig: %s\nexists: false\n", path)
	if res.Code != 0 || res.Stdout != want || res.Stderr != "" {
		t.Errorf("-o yaml: exit %d, stderr %q, stdout:\n%s\nwant:\n%s", res.Code, res.Stderr, res.Stdout, want)
	}
	res = roottest.Run(t, "", "profile", "current", "--jq", ".source")
	if res.Code != 0 || res.Stdout != "active\n" {
		t.Errorf("--jq .source: exit %d, stdout %q, stderr %q", res.Code, res.Stdout, res.Stderr)
	}
}
