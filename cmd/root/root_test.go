package root_test

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/kanka-cli/kanka/cmd/root"
	"github.com/kanka-cli/kanka/cmd/root/roottest"
)

// TestSettingsPrecedenceReachesTheRequest checks flag > env > profile >
// default on what is actually sent: the campaign in the path, the token in
// the Authorization header, the server in the URL.
func TestSettingsPrecedenceReachesTheRequest(t *testing.T) {
	tests := []struct {
		name      string
		profile   bool
		env       bool
		flags     bool
		wantToken string
		wantCamp  int
	}{
		{name: "profile", profile: true, wantToken: "profile-token", wantCamp: 1},
		{name: "env over profile", profile: true, env: true, wantToken: "env-token", wantCamp: 2},
		{name: "flag over env", profile: true, env: true, flags: true, wantToken: "flag-token", wantCamp: 3},
		{name: "flag alone", flags: true, wantToken: "flag-token", wantCamp: 3},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := roottest.Isolate(t)
			profileSrv := roottest.NewServer(t, tt.wantToken, tt.wantCamp)
			envSrv := roottest.NewServer(t, tt.wantToken, tt.wantCamp)
			flagSrv := roottest.NewServer(t, tt.wantToken, tt.wantCamp)
			if tt.profile {
				writeFile(t, path, fmt.Sprintf("active: main\nprofiles:\n  main:\n    url: %s\n    token: profile-token\n    campaign: 1\n", profileSrv.APIRoot()))
			}
			if tt.env {
				t.Setenv("KANKA_URL", envSrv.APIRoot())
				t.Setenv("KANKA_TOKEN", "env-token")
				t.Setenv("KANKA_CAMPAIGN", "2")
			}
			args := []string{"auth", "status"}
			if tt.flags {
				args = append(args, "--url", flagSrv.APIRoot(), "--token", "flag-token", "-c", "3")
			}
			res := roottest.Run(t, "", args...)
			if res.Code != 0 {
				t.Fatalf("exit %d: %s", res.Code, res.Stderr)
			}
			want := map[bool]*roottest.Server{true: flagSrv}[tt.flags]
			if want == nil && tt.env {
				want = envSrv
			}
			if want == nil {
				want = profileSrv
			}
			for _, srv := range []*roottest.Server{profileSrv, envSrv, flagSrv} {
				reqs := srv.Requests()
				if srv != want {
					if len(reqs) != 0 {
						t.Errorf("a server that should not be used got %v", reqs)
					}
					continue
				}
				wantReq := roottest.Request{Method: "GET", Path: fmt.Sprintf("/api/1.0/campaigns/%d/calendars", tt.wantCamp),
					Authorization: "Bearer " + tt.wantToken, Accept: "application/json", UserAgent: "kanka/devel"}
				if len(reqs) != 1 || reqs[0] != wantReq {
					t.Errorf("requests %+v, want exactly %+v", reqs, wantReq)
				}
			}
		})
	}
}

