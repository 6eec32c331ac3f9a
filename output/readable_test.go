package output

import (
	"iter"
	"testing"
)

// readableKind has a date column and field with a value for people.
var readableKind = Kind{
	Columns: []Column{
		{Header: "ID", Value: func(Record) string { return "1" }},
		{Header: "DATE", Value: func(Record) string { return "1492-4-3" }, Readable: func(Record) string { return "3 Ches 1492" }},
	},
	Detail: func(Record) []Field {
		return []Field{{Label: "Date", Value: "1492-4-3", Readable: "3 Ches 1492 (1492-4-3)"}, {Label: "Name", Value: "x"}}
	},
}

func one(r Record) iter.Seq2[Record, error] {
	return func(yield func(Record, error) bool) { yield(r, nil) }
}

// On a terminal tables and detail views show the readable values; piped,
// and in every other format, the values scripts read.
func TestReadableValuesOnlyOnATerminal(t *testing.T) {
	cases := []struct {
		opts        Options
		readable    bool
		list, shown string
	}{
		{Options{Format: Table, Width: 80}, true, "ID  DATE\n1   3 Ches 1492\n", "Date: 3 Ches 1492 (1492-4-3)\nName: x\n"},
		{Options{Format: Table}, false, "ID  DATE\n1   1492-4-3\n", "Date: 1492-4-3\nName: x\n"},
		{Options{Format: ID, Width: 80}, false, "22\n", "22\n"},
		{Options{Format: Table, Width: 80, JQ: ".[0].name"}, false, "Galifar Calendar of the Five Nations\n", ""},
	}
	for _, tc := range cases {
		p, out := newPrinter(t, tc.opts)
		if p.Readable() != tc.readable {
			t.Errorf("%+v: Readable() = %v", tc.opts, p.Readable())
		}
		if err := p.PrintList(one(galifar), readableKind); err != nil {
			t.Fatal(err)
		}
		if out.String() != tc.list {
			t.Errorf("%+v list:\n%q\nwant\n%q", tc.opts, out, tc.list)
		}
		out.Reset()
		if tc.opts.JQ != "" {
			continue
		}
		if err := p.PrintOne(galifar, readableKind); err != nil {
			t.Fatal(err)
		}
		if out.String() != tc.shown {
			t.Errorf("%+v one:\n%q\nwant\n%q", tc.opts, out, tc.shown)
		}
	}
}
