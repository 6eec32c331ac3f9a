package main

import (
	"fmt"
	"os"
	"runtime"
	"strings"
	"testing"

	"github.com/kanka-cli/kanka/sandbox"
)

// Profiles as a user keeps them: listed, the one in use named, deleted;
// what `auth login` saves; and the -o json of version, auth status, config
// list and profile list, which never hold a token.

func TestE2EProfileListCurrentDelete(t *testing.T) {
	t.Parallel()
	srv := startSandbox(t, false)
	k := newKanka(t, nil)
	k.ok(t, "config", "set", "url", srv.Root)
	k.ok(t, "config", "set", "token", sandbox.DefaultToken)
	k.ok(t, "config", "set", "campaign", "1")
	k.ok(t, "-p", "rehearsal", "config", "set", "sandbox", "true")
	config := k.configPath()

	want := fmt.Sprintf("CURRENT  NAME       URL%s  CAMPAIGN  SANDBOX  TOKEN\n"+
		"*        default    %s  1                  set\n"+
		"         rehearsal  %s            yes      none\n",
		strings.Repeat(" ", len(srv.Root)-3), srv.Root, strings.Repeat(" ", len(srv.Root)))
	if r := k.run(t, "profile", "list"); r.code != 0 || r.stdout != want || r.stderr != "" {
		t.Errorf("profile list: want exit 0 and\n%s%s", want, r)
	}
	r := k.run(t, "-p", "rehearsal", "profile", "list", "-o", "json", "--jq", `[.[] | [.name, .token_set, .active, .current]]`)
	if want := `[["default",true,true,false],["rehearsal",false,false,true]]` + "\n"; r.code != 0 || r.stdout != want {
		t.Errorf("profile list -o json: want %q; %s", want, r)
	}
	for _, args := range [][]string{{"profile", "list", "-o", "json"}, {"profile", "list", "-o", "yaml"}, {"config", "list", "-o", "json"}, {"auth", "status", "-o", "json"}} {
		if r := k.run(t, args...); strings.Contains(r.stdout+r.stderr, sandbox.DefaultToken) {
			t.Errorf("the token was printed; %s", r)
		}
	}

	if r := k.run(t, "profile", "current"); r.code != 0 || r.stdout != "default\n" || r.stderr != "the active profile of "+config+"\n" {
		t.Errorf("profile current: want default, the active profile; %s", r)
	}
	r = k.with("KANKA_PROFILE=rehearsal").run(t, "profile", "current")
	if r.code != 0 || r.stdout != "rehearsal\n" || r.stderr != "chosen by KANKA_PROFILE; the active profile of "+config+" is \"default\"\n" {
		t.Errorf("profile current with KANKA_PROFILE: %s", r)
	}

	// Without a terminal delete needs --yes; an unknown name is refused
	// with the near one; the file is left alone by both.
	before, _ := os.ReadFile(config)
	k.fails(t, 2, "profile", "delete", "rehearsal")
	r = k.fails(t, 2, "profile", "delete", "rehersal", "--yes")
	if !strings.Contains(r.stderr, `did you mean "rehearsal"?`) {
		t.Errorf("delete rehersal: want did you mean; %s", r)
	}
	if after, _ := os.ReadFile(config); string(after) != string(before) {
		t.Errorf("a refused delete changed the file:\n%s", after)
	}

	// Deleting the active profile leaves none active: the next run uses
	// "default", which is gone, and says so.
	k.ok(t, "profile", "delete", "default", "--yes")
	f := loadConfig(t, k)
	if f.Active != "" || f.Has("default") || !f.Has("rehearsal") {
		t.Errorf("after deleting default: active %q, profiles %v", f.Active, f.Names())
	}
	if r := k.run(t, "profile", "current", "-o", "json", "--jq", "[.name, .source, .exists]"); r.stdout != `["default","default",false]`+"\n" {
		t.Errorf("profile current after the delete: %s", r)
	}
}

