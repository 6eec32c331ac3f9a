package output

import (
	"errors"
	"testing"
)

// The server's bytes, re-spaced only: key order, the unknown "zeta", 1.0,
// 1e3, the 20-digit number, \u00e9 and the HTML all as sent.
const harptosIndented = `{
  "name": "Harptos",
  "id": 1,
  "zeta": {
    "b": 1.0,
    "a": 1e3
  },
  "type": "Forgotten Realms",
  "entry": "<p>Caf\u00e9 & co</p>",
  "big": 12345678901234567890,
  "weekdays": [
    "Mon",
    "Tue"
  ]
}`

const galifarIndented = `{
  "id": 22,
  "name": "Galifar Calendar of the Five Nations",
  "type": null,
  "is_private": true
}`

const harptosCompact = `{"name":"Harptos","id":1,"zeta":{"b":1.0,"a":1e3},"type":"Forgotten Realms","entry":"<p>Caf\u00e9 & co</p>","big":12345678901234567890,"weekdays":["Mon","Tue"]}`

const galifarCompact = `{"id":22,"name":"Galifar Calendar of the Five Nations","type":null,"is_private":true}`

func indentBy2(s string) string {
	out := "  "
	for _, r := range s {
		out += string(r)
		if r == '\n' {
			out += "  "
		}
	}
	return out
}

func TestPrintListFormats(t *testing.T) {
	tests := []struct {
		format Format
		want   string
	}{
		{JSON, "[\n" + indentBy2(harptosIndented) + ",\n" + indentBy2(galifarIndented) + "\n]\n"},
		{NDJSON, harptosCompact + "\n" + galifarCompact + "\n"},
		{ID, "1\n22\n"},
		{YAML, `- name: Harptos
  type: Forgotten Realms
  is_private: false
  months:
    - Hammer
    - Alturiak
    - Ches
- name: Galifar Calendar of the Five Nations
  is_private: true
  months:
    - Zarantyr
`},
	}
	for _, tt := range tests {
		t.Run(string(tt.format), func(t *testing.T) {
			p, out := newPrinter(t, Options{Format: tt.format})
			if err := p.PrintList(listOf(nil, harptos, galifar), fakeKind); err != nil {
				t.Fatal(err)
			}
			if out.String() != tt.want {
				t.Errorf("got:\n%s\nwant:\n%s", out, tt.want)
			}
		})
	}
}

func TestPrintEmptyList(t *testing.T) {
	for format, want := range map[Format]string{
		JSON: "[]\n", YAML: "[]\n", NDJSON: "", ID: "", Table: "", Wide: "",
	} {
		t.Run(string(format), func(t *testing.T) {
			p, out := newPrinter(t, Options{Format: format})
			if err := p.PrintList(listOf(nil), fakeKind); err != nil {
				t.Fatal(err)
			}
			if out.String() != want {
				t.Errorf("got %q; want %q", out, want)
			}
		})
	}
}

func TestPrintOneFormats(t *testing.T) {
	tests := []struct {
		format Format
		want   string
	}{
		{JSON, harptosIndented + "\n"},
		{NDJSON, harptosCompact + "\n"},
		{ID, "1\n"},
		{YAML, `name: Harptos
type: Forgotten Realms
is_private: false
months:
  - Hammer
  - Alturiak
  - Ches
`},
	}
	for _, tt := range tests {
		t.Run(string(tt.format), func(t *testing.T) {
			p, out := newPrinter(t, Options{Format: tt.format})
			if err := p.PrintOne(harptos, fakeKind); err != nil {
				t.Fatal(err)
			}
			if out.String() != tt.want {
				t.Errorf("got:\n%s\nwant:\n%s", out, tt.want)
			}
		})
	}
}

// A kind without a YAML shape still prints YAML: its JSON, keys sorted.
func TestPrintOneYAMLWithoutShape(t *testing.T) {
	p, out := newPrinter(t, Options{Format: YAML})
	if err := p.PrintOne(galifar, Kind{}); err != nil {
		t.Fatal(err)
	}
	want := "id: 22\nis_private: true\nname: Galifar Calendar of the Five Nations\ntype: null\n"
	if out.String() != want {
		t.Errorf("got:\n%s\nwant:\n%s", out, want)
	}
}

func TestPrintOneInvalidJSON(t *testing.T) {
	for _, format := range []Format{JSON, NDJSON} {
		p, out := newPrinter(t, Options{Format: format})
		err := p.PrintOne(fakeCalendar{ID: 5, Raw: `{"id":5,`}, fakeKind)
		if err == nil || out.Len() != 0 {
			t.Errorf("%s: err = %v, output %q; want an error and no output", format, err, out)
		}
	}
}

// An error mid-list stops the walk: the lines ndjson and id streamed stay,
// and json's array is left open, so that no parser takes it for the whole
// list; the formats that print the list once it is whole print nothing.
func TestPrintListErrorMidList(t *testing.T) {
	tests := []struct {
		name string
		opts Options
		want string
	}{
		{"json", Options{Format: JSON}, "[\n" + indentBy2(harptosIndented)},
		{"yaml", Options{Format: YAML}, ""},
		{"table", Options{Format: Table}, ""},
		{"wide", Options{Format: Wide}, ""},
		{"ndjson", Options{Format: NDJSON}, harptosCompact + "\n"},
		{"id", Options{Format: ID}, "1\n"},
		{"jq", Options{JQ: ".[].id"}, ""},
		{"template", Options{Template: "{{range .}}{{.id}}\n{{end}}"}, ""},
		{"ndjson jq", Options{Format: NDJSON, JQ: ".name"}, "Harptos\n"},
		{"ndjson template", Options{Format: NDJSON, Template: "{{.name}}\n"}, "Harptos\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, out := newPrinter(t, tt.opts)
			err := p.PrintList(listOf(errPage, harptos), fakeKind)
			if !errors.Is(err, errPage) {
				t.Errorf("err = %v; want %v", err, errPage)
			}
			if out.String() != tt.want {
				t.Errorf("got %q; want %q", out, tt.want)
			}
		})
	}
}

// A raw object read from a stream may end in a newline; each format still
// ends its output with exactly one.
func TestTrailingNewlineInRawJSON(t *testing.T) {
	rec := fakeCalendar{ID: 7, Raw: "{\"id\": 7}\n"}
	tests := []struct {
		format    Format
		one, list string
	}{
		{JSON, "{\n  \"id\": 7\n}\n", "[\n  {\n    \"id\": 7\n  },\n  {\n    \"id\": 7\n  }\n]\n"},
		{NDJSON, "{\"id\":7}\n", "{\"id\":7}\n{\"id\":7}\n"},
	}
	for _, tt := range tests {
		p, out := newPrinter(t, Options{Format: tt.format})
		if err := p.PrintOne(rec, fakeKind); err != nil {
			t.Fatal(err)
		}
		if out.String() != tt.one {
			t.Errorf("%s one: got %q; want %q", tt.format, out, tt.one)
		}
		p, out = newPrinter(t, Options{Format: tt.format})
		if err := p.PrintList(listOf(nil, rec, rec), fakeKind); err != nil {
			t.Fatal(err)
		}
		if out.String() != tt.list {
			t.Errorf("%s list: got %q; want %q", tt.format, out, tt.list)
		}
	}
}
