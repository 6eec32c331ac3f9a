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
	if err := run(true, dir, "", ""); err != nil {
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
	if err := run(false, "", "", ""); err == nil {
		t.Error("nothing asked: want an error")
	}
}

// The command reference in docs/reference is what `go generate ./...`
// writes from the command tree, page for page: a command, flag or help
// text changed without it fails here, as does a page left of a command
// that is gone.
func TestReferenceIsCurrent(t *testing.T) {
	pages, err := Reference(tree())
	if err != nil {
		t.Fatal(err)
	}
	if len(pages) < 40 || pages["kanka_calendar_show.md"] == nil || pages["kanka.md"] == nil {
		t.Fatalf("the reference has %d pages: the tree was not walked", len(pages))
	}
	dir := filepath.Join("..", "..", "docs", "reference")
	kept, err := filepath.Glob(filepath.Join(dir, "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range kept {
		if _, ok := pages[filepath.Base(f)]; !ok {
			t.Errorf("docs/reference/%s is the page of no command: run go generate ./...", filepath.Base(f))
		}
	}
	for name, page := range pages {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil || string(b) != string(page) {
			t.Errorf("docs/reference/%s is not what the command tree makes: run go generate ./...", name)
		}
	}
}

// A page of the reference says nothing of the machine or the day it was
// made on: no date (cobra's "Auto generated ... on" line), no home, no
// temporary folder.
func TestReferenceIsTheSameOnEveryMachine(t *testing.T) {
	t.Setenv("HOME", "/home/someone-else")
	t.Setenv("XDG_CONFIG_HOME", "/elsewhere/config")
	t.Setenv("XDG_CACHE_HOME", "/elsewhere/cache")
	pages, err := Reference(tree())
	if err != nil {
		t.Fatal(err)
	}
	for name, page := range pages {
		for _, machine := range []string{"Auto generated", "someone-else", "/elsewhere", os.TempDir()} {
			if strings.Contains(string(page), machine) {
				t.Errorf("%s holds %q", name, machine)
			}
		}
		if !strings.HasPrefix(string(page), referenceHeader+"## kanka") {
			t.Errorf("%s does not start as a page of the reference:\n%.200s", name, page)
		}
	}
}
