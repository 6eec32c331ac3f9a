package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kanka-cli/kanka/sandbox"
)

// auth, completion and --debug of the built binary against the sandbox.

// without returns a copy of k without the environment variable name.
func (k *kanka) without(name string) *kanka {
	c := &kanka{home: k.home}
	for _, v := range k.env {
		if !strings.HasPrefix(v, name+"=") {
			c.env = append(c.env, v)
		}
	}
	return c
}

func TestE2EAuthLoginWithToken(t *testing.T) {
	t.Parallel()
	eachMode(t, func(t *testing.T, live bool) {
		srv := startSandbox(t, live)
		k := newKanka(t, srv).without("KANKA_TOKEN")
		config := filepath.Join(k.home, "config", "kanka", "config.yaml")

		// A refused token: exit 3 after one check, nothing saved.
		mark := srv.mark()
		r := k.runIn(t, "not-the-token\n", "auth", "login", "--with-token")
		if r.code != 3 || !strings.Contains(r.stderr, "nothing was saved") || strings.Contains(r.stderr, "not-the-token") {
			t.Errorf("login with a bad token: want exit 3, 'nothing was saved', no token shown; %s", r)
		}
		if sent := srv.since(mark); len(sent) != 1 || sent[0].Status != 401 {
			t.Errorf("login with a bad token sent %v, want one check answered 401", sent)
		}
		if _, err := os.Stat(config); !os.IsNotExist(err) {
			t.Errorf("after a refused login the config file exists (%v)", err)
		}

		// A working token: checked with one request, saved 0600 in a 0700 directory.
		mark = srv.mark()
		r = k.runIn(t, sandbox.DefaultToken+"\n", "auth", "login", "--with-token")
		if r.code != 0 || strings.Contains(r.stdout+r.stderr, sandbox.DefaultToken) {
			t.Fatalf("login: want exit 0 and the token never shown; %s", r)
		}
		if sent := srv.since(mark); len(sent) != 1 || sent[0].Status != 200 {
			t.Errorf("login sent %v, want one check answered 200", sent)
		}
		if info, err := os.Stat(config); err != nil || info.Mode().Perm() != 0o600 {
			t.Errorf("config file: %v, mode %v; want 0600", err, info.Mode().Perm())
		}
		if info, err := os.Stat(filepath.Dir(config)); err != nil || info.Mode().Perm() != 0o700 {
			t.Errorf("config directory: %v, mode %v; want 0700", err, info.Mode().Perm())
		}
		if data, _ := os.ReadFile(config); !strings.Contains(string(data), "token: "+sandbox.DefaultToken) {
			t.Errorf("the config file does not hold the token:\n%s", data)
		}

		r = k.run(t, "auth", "status")
		if r.code != 0 || strings.Contains(r.stdout+r.stderr, sandbox.DefaultToken) ||
			!strings.Contains(r.stdout, "token:     sand… (profile)\n") ||
			!strings.Contains(r.stdout, "status:    the token works\n") {
			t.Errorf("auth status: want the masked token from the profile, working; %s", r)
		}
		// The saved token serves the next commands.
		createHarptos(t, k)

		// logout removes it: the next command is refused before any request.
		k.ok(t, "auth", "logout")
		if data, _ := os.ReadFile(config); strings.Contains(string(data), sandbox.DefaultToken) {
			t.Errorf("after logout the config file still holds the token:\n%s", data)
		}
		mark = srv.mark()
		r = k.run(t, "calendar", "list")
		if r.code != 3 || !strings.Contains(r.stderr, "kanka auth login") {
			t.Errorf("after logout: want exit 3 and the login hint; %s", r)
		}
		wantNoRequests(t, srv, mark)
	})
}

func TestE2ECompletion(t *testing.T) {
	t.Parallel()
	eachMode(t, func(t *testing.T, live bool) {
		srv := startSandbox(t, live)
		k := newKanka(t, srv)
		createHarptos(t, k)

		if out := k.ok(t, "completion", "bash"); !strings.HasPrefix(out, "# bash completion V2 for kanka") ||
			!strings.Contains(out, "__start_kanka") {
			t.Errorf("completion bash printed no bash script:\n%.200s", out)
		}
		out := k.ok(t, "__complete", "calendar", "get", "")
		if want := "1\tCalendar of Harptos\n:4\n"; out != want {
			t.Errorf("__complete calendar get '' = %q, want %q", out, want)
		}
		out = k.ok(t, "__complete", "weather", "list", "--calendar", "")
		if !strings.Contains(out, "1\tCalendar of Harptos\n") {
			t.Errorf("__complete weather list --calendar '' = %q, want the calendar", out)
		}
		k.ok(t, "weather", "create", "--calendar", "1", "--date", "1492-1-3", "--weather", "snowflake")
		out = k.ok(t, "__complete", "weather", "get", "--calendar", "Calendar of Harptos", "")
		if want := "1\t1492-1-3 snowflake\n:4\n"; out != want {
			t.Errorf("__complete weather get --calendar NAME '' = %q, want %q", out, want)
		}
		out = k.ok(t, "__complete", "weather", "get", "")
		// The required --calendar is offered (cobra, for a flag marked
		// required), never a file.
		if want := "--calendar\tthe calendar, by `ID|NAME` (required)\n:4\n"; out != want {
			t.Errorf("__complete weather get '' without --calendar = %q, want %q (the flag, no files)", out, want)
		}
	})
}

func TestE2EDebugLogsRequestsWithoutTheToken(t *testing.T) {
	t.Parallel()
	eachMode(t, func(t *testing.T, live bool) {
		srv := startSandbox(t, live)
		k := newKanka(t, srv)
		for _, run := range []struct {
			k    *kanka
			args []string
			want []string
		}{
			{k, []string{"--debug", "calendar", "create", "-f", harptosFile, "-o", "id"},
				[]string{"> POST " + srv.Root + "/campaigns/1/calendars\n", `"month_name":["Hammer",`}},
			{k.with("KANKA_DEBUG=1"), []string{"calendar", "list", "-o", "id"},
				[]string{"> GET " + srv.Root + "/campaigns/1/calendars\n", "< 200 "}},
		} {
			r := run.k.run(t, run.args...)
			if r.code != 0 {
				t.Fatalf("want exit 0; %s", r)
			}
			if !strings.Contains(r.stderr, "> Authorization: Bearer [redacted]\n") {
				t.Errorf("the debug log does not show the redacted header; %s", r)
			}
			for _, s := range run.want {
				if !strings.Contains(r.stderr, s) {
					t.Errorf("the debug log lacks %q; %s", s, r)
				}
			}
			if strings.Contains(r.stdout+r.stderr, sandbox.DefaultToken) {
				t.Errorf("the token appears in the output; %s", r)
			}
			if r.stdout != "1\n" {
				t.Errorf("stdout %q, want only the data \"1\\n\"", r.stdout)
			}
		}
	})
}
