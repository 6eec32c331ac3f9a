package output

import (
	"bytes"

	"go.yaml.in/yaml/v3"
)

// writeYAMLOne writes the Kind's YAML value of the record: the shape `-f`
// reads back.
func (p *Printer) writeYAMLOne(rec Record, kind Kind) error {
	v, err := yamlValue(rec, kind)
	if err != nil {
		return err
	}
	return p.writeYAML(v)
}

// writeYAMLList writes a YAML sequence of the records' values; [] when
// there are none.
func (p *Printer) writeYAMLList(recs []Record, kind Kind) error {
	values := make([]any, 0, len(recs))
	for _, rec := range recs {
		v, err := yamlValue(rec, kind)
		if err != nil {
			return err
		}
		values = append(values, v)
	}
	return p.writeYAML(values)
}

// yamlValue is Kind.YAML of the record, or, for a kind without one, its
// JSON decoded (keys then come out sorted).
func yamlValue(rec Record, kind Kind) (any, error) {
	if kind.YAML != nil {
		return kind.YAML(rec), nil
	}
	return decodeJSON(rec.RawJSON())
}

func (p *Printer) writeYAML(v any) error {
	b, err := EncodeYAML(v)
	if err != nil {
		return err
	}
	_, err = p.out.Write(b)
	return err
}

// EncodeYAML is v as kanka writes YAML everywhere (-o yaml, export, the file
// edit opens): two-space indents, a document without "---".
func EncodeYAML(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := yaml.NewEncoder(&buf)
	enc.SetIndent(2)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	if err := enc.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}
