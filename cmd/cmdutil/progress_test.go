package cmdutil

import "testing"

func TestProgressRedrawsOneLineOnATerminal(t *testing.T) {
	s, _, _, errOut := Test()
	s.ErrTTY = true
	s.Guard() // the real stderr escapes control characters: not the redraw's
	p := NewProgress(s, false)
	p.Show(1, 2, "deleting calendar 3")
	p.Show(2, 2, "deleting calendar \x1b[2J4") // server text stays escaped
	p.Clear()
	s.Flush()
	want := "\r\x1b[K[1/2] deleting calendar 3\r\x1b[K[2/2] deleting calendar ^[[2J4\r\x1b[K"
	if got := errOut.String(); got != want {
		t.Errorf("stderr %q, want %q", got, want)
	}
}

func TestProgressSaysNothingPipedOrQuiet(t *testing.T) {
	for _, tt := range []struct {
		name       string
		tty, quiet bool
	}{{"piped", false, false}, {"quiet", true, true}} {
		s, _, _, errOut := Test()
		s.ErrTTY = tt.tty
		p := NewProgress(s, tt.quiet)
		p.Show(1, 2, "x")
		p.Clear()
		if errOut.Len() != 0 {
			t.Errorf("%s: stderr %q", tt.name, errOut)
		}
	}
}
