package sandbox

import "testing"

// A comment's &, < and > are kept as entities, the entities it holds read
// first; a comment holding markup is kept as sent.
func TestPurifyKeepsPlainTextAsTheServiceDoes(t *testing.T) {
	for in, want := range map[string]string{
		"Tom & Jerry":        "Tom &amp; Jerry",
		"Tom &amp; Jerry":    "Tom &amp; Jerry",
		"1 < 2 > 0":          "1 &lt; 2 &gt; 0",
		"<b>bold</b> & more": "<b>bold</b> & more",
		"a <!-- note --> b":  "a <!-- note --> b",
		"</p>":               "</p>",
		"ends with <":        "ends with &lt;",
		"x <3 y":             "x &lt;3 y",
		"<?xml?>":            "<?xml?>",
		"":                   "",
	} {
		if got := purify(in); got != want {
			t.Errorf("purify(%q) = %q, want %q", in, got, want)
		}
	}
}
