//go:build linux

package main

import (
	"fmt"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/kanka-cli/kanka/cmd/cmdutil/ptytest"
)

// A writer that waits for another kanka's lock says so on a terminal,
// naming it, and Ctrl-C ends the wait at once: "interrupted", death by
// SIGINT, nothing sent.
func TestE2ECampaignLockWaitSaysWhomItWaitsForAndEndsWithCtrlC(t *testing.T) {
	t.Parallel()
	srv, hold, _ := blockingSandbox(t)
	k := newKanka(t, srv)
	holder, command, _ := holdCampaign(t, k, hold)

	term := ptytest.Open(t)
	cmd, _, _ := k.command("", "weather", "set", "--calendar", "1", "--date", "1492-1-1", "--weather", "sun")
	cmd.Stderr = term.Tty
	waiting := fmt.Sprintf("waiting for another kanka writing to campaign 1 (pid %d: %s), 10m0s at most (Ctrl-C to stop)\r\n", holder.Process.Pid, command)
	mark := srv.mark()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	for deadline := time.Now().Add(10 * time.Second); !strings.Contains(term.Output(), waiting); time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			_ = cmd.Process.Kill()
			<-done
			t.Fatalf("never said it waits; the terminal shows %q, want %q", term.Output(), waiting)
		}
	}
	start := time.Now()
	if err := cmd.Process.Signal(syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	select {
	case err := <-done:
		if sig := killedBy(t, err); sig != syscall.SIGINT {
			t.Errorf("ended by signal %d (%v); want death by SIGINT", sig, err)
		}
	case <-time.After(signalBound + 5*time.Second):
		_ = cmd.Process.Kill()
		<-done
		t.Fatalf("still waiting %s after Ctrl-C; killed", signalBound+5*time.Second)
	}
	if took := time.Since(start); took > signalBound {
		t.Errorf("took %s to end after Ctrl-C, want at most %s", took, signalBound)
	}
	for deadline := time.Now().Add(2 * time.Second); term.Output() != waiting+"interrupted\r\n" && time.Now().Before(deadline); {
		time.Sleep(20 * time.Millisecond)
	}
	if got := term.Output(); got != waiting+"interrupted\r\n" {
		t.Errorf("the terminal shows %q; want %q", got, waiting+"interrupted\r\n")
	}
	wantNoRequests(t, srv, mark)
}
