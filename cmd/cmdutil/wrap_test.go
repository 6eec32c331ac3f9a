package cmdutil

import (
	"strings"
	"testing"
)

func TestWrapBreaksAtSpacesWithAHangingIndent(t *testing.T) {
	got := Wrap("Plan: 0 calendars to create, 0 to update, 1 unchanged;", 24, "", "  ")
	want := []string{"Plan: 0 calendars to", "  create, 0 to update, 1", "  unchanged;"}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// A word wider than a whole line is cut to fit with "…"; no limit is one
// line.
func TestWrapCutsOnlyAWordWiderThanALine(t *testing.T) {
	got := Wrap("a Calendar-of-Harptos-with-a-long-name b", 12, "", "  ")
	want := []string{"a", "  Calendar-…", "  b"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("got %q, want %q", got, want)
	}
	if got := Wrap("a  b\tc", 0, "> ", ""); len(got) != 1 || got[0] != "> a b c" {
		t.Errorf("no width: %q", got)
	}
}

func TestCutCountsColumns(t *testing.T) {
	for _, tc := range []struct {
		s    string
		w    int
		want string
	}{
		{"Selûne", 6, "Selûne"},
		{"Selûne", 5, "Selû…"},
		{"東京都", 4, "東…"},
		{"abc", 0, ""},
	} {
		if got := Cut(tc.s, tc.w); got != tc.want || Columns(got) > tc.w {
			t.Errorf("Cut(%q, %d) = %q, want %q", tc.s, tc.w, got, tc.want)
		}
	}
}

// A command wraps after a backslash, each flag with its value, the lines
// after the first four further in.
func TestWrapCommandKeepsFlagsWithTheirValues(t *testing.T) {
	got := WrapCommand("  kanka weather set --calendar 1 --date 998-1-1 --weather sun", 40)
	want := "  kanka weather set --calendar 1 \\\n      --date 998-1-1 --weather sun"
	if strings.Join(got, "\n") != want {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), want)
	}
	if got := WrapCommand("  kanka calendar list", 10); len(got) != 3 {
		t.Errorf("a word that fits no line: %q", got)
	}
}
