package profilecmd_test

import (
	"context"
	"strings"
	"testing"

	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/cmd/root/roottest"
)

// replacePath writes the configuration file's path where s says PATH.
func replacePath(s, path string) string { return strings.ReplaceAll(s, "PATH", path) }

// onATerminal runs kanka with stdin, stdout and stderr on a terminal, as
// a person at the keyboard answering in.
func onATerminal(t *testing.T, in string, args ...string) roottest.Result {
	t.Helper()
	return roottest.RunStreams(t, context.Background(), in, func(s *cmdutil.IOStreams) {
		s.InTTY, s.OutTTY, s.ErrTTY = true, true, true
	}, args...)
}

// delete asks on a terminal, naming the file and a token that goes too;
// a no leaves the file as it was (exit 7), a yes removes the profile and
// nothing else: the comments and order stay.
func TestDeleteAsksAndKeepsTheRestOfTheFile(t *testing.T) {
	path := roottest.Isolate(t)
	roottest.WriteFile(t, path, threeProfiles)

	res := onATerminal(t, "n\n", "profile", "delete", "rehearsal")
	wantErr := replacePath("Delete profile \"rehearsal\" from PATH? [y/N] cancelled: nothing was deleted\n", path)
	if res.Code != 7 || res.Stderr != wantErr {
		t.Errorf("answered no: exit %d, stderr %q, want exit 7 and %q", res.Code, res.Stderr, wantErr)
	}
	if got := roottest.ReadFile(t, path); got != threeProfiles {
		t.Errorf("answered no, the file changed:\n%s", got)
	}

	res = onATerminal(t, "y\n", "profile", "delete", "rehearsal")
	wantErr = replacePath("Delete profile \"rehearsal\" from PATH? [y/N] deleted profile \"rehearsal\"\n", path)
	if res.Code != 0 || res.Stdout != "" || res.Stderr != wantErr {
		t.Errorf("answered yes: exit %d, stdout %q, stderr %q, want %q", res.Code, res.Stdout, res.Stderr, wantErr)
	}
	// The comment above the profile moves to the next one, as when
	// `config set` removes a key.
	want := `# my kanka
active: home
profiles:
  home:
    url: https://me:hunter2@kanka.example/api/1.0
    token: a-long-secret-token
    campaign: 3 # the old one
  # for rehearsals
  work:
`
	if got := roottest.ReadFile(t, path); got != want {
		t.Errorf("file:\n%s\nwant:\n%s", got, want)
	}
	roottest.AssertMode(t, path, 0o600)

	res = onATerminal(t, "y\n", "profile", "delete", "home")
	if !strings.HasPrefix(res.Stderr, replacePath("Delete profile \"home\" (with its token) from PATH? [y/N] ", path)) {
		t.Errorf("the question does not say the token goes too: %q", res.Stderr)
	}
}

// Without a terminal, delete needs --yes (or -y); without it nothing is
// deleted (exit 2).
func TestDeleteWithoutATerminalNeedsYes(t *testing.T) {
	path := roottest.Isolate(t)
	roottest.WriteFile(t, path, threeProfiles)
	res := roottest.Run(t, "y\n", "profile", "delete", "work")
	want := "error: deleting profile \"work\" needs confirmation: run it on a terminal or pass --yes\n"
	if res.Code != 2 || res.Stderr != want {
		t.Errorf("exit %d, stderr:\n%s\nwant:\n%s", res.Code, res.Stderr, want)
	}
	if got := roottest.ReadFile(t, path); got != threeProfiles {
		t.Errorf("the file changed:\n%s", got)
	}

	res = roottest.Run(t, "", "profile", "rm", "work", "rehearsal", "work", "-y")
	if res.Code != 0 || res.Stderr != "deleted profile \"work\"\ndeleted profile \"rehearsal\"\n" {
		t.Errorf("--yes: exit %d, stderr %q", res.Code, res.Stderr)
	}
	// The comment above a deleted profile stays, below the last one left.
	want = `# my kanka
active: home
profiles:
  home:
    url: https://me:hunter2@kanka.example/api/1.0
    token: a-long-secret-token
    campaign: 3 # the old one

# for rehearsals
`
	if got := roottest.ReadFile(t, path); got != want {
		t.Errorf("file:\n%s\nwant:\n%s", got, want)
	}
}

