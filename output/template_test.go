package output

import (
	"strings"
	"testing"
)

func TestTemplate(t *testing.T) {
	tests := []struct {
		name string
		opts Options
		list bool
		want string
	}{
		{"fields and helpers", Options{Template: `{{.id}} {{upper .name}} {{lower .type}} [{{join ", " .weekdays}}] {{json .zeta}}`}, false,
			`1 HARPTOS forgotten realms [Mon, Tue] {"a":1000,"b":1}`},
		{"big numbers keep their digits", Options{Template: `{{.big}}`}, false, "12345678901234567890"},
		{"json does not escape HTML", Options{Template: `{{json .entry}}`}, false, `"<p>Café & co</p>"`},
		{"list is the array", Options{Template: `{{range .}}{{.id}}: {{.name}}{{"\n"}}{{end}}`}, true,
			"1: Harptos\n22: Galifar Calendar of the Five Nations\n"},
		{"ndjson each item", Options{Format: NDJSON, Template: "{{.id}}\n"}, true, "1\n22\n"},
		{"numbers compare as numbers", Options{Template: `{{range .}}{{if eq .id 22}}{{.name}}{{end}}{{end}}`}, true,
			"Galifar Calendar of the Five Nations"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if out := printFakes(t, tt.opts, tt.list); out != tt.want {
				t.Errorf("got:\n%q\nwant:\n%q", out, tt.want)
			}
		})
	}
}

// A template that fails while running is an error and prints nothing.
func TestTemplateRuntimeError(t *testing.T) {
	p, out := newPrinter(t, Options{Template: `{{.name}} {{join ", " .name}}`})
	err := p.PrintOne(harptos, fakeKind)
	if err == nil || !strings.HasPrefix(err.Error(), "--template: ") {
		t.Errorf("err = %v; want a --template error", err)
	}
	if out.Len() != 0 {
		t.Errorf("got %q; want nothing", out)
	}
}
