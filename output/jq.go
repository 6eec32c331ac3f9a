package output

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"strconv"
	"strings"

	"github.com/itchyny/gojq"
)

// compileJQ parses and compiles a --jq expression once, up front.
func compileJQ(expr string) (*gojq.Code, error) {
	query, err := gojq.Parse(expr)
	if err != nil {
		return nil, fmt.Errorf("invalid --jq expression: %w", err)
	}
	code, err := gojq.Compile(query)
	if err != nil {
		return nil, fmt.Errorf("invalid --jq expression: %w", err)
	}
	return code, nil
}

// runJQ writes each result of the expression on its own line, like `jq -r`:
// a string raw, anything else as JSON, compact when piped and indented on a
// terminal (Options.Width > 0).
func (p *Printer) runJQ(v any) error {
	results := p.jq.Run(v)
	for {
		result, ok := results.Next()
		if !ok {
			return nil
		}
		if err, isErr := result.(error); isErr {
			// `halt` ends the program quietly, as in jq.
			var halt *gojq.HaltError
			if errors.As(err, &halt) && halt.Value() == nil {
				return nil
			}
			return fmt.Errorf("--jq: %w", err)
		}
		if err := p.writeJQResult(result); err != nil {
			return err
		}
	}
}

func (p *Printer) writeJQResult(result any) error {
	var line []byte
	if s, ok := result.(string); ok {
		line = []byte(s)
	} else {
		// gojq.Marshal formats like jq (no HTML escaping, jq's numbers).
		encoded, err := gojq.Marshal(result)
		if err != nil {
			return fmt.Errorf("--jq: %w", err)
		}
		line = encoded
		if p.opts.Width > 0 {
			var buf bytes.Buffer
			if err := json.Indent(&buf, encoded, "", "  "); err == nil {
				line = buf.Bytes()
			}
		}
	}
	_, err := p.out.Write(append(line, '\n'))
	return err
}

// decodeJSON decodes a JSON document into the values gojq and templates
// accept: maps, slices, strings, bools, nil, and numbers as int, float64 or
// *big.Int (an integer too big for int keeps every digit).
func decodeJSON(doc []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(doc))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, fmt.Errorf("invalid JSON: %w", err)
	}
	return normalizeNumbers(v), nil
}

func normalizeNumbers(v any) any {
	switch v := v.(type) {
	case map[string]any:
		for k, item := range v {
			v[k] = normalizeNumbers(item)
		}
		return v
	case []any:
		for i, item := range v {
			v[i] = normalizeNumbers(item)
		}
		return v
	case json.Number:
		return convertNumber(string(v))
	default:
		return v
	}
}

// convertNumber turns a JSON number into int, *big.Int or float64.
func convertNumber(s string) any {
	if !strings.ContainsAny(s, ".eE") {
		if i, err := strconv.Atoi(s); err == nil {
			return i
		}
		if b, ok := new(big.Int).SetString(s, 10); ok {
			return b
		}
	}
	// A float beyond float64's range parses as ±Inf with an error; jq prints
	// that as the largest float, so the value is kept and the error dropped.
	f, _ := strconv.ParseFloat(s, 64)
	return f
}
