package output

import (
	"strings"
	"testing"
)

// Text wraps at spaces only, the lines after the first hanging under their
// indent; a word wider than its line is cut with "..." by Wrap, kept whole
// by WrapWords (help keeps a URL whole, to be copied).
func TestWrap(t *testing.T) {
	tests := []struct {
		name        string
		text        string
		width       int
		first, rest string
		want        []string
	}{
		{"fits", "First-day, Second-day", 40, "", "", []string{"First-day, Second-day"}},
		{"breaks at spaces, hanging indent", "First-day, Second-day, Third-day, Fourth-day, Fifth-day", 32, "Weekdays: ", "          ",
			[]string{"Weekdays: First-day, Second-day,", "          Third-day, Fourth-day,", "          Fifth-day"}},
		{"a word wider than its line is cut", "see Aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa now", 20, "  ", "    ",
			[]string{"  see", "    Aaaaaaaaaaaaa...", "    now"}},
		{"widths in display columns", "Selûne Selûne Selûne", 13, "", "", []string{"Selûne Selûne", "Selûne"}},
		{"no width: one line", "a b  c", 0, "> ", "", []string{"> a b c"}},
		{"empty text: the indent alone", "", 10, "x: ", "", []string{"x:"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Wrap(tt.text, tt.width, tt.first, tt.rest)
			if strings.Join(got, "\n") != strings.Join(tt.want, "\n") {
				t.Errorf("Wrap(%q, %d) =\n%s\nwant\n%s", tt.text, tt.width, strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
			}
			for _, l := range got {
				if tt.width > 0 && Width(l) > tt.width {
					t.Errorf("line %q is wider than %d", l, tt.width)
				}
			}
		})
	}
	if got := WrapWords([]string{"see", "https://example.com/a/very/long/path", "now"}, 20, "", ""); strings.Join(got, "|") != "see|https://example.com/a/very/long/path|now" {
		t.Errorf("WrapWords keeps a long word whole: %q", got)
	}
}

func TestCut(t *testing.T) {
	for _, tt := range []struct {
		s    string
		w    int
		want string
	}{
		{"Calendar of Harptos", 19, "Calendar of Harptos"},
		{"Calendar of Harptos", 12, "Calendar..."}, // no space before the ellipsis
		{"Calendar of Harptos", 3, "Cal"},          // no room for the ellipsis
		{"Selûne", 5, "Se..."},                     // display columns, not bytes
		{"Calendar of Harptos", 0, ""},
	} {
		if got := Cut(tt.s, tt.w); got != tt.want {
			t.Errorf("Cut(%q, %d) = %q, want %q", tt.s, tt.w, got, tt.want)
		}
	}
}
