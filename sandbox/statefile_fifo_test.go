//go:build unix

package sandbox

import (
	"errors"
	"net"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// A named pipe put where the state file was (after the check that it is a
// regular file) is refused once opened, at once: the open of a pipe
// nobody writes to would otherwise wait for a writer, deaf to Ctrl-C.
func TestLoadStateRefusesANamedPipeWithoutWaiting(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "state.json")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skipf("no named pipes here: %v", err)
	}
	done := make(chan error, 1)
	go func() {
		_, err := loadState(fifo, fifo)
		done <- err
	}()
	select {
	case err := <-done:
		var refused *StateFileError
		if !errors.As(err, &refused) || refused.Reason != "a named pipe" {
			t.Errorf("err = %v; want a StateFileError for a named pipe", err)
		}
	case <-time.After(10 * time.Second):
		// Release the blocked open before failing.
		if w, err := os.OpenFile(fifo, os.O_WRONLY, 0); err == nil {
			w.Close()
		}
		t.Fatal("still opening the named pipe after 10 s")
	}
}

// A socket where the state file is cannot even be opened: it is refused
// naming what it is, not with the open's error.
func TestLoadStateRefusesASocket(t *testing.T) {
	path := filepath.Join(t.TempDir(), "s")
	l, err := net.Listen("unix", path)
	if err != nil {
		t.Skipf("no unix sockets here: %v", err)
	}
	defer l.Close()
	_, err = loadState(path, path)
	var refused *StateFileError
	if !errors.As(err, &refused) || refused.Reason != "a socket" {
		t.Errorf("err = %v; want a StateFileError for a socket", err)
	}
}

// A named pipe at the state file's lock: the sandbox is refused when it
// starts, and a write that meets one put there later fails at once, both
// naming it; neither waits in the pipe's open.
func TestALockThatIsANamedPipeIsRefusedWithoutWaiting(t *testing.T) {
	dir := t.TempDir()
	state := filepath.Join(dir, "state.json")
	fifo := state + ".lock"
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skipf("no named pipes here: %v", err)
	}
	want := "sandbox state: " + fifo + ": is not a regular file (a named pipe); kanka keeps a lock file there: remove it and try again"
	done := make(chan error, 2)
	go func() {
		_, err := New(Options{DataPath: state})
		done <- err
	}()
	go func() { done <- withLock(state, func() error { return nil }) }()
	for range 2 {
		select {
		case err := <-done:
			if err == nil || err.Error() != want {
				t.Errorf("err = %v; want %q", err, want)
			}
		case <-time.After(10 * time.Second):
			if w, err := os.OpenFile(fifo, os.O_WRONLY, 0); err == nil {
				w.Close()
			}
			t.Fatal("still opening the named pipe after 10 s")
		}
	}
}
