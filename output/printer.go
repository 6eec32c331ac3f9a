package output

import (
	"errors"
	"fmt"
	"io"
	"iter"
	"text/template"

	"github.com/itchyny/gojq"
)

// Printer writes records to one stream.
type Printer struct {
	out  io.Writer
	opts Options
	// At most one of jq and tmpl is set; either one replaces the format,
	// except that ndjson applies it to each item as it arrives.
	jq   *gojq.Code
	tmpl *template.Template
	// noted is set once a note on what a table left out was written.
	noted bool
}

// New builds a printer. A --jq or --template that does not compile, both of
// them at once, or an unknown format is an error here, before any request is
// sent: every error New returns is a usage error (exit 2).
func New(out io.Writer, opts Options) (*Printer, error) {
	format, err := ParseFormat(string(opts.Format))
	if err != nil {
		return nil, err
	}
	opts.Format = format
	p := &Printer{out: out, opts: opts}
	if opts.JQ != "" && opts.Template != "" {
		return nil, errors.New("--jq and --template cannot be used together")
	}
	if opts.JQ != "" {
		if p.jq, err = compileJQ(opts.JQ); err != nil {
			return nil, err
		}
	}
	if opts.Template != "" {
		if p.tmpl, err = compileTemplate(opts.Template); err != nil {
			return nil, err
		}
	}
	return p, nil
}

// transforms reports whether --jq or --template replaces the format.
func (p *Printer) transforms() bool { return p.jq != nil || p.tmpl != nil }

// PrintsText reports whether a record prints as text for people (-o table
// or wide, without --jq or --template) rather than as data. A command whose
// record has a text of its own, such as apply's plan, prints that instead.
func (p *Printer) PrintsText() bool {
	return !p.transforms() && (p.opts.Format == Table || p.opts.Format == Wide)
}

// ForPeople reports whether a list prints for people to read: a table,
// wide or yaml (which is edited), without --jq or --template. Those print
// once the list is whole, so a command may put it in the order people
// read best at no cost; json, ndjson and id, and --jq and --template, are
// data, printed in the order the records come (ndjson and id as they
// come).
func (p *Printer) ForPeople() bool {
	return !p.transforms() && (p.opts.Format == Table || p.opts.Format == Wide || p.opts.Format == YAML)
}

// Streams reports whether a list is printed as it comes, one record at a
// time, never held whole: ndjson (with --jq or --template too, which then
// apply to each record), json and id without them.
func (p *Printer) Streams() bool {
	return p.opts.Format == NDJSON || (!p.transforms() && (p.opts.Format == JSON || p.opts.Format == ID))
}

// transform runs --jq or --template over one JSON document.
func (p *Printer) transform(doc []byte) error {
	v, err := decodeJSON(doc)
	if err != nil {
		return err
	}
	if p.jq != nil {
		return p.runJQ(v)
	}
	return p.runTemplate(v)
}

// PrintList prints the items of seq as they arrive. ndjson and id stream
// one line per item, json one array item by item; table and wide collect
// and then render; yaml prints a YAML list. With --jq/--template the
// expression is applied to the whole JSON array (ndjson: to each item). The
// first error from seq stops printing and is returned, after what was
// printed: the streamed lines of ndjson and id stay, json's array is left
// open (no parser reads it), and the formats that print the list once it
// is whole (yaml, table, wide, --jq/--template) print nothing at all, so a
// half list is never mistaken for a whole one.
func (p *Printer) PrintList(seq iter.Seq2[Record, error], kind Kind) error {
	switch {
	case p.opts.Format == NDJSON:
		return p.streamNDJSON(seq)
	case p.transforms():
		recs, err := collect(seq)
		if err != nil {
			return err
		}
		doc, err := jsonArray(recs)
		if err != nil {
			return err
		}
		return p.transform(doc)
	case p.opts.Format == ID:
		return p.streamIDs(seq)
	case p.opts.Format == JSON:
		return p.streamJSON(seq)
	}
	recs, err := collect(seq)
	if err != nil {
		return err
	}
	switch p.opts.Format {
	case YAML:
		return p.writeYAMLList(recs, kind)
	default:
		return p.writeTable(recs, kind)
	}
}

// PrintOne prints one record: the key/value view for table and wide, the raw
// object for json and ndjson, the Kind's YAML value for yaml, the id for id.
// --jq and --template apply to the object.
func (p *Printer) PrintOne(rec Record, kind Kind) error {
	if p.transforms() {
		return p.transform(rec.RawJSON())
	}
	switch p.opts.Format {
	case JSON:
		return p.writeJSONOne(rec)
	case NDJSON:
		return p.writeNDJSONLine(rec)
	case YAML:
		return p.writeYAMLOne(rec, kind)
	case ID:
		_, err := fmt.Fprintf(p.out, "%d\n", rec.RecordID())
		return err
	default:
		return p.writeDetail(rec, kind)
	}
}

// collect drains seq, stopping at its first error.
func collect(seq iter.Seq2[Record, error]) ([]Record, error) {
	var recs []Record
	for rec, err := range seq {
		if err != nil {
			return nil, err
		}
		recs = append(recs, rec)
	}
	return recs, nil
}

// streamIDs writes each id as soon as the item arrives.
func (p *Printer) streamIDs(seq iter.Seq2[Record, error]) error {
	for rec, err := range seq {
		if err != nil {
			return err
		}
		if _, err := fmt.Fprintf(p.out, "%d\n", rec.RecordID()); err != nil {
			return err
		}
	}
	return nil
}
