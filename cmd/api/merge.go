package api

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"

	"github.com/kanka-cli/kanka/output"
)

// mergedList is the answer --paginate prints without --jq or --template:
// the first page's object, every key in the order the server sent it,
// with its "data" holding the items of every page in order (meta, links
// and the rest as page 1 sent them).
func mergedList(first []byte, items []json.RawMessage) ([]byte, error) {
	dec := json.NewDecoder(bytes.NewReader(first))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return nil, fmt.Errorf("the first page is not a JSON object")
	}
	var buf bytes.Buffer
	buf.WriteByte('{')
	for n := 0; dec.More(); n++ {
		tok, err := dec.Token()
		if err != nil {
			return nil, fmt.Errorf("reading the first page: %w", err)
		}
		key, _ := tok.(string)
		var value json.RawMessage
		if err := dec.Decode(&value); err != nil {
			return nil, fmt.Errorf("reading the first page: %w", err)
		}
		if n > 0 {
			buf.WriteByte(',')
		}
		k, err := output.EncodeJSON(key, "")
		if err != nil {
			return nil, err
		}
		buf.Write(k)
		buf.WriteByte(':')
		if key == "data" {
			writeArray(&buf, items)
			continue
		}
		if err := json.Compact(&buf, value); err != nil {
			return nil, fmt.Errorf("reading the first page: %w", err)
		}
	}
	buf.WriteByte('}')
	return buf.Bytes(), nil
}

// writeArray writes items as one JSON array, each compacted.
func writeArray(w io.Writer, items []json.RawMessage) {
	var buf bytes.Buffer
	buf.WriteByte('[')
	for i, it := range items {
		if i > 0 {
			buf.WriteByte(',')
		}
		if json.Compact(&buf, it) != nil {
			buf.Write(it) // decoded already: it is JSON
		}
	}
	buf.WriteByte(']')
	_, _ = w.Write(buf.Bytes())
}
