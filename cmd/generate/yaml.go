package generate

import (
	"encoding/json"

	yaml "go.yaml.in/yaml/v3"
)

// orderedYAML is the JSON value raw as -o yaml prints it: its keys in the
// order the JSON has them (a decoded map would sort them), in block style.
// JSON is YAML, so the YAML decoder reads it into nodes that keep the
// order; their styles (flow mappings, quoted strings) are dropped, and the
// encoder quotes again a string that would read back as another type.
func orderedYAML(raw json.RawMessage) any {
	var doc yaml.Node
	if err := yaml.Unmarshal(raw, &doc); err != nil || len(doc.Content) == 0 {
		return nil // our own JSON: it always decodes
	}
	plain(doc.Content[0])
	return doc.Content[0]
}

// plain drops the styles of n and of every node under it.
func plain(n *yaml.Node) {
	n.Style = 0
	for _, c := range n.Content {
		plain(c)
	}
}
