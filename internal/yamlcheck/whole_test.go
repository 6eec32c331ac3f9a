package yamlcheck

import (
	"fmt"
	"strings"
	"testing"

	yaml "go.yaml.in/yaml/v3"
)

type month struct {
	Name   string `yaml:"name"`
	Length int    `yaml:"length"`
}

type common struct {
	Start *int `yaml:"start,omitempty"`
}

type selfRead int

func (s *selfRead) UnmarshalYAML(n *yaml.Node) error { return nil }

type file struct {
	common   `yaml:",inline"`
	Months   []month         `yaml:"months"`
	Tags     []int           `yaml:"tags"`
	Ratio    float64         `yaml:"ratio"`
	ByName   map[string]uint `yaml:"by_name"`
	Own      selfRead        `yaml:"own"`
	Anything any             `yaml:"anything"`
	Untagged int
}

func fractions(t *testing.T, src string, target any) []string {
	t.Helper()
	var doc yaml.Node
	if err := yaml.Unmarshal([]byte(src), &doc); err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, p := range Fractions(&doc, target) {
		out = append(out, p.String())
	}
	return out
}

func TestFractionsWhereWholeNumbersAreWanted(t *testing.T) {
	tests := []struct {
		name, src string
		want      []string
	}{
		{"whole numbers pass", "start: 4\nmonths: [{name: A, length: 30}]\ntags: [3, 0x1F]\nratio: 0.5\nuntagged: 2\n", nil},
		{"a fraction in a list of mappings", "months:\n  - name: A\n    length: 30\n  - name: B\n    length: 30.9\n",
			[]string{"line 5: months[2].length: must be a whole number, not 30.9"}},
		{"inline, pointer, list, map and untagged fields", "start: 4.7\ntags: [3.99]\nby_name: {a: 2.5}\nuntagged: 1.5\n",
			[]string{"line 1: start: must be a whole number, not 4.7", "line 2: tags[1]: must be a whole number, not 3.99",
				"line 3: by_name.a: must be a whole number, not 2.5", "line 4: untagged: must be a whole number, not 1.5"}},
		{"a whole value written as a float, an exponent, infinity", "tags: [30.0, 1e3, -.inf]\n",
			[]string{"line 1: tags[1]: must be a whole number, not 30.0", "line 1: tags[2]: must be a whole number, not 1e3",
				"line 1: tags[3]: must be a whole number, not -.inf"}},
		{"JSON on one line", `{"months": [{"name": "A", "length": 30.9}]}`, []string{"line 1: months[1].length: must be a whole number, not 30.9"}},
		{"floats, any and types that read themselves are not looked into", "ratio: 1.5\nanything: 2.5\nown: 3.5\n", nil},
		{"a quoted number is the decoder's to refuse", "tags: [\"3.5\"]\n", nil},
		{"through an alias and a merge key", "base: &b {name: A, length: 1.5}\nmonths: [*b, {<<: *b, name: B}]\n",
			[]string{"line 1: months[1].length: must be a whole number, not 1.5"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := fractions(t, tt.src, &file{})
			if strings.Join(got, "\n") != strings.Join(tt.want, "\n") {
				t.Errorf("got\n  %s\nwant\n  %s", strings.Join(got, "\n  "), strings.Join(tt.want, "\n  "))
			}
		})
	}
}

func TestFractionsAtTheTopOfAList(t *testing.T) {
	type entry struct {
		Day *int `yaml:"day"`
	}
	got := fractions(t, "- day: 1\n- day: 29.99\n", &[]entry{})
	if want := "line 2: [2].day: must be a whole number, not 29.99"; strings.Join(got, "\n") != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// An anchor aliased again and again (the "billion laughs") is walked once:
// the check ends at once instead of walking 10^9 nodes.
func TestFractionsWalkAnAnchorOnce(t *testing.T) {
	var b strings.Builder
	b.WriteString("l0: &l0 [1.5, 2]\n")
	for i := 1; i <= 9; i++ {
		fmt.Fprintf(&b, "l%d: &l%d [%s]\n", i, i, strings.TrimSuffix(strings.Repeat(fmt.Sprintf("*l%d,", i-1), 10), ","))
	}
	b.WriteString("tags: *l9\n")
	type nested struct {
		Tags [][][][][][][][][][]int `yaml:"tags"`
	}
	got := fractions(t, b.String(), &nested{})
	if len(got) != 1 || !strings.HasSuffix(got[0], "must be a whole number, not 1.5") {
		t.Errorf("got %q", got)
	}
}
