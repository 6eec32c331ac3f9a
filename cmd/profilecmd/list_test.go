package profilecmd_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/kanka-cli/kanka/cmd/root/roottest"
)

// threeProfiles is a file as a user keeps it: comments, a token, a URL
// with a password, a profile with nothing under it.
const threeProfiles = `# my kanka
active: home
profiles:
  home:
    url: https://me:hunter2@kanka.example/api/1.0
    token: a-long-secret-token
    campaign: 3 # the old one
  # for rehearsals
  rehearsal:
    sandbox: true
    max_wait: 5m
  work:
`

// list shows every profile of the file, marks the one in use, and never
// shows a token or a URL's password.
func TestListMarksTheProfileInUse(t *testing.T) {
	path := roottest.Isolate(t)
	roottest.WriteFile(t, path, threeProfiles)
	tests := []struct {
		args []string
		env  string
		want string
	}{
		{nil, "", `CURRENT  NAME       URL                                     CAMPAIGN  SANDBOX  TOKEN
*        home       https://me:xxxxx@kanka.example/api/1.0  3                  set
         rehearsal                                                    yes      none
         work                                                                  none
`},
		{[]string{"-p", "work"}, "", `CURRENT  NAME       URL                                     CAMPAIGN  SANDBOX  TOKEN
         home       https://me:xxxxx@kanka.example/api/1.0  3                  set
         rehearsal                                                    yes      none
*        work                                                                  none
`},
		{[]string{"--no-headers"}, "rehearsal", `   home       https://me:xxxxx@kanka.example/api/1.0  3       set
*  rehearsal                                             yes  none
   work                                                       none
`},
	}
	for _, tt := range tests {
		t.Setenv("KANKA_PROFILE", tt.env)
		res := roottest.Run(t, "", append(tt.args, "profile", "list")...)
		if res.Code != 0 || res.Stdout != tt.want || res.Stderr != "" {
			t.Errorf("%v KANKA_PROFILE=%q: exit %d, stderr %q, stdout:\n%s\nwant:\n%s", tt.args, tt.env, res.Code, res.Stderr, res.Stdout, tt.want)
		}
	}
	if got := roottest.ReadFile(t, path); got != threeProfiles {
		t.Errorf("list changed the file:\n%s", got)
	}
}

// -o json is an array of objects with the same keys each, unset settings
// null; the token is only said to be set. -o yaml is the same list.
func TestListAsJSONAndYAML(t *testing.T) {
	path := roottest.Isolate(t)
	roottest.WriteFile(t, path, threeProfiles)
	res := roottest.Run(t, "", "-p", "rehearsal", "profile", "list", "-o", "json")
	want := `[
  {
    "name": "home",
    "url": "https://me:xxxxx@kanka.example/api/1.0",
    "campaign": 3,
    "sandbox": false,
    "max_wait": null,
    "token_set": true,
    "active": true,
    "current": false
  },
  {
    "name": "rehearsal",
    "url": null,
    "campaign": null,
    "sandbox": true,
    "max_wait": "5m",
    "token_set": false,
    "active": false,
    "current": true
  },
  {
    "name": "work",
    "url": null,
    "campaign": null,
    "sandbox": false,
    "max_wait": null,
    "token_set": false,
    "active": false,
    "current": false
  }
]
`
	if res.Code != 0 || res.Stdout != want || res.Stderr != "" {
		t.Errorf("-o json: exit %d, stderr %q, stdout:\n%s\nwant:\n%s", res.Code, res.Stderr, res.Stdout, want)
	}

	res = roottest.Run(t, "", "profile", "list", "-o", "yaml")
	wantYAML := `- name: home
  url: https://me:xxxxx@kanka.example/api/1.0
  campaign: 3
  sandbox: false
  max_wait: null
  token_set: true
  active: true
  current: true
- name: rehearsal
  url: null
  campaign: null
  sandbox: true
  max_wait: 5m
  token_set: false
  active: false
  current: false
- name: work
  url: null
  campaign: null
  sandbox: false
  max_wait: null
  token_set: false
  active: false
  current: false
`
	if res.Code != 0 || res.Stdout != wantYAML {
		t.Errorf("-o yaml: exit %d, stderr %q, stdout:\n%s\nwant:\n%s", res.Code, res.Stderr, res.Stdout, wantYAML)
	}

	res = roottest.Run(t, "", "profile", "list", "--jq", ".[] | select(.token_set) | .name")
	if res.Code != 0 || res.Stdout != "home\n" {
		t.Errorf("--jq: exit %d, stdout %q, stderr %q", res.Code, res.Stdout, res.Stderr)
	}
	for _, format := range []string{"json", "yaml", "table"} {
		res := roottest.Run(t, "", "profile", "list", "-o", format)
		if strings.Contains(res.Stdout+res.Stderr, "a-long-secret-token") || strings.Contains(res.Stdout+res.Stderr, "hunter2") {
			t.Errorf("-o %s printed a secret:\n%s%s", format, res.Stdout, res.Stderr)
		}
	}
}

