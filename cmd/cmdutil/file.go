package cmdutil

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"regexp"
	"strconv"
	"strings"

	yaml "go.yaml.in/yaml/v3"
)

// ReadInput reads the file at path, or standard input for "-", without the
// byte-order mark some editors put first.
func ReadInput(streams *IOStreams, path string) ([]byte, error) {
	var data []byte
	var err error
	if path == "-" {
		if data, err = io.ReadAll(streams.In); err != nil {
			return nil, fmt.Errorf("reading standard input: %w", err)
		}
	} else if data, err = os.ReadFile(path); err != nil {
		return nil, &UsageError{Err: err}
	}
	return bytes.TrimPrefix(data, []byte("\xef\xbb\xbf")), nil
}

// SourceName is how messages name the input at path.
func SourceName(path string) string {
	if path == "-" {
		return "standard input"
	}
	return path
}

var (
	unknownFieldPattern = regexp.MustCompile(`^line (\d+): field (\S+) not found in type \S+$`)
	typeErrorPattern    = regexp.MustCompile("^line (\\d+): cannot unmarshal !!(\\w+) `(.*)` into (.+)$")
)

// DecodeStrict decodes YAML or JSON (JSON is YAML) into v, refusing keys v
// does not have. Errors are UsageErrors that name the source, the line and
// the key: `calendar.yaml: line 5: unknown key "weekday"`.
func DecodeStrict(data []byte, source string, v any) error {
	if len(bytes.TrimSpace(data)) == 0 {
		return UsageErrorf("%s: is empty", source)
	}
	var root yaml.Node
	if err := yaml.Unmarshal(data, &root); err != nil {
		return UsageErrorf("%s: %s", source, strings.TrimPrefix(err.Error(), "yaml: "))
	}
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	err := dec.Decode(v)
	if err == nil {
		return nil
	}
	var typeErr *yaml.TypeError
	if !errors.As(err, &typeErr) {
		return UsageErrorf("%s: %s", source, strings.TrimPrefix(err.Error(), "yaml: "))
	}
	keys := keysByLine(&root)
	lines := make([]string, 0, len(typeErr.Errors))
	for _, e := range typeErr.Errors {
		lines = append(lines, source+": "+explain(e, keys))
	}
	return &UsageError{Err: errors.New(strings.Join(lines, "\n"))}
}

// explain rewrites one of yaml's messages in the user's words.
func explain(msg string, keys map[int]string) string {
	if m := unknownFieldPattern.FindStringSubmatch(msg); m != nil {
		return fmt.Sprintf("line %s: unknown key %q", m[1], m[2])
	}
	if m := typeErrorPattern.FindStringSubmatch(msg); m != nil {
		line, _ := strconv.Atoi(m[1])
		want := m[4]
		switch {
		case strings.HasPrefix(want, "int"), strings.HasPrefix(want, "uint"):
			want = "a whole number"
		case strings.HasPrefix(want, "float"):
			want = "a number"
		case want == "bool":
			want = "true or false"
		case want == "string":
			want = "a text value"
		case strings.HasPrefix(want, "[]"):
			want = "a list"
		case strings.HasPrefix(want, "map"), strings.Contains(want, "."):
			want = "a mapping of keys"
		}
		where := fmt.Sprintf("line %d", line)
		if key := keys[line]; key != "" {
			where += ": " + key
		}
		return fmt.Sprintf("%s: %q is not %s", where, m[3], want)
	}
	return msg
}

// keysByLine maps each line of a YAML document to the path of the key or
// list item that starts there ("months[2].length"). A line that holds the
// keys of more than one mapping (JSON on one line) names none: a message
// naming the wrong key would mislead.
func keysByLine(root *yaml.Node) map[int]string {
	keys := map[int]string{}
	keysOnLine := map[int]int{}
	var walk func(n *yaml.Node, path string)
	walk = func(n *yaml.Node, path string) {
		switch n.Kind {
		case yaml.DocumentNode:
			for _, c := range n.Content {
				walk(c, path)
			}
		case yaml.MappingNode:
			for i := 0; i+1 < len(n.Content); i += 2 {
				p := n.Content[i].Value
				if path != "" {
					p = path + "." + p
				}
				keys[n.Content[i].Line] = p
				keysOnLine[n.Content[i].Line]++
				walk(n.Content[i+1], p)
			}
		case yaml.SequenceNode:
			for i, c := range n.Content {
				p := fmt.Sprintf("%s[%d]", path, i+1)
				if _, taken := keys[c.Line]; !taken {
					keys[c.Line] = p
				}
				walk(c, p)
			}
		}
	}
	walk(root, "")
	for line, n := range keysOnLine {
		if n > 1 {
			delete(keys, line)
		}
	}
	return keys
}
