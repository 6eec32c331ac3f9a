package output

import "testing"

// --jq and --template run over the JSON: with -o json or -o ndjson, or
// with -o left out; another -o given with them is refused, not ignored.
func TestTransformNeedsTheJSON(t *testing.T) {
	for _, tt := range []struct {
		format       string
		given        bool
		jq, template string
		want         string
	}{
		{"table", false, ".name", "", ""},
		{"", false, "", "{{.name}}", ""},
		{"json", true, ".name", "", ""},
		{"NDJSON", true, ".name", "", ""},
		{"yaml", true, "", "", ""},
		{"yaml", true, ".name", "", "--jq filters the JSON output: use it with -o json (or -o ndjson, one record a line), not -o yaml"},
		{"table", true, ".name", "", "--jq filters the JSON output: use it with -o json (or -o ndjson, one record a line), not -o table"},
		{"Wide", true, "", "{{.id}}", "--template formats the JSON output: use it with -o json (or -o ndjson, one record a line), not -o Wide"},
		{"id", true, "", "{{.id}}", "--template formats the JSON output: use it with -o json (or -o ndjson, one record a line), not -o id"},
	} {
		err := CheckTransform(tt.format, tt.given, tt.jq, tt.template)
		switch {
		case tt.want == "" && err != nil:
			t.Errorf("-o %s (given %v) --jq %q --template %q: %v", tt.format, tt.given, tt.jq, tt.template, err)
		case tt.want != "" && (err == nil || err.Error() != tt.want):
			t.Errorf("-o %s --jq %q --template %q: %v, want %s", tt.format, tt.jq, tt.template, err, tt.want)
		}
	}
}
