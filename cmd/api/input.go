package api

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"unicode/utf8"

	"github.com/kanka-cli/kanka/cmd/cmdutil"
)

// checkInputJSON refuses a --input body that is not one JSON value of
// UTF-8 text, naming the line and column where it goes wrong: the body is
// sent as it is, and a server would only say that it could not read it.
func checkInputJSON(data []byte, path string) error {
	source := "--input " + cmdutil.SourceName(path)
	if len(bytes.TrimSpace(data)) == 0 {
		return cmdutil.UsageErrorf("%s: is empty; give one JSON value", source)
	}
	if !utf8.Valid(data) {
		line, _ := cmdutil.FirstNonUTF8Line(data)
		return cmdutil.UsageErrorf("%s: line %d: is not valid UTF-8 text", source, line)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	var value json.RawMessage
	if err := dec.Decode(&value); err != nil {
		var syntax *json.SyntaxError
		switch {
		case errors.As(err, &syntax):
			return cmdutil.UsageErrorf("%s: %s: is not valid JSON: %s", source, position(data, int(syntax.Offset)-1), syntax.Error())
		case errors.Is(err, io.ErrUnexpectedEOF):
			return cmdutil.UsageErrorf("%s: %s: is not valid JSON: it ends before the value does", source, position(data, len(data)))
		}
		return cmdutil.UsageErrorf("%s: is not valid JSON: %v", source, err)
	}
	rest := dec.InputOffset()
	for int(rest) < len(data) && isJSONSpace(data[rest]) {
		rest++
	}
	if int(rest) < len(data) {
		return cmdutil.UsageErrorf("%s: %s: is not valid JSON: more follows the first value; give one JSON value", source, position(data, int(rest)))
	}
	return nil
}

func isJSONSpace(b byte) bool { return b == ' ' || b == '\t' || b == '\n' || b == '\r' }

// position is "line L, column C" of the byte at offset, both from 1, the
// column counted in characters.
func position(data []byte, offset int) string {
	offset = max(0, min(offset, len(data)))
	before := data[:offset]
	line := 1 + bytes.Count(before, []byte("\n"))
	column := 1 + utf8.RuneCount(before[bytes.LastIndexByte(before, '\n')+1:])
	return fmt.Sprintf("line %d, column %d", line, column)
}
