package cmdutil

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

// A syntax error names the line of the file where it shows, whatever line
// yaml.v3's own message names.
func TestParseYAMLNamesTheLineOfASyntaxError(t *testing.T) {
	for _, tt := range []struct{ name, text, want string }{
		{"unclosed flow mapping", "name: A\nweekdays: [A, B]\nmonths: {name: One\nseasons: []\n",
			"cal.yaml: line 3: did not find expected ',' or '}'"},
		{"unclosed flow mapping on line 1", "months: {name: One\nseasons: []\n\n\nsuffix: DR\n",
			"cal.yaml: line 1: did not find expected ',' or '}'"},
		{"unclosed flow sequence", "name: A\nmonths: [a, b\nsuffix: DR\nx: 1\n",
			"cal.yaml: line 2: did not find expected ',' or ']'"},
		{"unclosed flow sequence after a closed one", "weekdays: [a,\n  b]\nmonths: [x, y\n",
			"cal.yaml: line 3: did not find expected ',' or ']'"},
		{"bad indentation in a list", "name: A\nmonths:\n  - name: x\n   length: 3\n",
			"cal.yaml: line 4: did not find expected '-' indicator"},
		{"bad indentation after a list", "name: A\nmonths:\n  - name: x\n    length: 3\n  type: y\nsuffix: DR\n",
			"cal.yaml: line 5: did not find expected '-' indicator"},
		{"bad indentation in a mapping", "a:\n  b: 1\n c: 2\n",
			"cal.yaml: line 3: did not find expected key"},
		{"a key indented under a value", "name: A\ntype: x\n  suffix: DR\n",
			"cal.yaml: line 3: mapping values are not allowed in this context"},
		{"a tab", "name: A\nmonths:\n\t- name: x\n",
			"cal.yaml: line 3: found character that cannot start any token"},
		{"a tab in a list", "name: A\nweekdays:\n  - a\n\t- b\n",
			"cal.yaml: line 4: found a tab character that violates indentation"},
		{"unclosed double quote", "name: A\ntype: \"abc\nsuffix: DR\n",
			"cal.yaml: line 2: found unexpected end of stream"},
		{"unclosed single quote on line 1", "type: 'abc\nsuffix: DR\nname: A\n",
			"cal.yaml: line 1: found unexpected end of stream"},
		{"no newline at the end", "name: A\nmonths: {a: 1",
			"cal.yaml: line 2: did not find expected ',' or '}'"},
		{"not syntax", "a: &x 1\nb: *y\n", "cal.yaml: unknown anchor 'y' referenced"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParseYAML([]byte(tt.text), "cal.yaml")
			if err == nil || err.Error() != tt.want {
				t.Errorf("error %v\nwant       %s", err, tt.want)
			}
			var usage *UsageError
			if !errors.As(err, &usage) {
				t.Errorf("%T is no UsageError", err)
			}
		})
	}
}

// The line is found in a long file too, and past the size searched
// yaml.v3's own line is put right.
func TestParseYAMLNamesTheLineInALongFile(t *testing.T) {
	var b strings.Builder
	b.WriteString("calendars:\n  - name: A\n    weather:\n")
	for i := 1; i <= 2000; i++ {
		fmt.Fprintf(&b, "      - date: 1492-1-%d\n        weather: snow\n", i)
	}
	b.WriteString("       temperature: 5C\n") // line 4004: under the list, off by one
	_, err := ParseYAML([]byte(b.String()), "seed.yaml")
	if want := "seed.yaml: line 4004: did not find expected '-' indicator"; err == nil || err.Error() != want {
		t.Errorf("error %v\nwant  %s", err, want)
	}

	b.Reset()
	for b.Len() <= maxSyntaxSearch {
		b.WriteString("# a comment to make the file long\n")
	}
	lines := strings.Count(b.String(), "\n")
	b.WriteString("months: {name: One\n")
	withinHangBound(t, func() { _, err = ParseYAML([]byte(b.String()), "long.yaml") })
	if want := fmt.Sprintf("long.yaml: line %d: did not find expected ',' or '}'", lines+1); err == nil || err.Error() != want {
		t.Errorf("error %v\nwant  %s", err, want)
	}
}
