package client

import (
	"fmt"
	"strconv"
	"strings"

	yaml "go.yaml.in/yaml/v3"
)

// A calendar file may be the YAML that `get -o yaml` prints or the JSON the
// server sent (`get -o json`), which writes fullmoon as "30.4375", years as
// [] when there are none, and year numbers as quoted keys. These decoders
// accept both, and name the line of anything else.

// Years maps a year number to its name.
type Years map[int]string

// UnmarshalYAML reads a mapping of number: name (quoted numbers too), an
// empty list, or null.
func (y *Years) UnmarshalYAML(node *yaml.Node) error {
	out := Years{}
	switch {
	case node.Tag == "!!null":
	case node.Kind == yaml.SequenceNode && len(node.Content) == 0:
	case node.Kind == yaml.MappingNode:
		for i := 0; i+1 < len(node.Content); i += 2 {
			k, v := node.Content[i], node.Content[i+1]
			n, err := strconv.Atoi(strings.TrimSpace(k.Value))
			if err != nil {
				return fmt.Errorf("line %d: years: %q is not a year number", k.Line, k.Value)
			}
			name, err := yamlText(v)
			if err != nil {
				return fmt.Errorf("line %d: years: the name of year %d must be text", v.Line, n)
			}
			out[n] = name
		}
	default:
		return fmt.Errorf("line %d: years must be a mapping of year number: name", node.Line)
	}
	*y = out
	return nil
}

// UnmarshalYAML reads a moon, with fullmoon, offset and id as numbers or
// numeric strings. Unknown keys are refused, as the strict decoder would.
func (m *Moon) UnmarshalYAML(node *yaml.Node) error {
	if node.Kind != yaml.MappingNode {
		return fmt.Errorf("line %d: a moon is a mapping of name, fullmoon, offset, colour and id", node.Line)
	}
	var out Moon
	for i := 0; i+1 < len(node.Content); i += 2 {
		k, v := node.Content[i], node.Content[i+1]
		var err error
		switch k.Value {
		case "name":
			out.Name, err = yamlText(v)
		case "fullmoon":
			out.Fullmoon, err = yamlNumber(v)
		case "offset":
			out.Offset, err = yamlWhole(v)
		case "colour":
			out.Colour, err = yamlText(v)
		case "id":
			if v.Tag != "!!null" {
				var id int
				id, err = yamlWhole(v)
				out.ID = ptr(id)
			}
		default:
			return fmt.Errorf("line %d: unknown key %q in a moon", k.Line, k.Value)
		}
		if err != nil {
			return fmt.Errorf("line %d: moon %s: %w", v.Line, k.Value, err)
		}
	}
	*m = out
	return nil
}

func yamlText(v *yaml.Node) (string, error) {
	if v.Kind != yaml.ScalarNode {
		return "", fmt.Errorf("must be text")
	}
	if v.Tag == "!!null" {
		return "", nil
	}
	return v.Value, nil
}

func yamlNumber(v *yaml.Node) (float64, error) {
	if v.Kind != yaml.ScalarNode {
		return 0, fmt.Errorf("must be a number")
	}
	if v.Tag == "!!null" || strings.TrimSpace(v.Value) == "" {
		return 0, nil
	}
	x, err := strconv.ParseFloat(strings.TrimSpace(v.Value), 64)
	if err != nil {
		return 0, fmt.Errorf("%q is not a number", v.Value)
	}
	return x, nil
}

func yamlWhole(v *yaml.Node) (int, error) {
	if v.Kind != yaml.ScalarNode {
		return 0, fmt.Errorf("must be a whole number")
	}
	if v.Tag == "!!null" || strings.TrimSpace(v.Value) == "" {
		return 0, nil
	}
	n, err := strconv.Atoi(strings.TrimSpace(v.Value))
	if err != nil {
		return 0, fmt.Errorf("%q is not a whole number", v.Value)
	}
	return n, nil
}
