package root

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/cmd/profile"
	"github.com/spf13/pflag"
)

// One server is one lock whatever the URL's spelling (case, a default
// port, a final slash); another port or path is another server; the
// in-process sandbox is its state file, by whichever name it is reached.
func TestLockHostTellsServersApart(t *testing.T) {
	host := func(url string) string {
		return lockHost(&cmdutil.Globals{}, &profile.Resolved{}, client.Config{BaseURL: url})
	}
	same := host("https://api.kanka.io/1.0")
	for _, url := range []string{"https://API.Kanka.io/1.0", "https://api.kanka.io:443/1.0", "https://api.kanka.io/1.0/"} {
		if got := host(url); got != same {
			t.Errorf("%s: %q; want %q, the same server", url, got, same)
		}
	}
	for _, url := range []string{"https://api.kanka.io:8443/1.0", "https://api.kanka.io/1.1", "https://kanka.example/1.0"} {
		if got := host(url); got == same {
			t.Errorf("%s: %q, as api.kanka.io/1.0; want another server", url, got)
		}
	}
	if got, want := host("http://127.0.0.1:80/api/1.0"), "127.0.0.1/api/1.0"; got != want {
		t.Errorf("http port 80: %q; want %q", got, want)
	}

	dir := t.TempDir()
	state := filepath.Join(dir, "sandbox.json")
	if err := os.WriteFile(state, []byte("{}"), 0o600); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link.json")
	if err := os.Symlink(state, link); err != nil {
		t.Fatal(err)
	}
	linkedDir := filepath.Join(t.TempDir(), "linked")
	if err := os.Symlink(dir, linkedDir); err != nil {
		t.Fatal(err)
	}
	sandbox := func(path string) string {
		return lockHost(&cmdutil.Globals{SandboxData: path}, &profile.Resolved{Sandbox: true}, client.Config{BaseURL: sandboxBaseURL})
	}
	real := sandbox(state)
	for _, path := range []string{link, filepath.Join(linkedDir, "sandbox.json")} {
		if got := sandbox(path); got != real {
			t.Errorf("%s: %q; want %q, the same state file", path, got, real)
		}
	}
	// A state file not made yet: named by its folder's real path.
	if got, want := sandbox(filepath.Join(linkedDir, "new.json")), sandbox(filepath.Join(dir, "new.json")); got != want {
		t.Errorf("a new state file through a linked folder: %q; want %q", got, want)
	}
	if sandbox(filepath.Join(dir, "other.json")) == real {
		t.Error("two state files are one server")
	}
}

func TestLockWaitIsTheFlagThenTheEnvironmentThenTenMinutes(t *testing.T) {
	for _, tc := range []struct {
		flag, env string
		want      time.Duration
	}{
		{"", "", 10 * time.Minute},
		{"", "30s", 30 * time.Second},
		{"", " ", 10 * time.Minute},
		{"0", "30s", 0},
		{"2m", "", 2 * time.Minute},
	} {
		t.Setenv("KANKA_LOCK_WAIT", tc.env)
		g := &cmdutil.Globals{}
		flags := pflag.NewFlagSet("kanka", pflag.ContinueOnError)
		flags.StringVar(&g.LockWait, "lock-wait", defaultLockWait, lockWaitUsage)
		if tc.flag != "" {
			if err := flags.Parse([]string{"--lock-wait", tc.flag}); err != nil {
				t.Fatal(err)
			}
		}
		if got, err := lockWaitOf(flags, g); err != nil || got != tc.want {
			t.Errorf("--lock-wait %q, KANKA_LOCK_WAIT %q: %v, %v; want %v", tc.flag, tc.env, got, err, tc.want)
		}
	}
}

func TestCommandLineIsReadBackByAShell(t *testing.T) {
	got := commandLine([]string{"/usr/local/bin/kanka", "apply", "-f", "my seed.yaml", "-y"})
	if want := "kanka apply -f 'my seed.yaml' -y"; got != want {
		t.Errorf("commandLine = %q; want %q", got, want)
	}
}
