package calendar

import (
	"testing"

	"github.com/kanka-cli/kanka/output"
	yaml "go.yaml.in/yaml/v3"
)

// Export writes each calendar as it is encoded, one item at a time; the
// text must be the document encoded whole, multi-line texts (block
// scalars, blank lines in them), nested lists and empty values included.
func TestExportItemsReadAsTheWholeDocument(t *testing.T) {
	var nodes []*yaml.Node
	for _, src := range []string{
		"name: Harptos\nentry: \"<p>one</p>\\n\\n<p>two</p>\\n  indented\\n\"\nmonths:\n  - {name: Hammer, length: 30}\n  - {name: Midwinter, length: 1, type: intercalary}\nweekdays: [a, b]\nyears: {}\nweather:\n  - {date: 1492-1-1, weather: snow, effect: \"line one\\nline two\"}\n",
		"name: \"Two: words\"\nmoons: []\n",
	} {
		var doc yaml.Node
		if err := yaml.Unmarshal([]byte(src), &doc); err != nil {
			t.Fatal(err)
		}
		nodes = append(nodes, doc.Content[0])
	}
	whole, err := output.EncodeYAML(exportDocument{Calendars: nodes})
	if err != nil {
		t.Fatal(err)
	}
	got := "calendars:\n"
	for _, n := range nodes {
		item, err := output.EncodeYAML([]*yaml.Node{n})
		if err != nil {
			t.Fatal(err)
		}
		got += string(underKey(item))
	}
	if got != string(whole) {
		t.Errorf("items:\n%s\nwhole:\n%s", got, whole)
	}
}
