package auth_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/kanka-cli/kanka/cmd/root/roottest"
)

// auth status names the active profile when another is in use.
func TestStatusNamesTheActiveProfile(t *testing.T) {
	path := roottest.Isolate(t)
	roottest.WriteFile(t, path, "active: home\nprofiles:\n  home: {}\n  work: {}\n")
	tests := []struct {
		args []string
		env  string
		want string
	}{
		{nil, "", fmt.Sprintf("profile:   home (active) in %s\n", path)},
		{[]string{"-p", "work"}, "", fmt.Sprintf("profile:   work (flag; the active profile is home) in %s\n", path)},
		{nil, "work", fmt.Sprintf("profile:   work (environment; the active profile is home) in %s\n", path)},
		{[]string{"-p", "home"}, "", fmt.Sprintf("profile:   home (active) in %s\n", path)},
	}
	for _, tt := range tests {
		t.Setenv("KANKA_PROFILE", tt.env)
		res := roottest.Run(t, "", append(tt.args, "auth", "status")...)
		if res.Code != 3 || !strings.HasPrefix(res.Stdout, tt.want) {
			t.Errorf("%v KANKA_PROFILE=%q: exit %d, stdout:\n%s\nwant first line %q", tt.args, tt.env, res.Code, res.Stdout, tt.want)
		}
	}
}

// Every auth command shows examples in its help.
func TestHelpHasExamples(t *testing.T) {
	roottest.Isolate(t)
	for _, cmd := range [][]string{{"auth"}, {"auth", "login"}, {"auth", "status"}, {"auth", "logout"}} {
		res := roottest.Run(t, "", append(cmd, "--help")...)
		if res.Code != 0 || !strings.Contains(res.Stdout, "\nExamples:\n  kanka ") {
			t.Errorf("kanka %s --help: exit %d, no examples:\n%s", strings.Join(cmd, " "), res.Code, res.Stdout)
		}
	}
}