func TestUsageErrorsSendNothing(t *testing.T) {
	tests := []struct {
		args   []string
		stderr string
	}{
		{[]string{"auth", "status", "--bogus"}, "error: unknown flag: --bogus\nRun 'kanka auth status --help' for usage.\n"},
		{[]string{"auth", "status", "extra"}, "error: unexpected argument \"extra\": kanka auth status takes none\nRun 'kanka auth status --help' for usage.\n"},
		{[]string{"calendar", "list", "--limt", "3"}, "error: unknown flag: --limt; did you mean --limit?\nRun 'kanka calendar list --help' for usage.\n"},
		{[]string{"-o", "xml", "auth", "status"}, "error: unknown output format \"xml\": use one of table, wide, json, yaml, ndjson or id\n"},
		{[]string{"--timeout", "-5s", "auth", "status"}, "error: --timeout must be a positive duration such as 30s or 2m, not \"-5s\"\n"},
		{[]string{"-c", "my-campaign", "auth", "status"}, "error: campaign must be a positive number (the id in the campaign's URL), not \"my-campaign\"\n"},
		{[]string{"auth", "lgoin"}, "error: unknown command \"lgoin\" for \"kanka auth\"; did you mean \"login\"?\nRun 'kanka auth --help' for usage.\n"},
		{[]string{"calender"}, "error: unknown command \"calender\" for \"kanka\"; did you mean \"calendar\"?\nRun 'kanka --help' for usage.\n"},
		// Typos: the nearest command (not cobra's "get" for "lst"), found
		// before the group trips on a flag of the command meant; the
		// nearest -o value.
		{[]string{"calendar", "lst"}, "error: unknown command \"lst\" for \"kanka calendar\"; did you mean \"list\"?\nRun 'kanka calendar --help' for usage.\n"},
		{[]string{"weather", "lst", "--calendar", "1"}, "error: unknown command \"lst\" for \"kanka weather\"; did you mean \"list\"?\nRun 'kanka weather --help' for usage.\n"},
		{[]string{"-c", "5", "weather", "--calendar", "1", "lst"}, "error: unknown command \"lst\" for \"kanka weather\"; did you mean \"list\"?\nRun 'kanka weather --help' for usage.\n"},
		{[]string{"weather", "delet", "-y", "--calendar", "1", "3"}, "error: unknown command \"delet\" for \"kanka weather\"; did you mean \"delete\"?\nRun 'kanka weather --help' for usage.\n"},
		{[]string{"-o", "jsn", "calendar", "list"}, "error: unknown output format \"jsn\"; did you mean \"json\"? (one of table, wide, json, yaml, ndjson or id)\n"},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			roottest.Isolate(t)
			srv := roottest.NewServer(t, "a-good-token", 5)
			t.Setenv("KANKA_URL", srv.APIRoot())
			t.Setenv("KANKA_TOKEN", "a-good-token")
			t.Setenv("KANKA_CAMPAIGN", "5")
			res := roottest.Run(t, "", tt.args...)
			if res.Code != 2 || res.Stderr != tt.stderr {
				t.Errorf("exit %d, stderr:\n%s\nwant exit 2, stderr:\n%s", res.Code, res.Stderr, tt.stderr)
			}
			if n := len(srv.Requests()); n != 0 {
				t.Errorf("%d requests sent", n)
			}
		})
	}
}

func TestAGroupCommandAloneShowsItsHelp(t *testing.T) {
	roottest.Isolate(t)
	res := roottest.Run(t, "", "auth")
	if res.Code != 0 || !strings.Contains(res.Stdout, "kanka auth [command]") || res.Stderr != "" {
		t.Errorf("exit %d, stdout %q, stderr %q", res.Code, res.Stdout, res.Stderr)
	}
}

func TestDebugLogsRequestsWithoutTheToken(t *testing.T) {
	for _, how := range []string{"flag", "env"} {
		t.Run(how, func(t *testing.T) {
			roottest.Isolate(t)
			srv := roottest.NewServer(t, "s3cret-t0ken-value", 5)
			args := []string{"--url", srv.APIRoot(), "--token", "s3cret-t0ken-value", "-c", "5", "auth", "status"}
			if how == "flag" {
				args = append(args, "--debug")
			} else {
				t.Setenv("KANKA_DEBUG", "1")
			}
			res := roottest.Run(t, "", args...)
			if res.Code != 0 {
				t.Fatalf("exit %d: %s", res.Code, res.Stderr)
			}
			wantStart := "> GET " + srv.APIRoot() + "/campaigns/5/calendars\n> Authorization: Bearer [redacted]\n< 200 in "
			if !strings.HasPrefix(res.Stderr, wantStart) {
				t.Errorf("stderr:\n%s\nwant it to start with:\n%s", res.Stderr, wantStart)
			}
			if strings.Contains(res.Stderr+res.Stdout, "s3cret") {
				t.Errorf("the token was printed:\n%s%s", res.Stdout, res.Stderr)
			}
		})
	}
}

func TestNoDebugLogByDefault(t *testing.T) {
	roottest.Isolate(t)
	srv := roottest.NewServer(t, "a-good-token", 5)
	res := roottest.Run(t, "", "--url", srv.APIRoot(), "--token", "a-good-token", "-c", "5", "auth", "status")
	if res.Code != 0 || res.Stderr != "" {
		t.Errorf("exit %d, stderr %q", res.Code, res.Stderr)
	}
}

