package main

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/kanka-cli/kanka/sandbox"
)

// The hostile harness: a server that answers as an attacker or a broken
// deployment would, in place of the sandbox, and runs of the binary that
// must end within a bound and never show the token.

// hostileToken is the token every hostile scenario sends; it must never
// appear in what kanka prints.
const hostileToken = "hostile-secret-token-0123456789abcdef"

// startHostile serves handler as the whole API, recording every request.
func startHostile(t *testing.T, handler http.HandlerFunc) *apiServer {
	t.Helper()
	return startServer(t, sandbox.Options{}, func(http.Handler) http.Handler { return handler })
}

// newHostileKanka is an isolated environment pointed at srv with
// hostileToken.
func newHostileKanka(t *testing.T, srv *apiServer) *kanka {
	t.Helper()
	return newKanka(t, srv).with("KANKA_TOKEN=" + hostileToken)
}

// runWithin runs the binary with stdin and fails the test if it has not
// ended within bound: the process is killed then, so that a hang fails at
// once instead of holding the suite until its timeout.
func (k *kanka) runWithin(t *testing.T, bound time.Duration, stdin string, args ...string) result {
	t.Helper()
	cmd, stdout, stderr := k.command(stdin, args...)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	timer := time.AfterFunc(bound, func() { _ = cmd.Process.Kill() })
	err := cmd.Wait()
	inTime := timer.Stop()
	r := result{args: args, stdout: stdout.String(), stderr: stderr.String(), code: exitCode(t, err)}
	if !inTime {
		t.Fatalf("did not end within %s; killed\n%s", bound, r)
	}
	return r
}

// wantNoSecret fails if any of secrets appears in what the run printed.
func wantNoSecret(t *testing.T, r result, secrets ...string) {
	t.Helper()
	for _, s := range append([]string{hostileToken}, secrets...) {
		if strings.Contains(r.stdout+r.stderr, s) {
			t.Errorf("%q was printed:\n%s", s, r)
		}
	}
}

// wantRun checks a run's exit code and both streams exactly, and that the
// token appears in neither.
func wantRun(t *testing.T, r result, code int, stdout, stderr string) {
	t.Helper()
	if r.code != code || r.stdout != stdout || r.stderr != stderr {
		t.Errorf("want exit %d, stdout %q, stderr\n%s\ngot %s", code, stdout, stderr, r)
	}
	wantNoSecret(t, r)
}
