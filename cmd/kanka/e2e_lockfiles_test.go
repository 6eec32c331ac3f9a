//go:build unix

package main

import (
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// A named pipe at one of kanka's lock paths: the configuration file's
// (config.yaml.lock), the sandbox state's (sandbox.json.lock), the cache
// folder's (.lock), a campaign's (locks/campaign-1-HASH.lock). Each used to hold every writer in open(2), before its
// lock's deadline had started, and a SIGTERM did not end it: a process was
// still alive ten minutes after `timeout -s TERM`. Now the run ends at
// once, exit 1, naming the path and what it is, and leaves it as it was.

// endsOrTerminated runs args and returns how it ended. A run still going
// after 3 s is sent SIGTERM, and one still going 3 s later is killed: both
// fail the test.
func endsOrTerminated(t *testing.T, k *kanka, args ...string) result {
	t.Helper()
	cmd, stdout, _ := k.command("", args...)
	stderr := &lockedBuffer{}
	cmd.Stderr = stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		return result{args: args, stdout: stdout.String(), stderr: stderr.String(), code: exitCode(t, err)}
	case <-time.After(3 * time.Second):
	}
	_ = cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-done:
		t.Fatalf("kanka %v: blocked until SIGTERM; stderr %q", args, stderr)
	case <-time.After(3 * time.Second):
		_ = cmd.Process.Kill()
		<-done
		t.Fatalf("kanka %v: blocked, SIGTERM or not; killed (stderr %q)", args, stderr)
	}
	return result{}
}

// pipeAt puts a named pipe at path, in place of what was there.
func pipeAt(t *testing.T, path string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		t.Fatal(err)
	}
	_ = os.Remove(path)
	if err := syscall.Mkfifo(path, 0o600); err != nil {
		t.Skipf("no named pipes here: %v", err)
	}
}

// stillAPipe fails unless path is still a named pipe.
func stillAPipe(t *testing.T, path string) {
	t.Helper()
	if info, err := os.Lstat(path); err != nil || info.Mode().Type() != fs.ModeNamedPipe {
		t.Errorf("%s is no longer a named pipe: %v", path, err)
	}
}

// onePath is the one path that matches pattern.
func onePath(t *testing.T, pattern string) string {
	t.Helper()
	matches, err := filepath.Glob(pattern)
	if err != nil || len(matches) != 1 {
		t.Fatalf("%s matches %v (%v); want one path", pattern, matches, err)
	}
	return matches[0]
}

// notRegular is the message of a lock path that holds a named pipe.
func notRegular(lock string) string {
	return lock + ": is not a regular file (a named pipe); kanka keeps a lock file there: remove it and try again"
}

func TestE2ELockFileThatIsANamedPipeEndsTheRunAtOnce(t *testing.T) {
	t.Parallel()
	t.Run("configuration", func(t *testing.T) {
		t.Parallel()
		k := newKanka(t, nil)
		config := k.configPath()
		lock := config + ".lock"
		pipeAt(t, lock)
		r := endsOrTerminated(t, k, "config", "set", "campaign", "3")
		if want := "error: " + notRegular(lock) + "\n"; r.code != 1 || r.stderr != want || r.stdout != "" {
			t.Errorf("want exit 1 and %q; %s", want, r)
		}
		stillAPipe(t, lock)
		if _, err := os.Lstat(config); err == nil {
			t.Errorf("the configuration file was written")
		}
	})
	t.Run("sandbox state", func(t *testing.T) {
		t.Parallel()
		k := newKanka(t, nil)
		state := filepath.Join(k.home, "state.json")
		k = k.with("KANKA_SANDBOX_DATA=" + state)
		k.ok(t, "--sandbox", "calendar", "create", "-f", harptosFile)
		before, err := os.ReadFile(state)
		if err != nil {
			t.Fatal(err)
		}
		lock := state + ".lock"
		pipeAt(t, lock)
		r := endsOrTerminated(t, k, "--sandbox", "weather", "set", "--calendar", "1", "--date", "1492-1-1", "--weather", "Sunny")
		if want := "error: sandbox state: " + notRegular(lock) + "\n"; r.code != 1 || r.stderr != want || r.stdout != "" {
			t.Errorf("want exit 1 and %q; %s", want, r)
		}
		stillAPipe(t, lock)
		if after, _ := os.ReadFile(state); string(after) != string(before) {
			t.Errorf("the state file changed:\n%s\nwas\n%s", after, before)
		}
	})
	t.Run("cache", func(t *testing.T) {
		t.Parallel()
		srv := startSandbox(t, false)
		k := newKanka(t, srv).withCache()
		id := createHarptos(t, k)
		lock := onePath(t, filepath.Join(k.home, ".cache", "kanka", "*", "*", "*", ".lock"))
		pipeAt(t, lock)
		mark := srv.mark()
		r := endsOrTerminated(t, k, "weather", "set", "--calendar", id, "--date", "1492-1-1", "--weather", "Sunny")
		if want := "error: " + notRegular(lock) + " (or run with --no-cache)\n"; r.code != 1 || r.stderr != want || r.stdout != "" {
			t.Errorf("want exit 1 and %q; %s", want, r)
		}
		wantNoRequests(t, srv, mark)
		stillAPipe(t, lock)
	})
	t.Run("campaign", func(t *testing.T) {
		t.Parallel()
		srv := startSandbox(t, false)
		k := newKanka(t, srv)
		id := createHarptos(t, k)
		lock := onePath(t, filepath.Join(k.home, ".local", "state", "kanka", "locks", "campaign-1-*.lock"))
		pipeAt(t, lock)
		mark := srv.mark()
		r := endsOrTerminated(t, k, "--no-cache", "weather", "set", "--calendar", id, "--date", "1492-1-1", "--weather", "Sunny")
		if want := "error: " + notRegular(lock) + "\n"; r.code != 1 || r.stderr != want || r.stdout != "" {
			t.Errorf("want exit 1 and %q; %s", want, r)
		}
		wantNoRequests(t, srv, mark)
		stillAPipe(t, lock)
	})
}
