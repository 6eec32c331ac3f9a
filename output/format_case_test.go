package output

import (
	"io"
	"strings"
	"testing"
)

// Every -o value is read in any case, by ParseFormat and by the printer
// built with it, which then says the format in its one spelling.
func TestEveryFormatInAnyCase(t *testing.T) {
	for _, f := range Formats() {
		name := string(f)
		for _, typed := range []string{name, strings.ToUpper(name), strings.ToUpper(name[:1]) + name[1:]} {
			got, err := ParseFormat(typed)
			if err != nil || got != f {
				t.Errorf("ParseFormat(%q) = %q, %v; want %q", typed, got, err, f)
			}
			p, err := New(io.Discard, Options{Format: Format(typed)})
			if err != nil || p.Format() != f {
				t.Errorf("New with -o %s: format %q, %v; want %q", typed, p.Format(), err, f)
			}
		}
	}
}

// A list is for people in a table, wide or yaml (in any case), which a
// command may order for them; json, ndjson, id, --jq and --template are
// data, in the order the records come.
func TestForPeople(t *testing.T) {
	for _, tt := range []struct {
		opts Options
		want bool
	}{
		{Options{Format: Table}, true},
		{Options{Format: ""}, true},
		{Options{Format: "WIDE"}, true},
		{Options{Format: "Yaml"}, true},
		{Options{Format: JSON}, false},
		{Options{Format: "NDJSON"}, false},
		{Options{Format: ID}, false},
		{Options{Format: Table, JQ: ".[]"}, false},
		{Options{Format: YAML, Template: "{{.}}"}, false},
	} {
		p, err := New(io.Discard, tt.opts)
		if err != nil {
			t.Fatal(err)
		}
		if got := p.ForPeople(); got != tt.want {
			t.Errorf("%+v: %v, want %v", tt.opts, got, tt.want)
		}
	}
}
