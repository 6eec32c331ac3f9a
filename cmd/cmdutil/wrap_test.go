package cmdutil

import (
	"strings"
	"testing"
)

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

// A quoted argument is one word: the command still pastes as it was
// (the calendar's name is not split across a backslash).
func TestWrapCommandKeepsQuotedArgumentsWhole(t *testing.T) {
	got := WrapCommand(`  kanka weather set --calendar "Calendar of Harptos" --weather sun`, 40)
	want := "  kanka weather set \\\n      --calendar \"Calendar of Harptos\" \\\n      --weather sun"
	if strings.Join(got, "\n") != want {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), want)
	}
}
