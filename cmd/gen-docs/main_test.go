package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/cmd/root"
)

// The scripts in completions/ are byte for byte what `kanka completion
// SHELL` prints: a command or flag added without `go generate ./...`
// fails here.
func TestCompletionScriptsAreCurrent(t *testing.T) {
	for shell, file := range map[string]string{"bash": "kanka.bash", "zsh": "kanka.zsh", "fish": "kanka.fish", "powershell": "kanka.ps1"} {
		s, _, stdout, stderr := cmdutil.Test()
		if code := root.Run(context.Background(), s, []string{"completion", shell}); code != 0 {
			t.Fatalf("kanka completion %s: exit %d: %s", shell, code, stderr)
		}
		kept, err := os.ReadFile(filepath.Join("..", "..", "completions", file))
		if err != nil {
			t.Fatal(err)
		}
		if string(kept) != stdout.String() {
			t.Errorf("completions/%s is not what `kanka completion %s` prints: run go generate ./...", file, shell)
		}
	}
}

// The man pages: kanka.1 and a page per command, each naming its command.
func TestManPages(t *testing.T) {
	dir := t.TempDir()
	if err := run(true, dir, ""); err != nil {
		t.Fatal(err)
	}
	for _, page := range []string{"kanka.1", "kanka-calendar-show.1", "kanka-weather-set.1", "kanka-cache-clear.1", "kanka-profile-list.1"} {
		b, err := os.ReadFile(filepath.Join(dir, page))
		if err != nil {
			t.Fatalf("%s: %v", page, err)
		}
		name := strings.TrimSuffix(page, ".1")
		if !strings.Contains(string(b), `.TH "KANKA"`) || !strings.Contains(string(b), ".SH NAME\n"+name+" - ") {
			t.Errorf("%s does not look like the page of %s:\n%.300s", page, name, b)
		}
	}
	if err := run(false, "", ""); err == nil {
		t.Error("nothing asked: want an error")
	}
}
