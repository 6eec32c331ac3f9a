package calendar_test

import (
	"strings"
	"testing"

	"github.com/kanka-cli/kanka/cmd/root/roottest"
)

// Through the whole tree, with no token, no campaign and no configuration
// file: the presets need none, and an unknown one exits 2 with the nearest
// name.
func TestPresetsThroughTheRootNeedNoToken(t *testing.T) {
	roottest.Isolate(t)
	r := roottest.Run(t, "", "calendar", "presets", "-o", "id")
	if r.Code != 0 || r.Stdout != "eberron\nexandria\ngolarion\ngregorian\ngreyhawk\nharptos\n" || r.Stderr != "" {
		t.Errorf("exit %d, stdout %q, stderr %q", r.Code, r.Stdout, r.Stderr)
	}
	r = roottest.Run(t, "", "calendar", "presets", "golarion", "-o", "yaml")
	if r.Code != 0 || !strings.HasPrefix(r.Stdout, "# Absalom Reckoning (AR)") || !strings.Contains(r.Stdout, "\nname: Absalom Reckoning\n") {
		t.Errorf("exit %d, stdout %q, stderr %q", r.Code, r.Stdout, r.Stderr)
	}
	r = roottest.Run(t, "", "calendar", "presets", "golarian")
	want := "error: unknown preset \"golarian\"; did you mean \"golarion\"? (one of eberron, exandria, golarion, gregorian, greyhawk, harptos)\n"
	if r.Code != 2 || r.Stdout != "" || r.Stderr != want {
		t.Errorf("exit %d, stdout %q, stderr %q; want exit 2 and\n%s", r.Code, r.Stdout, r.Stderr, want)
	}
}

// create --preset with an unknown name exits 2 before it needs a token.
func TestCreateFromAnUnknownPresetThroughTheRoot(t *testing.T) {
	roottest.Isolate(t)
	srv := roottest.NewServer(t, "tok", 3)
	r := roottest.Run(t, "", "--url", srv.APIRoot(), "--token", "tok", "-c", "3", "calendar", "create", "--preset", "harpots")
	want := "error: unknown preset \"harpots\"; did you mean \"harptos\"? (one of eberron, exandria, golarion, gregorian, greyhawk, harptos)\n"
	if r.Code != 2 || r.Stderr != want {
		t.Errorf("exit %d, stderr %q; want exit 2 and\n%s", r.Code, r.Stderr, want)
	}
	if got := srv.Requests(); len(got) != 0 {
		t.Errorf("sent %v", got)
	}
}

// The presets complete their names, each with its setting, as an argument
// and as --preset's value, with no request and no token.
func TestPresetNamesComplete(t *testing.T) {
	roottest.Isolate(t)
	want := "eberron\tEberron\nexandria\tExandria (Critical Role)\ngolarion\tGolarion (Pathfinder)\n" +
		"gregorian\tEarth\ngreyhawk\tGreyhawk\nharptos\tForgotten Realms\n:4\n"
	for _, args := range [][]string{{"calendar", "presets", ""}, {"calendar", "create", "--preset", ""}} {
		r := roottest.Run(t, "", append([]string{"__complete"}, args...)...)
		if r.Code != 0 || r.Stdout != want {
			t.Errorf("__complete %q: exit %d, stdout %q; want %q", args, r.Code, r.Stdout, want)
		}
	}
	if r := roottest.Run(t, "", "__complete", "calendar", "presets", "harptos", ""); r.Stdout != ":4\n" {
		t.Errorf("a second name completes %q", r.Stdout)
	}
}
