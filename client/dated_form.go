package client

import (
	"github.com/kanka-cli/kanka/internal/yamlwrite"
	yaml "go.yaml.in/yaml/v3"
)

// datedForm is a record dated on a calendar as files hold it, declared
// once per type (weatherForm, reminderForm): its field table, where its
// visibility lives, and the keys the server sets (accepted and ignored
// when read back). It reads one record or a list, strictly and with
// lines, and writes the file form that `get -o yaml` prints.
type datedForm[In any, P interface {
	*In
	Dating
}] struct {
	fields     func() Fields[In]
	visibility func(*In) **int
	serverKeys map[string]bool
}

// read reads one record of a file (readDated, with the form's table).
func (d datedForm[In, P]) read(r *fileReader, n *yaml.Node, path string) In {
	return readDated[In, P](r, n, path, d.fields(), d.visibility, d.serverKeys)
}

// one reads one record from mapping n, strictly: the file form (date:
// Y-M-D or year, month and day; visibility by name or number) or the
// server's JSON. Every problem is in a *FileError, with its line.
func (d datedForm[In, P]) one(n *yaml.Node) (In, error) {
	var in In
	err := decodeFile(n, func(r *fileReader, root *yaml.Node) { in = d.read(r, root, "") })
	return in, err
}

// list reads a list of records, each as one does; paths in problems start
// with the record ("[3].date").
func (d datedForm[In, P]) list(n *yaml.Node) ([]In, error) {
	var out []In
	err := decodeFile(n, func(r *fileReader, root *yaml.Node) {
		r.items(root, "", func(item *yaml.Node, path string) { out = append(out, d.read(r, item, path)) })
	})
	return out, err
}

// lines reads the lines of the values of a file n, one record or a list,
// as one and list read it (their problems are theirs to say).
func (d datedForm[In, P]) lines(n *yaml.Node) FileLines {
	var r fileReader
	if root := documentRoot(n); root != nil {
		r.visit(root, "", func(v *yaml.Node) {
			if v.Kind == yaml.SequenceNode {
				r.items(v, "", func(item *yaml.Node, path string) { d.read(&r, item, path) })
				return
			}
			d.read(&r, v, "")
		})
	}
	return FileLines{lines: r.bounds().lines}
}

// file is the file form of record id, read as in from the answer raw: id
// first, the writable fields (the date as one Y-M-D when it is whole, the
// visibility by name), then the other keys the server sent (those kanka
// does not know under other_keys).
func (d datedForm[In, P]) file(id int, in *In, raw []byte) yamlwrite.Map {
	return recordFile(id, datedFileForm[In, P](d.fields(), in), d.fields(), raw, d.serverKeys)
}
