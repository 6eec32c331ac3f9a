//go:build linux

// Package ptytest opens a pseudo-terminal for tests of what is drawn only
// on a terminal (the spinner checks the file it draws on itself).
package ptytest

import (
	"bytes"
	"fmt"
	"os"
	"sync"
	"testing"

	"golang.org/x/sys/unix"
)

// Terminal is a pseudo-terminal: kanka draws on Tty; Output is all that
// reached the other side.
type Terminal struct {
	Tty *os.File

	mu   sync.Mutex
	seen bytes.Buffer
	done chan struct{}
}

// Open opens a pseudo-terminal, closed at the end of the test, and keeps
// what is drawn on it (Output); it skips the test where there is none.
func Open(t *testing.T) *Terminal {
	t.Helper()
	master, tty := OpenPair(t)
	term := &Terminal{Tty: tty, done: make(chan struct{})}
	go func() {
		defer close(term.done)
		buf := make([]byte, 4096)
		for {
			n, err := master.Read(buf)
			term.mu.Lock()
			term.seen.Write(buf[:n])
			term.mu.Unlock()
			if err != nil {
				return
			}
		}
	}()
	t.Cleanup(func() {
		tty.Close()
		master.Close()
		<-term.done
	})
	return term
}

// OpenPair opens a pseudo-terminal's two ends: what is written to tty is
// read from master. The caller closes both; it skips the test where there
// is none.
func OpenPair(t *testing.T) (master, tty *os.File) {
	t.Helper()
	master, err := os.OpenFile("/dev/ptmx", os.O_RDWR|unix.O_NOCTTY, 0)
	if err != nil {
		t.Skipf("no pseudo-terminal: %v", err)
	}
	fd := int(master.Fd())
	if err := unix.IoctlSetPointerInt(fd, unix.TIOCSPTLCK, 0); err != nil {
		master.Close()
		t.Skipf("no pseudo-terminal: %v", err)
	}
	n, err := unix.IoctlGetInt(fd, unix.TIOCGPTN)
	if err != nil {
		master.Close()
		t.Skipf("no pseudo-terminal: %v", err)
	}
	tty, err = os.OpenFile(fmt.Sprintf("/dev/pts/%d", n), os.O_RDWR|unix.O_NOCTTY, 0)
	if err != nil {
		master.Close()
		t.Skipf("no pseudo-terminal: %v", err)
	}
	return master, tty
}

// Output is what was drawn so far.
func (p *Terminal) Output() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.seen.String()
}
