package root

import (
	"strings"
	"testing"
)

// A page of the manual as the terminal shows it: the title left out, a
// heading with a colon (right above what is indented under it, as
// "Flags:" is), prose wrapped (code in quotes when it has spaces, links
// their text), a list with a hanging indent, a table of two columns as
// names and meanings, code indented and a long shell line broken with a
// backslash, comments for editors left out.
func TestRenderTopicLaysAPageOut(t *testing.T) {
	page := "# Title\n" +
		"\n<!-- for editors\nonly -->\n\n" +
		"Text with `code`, `two words` and a [link](other.md#anchor), **bold**,\nthe line\njoined.\n\n" +
		"## A heading\n\n" +
		"- an item that goes on\n  and on\n- another\n\n" +
		"## A table\n\n" +
		"| Name | Meaning |\n|---|---|\n| `a` | the first \\| bar |\n| `a-much-longer-name-than-twenty`, `b` | the second |\n\n" +
		"```sh\nkanka calendar show \"Calendar of Harptos\" --date 1492-Ches-3 --no-weather\n```\n\n" +
		"```yaml\nkey: value   # as written\n```\n"
	got, err := renderTopic(page, 40)
	if err != nil {
		t.Fatal(err)
	}
	want := `Text with code, 'two words' and a link,
bold, the line joined.

A heading:
  - an item that goes on and on
  - another

A table:
  a  the first | bar
  a-much-longer-name-than-twenty, b
     the second

  kanka calendar show \
      "Calendar of Harptos" --date \
      1492-Ches-3 --no-weather

  key: value   # as written`
	if got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}

// What a terminal cannot show well is refused with its line, so that a
// page that uses it fails its test rather than print as a mess.
func TestRenderTopicRefusesWhatItCannotShow(t *testing.T) {
	for page, says := range map[string]string{
		"# T\n\n| a | b | c |\n|---|---|---|\n": "line 3: a table of 3 columns",
		"# T\n\n> a quote\n":                    `line 3: "> a quote" is Markdown a help topic does not show`,
		"# T\n\n1. first\n2. second\n":          `line 3: "1. first"`,
		"# T\n\n#### deep\n":                    `line 3: "#### deep"`,
		"# T\n\n    indented code\n":            `line 3: "    indented code"`,
		"# T\n\n- item\n  - nested\n":           "line 4: a list inside a list item",
		"# T\n\n```sh\nkanka version\n":         "a code block that does not end",
		"# T\n\n<details>html</details>\n":      `line 3: "<details>html</details>"`,
	} {
		if _, err := renderTopic(page, 80); err == nil || !strings.Contains(err.Error(), says) {
			t.Errorf("%q: %v, want %q", page, err, says)
		}
	}
}
