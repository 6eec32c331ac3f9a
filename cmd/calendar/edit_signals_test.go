package calendar

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// The file the editor shows hides the run's secrets, as all that kanka
// prints does, even where the server echoed the token into the record (its
// name, in the notes too, and its type). Left alone, a hidden value is no
// change: nothing is sent.
func TestEditShowsNoSecret(t *testing.T) {
	t.Setenv("TMPDIR", t.TempDir())
	dir := scriptedEditor(t, ":")
	const secret = "tok-SECRET-4f9a2c11"
	record := strings.NewReplacer(`"type":"Dalereckoning"`, `"type":"`+secret+`"`, `"name":"Harptos"`, `"name":"Harptos `+secret+`"`).
		Replace(readTestdata(t, "record.json"))
	env := newTestEnv(t, "id", exchange{"GET", "calendars/12", "", 200, data(record)})
	env.F.IO.Guard()
	env.F.IO.Redact(secret)
	err := env.run("edit", "12")
	env.F.IO.Flush()
	if err != nil || env.ErrOut.String() != "Edit cancelled: no changes made.\n" {
		t.Errorf("err %v, stderr %q", err, env.ErrOut)
	}
	first := shown(t, dir, 0)
	if strings.Contains(first, secret) || !strings.HasPrefix(first, `# Editing calendar 12 "Harptos [redacted]".`) ||
		!strings.Contains(first, "\nname: Harptos [redacted]\n") || !strings.Contains(first, "\ntype: '[redacted]'\n") {
		t.Errorf("the editor was shown:\n%s", first)
	}
	wantNoEditFileLeft(t)
}

// Interrupted while the editor is open (the root cancels the run's context
// at Ctrl-C or SIGTERM), the edit stops the editor, sends nothing, and
// keeps the file, saying where and how to send it.
func TestEditInterruptedKeepsTheEdit(t *testing.T) {
	t.Setenv("TMPDIR", t.TempDir())
	dir := t.TempDir()
	editor := filepath.Join(dir, "editor.sh")
	script := fmt.Sprintf("#!/bin/sh\ntrap 'exit 143' TERM\nsed -i 's/^suffix: DR$/suffix: Dale/' \"$1\"\ntouch %[1]s/open\nwhile [ -d %[1]s ]; do sleep 0.05; done\n", dir)
	if err := os.WriteFile(editor, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	env := newTestEnv(t, "id", exchange{"GET", "calendars/12", "", 200, data(readTestdata(t, "record.json"))})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go func() {
		for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
			if _, err := os.Stat(filepath.Join(dir, "open")); err == nil {
				break
			}
		}
		cancel()
	}()
	err := editRun(&EditOptions{Factory: env.F, Ctx: ctx, Calendar: "12", Editor: editor})
	if !errors.Is(err, context.Canceled) {
		t.Errorf("err = %v, want a cancellation", err)
	}
	kept, _ := filepath.Glob(filepath.Join(os.TempDir(), "kanka-calendar-12-*", "calendar-12.yaml"))
	if len(kept) != 1 {
		t.Fatalf("kept files %v, want the edit", kept)
	}
	want := fmt.Sprintf("Your edit is kept in %s (send it with 'kanka calendar update 12 -f %[1]s').\n", kept[0])
	if env.ErrOut.String() != want {
		t.Errorf("stderr %q, want %q", env.ErrOut, want)
	}
	if b, _ := os.ReadFile(kept[0]); !strings.Contains(string(b), "\nsuffix: Dale\n") {
		t.Errorf("the kept file lost the edit:\n%s", b)
	}
}