// Deleting the active profile leaves none active: later runs use
// "default", not a profile that is gone.
func TestDeleteOfTheActiveProfileClearsActive(t *testing.T) {
	path := roottest.Isolate(t)
	roottest.WriteFile(t, path, threeProfiles)
	res := roottest.Run(t, "", "profile", "delete", "home", "--yes")
	wantErr := "deleted profile \"home\"\nNo profile is active now: commands use \"default\" unless -p or KANKA_PROFILE names another; `kanka config use NAME` makes one active.\n"
	if res.Code != 0 || res.Stderr != wantErr {
		t.Errorf("exit %d, stderr %q, want %q", res.Code, res.Stderr, wantErr)
	}
	want := `# my kanka
profiles:
  # for rehearsals
  rehearsal:
    sandbox: true
    max_wait: 5m
  work:
`
	if got := roottest.ReadFile(t, path); got != want {
		t.Errorf("file:\n%s\nwant:\n%s", got, want)
	}
	if res := roottest.Run(t, "", "profile", "current"); res.Stdout != "default\n" {
		t.Errorf("profile current after deleting the active one: %q", res.Stdout)
	}

	// The last ones gone, the comments stay, alone.
	if res := roottest.Run(t, "", "profile", "delete", "rehearsal", "work", "-y"); res.Code != 0 {
		t.Fatalf("exit %d, %s", res.Code, res.Stderr)
	}
	if got := roottest.ReadFile(t, path); got != "# my kanka\n" {
		t.Errorf("file after deleting every profile: %q", got)
	}
}

// An unknown name is refused before the question, with the near one when
// it looks like a typo (exit 2); nothing is deleted, the known names
// given with it neither.
func TestDeleteRefusesAnUnknownName(t *testing.T) {
	path := roottest.Isolate(t)
	roottest.WriteFile(t, path, threeProfiles)
	tests := []struct {
		args []string
		err  string
	}{
		{[]string{"rehersal"}, `error: PATH holds no profile named "rehersal" (it has home, rehearsal, work); did you mean "rehearsal"?`},
		{[]string{"work", "party"}, `error: PATH holds no profile named "party" (it has home, rehearsal, work)`},
	}
	for _, tt := range tests {
		res := onATerminal(t, "y\n", append([]string{"profile", "delete"}, tt.args...)...)
		want := replacePath(tt.err, path) + "\n"
		if res.Code != 2 || res.Stdout != "" || res.Stderr != want {
			t.Errorf("%v: exit %d, stderr:\n%s\nwant exit 2, stderr:\n%s", tt.args, res.Code, res.Stderr, want)
		}
	}
	if got := roottest.ReadFile(t, path); got != threeProfiles {
		t.Errorf("the file changed:\n%s", got)
	}
	if res := roottest.Run(t, "", "profile", "delete"); res.Code != 2 || !strings.HasPrefix(res.Stderr, "error: ") {
		t.Errorf("no name: exit %d, stderr %q", res.Code, res.Stderr)
	}
}

// A name is completed from the file, each once.
func TestDeleteCompletesProfileNames(t *testing.T) {
	path := roottest.Isolate(t)
	roottest.WriteFile(t, path, threeProfiles)
	res := roottest.Run(t, "", "__complete", "profile", "delete", "work", "")
	if want := "home\nrehearsal\n:4\n"; res.Code != 0 || !strings.HasPrefix(res.Stdout, want) {
		t.Errorf("exit %d, stdout %q, want it to start with %q", res.Code, res.Stdout, want)
	}
}
