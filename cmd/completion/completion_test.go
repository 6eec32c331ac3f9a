package completion_test

import (
	"strings"
	"testing"

	"github.com/kanka-cli/kanka/cmd/root/roottest"
)

func TestCompletionScripts(t *testing.T) {
	roottest.Isolate(t)
	// What each shell needs to load the script, and the hook into
	// `kanka __complete` that makes candidates dynamic.
	want := map[string][]string{
		"bash":       {"# bash completion V2 for kanka", "complete -o default -F __start_kanka kanka", "__complete"},
		"zsh":        {"#compdef kanka", "compdef _kanka kanka", "__complete"},
		"fish":       {"# fish completion for kanka", "complete -c kanka ", "__complete"},
		"powershell": {"# powershell completion for kanka", "Register-ArgumentCompleter -CommandName 'kanka'", "__complete"},
	}
	for shell, parts := range want {
		res := roottest.Run(t, "", "completion", shell)
		if res.Code != 0 || res.Stderr != "" {
			t.Errorf("%s: exit %d, stderr %q", shell, res.Code, res.Stderr)
		}
		for _, p := range parts {
			if !strings.Contains(res.Stdout, p) {
				t.Errorf("%s script lacks %q", shell, p)
			}
		}
	}
}

func TestCompletionOfAnUnknownShell(t *testing.T) {
	roottest.Isolate(t)
	res := roottest.Run(t, "", "completion", "tcsh")
	want := "error: invalid argument \"tcsh\" for \"kanka completion\"\nRun 'kanka completion --help' for usage.\n"
	if res.Code != 2 || res.Stderr != want || res.Stdout != "" {
		t.Errorf("exit %d, stdout %q, stderr:\n%s\nwant:\n%s", res.Code, res.Stdout, res.Stderr, want)
	}
	if res := roottest.Run(t, "", "completion"); res.Code != 2 {
		t.Errorf("no shell: exit %d", res.Code)
	}
}

func TestShellsAreCompleted(t *testing.T) {
	roottest.Isolate(t)
	res := roottest.Run(t, "", "__complete", "completion", "")
	want := "bash\nzsh\nfish\npowershell\n:4\n"
	if res.Code != 0 || res.Stdout != want {
		t.Errorf("exit %d, stdout %q, want %q", res.Code, res.Stdout, want)
	}
}
