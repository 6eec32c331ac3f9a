package main

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// The sandbox as users run it: in process with --sandbox (state in a file
// shared by successive and concurrent processes), and served by
// `kanka sandbox serve`.

// TestE2EInProcessSandbox covers --sandbox, which has only the document
// mode: the live mode is a `sandbox serve --live` option.
func TestE2EInProcessSandbox(t *testing.T) {
	t.Parallel()
	// A server in the environment must not be reached: --sandbox replaces it.
	srv := startSandbox(t, false)
	state := filepath.Join(t.TempDir(), "state.json")
	k := newKanka(t, srv).with("KANKA_SANDBOX_DATA=" + state)

	if got := k.ok(t, "--sandbox", "calendar", "create", "-f", harptosFile, "-o", "id"); got != "1\n" {
		t.Errorf("--sandbox calendar create -o id = %q, want \"1\\n\"", got)
	}
	// The next process sees what the previous one wrote.
	if got := k.ok(t, "--sandbox", "calendar", "list", "--jq", ".[].name"); got != "Calendar of Harptos\n" {
		t.Errorf("--sandbox calendar list in a new process = %q", got)
	}

	// Concurrent processes share the file: no write is lost.
	const writers = 8
	var wg sync.WaitGroup
	results := make([]result, writers)
	for i := range writers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			cmd, stdout, stderr := k.command("", "--sandbox", "weather", "create", "--calendar", "1",
				"--date", fmt.Sprintf("1492-1-%d", i+1), "--weather", "sun", "-o", "id")
			err := cmd.Run()
			code := 0
			if err != nil {
				code = -1
				if cmd.ProcessState != nil {
					code = cmd.ProcessState.ExitCode()
				}
			}
			results[i] = result{args: cmd.Args[1:], stdout: stdout.String(), stderr: stderr.String(), code: code}
		}()
	}
	wg.Wait()
	var ids []string
	for _, r := range results {
		if r.code != 0 {
			t.Errorf("concurrent create: %s", r)
		}
		ids = append(ids, strings.TrimSpace(r.stdout))
	}
	sort.Strings(ids)
	if got := strings.Join(ids, " "); got != "1 2 3 4 5 6 7 8" {
		t.Errorf("the concurrent creates printed ids %q, want 1 to 8 once each", got)
	}
	days := k.ok(t, "--sandbox", "weather", "list", "--calendar", "1", "--jq", ".[].day")
	if got := strings.Fields(days); len(got) != writers {
		t.Errorf("after %d concurrent creates, weather list shows days %v", writers, got)
	}

	r := k.run(t, "--sandbox", "sandbox", "reset")
	if r.code != 0 || r.stderr != "Sandbox state emptied: "+state+"\n" {
		t.Errorf("sandbox reset: %s", r)
	}
	if got := k.ok(t, "--sandbox", "calendar", "list", "-o", "id"); got != "" {
		t.Errorf("after sandbox reset, calendars %q, want none", got)
	}
	if sent := srv.since(0); len(sent) != 0 {
		t.Errorf("--sandbox reached the server of KANKA_URL: %v", sent)
	}
}

func TestE2EInProcessSandboxDefaultsToXDGDataHome(t *testing.T) {
	t.Parallel()
	k := newKanka(t, nil)
	k.ok(t, "--sandbox", "calendar", "create", "-f", harptosFile, "-o", "id")
	state := filepath.Join(k.home, "data", "kanka", "sandbox.json")
	data, err := os.ReadFile(state)
	if err != nil || !strings.Contains(string(data), "Calendar of Harptos") {
		t.Errorf("the sandbox state is not in $XDG_DATA_HOME/kanka/sandbox.json: %v", err)
	}
}

// servedSandbox is a running `kanka sandbox serve` and the environment it
// printed.
type servedSandbox struct {
	t      *testing.T
	wait   chan error
	proc   *os.Process
	env    []string // KANKA_URL, KANKA_TOKEN, KANKA_CAMPAIGN as printed
	stderr *lockedBuffer
}

// lockedBuffer is a bytes buffer the process writes while the test reads.
type lockedBuffer struct {
	mu sync.Mutex
	b  strings.Builder
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.String()
}