// With no profile, the table is empty and stderr says how to make one;
// -o json is an empty array. A profile in use that the file lacks is
// pointed out.
func TestListOfAnEmptyFile(t *testing.T) {
	path := roottest.Isolate(t)
	res := roottest.Run(t, "", "profile", "list")
	want := fmt.Sprintf("%s holds no profiles yet: `kanka auth login` or `kanka config set KEY VALUE` makes one.\n", path)
	if res.Code != 0 || res.Stdout != "" || res.Stderr != want {
		t.Errorf("exit %d, stdout %q, stderr %q, want stderr %q", res.Code, res.Stdout, res.Stderr, want)
	}
	if res := roottest.Run(t, "", "profile", "list", "-o", "json"); res.Code != 0 || res.Stdout != "[]\n" || res.Stderr != "" {
		t.Errorf("-o json: exit %d, stdout %q, stderr %q", res.Code, res.Stdout, res.Stderr)
	}

	roottest.WriteFile(t, path, "profiles:\n  home: {}\n")
	res = roottest.Run(t, "", "-q", "profile", "list")
	if res.Code != 0 || res.Stderr != "" {
		t.Errorf("-q: exit %d, stderr %q", res.Code, res.Stderr)
	}
	res = roottest.Run(t, "", "profile", "list")
	want = fmt.Sprintf("The profile in use, \"default\", is not in %s.\n", path)
	if res.Code != 0 || res.Stderr != want || !strings.HasPrefix(res.Stdout, "CURRENT  NAME  URL") {
		t.Errorf("exit %d, stdout %q, stderr %q, want stderr %q", res.Code, res.Stdout, res.Stderr, want)
	}
}

// list and current print a table or a line, json or yaml: any other -o
// is refused before the file is read.
func TestListAndCurrentRefuseOtherFormats(t *testing.T) {
	roottest.Isolate(t)
	for _, tt := range []struct{ args, want []string }{
		{[]string{"profile", "list", "-o", "wide"}, []string{"error: profile list prints a table, or -o json or yaml, not -o wide"}},
		{[]string{"profile", "current", "-o", "id"}, []string{"error: profile current prints a name, or -o json or yaml, not -o id"}},
	} {
		res := roottest.Run(t, "", tt.args...)
		want := strings.Join(tt.want, "\n") + "\n"
		if res.Code != 2 || res.Stdout != "" || res.Stderr != want {
			t.Errorf("%v: exit %d, stdout %q, stderr:\n%s\nwant:\n%s", tt.args, res.Code, res.Stdout, res.Stderr, want)
		}
	}
}

// Every profile command shows examples in its help.
func TestHelpHasExamples(t *testing.T) {
	roottest.Isolate(t)
	for _, cmd := range [][]string{{"profile"}, {"profile", "list"}, {"profile", "current"}, {"profile", "delete"}} {
		res := roottest.Run(t, "", append(cmd, "--help")...)
		if res.Code != 0 || !strings.Contains(res.Stdout, "\nExamples:\n  kanka ") {
			t.Errorf("kanka %s --help: exit %d, no examples:\n%s", strings.Join(cmd, " "), res.Code, res.Stdout)
		}
	}
}
