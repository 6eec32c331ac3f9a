package calendar

import (
	"sort"
	"strconv"
	"strings"

	yaml "go.yaml.in/yaml/v3"
)

// tagQuotedYearKeys lets a file write year numbers as quoted keys, as every
// JSON file must ({"years": {"1492": "Year of Three Ships Sailing"}}): YAML
// reads a quoted key as text, which does not decode into a year number. An
// explicit `!!int ` tag is put before each such key. It goes where the key
// starts, so the key keeps its column (block indentation is unchanged) and
// every line keeps its number (errors still point at the user's lines).
func tagQuotedYearKeys(data []byte) []byte {
	var root yaml.Node
	if yaml.Unmarshal(data, &root) != nil || len(root.Content) == 0 {
		return data // DecodeStrict will say what is wrong
	}
	doc := root.Content[0]
	if doc.Kind != yaml.MappingNode {
		return data
	}
	type position struct{ line, column int }
	var keys []position
	for i := 0; i+1 < len(doc.Content); i += 2 {
		if doc.Content[i].Value != "years" || doc.Content[i+1].Kind != yaml.MappingNode {
			continue
		}
		years := doc.Content[i+1].Content
		for j := 0; j < len(years); j += 2 {
			k := years[j]
			if _, err := strconv.Atoi(k.Value); err == nil && k.Style&(yaml.DoubleQuotedStyle|yaml.SingleQuotedStyle) != 0 && k.Tag != "!!int" {
				keys = append(keys, position{k.Line, k.Column})
			}
		}
	}
	if len(keys) == 0 {
		return data
	}
	// Insert from the end of each line so earlier columns stay right.
	sort.Slice(keys, func(a, b int) bool {
		if keys[a].line != keys[b].line {
			return keys[a].line < keys[b].line
		}
		return keys[a].column > keys[b].column
	})
	lines := strings.SplitAfter(string(data), "\n")
	for _, k := range keys {
		// yaml counts columns in characters, from 1.
		line := []rune(lines[k.line-1])
		at := k.column - 1
		lines[k.line-1] = string(line[:at]) + "!!int " + string(line[at:])
	}
	return []byte(strings.Join(lines, ""))
}
