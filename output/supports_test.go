package output

import (
	"bytes"
	"testing"
)

// A declaration's refusals are made from its words: a choice of formats
// names the one refused after the list, a single format says the other is
// not supported, and --jq and --template need the JSON.
func TestUnsupportedRefusesWhatIsNotDeclared(t *testing.T) {
	choice := Supports{Says: "apply prints its plan as text or with -o json", Formats: []Format{Table, JSON}}.Annotations()
	always := Supports{Says: "calendar export always writes YAML", Always: YAML}.Annotations()
	for _, tt := range []struct {
		name                 string
		annotations          map[string]string
		format, jq, template string
		want                 string
	}{
		{"choice: default", choice, "table", "", "", ""},
		{"choice: unset", choice, "", "", "", ""},
		{"choice: json", choice, "json", "", "", ""},
		{"choice: json in capitals", choice, "JSON", "", "", ""},
		{"choice: --jq", choice, "table", ".summary", "", ""},
		{"choice: --template with json", choice, "json", "", "{{.summary}}", ""},
		{"choice: yaml", choice, "yaml", "", "", "apply prints its plan as text or with -o json, not -o yaml"},
		{"choice: wide", choice, "wide", "", "", "apply prints its plan as text or with -o json, not -o wide"},
		{"choice: as typed", choice, "NDJSON", "", "", "apply prints its plan as text or with -o json, not -o NDJSON"},
		{"always: default", always, "table", "", "", ""},
		{"always: unset", always, "", "", "", ""},
		{"always: its format", always, "yaml", "", "", ""},
		{"always: json", always, "json", "", "", "calendar export always writes YAML; -o json is not supported"},
		{"always: id", always, "id", "", "", "calendar export always writes YAML; -o id is not supported"},
		{"always: format first", always, "json", ".", "", "calendar export always writes YAML; -o json is not supported"},
		{"always: --jq", always, "table", ".", "", "calendar export always writes YAML; --jq and --template are not supported"},
		{"always: --template", always, "yaml", "", "{{.}}", "calendar export always writes YAML; --jq and --template are not supported"},
		{"undeclared: all", nil, "ndjson", ".[]", "", ""},
		{"unknown format", choice, "xml", "", "", `unknown output format "xml": use one of table, wide, json, yaml, ndjson or id`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			err := Unsupported(tt.annotations, tt.format, tt.jq, tt.template)
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

// PrintsText is true only where a record would be a table or a key/value
// view: a command with a text of its own prints it then.
func TestPrintsText(t *testing.T) {
	for _, tt := range []struct {
		opts Options
		want bool
	}{
		{Options{Format: Table}, true},
		{Options{Format: Wide}, true},
		{Options{Format: ""}, true},
		{Options{Format: JSON}, false},
		{Options{Format: YAML}, false},
		{Options{Format: NDJSON}, false},
		{Options{Format: ID}, false},
		{Options{Format: Table, JQ: "."}, false},
		{Options{Format: Table, Template: "{{.}}"}, false},
	} {
		p, err := New(&bytes.Buffer{}, tt.opts)
		if err != nil {
			t.Fatal(err)
		}
		if got := p.PrintsText(); got != tt.want {
			t.Errorf("%+v: %v, want %v", tt.opts, got, tt.want)
		}
	}
}
