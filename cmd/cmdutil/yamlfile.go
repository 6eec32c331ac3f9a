package cmdutil

import (
	"bytes"

	yaml "go.yaml.in/yaml/v3"
)

// ParseYAML parses a -f file (YAML or JSON; JSON is YAML) into its document
// node for the decoders of package client, refusing empty input, input
// larger than MaxInputBytes, text that is not UTF-8 and broken syntax with
// a UsageError naming the source and the line.
//
// Into a yaml.Node, yaml.v3 expands no alias (an alias is one node that
// points at its anchor, and its own bound on aliases applies only to Go
// values), so the tree is the size of the text: the size is bounded here,
// as ReadInput bounds it, whoever gives the text, and what aliases and
// merge keys expand to is bounded by the decoders (client/file_bounds.go).
func ParseYAML(data []byte, source string) (*yaml.Node, error) {
	if len(data) > MaxInputBytes {
		return nil, UsageErrorf("%s: larger than %d MiB; is it the right file?", source, MaxInputBytes>>20)
	}
	if len(bytes.TrimSpace(data)) == 0 {
		return nil, UsageErrorf("%s: is empty", source)
	}
	if err := checkUTF8(data, source); err != nil {
		return nil, err
	}
	var root yaml.Node
	if err := yaml.Unmarshal(data, &root); err != nil {
		return nil, UsageErrorf("%s: %s", source, syntaxMessage(data, err))
	}
	return &root, nil
}

// InFile is the UsageError for the problems a decoder found in the file
// source (one a line, as client.FileError writes them): each line names the
// source.
func InFile(source string, err error) error {
	ps := &Problems{}
	ps.AddFile(source, err)
	return ps.Err()
}
