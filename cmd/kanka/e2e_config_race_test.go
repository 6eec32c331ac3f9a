package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/gofrs/flock"
	"github.com/kanka-cli/kanka/cmd/profile"
)

// Concurrent writers of the configuration file: kankas started at the same
// moment each keep their change, and one that cannot have the file's lock
// in time says so and leaves the file alone.

// raceBound is how long a batch of concurrent runs may take, all together:
// they wait on each other's lock, and the machine is shared.
const raceBound = 2 * time.Minute

// runTogether starts every run at once and waits for all of them, killing
// any still running after raceBound (the test then fails).
func (k *kanka) runTogether(t *testing.T, runs ...[]string) []result {
	t.Helper()
	type started struct {
		cmd            *exec.Cmd
		stdout, stderr interface{ String() string }
		done           chan error
	}
	all := make([]started, len(runs))
	for i, args := range runs {
		cmd, stdout, stderr := k.command("", args...)
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		s := started{cmd: cmd, stdout: stdout, stderr: stderr, done: make(chan error, 1)}
		go func() { s.done <- cmd.Wait() }()
		all[i] = s
	}
	deadline := time.After(raceBound)
	results := make([]result, len(runs))
	killed := false
	for i, s := range all {
		var err error
		select {
		case err = <-s.done:
		case <-deadline:
			for _, other := range all {
				_ = other.cmd.Process.Kill()
			}
			killed = true
			err = <-s.done
		}
		results[i] = result{args: runs[i], stdout: s.stdout.String(), stderr: s.stderr.String(), code: exitCode(t, err)}
	}
	if killed {
		t.Fatalf("%d runs did not end within %s together; killed", len(runs), raceBound)
	}
	return results
}

func (k *kanka) configPath() string {
	return filepath.Join(k.home, "config", "kanka", "config.yaml")
}

func loadConfig(t *testing.T, k *kanka) *profile.File {
	t.Helper()
	f, err := profile.Load(k.configPath())
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// 20 kankas each set the campaign of their own profile at once: all 20
// profiles are kept (without the lock, about half were lost).
func TestE2EConfigRaceParallelProfilesAllKept(t *testing.T) {
	t.Parallel()
	k := newKanka(t, nil)
	var runs [][]string
	for n := 1; n <= 20; n++ {
		runs = append(runs, []string{"-p", fmt.Sprintf("p%d", n), "config", "set", "campaign", fmt.Sprint(n)})
	}
	for _, r := range k.runTogether(t, runs...) {
		if r.code != 0 || r.stdout != "" || r.stderr != "" {
			t.Errorf("want exit 0 and no output; %s", r)
		}
	}
	f := loadConfig(t, k)
	for n := 1; n <= 20; n++ {
		name := fmt.Sprintf("p%d", n)
		if p := f.Get(name); p == nil || p.Campaign != n {
			t.Errorf("profile %s: %+v, want campaign %d (kept: %v)", name, p, n, f.Names())
		}
	}
	if len(f.Profiles) != 20 {
		t.Errorf("%d profiles, want 20: %v", len(f.Profiles), f.Names())
	}
	fi, err := os.Stat(k.configPath())
	if err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("config file mode: %v %v, want 0600", fi, err)
	}
}

// A token set racing a campaign set on the same profile: both are kept, in
// each of 20 rounds (without the lock, one was lost in most rounds).
func TestE2EConfigRaceTokenAndCampaignBothKept(t *testing.T) {
	t.Parallel()
	k := newKanka(t, nil)
	// A comment the user wrote stays through every round.
	if err := os.MkdirAll(filepath.Dir(k.configPath()), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(k.configPath(), []byte("# mine\nactive: default\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	lost := 0
	for round := 1; round <= 20; round++ {
		token := fmt.Sprintf("token-of-round-%02d-0123456789", round)
		results := k.runTogether(t,
			[]string{"config", "set", "token", token},
			[]string{"config", "set", "campaign", fmt.Sprint(round)},
		)
		for _, r := range results {
			if r.code != 0 || r.stdout != "" || r.stderr != "" {
				t.Errorf("round %d: want exit 0 and no output; %s", round, r)
			}
		}
		p := loadConfig(t, k).Get("default")
		if p == nil || p.Token != token || p.Campaign != round {
			lost++
			t.Errorf("round %d: profile %+v, want token %q and campaign %d", round, p, token, round)
		}
	}
	if lost > 0 {
		t.Errorf("a change was lost in %d of 20 rounds", lost)
	}
	data, err := os.ReadFile(k.configPath())
	if err != nil || !strings.HasPrefix(string(data), "# mine\nactive: default\n") {
		t.Errorf("the file lost its comment or order:\n%s", data)
	}
}

// A kanka that cannot have the lock (another holds it) gives up after 5
// seconds: exit 1, one line naming the file and its lock, file untouched.
func TestE2EConfigRaceHeldLockGivesUp(t *testing.T) {
	t.Parallel()
	k := newKanka(t, nil)
	path := k.configPath()
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		t.Fatal(err)
	}
	before := "active: default\nprofiles:\n  default:\n    campaign: 3\n"
	if err := os.WriteFile(path, []byte(before), 0o600); err != nil {
		t.Fatal(err)
	}
	held := flock.New(path + ".lock")
	if ok, err := held.TryLock(); !ok || err != nil {
		t.Fatalf("taking the lock: %v %v", ok, err)
	}
	defer held.Close()

	start := time.Now()
	r := k.runWithin(t, 30*time.Second, "", "config", "set", "campaign", "4")
	want := fmt.Sprintf("error: %s is being changed by another kanka: gave up after waiting 5s for its lock (%s.lock); try again when it is done\n", path, path)
	if r.code != 1 || r.stdout != "" || r.stderr != want {
		t.Errorf("want exit 1, stderr %q; got %s", want, r)
	}
	if took := time.Since(start); took < 5*time.Second {
		t.Errorf("gave up after %s, want 5s", took)
	}
	if data, _ := os.ReadFile(path); string(data) != before {
		t.Errorf("the file changed:\n%s", data)
	}
}
