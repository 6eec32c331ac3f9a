package output

import (
	"strings"
	"testing"
)

func TestJQ(t *testing.T) {
	tests := []struct {
		name string
		opts Options
		list bool // PrintList of both calendars, else PrintOne(harptos)
		want string
	}{
		{"string prints raw", Options{JQ: ".name"}, false, "Harptos\n"},
		{"string with quotes and HTML raw", Options{JQ: ".entry"}, false, "<p>Café & co</p>\n"},
		{"object compact when piped", Options{JQ: "{id, w: .weekdays}"}, false, `{"id":1,"w":["Mon","Tue"]}` + "\n"},
		{"object indented on a terminal", Options{JQ: "{id, w: .weekdays}", Width: 80}, false, "{\n  \"id\": 1,\n  \"w\": [\n    \"Mon\",\n    \"Tue\"\n  ]\n}\n"},
		{"numbers keep their value", Options{JQ: "[.id, .big, .zeta.a, .zeta.b, .big + 1]"}, false, "[1,12345678901234567890,1000,1,12345678901234567891]\n"},
		{"null", Options{JQ: ".nothing"}, false, "null\n"},
		{"each result a line", Options{JQ: ".weekdays[]"}, false, "Mon\nTue\n"},
		{"list is the array", Options{JQ: ".[] | \"\\(.id) \\(.name)\""}, true, "1 Harptos\n22 Galifar Calendar of the Five Nations\n"},
		{"list length", Options{JQ: "length"}, true, "2\n"},
		{"ndjson each item", Options{Format: NDJSON, JQ: "{id}"}, true, "{\"id\":1}\n{\"id\":22}\n"},
		{"jq beats table", Options{Format: Table, JQ: ".[0].id"}, true, "1\n"},
		{"halt stops quietly", Options{JQ: ".name, halt, .id"}, false, "Harptos\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if out := printFakes(t, tt.opts, tt.list); out != tt.want {
				t.Errorf("got:\n%s\nwant:\n%s", out, tt.want)
			}
		})
	}
}

// A runtime error ends the output with an error, after the results before it.
func TestJQRuntimeError(t *testing.T) {
	p, out := newPrinter(t, Options{JQ: `.name, (.name | tonumber)`})
	err := p.PrintOne(harptos, fakeKind)
	if err == nil || !strings.HasPrefix(err.Error(), "--jq: ") || !strings.Contains(err.Error(), "Harptos") {
		t.Errorf("err = %v; want a --jq error naming the value", err)
	}
	if out.String() != "Harptos\n" {
		t.Errorf("got %q; want the result before the error", out)
	}
}

func TestJQErrorFunction(t *testing.T) {
	p, _ := newPrinter(t, Options{JQ: `error("no such month")`})
	err := p.PrintList(listOf(nil, harptos), fakeKind)
	if err == nil || err.Error() != "--jq: error: no such month" {
		t.Errorf("err = %v; want --jq: error: no such month", err)
	}
}

// printFakes prints the fake list (Harptos, Galifar) or the one record
// Harptos with opts, and returns the output.
func printFakes(t *testing.T, opts Options, list bool) string {
	t.Helper()
	p, out := newPrinter(t, opts)
	var err error
	if list {
		err = p.PrintList(listOf(nil, harptos, galifar), fakeKind)
	} else {
		err = p.PrintOne(harptos, fakeKind)
	}
	if err != nil {
		t.Fatal(err)
	}
	return out.String()
}
