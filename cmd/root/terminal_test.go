package root_test

import (
	"context"
	"strings"
	"testing"

	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/cmd/root/roottest"
)

// On a terminal the table is coloured and cut to its width; --no-color and
// a pipe turn those off. This checks the wiring from streams and flags to
// the printer, through the real factory.
func TestTerminalColourAndWidthReachThePrinter(t *testing.T) {
	roottest.Isolate(t)
	srv := roottest.NewServer(t, "tok", 3)
	srv.Calendars = [][2]any{{1, "The Calendar of Harptos, as reckoned in the Dalelands"}}
	args := []string{"--url", srv.APIRoot(), "--token", "tok", "-c", "3", "calendar", "list"}
	terminal := func(s *cmdutil.IOStreams) { s.OutTTY, s.TermWidth = true, 40 }

	r := roottest.RunStreams(t, context.Background(), "", terminal, args...)
	if r.Code != 0 || !strings.HasPrefix(r.Stdout, "\x1b[1mID") {
		t.Fatalf("on a terminal: exit %d, stdout %q; want a bold header", r.Code, r.Stdout)
	}
	for _, line := range strings.Split(strings.TrimSpace(r.Stdout), "\n") {
		plain := strings.NewReplacer("\x1b[1m", "", "\x1b[0m", "", "\x1b[39m", "", "\x1b[49m", "").Replace(line)
		if n := len([]rune(plain)); n > 40 {
			t.Errorf("line %q is %d columns on a 40-column terminal", plain, n)
		}
	}
	if !strings.Contains(r.Stdout, "...") {
		t.Errorf("the long name was not cut on a 40-column terminal:\n%s", r.Stdout)
	}

	r = roottest.RunStreams(t, context.Background(), "", terminal, append([]string{"--no-color"}, args...)...)
	if r.Code != 0 || strings.Contains(r.Stdout, "\x1b[") {
		t.Errorf("--no-color: exit %d, stdout %q; want no escape codes", r.Code, r.Stdout)
	}

	// NO_COLOR reaches the streams (cmdutil.System); from there the same.
	r = roottest.RunStreams(t, context.Background(), "", func(s *cmdutil.IOStreams) { terminal(s); s.NoColor = true }, args...)
	if strings.Contains(r.Stdout, "\x1b[") {
		t.Errorf("NO_COLOR: stdout %q; want no escape codes", r.Stdout)
	}

	r = roottest.Run(t, "", args...) // a pipe: no colour, no cutting
	if want := "ID  NAME                                                   TYPE  DATE  MONTHS  PRIVATE\n1   The Calendar of Harptos, as reckoned in the Dalelands              0\n"; r.Stdout != want {
		t.Errorf("piped:\n%q\nwant\n%q", r.Stdout, want)
	}
}
