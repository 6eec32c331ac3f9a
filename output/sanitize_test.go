package output

import (
	"strings"
	"testing"
)

func TestSanitize(t *testing.T) {
	for in, want := range map[string]string{
		"Harptos":                                 "Harptos",
		"日本語 é — ok\ttab\nline":                   "日本語 é — ok\ttab\nline",
		"\x1b]0;PWNED\a\x1b[2J":                   "^[]0;PWNED^G^[[2J",
		"\x1b]8;;https://x/\x1b\\a\x1b]8;;\x1b\\": "^[]8;;https://x/^[\\a^[]8;;^[\\",
		"nul\x00 cr\r del\x7f us\x1f":             "nul^@ cr^M del^? us^_",
		"c1 \u0080 \u009b31m \u009f":              "c1 ^[@ ^[[31m ^[_",
		"\u00a0 after C1 is kept":                 "\u00a0 after C1 is kept",
		"invalid \xc2 and \x9b bytes":             "invalid \xc2 and \x9b bytes",
	} {
		if got := Sanitize(in); got != want {
			t.Errorf("Sanitize(%q) = %q, want %q", in, got, want)
		}
	}
}

// A hostile name is escaped in the table and the detail view; the colour
// of the header and of the labels, which is ours, still works; a secret is
// hidden before the layout, so that the columns stay aligned.
func TestTableAndDetailShowServerTextSafely(t *testing.T) {
	hostile := fakeCalendar{ID: 7, Name: "\x1b]0;PWNED\a\x1b[2Jx", Type: "tok-SECRET", Months: []string{"\u009b31mA", "B"}, Raw: `{"id":7}`}
	redact := func(s string) string { return strings.ReplaceAll(s, "tok-SECRET", "[redacted]") }
	got := printTable(t, Options{Color: true, Redact: redact}, hostile)
	want := "\x1b[1mID  NAME                TYPE        MONTHS\x1b[0m\n" +
		"7   ^[]0;PWNED^G^[[2Jx  [redacted]  2\n"
	if got != want {
		t.Errorf("table:\n%q\nwant\n%q", got, want)
	}

	p, out := newPrinter(t, Options{Color: true, Redact: redact})
	if err := p.PrintOne(hostile, fakeKind); err != nil {
		t.Fatal(err)
	}
	for _, line := range []string{
		"\x1b[1mName:\x1b[0m    ^[]0;PWNED^G^[[2Jx\n",
		"\x1b[1mType:\x1b[0m    [redacted]\n",
		"\x1b[1mMonths:\x1b[0m\n  ^[[31mA\n  B\n",
	} {
		if !strings.Contains(out.String(), line) {
			t.Errorf("detail view lacks %q:\n%q", line, out)
		}
	}
}
