package shellquote

import "testing"

func TestQuote(t *testing.T) {
	for in, want := range map[string]string{
		"/home/a/kanka.json": "/home/a/kanka.json",
		"":                   "''",
		"my file":            "'my file'",
		"it's":               `'it'\''s'`,
		"$HOME":              "'$HOME'",
	} {
		if got := Quote(in); got != want {
			t.Errorf("Quote(%q) = %q, want %q", in, got, want)
		}
	}
}
