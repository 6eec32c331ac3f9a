package output

import "testing"

// A declaration is read in any case too: a command that declares "JSON"
// or "Yaml" prints json or yaml, whatever case -o is given in, and is
// refused in the same words as one declared in lower case.
func TestUnsupportedReadsDeclarationsInAnyCase(t *testing.T) {
	choice := Supports{Says: "tally counts as text or with -o json", Formats: []Format{"Table", "JSON"}}.Annotations()
	always := Supports{Says: "dump always writes YAML", Always: "Yaml"}.Annotations()
	for _, tt := range []struct {
		name        string
		annotations map[string]string
		format, jq  string
		want        string
	}{
		{"choice: json", choice, "json", "", ""},
		{"choice: JSON", choice, "JSON", "", ""},
		{"choice: default", choice, "", "", ""},
		{"choice: --jq", choice, "table", ".", ""},
		{"choice: yaml", choice, "YAML", "", "tally counts as text or with -o json, not -o YAML"},
		{"always: yaml", always, "yaml", "", ""},
		{"always: YAML", always, "YAML", "", ""},
		{"always: table", always, "TABLE", "", ""},
		{"always: json", always, "Json", "", "dump always writes YAML; -o Json is not supported"},
		{"always: --jq", always, "yaml", ".", "dump always writes YAML; --jq and --template are not supported"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			err := Unsupported(tt.annotations, tt.format, tt.jq, "")
			got := ""
			if err != nil {
				got = err.Error()
			}
			if got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}
