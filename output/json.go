package output

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"iter"
)

// The json and ndjson formats write the bytes the server sent, re-spaced
// only: never decoded into a map, so every key, its order and the spelling
// of every number survive.

// writeJSONOne writes the record's object indented by two spaces.
func (p *Printer) writeJSONOne(rec Record) error {
	var buf bytes.Buffer
	// json.Indent keeps trailing whitespace; the line ends with one newline.
	if err := json.Indent(&buf, bytes.TrimSpace(rec.RawJSON()), "", "  "); err != nil {
		return fmt.Errorf("record %d: invalid JSON: %w", rec.RecordID(), err)
	}
	buf.WriteByte('\n')
	_, err := p.out.Write(buf.Bytes())
	return err
}

// streamJSON writes one indented array of the records' objects as seq
// yields them, [] when there are none: a list of thousands is printed as it
// is read, never held whole. A list whose reading fails half way leaves the
// array open, so that a reader's parser fails too rather than take the
// first pages for the whole list (the exit code says it as well).
func (p *Printer) streamJSON(seq iter.Seq2[Record, error]) error {
	n := 0
	var buf bytes.Buffer // one for every record: a list of thousands grows it once
	for rec, err := range seq {
		if err != nil {
			return err
		}
		raw := bytes.TrimSpace(rec.RawJSON())
		if len(raw) == 0 {
			return fmt.Errorf("record %d: no JSON to print", rec.RecordID())
		}
		buf.Reset()
		if n == 0 {
			buf.WriteString("[\n  ")
		} else {
			buf.WriteString(",\n  ")
		}
		if err := json.Indent(&buf, raw, "  ", "  "); err != nil {
			return fmt.Errorf("record %d: invalid JSON: %w", rec.RecordID(), err)
		}
		if _, err := p.out.Write(buf.Bytes()); err != nil {
			return err
		}
		n++
	}
	end := "\n]\n"
	if n == 0 {
		end = "[]\n"
	}
	_, err := io.WriteString(p.out, end)
	return err
}

// jsonArray joins the records' raw objects into one JSON array, for --jq
// and --template, which read the list whole.
func jsonArray(recs []Record) ([]byte, error) {
	var buf bytes.Buffer
	buf.WriteByte('[')
	for i, rec := range recs {
		if i > 0 {
			buf.WriteByte(',')
		}
		raw := rec.RawJSON()
		if len(bytes.TrimSpace(raw)) == 0 {
			return nil, fmt.Errorf("record %d: no JSON to print", rec.RecordID())
		}
		buf.Write(raw)
	}
	buf.WriteByte(']')
	return buf.Bytes(), nil
}

// streamNDJSON writes each item on its own line as soon as seq yields it,
// holding nothing back, so memory stays flat however long the list.
func (p *Printer) streamNDJSON(seq iter.Seq2[Record, error]) error {
	for rec, err := range seq {
		if err != nil {
			return err
		}
		if p.transforms() {
			err = p.transform(rec.RawJSON())
		} else {
			err = p.writeNDJSONLine(rec)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// writeNDJSONLine writes the record's object compacted, in one Write so a
// reader never sees half a line.
func (p *Printer) writeNDJSONLine(rec Record) error {
	var buf bytes.Buffer
	if err := json.Compact(&buf, bytes.TrimSpace(rec.RawJSON())); err != nil {
		return fmt.Errorf("record %d: invalid JSON: %w", rec.RecordID(), err)
	}
	buf.WriteByte('\n')
	_, err := p.out.Write(buf.Bytes())
	return err
}

// EncodeJSON is v as kanka writes JSON everywhere: without the escaping of <, >
// and & (names and weather hold them, and a reader of the output should
// see them as typed), indented by indent ("" for one line), without a
// final newline.
func EncodeJSON(v any, indent string) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if indent != "" {
		enc.SetIndent("", indent)
	}
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
}
