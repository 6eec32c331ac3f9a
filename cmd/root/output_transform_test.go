package root_test

import (
	"testing"

	"github.com/kanka-cli/kanka/cmd/root/roottest"
)

// --jq and --template with a format other than JSON would print what
// they make and ignore -o: refused, before any request.
func TestTransformWithAnotherFormatIsRefused(t *testing.T) {
	roottest.Isolate(t)
	for _, tc := range []struct {
		args   []string
		code   int
		stdout string
		stderr string
	}{
		{[]string{"--sandbox", "calendar", "list", "-o", "yaml", "--jq", ".[].name"}, 2, "",
			"error: --jq filters the JSON output: use it with -o json (or -o ndjson, one record a line), not -o yaml\n"},
		{[]string{"--sandbox", "calendar", "list", "-o", "table", "--template", "{{len .}}"}, 2, "",
			"error: --template formats the JSON output: use it with -o json (or -o ndjson, one record a line), not -o table\n"},
		{[]string{"--sandbox", "calendar", "list", "--jq", "length"}, 0, "0\n", ""},
		{[]string{"--sandbox", "calendar", "list", "-o", "json", "--jq", "length"}, 0, "0\n", ""},
	} {
		r := roottest.Run(t, "", tc.args...)
		if r.Code != tc.code || r.Stdout != tc.stdout || r.Stderr != tc.stderr {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want %d, %q, %q", tc.args, r.Code, r.Stdout, r.Stderr, tc.code, tc.stdout, tc.stderr)
		}
	}
}
