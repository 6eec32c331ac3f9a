package main

import (
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"
)

// The first Ctrl-C (SIGINT) or SIGTERM ends kanka within a second or two
// whatever it waits for: a FIFO named as the sandbox's state file (refused
// before it is opened), the editor of `calendar edit` (the signal is passed
// on to it and the edit kept), the pacer's wait for the next window. Like
// every run a signal ends, it then dies by that signal (killedBy): the
// shell reports 130 for SIGINT, 143 for SIGTERM.

// signalBound is how long kanka may take to end after the signal.
const signalBound = 2 * time.Second

// ended is how a run of the binary ended: the signal it died by (0 when it
// exited), its exit code, and how long after the signal that was.
type ended struct {
	sig    syscall.Signal
	code   int
	took   time.Duration
	stderr string
}

// signalWhen starts cmd, waits until ready says it waits (polled; at most
// 10 s), sends sig and waits for the end, failing the test when it does not
// come within signalBound (the process is killed 5 s after that). stderr
// is what cmd writes its stderr to.
func signalWhen(t *testing.T, cmd *exec.Cmd, stderr *lockedBuffer, ready func() bool, sig syscall.Signal) ended {
	t.Helper()
	return signalWithin(t, signalBound, cmd, stderr, ready, sig)
}

// signalWithin is signalWhen with the bound given.
func signalWithin(t *testing.T, bound time.Duration, cmd *exec.Cmd, stderr *lockedBuffer, ready func() bool, sig syscall.Signal) ended {
	t.Helper()
	cmd.Stdout, cmd.Stderr = &lockedBuffer{}, stderr
	// Once kanka is gone, an editor it left running (holding the output
	// pipes) must not keep Wait, and so the test, waiting for ever.
	cmd.WaitDelay = time.Second
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	for deadline := time.Now().Add(10 * time.Second); !ready(); {
		select {
		case err := <-done:
			t.Fatalf("ended before it waited (exit %d); stderr %q", exitCode(t, err), stderr)
		case <-time.After(20 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			_ = cmd.Process.Kill()
			<-done
			t.Fatalf("never got to wait; stderr %q", stderr)
		}
	}
	start := time.Now()
	if err := cmd.Process.Signal(sig); err != nil {
		t.Fatal(err)
	}
	select {
	case err := <-done:
		e := ended{sig: killedBy(t, err), took: time.Since(start), stderr: stderr.String()}
		if e.sig == 0 {
			e.code = exitCode(t, err)
		}
		if e.took > bound {
			t.Errorf("took %s to end after the signal, want at most %s", e.took, bound)
		}
		return e
	case <-time.After(bound + 5*time.Second):
		_ = cmd.Process.Kill()
		<-done
		t.Fatalf("still running %s after the signal; killed (stderr %q)", bound+5*time.Second, stderr)
		return ended{}
	}
}

// A FIFO given as the sandbox's state file used to block kanka in open(2)
// until a writer came, deaf to Ctrl-C and SIGTERM: a state file that is
// not a regular file is refused before it is opened, exit 2 naming it.
func TestE2ESignalsFIFOStateFileIsRefused(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		args func(fifo string) []string
		env  func(fifo string) []string
	}{
		{name: "--sandbox-data", args: func(fifo string) []string {
			return []string{"--sandbox", "--sandbox-data", fifo, "calendar", "list"}
		}},
		{name: "KANKA_SANDBOX_DATA", args: func(string) []string { return []string{"--sandbox", "calendar", "list"} },
			env: func(fifo string) []string { return []string{"KANKA_SANDBOX_DATA=" + fifo} }},
		{name: "sandbox reset", args: func(fifo string) []string { return []string{"sandbox", "reset", "--data", fifo} }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			fifo := filepath.Join(t.TempDir(), "state.fifo")
			if err := syscall.Mkfifo(fifo, 0o600); err != nil {
				t.Skipf("no FIFO: %v", err)
			}
			k := newKanka(t, nil)
			if tc.env != nil {
				k = k.with(tc.env(fifo)...)
			}
			cmd, stdout, _ := k.command("", tc.args(fifo)...)
			stderr := &lockedBuffer{}
			cmd.Stderr = stderr
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			done := make(chan error, 1)
			go func() { done <- cmd.Wait() }()
			var err error
			select {
			case err = <-done:
			case <-time.After(3 * time.Second):
				// Still blocked: even a SIGTERM must end it.
				_ = cmd.Process.Signal(syscall.SIGTERM)
				select {
				case <-done:
					t.Fatalf("blocked on the FIFO until SIGTERM; stderr %q", stderr)
				case <-time.After(3 * time.Second):
					_ = cmd.Process.Kill()
					<-done
					t.Fatalf("blocked on the FIFO, SIGTERM or not; killed (stderr %q)", stderr)
				}
			}
			want := fmt.Sprintf("error: %s is not a kanka sandbox state file (a named pipe); it was left untouched: choose another file for the sandbox's state\n", fifo)
			if code := exitCode(t, err); code != 2 || stderr.String() != want || stdout.Len() != 0 {
				t.Errorf("exit %d, stdout %q, stderr %q; want exit 2 and %q", code, stdout, stderr, want)
			}
			if _, err := os.Stat(fifo + ".lock"); err == nil {
				t.Errorf("a lock file was made beside the FIFO")
			}
		})
	}
}

