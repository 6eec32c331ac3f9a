package cmdutil

import (
	"context"
	"errors"
	"testing"
)

type testMonth struct {
	Name   string `yaml:"name"`
	Length int    `yaml:"length"`
}

type testFile struct {
	Name   string      `yaml:"name"`
	Months []testMonth `yaml:"months"`
}

func TestDecodeStrictNamesKeyAndLine(t *testing.T) {
	tests := []struct {
		name, input, want string
	}{
		{"unknown key", "name: a\nweekday: [x]\n", `cal.yaml: line 2: unknown key "weekday"`},
		{"mistyped nested value", "name: a\nmonths:\n  - name: x\n    length: abc\n", `cal.yaml: line 4: months[1].length: "abc" is not a whole number`},
		{"syntax", "name: [a\n", "cal.yaml: line 1: did not find expected ',' or ']'"},
		{"empty", "  \n", "cal.yaml: is empty"},
		{"JSON on one line names no key it cannot be sure of", `{"name": "a", "months": [{"name": "x", "length": "abc"}]}`, `cal.yaml: line 1: "abc" is not a whole number`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var v testFile
			err := DecodeStrict([]byte(tt.input), "cal.yaml", &v)
			var usage *UsageError
			if !errors.As(err, &usage) {
				t.Fatalf("error %v is not a UsageError", err)
			}
			if err.Error() != tt.want {
				t.Errorf("got  %q\nwant %q", err.Error(), tt.want)
			}
		})
	}
}

func TestDecodeStrictReadsJSON(t *testing.T) {
	var v testFile
	err := DecodeStrict([]byte("{\n\t\"name\": \"Harptos\",\n\t\"months\": [{\"name\": \"Hammer\", \"length\": 30}]\n}"), "cal.json", &v)
	if err != nil {
		t.Fatal(err)
	}
	if v.Name != "Harptos" || len(v.Months) != 1 || v.Months[0].Length != 30 {
		t.Errorf("decoded %+v", v)
	}
}

func TestReadInputDropsTheByteOrderMark(t *testing.T) {
	s, in, _, _ := Test()
	in.WriteString("\xef\xbb\xbfname: Harptos\n")
	data, err := ReadInput(context.Background(), s, "-")
	if err != nil || string(data) != "name: Harptos\n" {
		t.Errorf("got %q, %v", data, err)
	}
}
