//go:build linux

package cmdutil

import (
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/kanka-cli/kanka/cmd/cmdutil/ptytest"
)

// On a real terminal, the run's Activity and a batch's Progress, made
// from the same streams, draw on one line: the spinner after the
// progress, the progress kept when the request ends, and secrets hidden
// in both.
func TestActivityAndProgressShareTheTerminalsLine(t *testing.T) {
	term := ptytest.Open(t)
	s, _, _, _ := Test()
	s.ErrTTY, s.ErrTerminal = true, term.Tty
	s.Guard()
	s.Redact("s3cr3t-token-value")
	activity, progress := NewActivity(s, false), NewProgress(s, false)

	progress.Show(1, 2, "deleting calendar 3")
	end := activity.Begin("reading calendar 3 s3cr3t-token-value")
	time.Sleep(SpinnerDelay + 100*time.Millisecond)
	end()
	progress.Clear()
	time.Sleep(50 * time.Millisecond) // the reader of the terminal catches up

	drawn := term.Output()
	if !regexp.MustCompile(`\r\x1b\[K\[1/2\] deleting calendar 3  [⣾⣽⣻⢿⡿⣟⣯⣷] reading calendar 3 \[redacted\]`).MatchString(drawn) {
		t.Errorf("no spinner after the progress: %q", drawn)
	}
	if !strings.HasSuffix(drawn, "\r\x1b[K[1/2] deleting calendar 3\r\x1b[K") {
		t.Errorf("the progress did not stay when the request ended, or was not erased at the end: %q", drawn)
	}
	if strings.Contains(drawn, "s3cr3t") {
		t.Errorf("a secret was drawn: %q", drawn)
	}
}
