package root_test

import (
	"context"
	"testing"

	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/cmd/root/roottest"
)

// On a narrow terminal the calendar's NAME stays whole: the columns after
// it go first, from the right.
func TestNarrowTerminalKeepsTheNameWhole(t *testing.T) {
	roottest.Isolate(t)
	srv := roottest.NewServer(t, "tok", 3)
	srv.Calendars = [][2]any{{1, "The Calendar of Harptos, Dalelands"}}
	narrow := func(s *cmdutil.IOStreams) { s.OutTTY, s.TermWidth, s.NoColor = true, 50, true }
	r := roottest.RunStreams(t, context.Background(), "", narrow,
		"--url", srv.APIRoot(), "--token", "tok", "-c", "3", "calendar", "list")
	want := "ID  NAME                                TYPE  DATE\n" +
		"1   The Calendar of Harptos, Dalelands\n"
	if r.Code != 0 || r.Stdout != want {
		t.Errorf("exit %d, stdout:\n%s\nwant:\n%s", r.Code, r.Stdout, want)
	}
}