// serveSandbox starts `kanka sandbox serve --addr 127.0.0.1:0 args...` and
// reads the three export lines it prints.
func serveSandbox(t *testing.T, k *kanka, args ...string) *servedSandbox {
	t.Helper()
	cmd, _, _ := k.command("", append([]string{"sandbox", "serve", "--addr", "127.0.0.1:0"}, args...)...)
	cmd.Stdout = nil
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	s := &servedSandbox{t: t, wait: make(chan error, 1), stderr: &lockedBuffer{}}
	cmd.Stderr = s.stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	s.proc = cmd.Process
	t.Cleanup(func() { _ = s.proc.Kill() })

	lines := make(chan string)
	go func() {
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
		s.wait <- cmd.Wait()
	}()
	for len(s.env) < 3 {
		select {
		case line, ok := <-lines:
			if !ok {
				t.Fatalf("sandbox serve stopped before printing its settings; stderr %q", s.stderr)
			}
			setting, found := strings.CutPrefix(line, "export ")
			if !found {
				t.Fatalf("sandbox serve printed %q, want export lines", line)
			}
			s.env = append(s.env, setting)
		case <-time.After(10 * time.Second):
			t.Fatalf("sandbox serve printed no settings in 10 s; stderr %q", s.stderr)
		}
	}
	go func() { // drain: nothing more is expected on stdout
		for range lines {
		}
	}()
	return s
}

// stop sends Ctrl-C and returns the exit code and how long stopping took.
func (s *servedSandbox) stop() (int, time.Duration) {
	s.t.Helper()
	start := time.Now()
	if err := s.proc.Signal(syscall.SIGINT); err != nil {
		s.t.Fatal(err)
	}
	select {
	case err := <-s.wait:
		return exitCode(s.t, err), time.Since(start)
	case <-time.After(10 * time.Second):
		s.t.Fatal("sandbox serve did not stop within 10 s of Ctrl-C")
		return -1, 0
	}
}

func TestE2ESandboxServe(t *testing.T) {
	t.Parallel()
	eachMode(t, func(t *testing.T, live bool) {
		k := newKanka(t, nil)
		data := filepath.Join(t.TempDir(), "served.json")
		args := []string{"--data", data}
		if live {
			args = append(args, "--live")
		}
		served := serveSandbox(t, k, args...)
		if !strings.HasPrefix(served.env[0], "KANKA_URL=http://127.0.0.1:") || strings.HasSuffix(served.env[0], ":0/api/1.0") ||
			served.env[1] != "KANKA_TOKEN=sandbox-token" || served.env[2] != "KANKA_CAMPAIGN=1" {
			t.Fatalf("sandbox serve printed %q", served.env)
		}
		client := k.with(served.env...)
		created := decodeObject(t, client.ok(t, "calendar", "create", "-f", harptosFile, "-o", "json"))
		// The live resource's keys show which mode answered.
		if _, hasLiveKeys := created["entry_parsed"]; hasLiveKeys != live {
			t.Errorf("served with live=%v, the created calendar has entry_parsed: %v", live, hasLiveKeys)
		}
		if got := client.ok(t, "calendar", "list", "-o", "id"); got != "1\n" {
			t.Errorf("calendar list against the served sandbox = %q", got)
		}

		code, took := served.stop()
		if code != 0 || took > 3*time.Second {
			t.Errorf("after Ctrl-C: exit %d after %s, want 0 promptly; stderr %q", code, took, served.stderr)
		}
		if !strings.HasSuffix(served.stderr.String(), "Sandbox stopped.\n") {
			t.Errorf("sandbox serve stderr %q, want it to end with 'Sandbox stopped.'", served.stderr)
		}
		state, err := os.ReadFile(data)
		if err != nil || !strings.Contains(string(state), "Calendar of Harptos") {
			t.Errorf("the --data file after stop: %v\n%s", err, state)
		}
		// The same file serves the in-process sandbox.
		if got := k.ok(t, "--sandbox", "--sandbox-data", data, "calendar", "list", "-o", "id"); got != "1\n" {
			t.Errorf("--sandbox-data %s calendar list = %q, want the served state", data, got)
		}
	})
}

func TestE2ESandboxProfile(t *testing.T) {
	t.Parallel()
	// A profile with sandbox: true works like --sandbox, and a server in
	// the profile's place is never reached.
	srv := startSandbox(t, false)
	k := newKanka(t, nil)
	k.ok(t, "config", "set", "url", srv.Root)
	k.ok(t, "config", "set", "sandbox", "true")
	k.ok(t, "--sandbox", "calendar", "create", "-f", harptosFile, "-o", "id")
	if got := k.ok(t, "calendar", "list", "--jq", ".[].name"); got != "Calendar of Harptos\n" {
		t.Errorf("calendar list with a sandbox profile = %q, want the --sandbox state", got)
	}
	r := k.run(t, "auth", "status")
	if r.code != 0 || !strings.Contains(r.stdout, "url:       the built-in sandbox (profile)\n") {
		t.Errorf("auth status with a sandbox profile: %s", r)
	}
	if sent := srv.since(0); len(sent) != 0 {
		t.Errorf("a sandbox profile reached the profile's url: %v", sent)
	}
}
