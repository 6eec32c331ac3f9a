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

// Characters that show nothing yet change what the rest shows: a
// bidirectional override turns "abc\u202Eevil" into "abclive" on screen, a
// zero-width space makes two names that look alike differ. They are shown
// as <U+XXXX>, as less(1) shows them; what is seen is what the name holds.
func TestSanitizeInvisibleFormatting(t *testing.T) {
	for in, want := range map[string]string{
		"abc\u202Eevil":                      "abc<U+202E>evil",
		"\u202A\u202B\u202C\u202D\u202E":     "<U+202A><U+202B><U+202C><U+202D><U+202E>",
		"\u2066x\u2067y\u2068z\u2069":        "<U+2066>x<U+2067>y<U+2068>z<U+2069>",
		"zw\u200B\u200C\u200D\u200E\u200Fs":  "zw<U+200B><U+200C><U+200D><U+200E><U+200F>s",
		"line\u2028para\u2029end":            "line<U+2028>para<U+2029>end",
		"\uFEFFbom and \u061C alm":           "<U+FEFF>bom and <U+061C> alm",
		"soft\u00ADhyphen, word\u2060joiner": "soft<U+00AD>hyphen, word<U+2060>joiner",
		"tag \U000E0041 of plane 14":         "tag <U+E0041> of plane 14",
		"mixed \x1b[2J\u202E\u0085":          "mixed ^[[2J<U+202E>^[E",
		// What only looks unusual is kept: letters, marks, spaces.
		"\u05E2\u05D1\u05E8\u05D9\u05EA \u0627\u0644\u0639\u0631\u0628\u064A\u0629": "\u05E2\u05D1\u05E8\u05D9\u05EA \u0627\u0644\u0639\u0631\u0628\u064A\u0629",
		"e\u0301 \u3000 \u00A0 \u2003 \u2800":                                       "e\u0301 \u3000 \u00A0 \u2003 \u2800",
		"emoji \U0001F600 \uFE0F":                                                   "emoji \U0001F600 \uFE0F",
	} {
		if got := Sanitize(in); got != want {
			t.Errorf("Sanitize(%q) = %q, want %q", in, got, want)
		}
	}
}

// The table (narrow and wide) and the detail view show the override
// escaped, aligned as the escape is wide; json and yaml keep the data.
func TestBidiOverrideIsEscapedForPeopleAndKeptAsData(t *testing.T) {
	rec := fakeCalendar{ID: 7, Name: "abc\u202Eevil", Type: "x\u2066y", Months: []string{"\u200BA"},
		Raw: `{"id":7,"name":"abc` + "\u202E" + `evil"}`}
	for _, opts := range []Options{{}, {Format: Wide}} {
		got := printTable(t, opts, rec)
		wantRow := "7   abc<U+202E>evil  x<U+2066>y  1"
		if !strings.Contains(got, "NAME             TYPE") || !strings.Contains(got, wantRow) || strings.ContainsRune(got, '\u202E') {
			t.Errorf("%s table:\n%s\nwant a row %q", opts.Format, got, wantRow)
		}
	}

	p, out := newPrinter(t, Options{})
	if err := p.PrintOne(rec, fakeKind); err != nil {
		t.Fatal(err)
	}
	for _, line := range []string{"Name:    abc<U+202E>evil\n", "Type:    x<U+2066>y\n", "Months:  <U+200B>A\n"} {
		if !strings.Contains(out.String(), line) {
			t.Errorf("detail view lacks %q:\n%s", line, out)
		}
	}

	for _, format := range []Format{JSON, NDJSON, YAML} {
		p, out := newPrinter(t, Options{Format: format})
		if err := p.PrintOne(rec, fakeKind); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(out.String(), "abc\u202Eevil") || strings.Contains(out.String(), "<U+") {
			t.Errorf("-o %s changed the data:\n%s", format, out)
		}
	}
}