// A profile deleted while another kanka changes another one: both
// changes are kept, as for `config set` (the file's lock).
func TestE2EProfileDeleteKeepsAConcurrentChange(t *testing.T) {
	t.Parallel()
	k := newKanka(t, nil)
	var runs [][]string
	for i := range 6 {
		k.ok(t, "-p", fmt.Sprintf("old%d", i), "config", "set", "campaign", "1")
	}
	for i := range 6 {
		runs = append(runs,
			[]string{"profile", "delete", fmt.Sprintf("old%d", i), "--yes"},
			[]string{"-p", fmt.Sprintf("new%d", i), "config", "set", "campaign", "2"})
	}
	for _, r := range k.runTogether(t, runs...) {
		if r.code != 0 {
			t.Errorf("want exit 0; %s", r)
		}
	}
	f := loadConfig(t, k)
	if got := strings.Join(f.Names(), " "); got != "new0 new1 new2 new3 new4 new5" {
		t.Errorf("profiles after the runs: %s", got)
	}
}

// auth login saves the token and what was given as flags; the shell's
// KANKA_URL and KANKA_CAMPAIGN serve the check only.
func TestE2EAuthLoginSavesNoSettingOfTheEnvironment(t *testing.T) {
	t.Parallel()
	srv := startSandbox(t, false)
	k := newKanka(t, srv).without("KANKA_TOKEN")
	r := k.runIn(t, sandbox.DefaultToken+"\n", "auth", "login", "--with-token")
	if r.code != 0 || !strings.Contains(r.stderr, "KANKA_URL and KANKA_CAMPAIGN served the check but were not saved") {
		t.Fatalf("login: want exit 0, saying what was not saved; %s", r)
	}
	f := loadConfig(t, k)
	if p := f.Get("default"); p == nil || p.Token != sandbox.DefaultToken || p.URL != "" || p.Campaign != 0 {
		t.Errorf("saved %+v; want the token alone", p)
	}
	data, _ := os.ReadFile(k.configPath())
	if strings.Contains(string(data), "url:") || strings.Contains(string(data), "campaign:") {
		t.Errorf("the file holds a setting of the environment:\n%s", data)
	}

	// A profile's own url stays; -c, given for this login, is saved.
	k.ok(t, "config", "set", "url", "https://kanka.example/api/1.0")
	r = k.runIn(t, sandbox.DefaultToken+"\n", "-c", "1", "auth", "login", "--with-token")
	if r.code != 0 {
		t.Fatalf("second login: %s", r)
	}
	if p := loadConfig(t, k).Get("default"); p.URL != "https://kanka.example/api/1.0" || p.Campaign != 1 {
		t.Errorf("saved %+v; want the profile's url kept and campaign 1", p)
	}
}

// version, auth status, config list and profile list print one value with
// -o json; auth status keeps exit 3 for a refused token.
func TestE2EMachineOutput(t *testing.T) {
	t.Parallel()
	srv := startSandbox(t, false)
	k := newKanka(t, srv)

	v := decodeObject(t, k.ok(t, "version", "-o", "json"))
	if v["version"] != "(devel)" || v["go_version"] != runtime.Version() || v["os"] != runtime.GOOS || v["arch"] != runtime.GOARCH || v["date"] != nil {
		t.Errorf("version -o json: %v", v)
	}
	if _, ok := v["commit"]; !ok {
		t.Errorf("version -o json has no commit key: %v", v)
	}

	s := decodeObject(t, k.ok(t, "auth", "status", "-o", "json"))
	if s["status"] != "works" || s["token_set"] != true || s["token"] != "sand…" || s["token_source"] != "environment" || s["campaign"] != float64(1) {
		t.Errorf("auth status -o json: %v", s)
	}
	r := k.with("KANKA_TOKEN=not-the-token").run(t, "auth", "status", "-o", "json")
	if r.code != 3 || decodeObject(t, r.stdout)["status"] != "refused" || strings.Contains(r.stdout+r.stderr, "not-the-token") {
		t.Errorf("auth status -o json with a refused token: want exit 3, status refused, no token; %s", r)
	}

	k.ok(t, "config", "set", "campaign", "7")
	if c := decodeObject(t, k.ok(t, "config", "list", "-o", "json")); len(c) != 1 || c["campaign"] != float64(7) {
		t.Errorf("config list -o json: %v", c)
	}
	if out := k.ok(t, "profile", "list", "-o", "yaml"); !strings.HasPrefix(out, "- name: default\n") {
		t.Errorf("profile list -o yaml:\n%s", out)
	}
	k.fails(t, 2, "version", "-o", "wide")
}
