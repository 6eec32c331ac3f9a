package root

import (
	"strings"
	"testing"

	"github.com/kanka-cli/kanka/cmd/cmdutil"
)

// Prose is re-wrapped paragraph by paragraph; an indented line is code and
// stays as written, however wide; a word wider than the line stays whole.
func TestReflow(t *testing.T) {
	text := "A calendar's months are\nread here, and its weekdays.\n\n  kanka calendar show 12 --month Ches --year 1492\nThen the rest of the paragraph, after the code.\n"
	want := "A calendar's months\n" +
		"are read here, and\n" +
		"its weekdays.\n" +
		"\n" +
		"  kanka calendar show 12 --month Ches --year 1492\n" +
		"Then the rest of the\n" +
		"paragraph, after the\n" +
		"code."
	if got := reflow(text, 20); got != want {
		t.Errorf("reflow at 20:\n%s\nwant:\n%s", got, want)
	}
	if got := reflow("see https://example.com/a/very/long/path/indeed now", 20); got != "see\nhttps://example.com/a/very/long/path/indeed\nnow" {
		t.Errorf("a long word: %q", got)
	}
}

// An example wider than the line is broken between words with a backslash,
// so that it still pastes as one command: never inside quotes or a
// comment.
func TestWrapCommandLine(t *testing.T) {
	line := `  kanka weather set --calendar "Calendar of Harptos" --date 1492-Hammer-1 --weather snowflake   # a cold one`
	want := []string{
		`  kanka weather set --calendar \`,
		`      "Calendar of Harptos" --date \`,
		`      1492-Hammer-1 --weather \`,
		`      snowflake # a cold one`,
	}
	if got := wrapCommandLine(line, 40); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if got := wrapCommandLine("  kanka calendar list", 40); len(got) != 1 || got[0] != "  kanka calendar list" {
		t.Errorf("a line that fits: %q", got)
	}
	if got := wrapCommandLine("  # A CI job, with KANKA_TOKEN and KANKA_CAMPAIGN set", 30); strings.Join(got, "\n") != "  # A CI job, with KANKA_TOKEN\n  # and KANKA_CAMPAIGN set" {
		t.Errorf("a comment line: %q", got)
	}
	if got := cmdutil.ShellWords(`kanka x --jq '.[] | .name' "a \" b" c\ d`); strings.Join(got, "|") != `kanka|x|--jq|'.[] | .name'|"a \" b"|c\ d` {
		t.Errorf("shellWords: %q", got)
	}
}
