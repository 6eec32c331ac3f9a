package importcmd

import (
	"bytes"
	"strings"

	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/internal/shellquote"
	yaml "go.yaml.in/yaml/v3"
)

// notImportable says what a file that no tool's reader took is, when it is
// one of kanka's own or YAML: a seed is applied, a calendar file created,
// and import reads JSON only. "" when it is none of these: the reader's
// own error says best what is wrong (broken JSON, another tool's keys).
// path is the FILE argument as given ("-" for standard input), for the
// command to run instead.
func notImportable(data []byte, path, kanka string) string {
	root, err := cmdutil.ParseYAML(data, "")
	if err != nil || root.Kind != yaml.DocumentNode || len(root.Content) != 1 {
		return ""
	}
	top := root.Content[0]
	keys := mappingKeys(top)
	file := shellquote.Quote(path)
	switch {
	case keys["calendars"] == yaml.SequenceNode && !toolKeys(keys): // Simple Calendar's has exportVersion beside it
		return "this is a kanka seed (calendars:), which calendar import does not read; apply it with: " + kanka + " apply -f " + file
	case keys["name"] == yaml.ScalarNode && (keys["months"] == yaml.SequenceNode || keys["weekdays"] == yaml.SequenceNode) && !toolKeys(keys):
		return "this is a kanka calendar file (as calendar get -o yaml prints it), which calendar import does not read; create it with: " + kanka + " calendar create -f " + file
	case !looksLikeJSON(data) && (top.Kind == yaml.MappingNode || top.Kind == yaml.SequenceNode):
		return "this is YAML, not JSON: calendar import reads the JSON files of Fantasy-Calendar, Simple Calendar and donjon"
	}
	return ""
}

// mappingKeys are the keys of n when it is a mapping, each with the kind
// of its value (0 for none: a key not there).
func mappingKeys(n *yaml.Node) map[string]yaml.Kind {
	keys := map[string]yaml.Kind{}
	if n.Kind != yaml.MappingNode {
		return keys
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		keys[n.Content[i].Value] = n.Content[i+1].Kind
	}
	return keys
}

// toolKeys reports whether keys hold a key that only a tool's file has at
// its top: such a file is the tool's, however broken.
func toolKeys(keys map[string]yaml.Kind) bool {
	for k := range keys {
		switch {
		case k == "static_data", k == "dynamic_data", k == "year_len", k == "calendar", k == "exportVersion",
			strings.HasSuffix(k, "Settings"):
			return true
		}
	}
	return false
}

// looksLikeJSON reports whether data starts as JSON does, with an object
// or a list: broken JSON is then said as JSON's reader says it.
func looksLikeJSON(data []byte) bool {
	t := bytes.TrimLeft(data, " \t\r\n")
	return len(t) > 0 && (t[0] == '{' || t[0] == '[')
}
