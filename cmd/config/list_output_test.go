package config_test

import (
	"strings"
	"testing"

	"github.com/kanka-cli/kanka/cmd/root/roottest"
)

// config list -o json and -o yaml print the keys the profile sets as one
// object, in the file's shape, the token masked as in the text; a profile
// that sets none is an empty object.
func TestListAsJSONAndYAML(t *testing.T) {
	path := roottest.Isolate(t)
	roottest.WriteFile(t, path, `active: home
profiles:
  home:
    url: https://me:hunter2@kanka.example/api/1.0
    token: a-long-secret-token
    campaign: 3
    max_wait: 5m
  play:
    sandbox: true
  bare: {}
`)
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"config", "list", "-o", "json"}, `{
  "url": "https://me:xxxxx@kanka.example/api/1.0",
  "token": "a-lo…",
  "campaign": 3,
  "max_wait": "5m"
}
`},
		{[]string{"-p", "play", "config", "list", "-o", "yaml"}, "sandbox: true\n"},
		{[]string{"-p", "bare", "config", "list", "-o", "json"}, "{}\n"},
		{[]string{"-p", "nowhere", "config", "list", "-o", "yaml"}, "{}\n"},
		{[]string{"config", "list", "--jq", ".campaign"}, "3\n"},
	}
	for _, tt := range tests {
		res := roottest.Run(t, "", tt.args...)
		if res.Code != 0 || res.Stdout != tt.want || res.Stderr != "" {
			t.Errorf("%v: exit %d, stderr %q, stdout:\n%s\nwant:\n%s", tt.args, res.Code, res.Stderr, res.Stdout, tt.want)
		}
		if strings.Contains(res.Stdout, "a-long-secret-token") || strings.Contains(res.Stdout, "hunter2") {
			t.Errorf("%v printed a secret:\n%s", tt.args, res.Stdout)
		}
	}
	res := roottest.Run(t, "", "config", "list", "-o", "id")
	want := "error: config list prints key=value lines, or -o json or yaml, not -o id\n"
	if res.Code != 2 || res.Stdout != "" || res.Stderr != want {
		t.Errorf("-o id: exit %d, stdout %q, stderr:\n%s\nwant:\n%s", res.Code, res.Stdout, res.Stderr, want)
	}
}
