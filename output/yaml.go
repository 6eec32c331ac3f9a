package output

import (
	"github.com/kanka-cli/kanka/internal/yamlwrite"
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
//
// Each record is encoded and written alone, as an item of the list: the
// YAML of a record (its nodes, a kilobyte or more each) is many times its
// JSON, and a list of hundreds held as one document took hundreds of MiB.
func (p *Printer) writeYAMLList(recs []Record, kind Kind) error {
	if len(recs) == 0 {
		return p.writeYAML([]any{})
	}
	for _, rec := range recs {
		v, err := yamlValue(rec, kind)
		if err != nil {
			return err
		}
		if err := p.writeYAML(oneItem(v)); err != nil {
			return err
		}
	}
	return nil
}

// oneItem is a list of v alone; a tree's as a tree, which yamlwrite writes
// in one pass.
func oneItem(v any) any {
	if n, ok := v.(*yaml.Node); ok && n != nil {
		return &yaml.Node{Kind: yaml.SequenceNode, Content: []*yaml.Node{n}}
	}
	return []any{v}
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
// edit opens): two-space indents, a document without "---"; a tree
// (*yaml.Node) in one pass (yamlwrite).
func EncodeYAML(v any) ([]byte, error) { return yamlwrite.Encode(v) }
