package output

import (
	"bytes"
	"strings"
	"testing"
)

func TestWrapWriterBreaksLongLinesAtSpaces(t *testing.T) {
	var out bytes.Buffer
	w := NewWrapWriter(&out, 30)
	msg := "today is 1492-4-6 (6 Ches 1492) on calendar 1 \"Calendar of Harptos\"\n"
	if _, err := w.Write([]byte(msg)); err != nil {
		t.Fatal(err)
	}
	want := "today is 1492-4-6 (6 Ches\n  1492) on calendar 1\n  \"Calendar of Harptos\"\n"
	if out.String() != want {
		t.Errorf("got\n%s\nwant\n%s", out.String(), want)
	}
}

// A line's continuation hangs under its own indent; a line that fits, a
// word wider than the line and the spaces of an unfinished question are
// written as they are.
func TestWrapWriterKeepsWhatFits(t *testing.T) {
	var out bytes.Buffer
	w := NewWrapWriter(&out, 24)
	for _, part := range []string{
		"short line\n",
		"    indented words that go on and on\n",
		"a-word-wider-than-the-whole-line here\n",
		"Delete calendar 3? [y/N] ",
	} {
		if _, err := w.Write([]byte(part)); err != nil {
			t.Fatal(err)
		}
	}
	want := "short line\n" +
		"    indented words that\n      go on and on\n" +
		"a-word-wider-than-the-whole-line\n  here\n" +
		"Delete calendar 3? [y/N] "
	if out.String() != want {
		t.Errorf("got\n%q\nwant\n%q", out.String(), want)
	}
	for _, line := range strings.Split(out.String(), "\n") {
		if Width(strings.TrimRight(line, " ")) > 24 && !strings.HasPrefix(line, "a-word") {
			t.Errorf("line %q is wider than 24", line)
		}
	}
}

// The progress line redraws itself after a carriage return, and its escape
// sequences take no room.
func TestWrapWriterLetsTheProgressLineRedraw(t *testing.T) {
	var out bytes.Buffer
	w := NewWrapWriter(&out, 20)
	for _, part := range []string{"\r\x1b[Kwriting 1 of 300", "\r\x1b[Kwriting 2 of 300", "\r\x1b[K"} {
		if _, err := w.Write([]byte(part)); err != nil {
			t.Fatal(err)
		}
	}
	if want := "\r\x1b[Kwriting 1 of 300\r\x1b[Kwriting 2 of 300\r\x1b[K"; out.String() != want {
		t.Errorf("got %q, want %q", out.String(), want)
	}
}

func TestWrapWriterOfANarrowTerminalWrapsNothing(t *testing.T) {
	var out bytes.Buffer
	w := NewWrapWriter(&out, 10)
	msg := "error: calendar 99 not found in campaign 7\n"
	if _, err := w.Write([]byte(msg)); err != nil {
		t.Fatal(err)
	}
	if out.String() != msg {
		t.Errorf("got %q", out.String())
	}
}