func TestInterruptedRunExits130(t *testing.T) {
	roottest.Isolate(t)
	srv := roottest.NewServer(t, "a-good-token", 5)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	res := roottest.RunStreams(t, ctx, "", nil, "--url", srv.APIRoot(), "--token", "a-good-token", "-c", "5", "auth", "status")
	if res.Code != 130 || !strings.HasSuffix(res.Stderr, "interrupted\n") {
		t.Errorf("exit %d, stderr %q; want 130 and \"interrupted\"", res.Code, res.Stderr)
	}
}

func TestVersion(t *testing.T) {
	roottest.Isolate(t)
	for _, args := range [][]string{{"version"}, {"--version"}} {
		res := roottest.Run(t, "", args...)
		if res.Code != 0 || res.Stdout != "kanka (devel)\n" {
			t.Errorf("%v: exit %d, stdout %q", args, res.Code, res.Stdout)
		}
	}
	defer func(v, c string) { root.Version, root.Commit = v, c }(root.Version, root.Commit)
	root.Version, root.Commit = "1.4.0", "3f2a9c1"
	res := roottest.Run(t, "", "version")
	if res.Stdout != "kanka 1.4.0 (3f2a9c1)\n" {
		t.Errorf("stdout %q", res.Stdout)
	}
}

func TestSandbox(t *testing.T) {
	roottest.Isolate(t)
	// A live token and campaign in the environment are for a real server:
	// the sandbox does not get them.
	t.Setenv("KANKA_TOKEN", "a-live-token")
	t.Setenv("KANKA_CAMPAIGN", "777")
	res := roottest.Run(t, "", "--sandbox", "auth", "status")
	want := "url:       the built-in sandbox (flag)\ncampaign:  the sandbox's\ntoken:     the sandbox's\nstatus:    the token works\n"
	if res.Code != 0 || !strings.HasSuffix(res.Stdout, want) {
		t.Errorf("exit %d, stdout:\n%s\nwant it to end with:\n%s\nstderr: %s", res.Code, res.Stdout, want, res.Stderr)
	}

	res = roottest.Run(t, "", "--sandbox", "--token", "wrong-token", "auth", "status")
	if res.Code != 3 || !strings.Contains(res.Stdout, "status:    the token does not work\n") {
		t.Errorf("a wrong token on the sandbox: exit %d, stdout:\n%s\nstderr: %s", res.Code, res.Stdout, res.Stderr)
	}
}

func writeFile(t *testing.T, path, body string) {
	t.Helper()
	if err := os.MkdirAll(strings.TrimSuffix(path, "/config.yaml"), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(body), 0o600); err != nil {
		t.Fatal(err)
	}
}

func TestGlobalFlagValuesAreCompleted(t *testing.T) {
	path := roottest.Isolate(t)
	writeFile(t, path, "profiles:\n  work: {}\n  home: {}\n")
	res := roottest.Run(t, "", "__complete", "config", "list", "-p", "")
	if want := "home\nwork\n:4\n"; res.Stdout != want {
		t.Errorf("-p: %q, want %q", res.Stdout, want)
	}
	res = roottest.Run(t, "", "__complete", "version", "-o", "")
	if want := "table\nwide\njson\nyaml\nndjson\nid\n:4\n"; res.Stdout != want {
		t.Errorf("-o: %q, want %q", res.Stdout, want)
	}
}

func TestAMistypedConfigurationFileIsAUsageError(t *testing.T) {
	path := roottest.Isolate(t)
	writeFile(t, path, "active: main\nprofiles:\n  main:\n    tokn: abc\n")
	res := roottest.Run(t, "", "config", "list")
	want := "error: reading " + path + ": line 4: field tokn not found\n"
	if res.Code != 2 || res.Stderr != want {
		t.Errorf("exit %d, stderr:\n%s\nwant:\n%s", res.Code, res.Stderr, want)
	}
}