// signalEditor writes a $VISUAL that changes the suffix, says it is
// editing (the file "editing" in dir), and then waits as long as dir
// exists (so that an editor kanka failed to stop ends with the test); the
// signal it gets is written to the file "signal" in dir. With ignore, it
// ignores SIGINT and SIGTERM instead.
func signalEditor(t *testing.T, dir string, ignore bool) string {
	t.Helper()
	traps := fmt.Sprintf("trap 'echo TERM > %[1]s/signal; exit 143' TERM\ntrap 'echo INT > %[1]s/signal; exit 130' INT", dir)
	if ignore {
		traps = "trap '' INT TERM"
	}
	script := fmt.Sprintf(`#!/bin/sh
%[2]s
sed -i 's/^suffix: .*$/suffix: Interrupted/' "$1"
echo "$1" > %[1]s/editing
while [ -d %[1]s ]; do sleep 0.05; done
`, dir, traps)
	path := filepath.Join(dir, "editor.sh")
	if err := os.WriteFile(path, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	return path
}

// editorOpen is signalWhen's ready for signalEditor's editor in dir.
func editorOpen(dir string) func() bool {
	return func() bool {
		_, err := os.Stat(filepath.Join(dir, "editing"))
		return err == nil
	}
}

// wantEditKept checks that stderr says where the edit is kept, then
// "interrupted", and that the file, in a private directory under tmp,
// holds the edit.
func wantEditKept(t *testing.T, stderr, tmp string) {
	t.Helper()
	before, after, ok := strings.Cut(stderr, "Your edit is kept in ")
	kept, rest, _ := strings.Cut(after, " ")
	if !ok || before != "" || !strings.HasPrefix(rest, "(send it with 'kanka calendar update ") || !strings.HasSuffix(rest, "\ninterrupted\n") {
		t.Fatalf("stderr %q, want where the edit is kept, then \"interrupted\"", stderr)
	}
	if !strings.HasPrefix(kept, tmp+string(filepath.Separator)) {
		t.Errorf("kept in %s, want it in $TMPDIR %s", kept, tmp)
	}
	body, err := os.ReadFile(kept)
	if err != nil || !strings.Contains(string(body), "\nsuffix: Interrupted\n") {
		t.Errorf("the kept file %s (%v) lost the edit:\n%s", kept, err, body)
	}
	wantMode(t, kept, 0o600)
	wantMode(t, filepath.Dir(kept), os.ModeDir|0o700) // only its owner may enter
}

// wantMode checks the type and permissions of what is at path (not
// following a symlink).
func wantMode(t *testing.T, path string, want os.FileMode) {
	t.Helper()
	info, err := os.Lstat(path)
	if err != nil {
		t.Errorf("%s: %v", path, err)
		return
	}
	if got := info.Mode() & (os.ModeType | os.ModePerm); got != want {
		t.Errorf("%s is %v, want %v", path, got, want)
	}
}

// Ctrl-C or SIGTERM while the editor is open is passed on to the editor;
// kanka keeps the edit, says where, sends nothing, says "interrupted" and
// dies by the signal (the shell reports 130 or 143).
func TestE2ESignalsWhileTheEditorIsOpen(t *testing.T) {
	t.Parallel()
	srv := startSandbox(t, false)
	k := newKanka(t, srv)
	id := createHarptos(t, k)
	for _, sig := range []syscall.Signal{syscall.SIGTERM, syscall.SIGINT} {
		t.Run(sig.String(), func(t *testing.T) {
			dir := t.TempDir()
			tmp := t.TempDir()
			cmd, _, _ := k.with("VISUAL="+signalEditor(t, dir, false), "TMPDIR="+tmp).command("", "calendar", "edit", id)
			mark := srv.mark()
			e := signalWhen(t, cmd, &lockedBuffer{}, editorOpen(dir), sig)
			if e.sig != sig {
				t.Errorf("ended by signal %d (exit %d), want death by %s; stderr %q", e.sig, e.code, sig, e.stderr)
			}
			got, err := os.ReadFile(filepath.Join(dir, "signal"))
			wantSig := map[syscall.Signal]string{syscall.SIGTERM: "TERM\n", syscall.SIGINT: "INT\n"}[sig]
			if err != nil || string(got) != wantSig {
				t.Errorf("the editor got %q (%v), want %q passed on", got, err, wantSig)
			}
			wantEditKept(t, e.stderr, tmp)
			wantRequests(t, srv.since(mark), "GET calendars/"+id)
		})
	}
}

// An editor that ignores the signal (vi ignores SIGINT) does not keep
// kanka waiting: it is sent SIGTERM, then killed, a few seconds apart, and
// kanka ends as above.
func TestE2ESignalsEditorThatIgnoresThem(t *testing.T) {
	t.Parallel()
	srv := startSandbox(t, false)
	k := newKanka(t, srv)
	id := createHarptos(t, k)
	dir, tmp := t.TempDir(), t.TempDir()
	cmd, _, _ := k.with("VISUAL="+signalEditor(t, dir, true), "TMPDIR="+tmp).command("", "calendar", "edit", id)
	mark := srv.mark()
	// Two waits of 2 s, and a busy machine's margin.
	e := signalWithin(t, 15*time.Second, cmd, &lockedBuffer{}, editorOpen(dir), syscall.SIGINT)
	if e.sig != syscall.SIGINT {
		t.Errorf("ended by signal %d (exit %d), want death by SIGINT; stderr %q", e.sig, e.code, e.stderr)
	}
	wantEditKept(t, e.stderr, tmp)
	wantRequests(t, srv.since(mark), "GET calendars/"+id)
}

// Ctrl-C after the editor closed, while kanka reads the calendar again
// before sending: the edit is kept as well, and the message says where.
func TestE2ESignalsWhileReadingAgainBeforeSending(t *testing.T) {
	t.Parallel()
	var gets atomic.Int32
	srv := startHostile(t, func(w http.ResponseWriter, r *http.Request) {
		if gets.Add(1) > 1 {
			// The second read never ends: kanka must not wait for it.
			select {
			case <-r.Context().Done():
			case <-time.After(30 * time.Second):
			}
			return
		}
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprint(w, `{"data":{"id":1,"name":"Harptos","type":"","date":"1-1-1","is_private":false,`+
			`"months":[{"name":"A","length":10,"type":"standard"},{"name":"B","length":10,"type":"standard"}],"weekdays":["X","Y"],`+
			`"years":[],"seasons":[],"moons":[],"suffix":"DR","updated_at":"2026-01-02T03:04:05.000000Z"}}`)
	})
	dir, tmp := t.TempDir(), t.TempDir()
	editor := filepath.Join(dir, "editor.sh")
	if err := os.WriteFile(editor, []byte("#!/bin/sh\nsed -i 's/^suffix: .*$/suffix: Interrupted/' \"$1\"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	cmd, _, _ := newHostileKanka(t, srv).with("VISUAL="+editor, "TMPDIR="+tmp).command("", "calendar", "edit", "1")
	mark := srv.mark()
	e := signalWhen(t, cmd, &lockedBuffer{}, func() bool { return gets.Load() == 2 }, syscall.SIGINT)
	if e.sig != syscall.SIGINT {
		t.Errorf("ended by signal %d (exit %d), want death by SIGINT; stderr %q", e.sig, e.code, e.stderr)
	}
	wantEditKept(t, e.stderr, tmp)
	wantRequests(t, srv.since(mark), "GET calendars/1", "GET calendars/1")
}

// A wait for the rate limit's next window ends at the first signal.
func TestE2ESignalsWhileThePacerWaits(t *testing.T) {
	t.Parallel()
	for _, sig := range []syscall.Signal{syscall.SIGTERM, syscall.SIGINT} {
		t.Run(sig.String(), func(t *testing.T) {
			t.Parallel()
			// Page 1 spends the budget: page 2 waits a minute.
			srv := startHostile(t, pagesHandler(3, "30", "0"))
			k := newHostileKanka(t, srv)
			mark := srv.mark()
			cmd, _, _ := k.command("", "--debug", "calendar", "list", "-o", "id")
			stderr := &lockedBuffer{}
			e := signalWhen(t, cmd, stderr, func() bool {
				return strings.Contains(stderr.String(), "for the rate limit's next window")
			}, sig)
			if e.sig != sig || !strings.HasSuffix(e.stderr, "\ninterrupted\n") {
				t.Errorf("ended by signal %d (exit %d), stderr %q; want death by %s and \"interrupted\"", e.sig, e.code, e.stderr, sig)
			}
			wantRequests(t, srv.since(mark), "GET calendars")
		})
	}
}

// A server that echoes the token into the calendar's type and entry does
// not get it into the file the editor sees: it is [redacted] there, as in
// everything kanka prints, and an edit that leaves it alone sends nothing.
func TestE2ESignalsEditFileIsRedacted(t *testing.T) {
	t.Parallel()
	srv := startHostile(t, func(w http.ResponseWriter, r *http.Request) {
		token := strings.TrimPrefix(r.Header.Get("Authorization"), "Bearer ")
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprintf(w, `{"data":{"id":1,"name":"Harptos","type":%[1]q,"entry":"<p>Your token is %[1]s.</p>","date":"1-1-1","is_private":false,`+
			`"months":[{"name":"A","length":10,"type":"standard"},{"name":"B","length":10,"type":"standard"}],"weekdays":["X","Y"],`+
			`"years":[],"seasons":[],"moons":[],"suffix":"DR","updated_at":"2026-01-02T03:04:05.000000Z"}}`, token)
	})
	dir := t.TempDir()
	editor := filepath.Join(dir, "editor.sh")
	if err := os.WriteFile(editor, []byte("#!/bin/sh\ncp \"$1\" "+dir+"/shown.yaml\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	tmp := t.TempDir()
	k := newHostileKanka(t, srv).with("VISUAL="+editor, "TMPDIR="+tmp)
	mark := srv.mark()
	r := k.runWithin(t, 10*time.Second, "", "calendar", "edit", "1")
	wantRun(t, r, 0, "", "Edit cancelled: no changes made.\n")
	wantRequests(t, srv.since(mark), "GET calendars/1")
	if left, _ := os.ReadDir(tmp); len(left) != 0 {
		t.Errorf("left in $TMPDIR: %v", left)
	}
	shown, err := os.ReadFile(filepath.Join(dir, "shown.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(shown), hostileToken) || !strings.Contains(string(shown), "entry: <p>Your token is [redacted].</p>") ||
		!strings.Contains(string(shown), "type: '[redacted]'") {
		t.Errorf("the editor was shown:\n%s", shown)
	}
}
