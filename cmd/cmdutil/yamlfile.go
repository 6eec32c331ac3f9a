package cmdutil

import (
	"bytes"
	"strings"

	yaml "go.yaml.in/yaml/v3"
)

// ParseYAML parses a -f file (YAML or JSON; JSON is YAML) into its document
// node for the decoders of package client, refusing empty input, text that
// is not UTF-8 and broken syntax with a UsageError naming the source and
// the line.
func ParseYAML(data []byte, source string) (*yaml.Node, error) {
	if len(bytes.TrimSpace(data)) == 0 {
		return nil, UsageErrorf("%s: is empty", source)
	}
	if err := checkUTF8(data, source); err != nil {
		return nil, err
	}
	var root yaml.Node
	if err := yaml.Unmarshal(data, &root); err != nil {
		return nil, UsageErrorf("%s: %s", source, strings.TrimPrefix(err.Error(), "yaml: "))
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
