package cmdutil

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"unicode/utf8"

	yaml "go.yaml.in/yaml/v3"
)

// MaxInputBytes is the most kanka reads from a file or standard input
// (-f, --entry-file): thousands of times the largest calendar or list of
// weather entries, yet small enough that a wrong file (/dev/zero, a disk
// image, a log) is refused at once instead of filling memory.
const MaxInputBytes = 16 << 20

// ReadInput reads the file at path, or standard input for "-", without the
// byte-order mark some editors put first. More than MaxInputBytes is a
// UsageError; when ctx is done (Ctrl-C, SIGTERM) it returns ctx's error at
// once, even while the read blocks on a pipe that is never closed.
func ReadInput(ctx context.Context, streams *IOStreams, path string) ([]byte, error) {
	if ctx == nil {
		ctx = context.Background()
	}
	data, err := interruptibly(ctx, func() ([]byte, error) {
		if path == "-" {
			return readAtMost(ctx, streams.In, MaxInputBytes)
		}
		return readFileAtMost(ctx, path, MaxInputBytes)
	}, nil)
	var usage *UsageError
	switch {
	case err == nil:
		return bytes.TrimPrefix(data, []byte("\xef\xbb\xbf")), nil
	case errors.Is(err, errTooLarge):
		what := "file"
		if path == "-" {
			what = "input"
		}
		return nil, UsageErrorf("%s: larger than 16 MiB; is it the right %s?", SourceName(path), what)
	case ctx.Err() != nil && errors.Is(err, ctx.Err()), errors.As(err, &usage):
		return nil, err
	case path == "-":
		return nil, fmt.Errorf("reading standard input: %w", err)
	}
	return nil, &UsageError{Err: err}
}

// readFileAtMost reads the file at path; a regular file known to be larger
// than limit is refused without reading it.
func readFileAtMost(ctx context.Context, path string, limit int64) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, &UsageError{Err: err}
	}
	defer f.Close()
	if st, err := f.Stat(); err == nil && st.Mode().IsRegular() && st.Size() > limit {
		return nil, errTooLarge
	}
	return readAtMost(ctx, f, limit)
}

// SourceName is how messages name the input at path.
func SourceName(path string) string {
	if path == "-" {
		return "standard input"
	}
	return path
}

// checkUTF8 refuses data that is not UTF-8 text, naming the line of the
// first bad byte and its key. (yaml refuses it too, but names neither.)
// A file that starts with a UTF-16 byte-order mark is left to yaml, which
// reads UTF-16.
func checkUTF8(data []byte, source string) error {
	if utf8.Valid(data) || bytes.HasPrefix(data, []byte{0xff, 0xfe}) || bytes.HasPrefix(data, []byte{0xfe, 0xff}) {
		return nil
	}
	line, _ := FirstNonUTF8Line(data)
	bad, _ := firstNonUTF8(data)
	where := fmt.Sprintf("line %d", line)
	// The bad bytes are never newlines: with them replaced, every line
	// keeps its number, and the key on the line can be named.
	var root yaml.Node
	if yaml.Unmarshal(bytes.ToValidUTF8(data, []byte("?")), &root) == nil {
		if key := keysByLine(&root)[line]; key != "" {
			where += ": " + key
		}
	}
	return UsageErrorf("%s: %s: is not valid UTF-8 text (byte 0x%02x); save the file as UTF-8", source, where, data[bad])
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
