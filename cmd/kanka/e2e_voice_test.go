package main

import (
	"errors"
	"os/exec"
	"strings"
	"syscall"
	"testing"
)

// killedBy is the signal that ended a process whose Wait returned err, 0
// when it exited on its own. A run that Ctrl-C or SIGTERM stopped dies by
// that signal once it has cleaned up, so that a shell loop running kanka
// stops too (the shell reports status 130 for SIGINT, 143 for SIGTERM).
func killedBy(t *testing.T, err error) syscall.Signal {
	t.Helper()
	var exit *exec.ExitError
	if !errors.As(err, &exit) {
		return 0
	}
	if ws, ok := exit.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
		return ws.Signal()
	}
	return 0
}

// withoutDebugLines is stderr without the "debug: " lines that --debug adds
// under an error.
func withoutDebugLines(stderr string) string {
	var kept []string
	for _, line := range strings.SplitAfter(stderr, "\n") {
		if !strings.HasPrefix(line, "debug: ") {
			kept = append(kept, line)
		}
	}
	return strings.Join(kept, "")
}
