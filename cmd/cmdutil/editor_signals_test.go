//go:build unix

package cmdutil

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// testEditor writes a shell script editor into dir: it runs body with the
// file as $1, says it is open (the file "editing" in dir), and stays open
// while the file "open" in dir exists: the test's clean-up, which removes
// dir, ends an editor kanka left running.
func testEditor(t *testing.T, dir, body string) string {
	t.Helper()
	script := fmt.Sprintf("#!/bin/sh\n%s\necho $$ > %[2]s/editing\nwhile [ -e %[2]s/open ]; do sleep 0.05; done\n", body, dir)
	path := filepath.Join(dir, "editor.sh")
	for name, content := range map[string]string{path: script, filepath.Join(dir, "open"): ""} {
		if err := os.WriteFile(name, []byte(content), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	return path
}

// runEditorAsync runs RunEditor in the background and waits (at most 10 s)
// until the editor says it is open.
func runEditorAsync(t *testing.T, ctx context.Context, editor, dir string) <-chan error {
	t.Helper()
	done := make(chan error, 1)
	go func() { done <- RunEditor(ctx, editor, filepath.Join(dir, "file.yaml")) }()
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		if _, err := os.Stat(filepath.Join(dir, "editing")); err == nil {
			return done
		}
		select {
		case err := <-done:
			t.Fatalf("the editor ended before it was open: %v", err)
		default:
		}
		if time.Now().After(deadline) {
			t.Fatal("the editor never opened")
		}
	}
}

// waitEnd is RunEditor's error, failing the test when it takes longer than
// bound (generous: the machine may be busy).
func waitEnd(t *testing.T, done <-chan error, bound time.Duration) error {
	t.Helper()
	select {
	case err := <-done:
		return err
	case <-time.After(bound):
		t.Fatalf("RunEditor still waits %s later", bound)
		return nil
	}
}

// A SIGINT or SIGTERM that kanka gets while the editor is open is passed on
// to the editor (which a SIGTERM sent to kanka alone would never reach),
// and RunEditor ends as cancelled once the editor has.
func TestRunEditorPassesTheSignalOn(t *testing.T) {
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM} {
		t.Run(sig.String(), func(t *testing.T) {
			dir := t.TempDir()
			editor := testEditor(t, dir, fmt.Sprintf("trap 'echo INT > %[1]s/got; exit 130' INT\ntrap 'echo TERM > %[1]s/got; exit 143' TERM", dir))
			done := runEditorAsync(t, context.Background(), editor, dir)
			// RunEditor listens for the signal while the editor is open,
			// so it does not end this test process.
			if err := syscall.Kill(os.Getpid(), sig); err != nil {
				t.Fatal(err)
			}
			err := waitEnd(t, done, 10*time.Second)
			if !errors.Is(err, context.Canceled) {
				t.Errorf("err = %v, want a cancellation", err)
			}
			got, _ := os.ReadFile(filepath.Join(dir, "got"))
			want := map[syscall.Signal]string{syscall.SIGINT: "INT\n", syscall.SIGTERM: "TERM\n"}[sig]
			if string(got) != want {
				t.Errorf("the editor got %q, want %q", got, want)
			}
		})
	}
}

// An editor that ignores the signal (vi ignores SIGINT) is sent SIGTERM,
// then killed: RunEditor always ends.
func TestRunEditorStopsAnEditorThatIgnoresSignals(t *testing.T) {
	defer func(g time.Duration) { editorGrace = g }(editorGrace)
	editorGrace = 100 * time.Millisecond
	dir := t.TempDir()
	editor := testEditor(t, dir, "trap '' INT TERM")
	ctx, cancel := context.WithCancel(context.Background())
	done := runEditorAsync(t, ctx, editor, dir)
	cancel() // as the root does at a signal
	if err := waitEnd(t, done, 10*time.Second); !errors.Is(err, context.Canceled) {
		t.Errorf("err = %v, want a cancellation", err)
	}
	pid, err := os.ReadFile(filepath.Join(dir, "editing"))
	if err != nil {
		t.Fatal(err)
	}
	// The editor was RunEditor's child, waited for: its pid is gone.
	var n int
	if _, err := fmt.Sscan(string(pid), &n); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Kill(n, 0); !errors.Is(err, syscall.ESRCH) {
		t.Errorf("the editor (pid %d) is still there: %v", n, err)
	}
}

// Interrupted before the editor opened, RunEditor does not open it.
func TestRunEditorNotStartedWhenCancelled(t *testing.T) {
	dir := t.TempDir()
	editor := testEditor(t, dir, "")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := RunEditor(ctx, editor, filepath.Join(dir, "file.yaml")); !errors.Is(err, context.Canceled) {
		t.Errorf("err = %v, want the context's", err)
	}
	if _, err := os.Stat(filepath.Join(dir, "editing")); err == nil {
		t.Error("the editor was opened")
	}
}

// An editor that closes normally is no error; one that fails is, and says
// nothing was sent.
func TestRunEditorReportsTheEditorsFailure(t *testing.T) {
	dir := t.TempDir()
	ok := filepath.Join(dir, "ok.sh")
	if err := os.WriteFile(ok, []byte("#!/bin/sh\nexit 0\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := RunEditor(context.Background(), ok, filepath.Join(dir, "f")); err != nil {
		t.Errorf("err = %v", err)
	}
	err := RunEditor(context.Background(), "false", filepath.Join(dir, "f"))
	if err == nil || err.Error() != "the editor (false) failed: exit status 1; nothing was sent" {
		t.Errorf("err = %v", err)
	}
}

// A plain editor command runs as kanka's own child, so that a signal
// passed on reaches it; shell syntax goes through the shell, with the
// file as "$@".
func TestEditorCommand(t *testing.T) {
	for _, tc := range []struct{ editor, want string }{
		{"vi", "vi /f"},
		{"code --wait", "code --wait /f"},
		{" /usr/bin/nano\t-w ", "/usr/bin/nano -w /f"},
		{"FOO=1 vi", `sh -c FOO=1 vi "$@" kanka-editor /f`},
		{`emacs -nw "+1"`, `sh -c emacs -nw "+1" "$@" kanka-editor /f`},
		{"~/bin/ed", `sh -c ~/bin/ed "$@" kanka-editor /f`},
		{"vi; rm x", `sh -c vi; rm x "$@" kanka-editor /f`},
	} {
		cmd, err := editorCmd(tc.editor, "/f")
		if err != nil {
			t.Errorf("%q: %v", tc.editor, err)
			continue
		}
		if got := strings.Join(cmd.Args, " "); got != tc.want {
			t.Errorf("%q runs %q, want %q", tc.editor, got, tc.want)
		}
	}
	if _, err := editorCmd(" ", "/f"); err == nil {
		t.Error("a blank editor command was run")
	}
}
