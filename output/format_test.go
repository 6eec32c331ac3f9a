package output

import (
	"io"
	"strings"
	"testing"
)

func TestParseFormat(t *testing.T) {
	for in, want := range map[string]Format{
		"table": Table, "wide": Wide, "json": JSON, "yaml": YAML, "ndjson": NDJSON, "id": ID,
		"JSON": JSON, "Yaml": YAML, "": Table,
	} {
		got, err := ParseFormat(in)
		if err != nil || got != want {
			t.Errorf("ParseFormat(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
}

func TestParseFormatRejectsUnknown(t *testing.T) {
	_, err := ParseFormat("xml")
	want := `unknown output format "xml": use one of table, wide, json, yaml, ndjson or id`
	if err == nil || err.Error() != want {
		t.Fatalf("err = %v; want %q", err, want)
	}
}

func TestNewRejectsBadOptions(t *testing.T) {
	tests := []struct {
		name string
		opts Options
		want string // the start of the error
	}{
		{"unknown format", Options{Format: "csv"}, `unknown output format "csv"`},
		{"jq syntax", Options{JQ: ".[] | "}, "invalid --jq expression: "},
		{"jq unknown function", Options{JQ: "nosuchfunc(1)"}, "invalid --jq expression: function not defined: nosuchfunc/1"},
		{"template syntax", Options{Template: "{{.name"}, "invalid --template: "},
		{"template unknown function", Options{Template: "{{nosuch .name}}"}, "invalid --template: "},
		{"jq and template", Options{JQ: ".", Template: "{{.}}"}, "--jq and --template cannot be used together"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := New(io.Discard, tt.opts)
			if err == nil || !strings.HasPrefix(err.Error(), tt.want) {
				t.Fatalf("New() = %v, %v; want an error starting %q", p, err, tt.want)
			}
		})
	}
}
