package sandboxcmd

import (
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/sandbox"
)

const packageJSON = `{"name":"app","version":"1.0.0"}` + "\n"

// damagedState is a state file cut short.
const damagedState = "{\n  \"last_ids\": {\n    \"calendar\": 2,"

var past = time.Date(2020, 1, 2, 3, 4, 5, 0, time.UTC)

// oldFile writes content to a file alone in a new directory, dated in the
// past so that any write shows in its modification time.
func oldFile(t *testing.T, name, content string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Chtimes(path, past, past); err != nil {
		t.Fatal(err)
	}
	return path
}

// wantUntouched asserts the file holds content, was not modified, and that
// nothing appeared beside it.
func wantUntouched(t *testing.T, path, content string) {
	t.Helper()
	b, err := os.ReadFile(path)
	info, statErr := os.Stat(path)
	if err != nil || statErr != nil || string(b) != content || !info.ModTime().Equal(past) {
		t.Errorf("%s: %q modified %v (%v %v), want %q untouched", path, b, info.ModTime(), err, statErr, content)
	}
	if entries, _ := os.ReadDir(filepath.Dir(path)); len(entries) != 1 {
		t.Errorf("files beside %s: %v", path, entries)
	}
}

func runSandbox(t *testing.T, args ...string) (stdout, stderr string, err error) {
	t.Helper()
	streams, _, out, errOut := cmdutil.Test()
	cmd := NewCmdSandbox(&cmdutil.Factory{IO: streams, Globals: &cmdutil.Globals{}})
	cmd.SetArgs(args)
	cmd.SetOut(io.Discard)
	cmd.SetErr(io.Discard)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	err = cmd.ExecuteContext(ctx)
	return out.String(), errOut.String(), err
}

func TestServeRefusesAFileThatIsNotState(t *testing.T) {
	path := oldFile(t, "package.json", packageJSON)
	out, errOut, err := runSandbox(t, "serve", "--addr", "127.0.0.1:0", "--data", path)
	want := path + ` is not a kanka sandbox state file (unknown key "name"); it was left untouched: choose another file for the sandbox's state`
	var bad *sandbox.StateFileError
	if !errors.As(err, &bad) || bad.Damaged || err.Error() != want {
		t.Fatalf("serve: %v\nwant %s", err, want)
	}
	var usage *cmdutil.UsageError
	if errors.As(err, &usage) {
		t.Errorf("a usage error, which would add a usage hint: %v", err)
	}
	if out != "" || errOut != "" {
		t.Errorf("serve printed %q %q before refusing", out, errOut)
	}
	wantUntouched(t, path, packageJSON)
}

func TestServeStopsAtADamagedStateFile(t *testing.T) {
	path := oldFile(t, "sandbox.json", damagedState)
	out, errOut, err := runSandbox(t, "serve", "--addr", "127.0.0.1:0", "--data", path)
	want := "the sandbox state file " + path + " is damaged (not JSON: unexpected EOF); it was left untouched: empty it with 'kanka sandbox reset --data " + path + "'"
	var bad *sandbox.StateFileError
	if !errors.As(err, &bad) || !bad.Damaged || err.Error() != want {
		t.Fatalf("serve: %v\nwant %s", err, want)
	}
	if out != "" || errOut != "" {
		t.Errorf("serve printed %q %q before stopping", out, errOut)
	}
	wantUntouched(t, path, damagedState)
}

func TestResetRefusesAFileThatIsNotState(t *testing.T) {
	path := oldFile(t, "package.json", packageJSON)
	out, errOut, err := runSandbox(t, "reset", "--data", path)
	var bad *sandbox.StateFileError
	if !errors.As(err, &bad) || bad.Damaged || bad.Path != path {
		t.Fatalf("reset: %v", err)
	}
	if out != "" || errOut != "" {
		t.Errorf("reset printed %q %q", out, errOut)
	}
	wantUntouched(t, path, packageJSON)
}

// The command a damaged file's message suggests does empty it.
func TestResetEmptiesADamagedStateFile(t *testing.T) {
	path := oldFile(t, "sandbox.json", damagedState)
	out, errOut, err := runSandbox(t, "reset", "--data", path)
	if err != nil || out != "" || errOut != "Sandbox state emptied: "+path+" (it was damaged, so ids start again from 1)\n" {
		t.Fatalf("reset: %v, stdout %q stderr %q", err, out, errOut)
	}
	rt := seed(t, path)
	if got := calendarCount(t, rt); got != "1" {
		t.Fatalf("after reset and one create, total %s", got)
	}
}
