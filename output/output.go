// Package output renders values it is given: tables, key/value views, JSON
// exactly as the server sent it, YAML in the input-file shape, NDJSON, ids,
// and --jq / --template over the JSON. It never makes a request and knows
// nothing of flags or terminals beyond the Options it is handed.
package output

import (
	"encoding/json"
	"io"
	"time"
)

// Format is an -o value.
type Format string

// The formats of -o.
const (
	Table  Format = "table"
	Wide   Format = "wide"
	JSON   Format = "json"
	YAML   Format = "yaml"
	NDJSON Format = "ndjson"
	ID     Format = "id"
)

// Options configure a Printer.
type Options struct {
	Format    Format
	JQ        string // a jq expression applied to the JSON value
	Template  string // a Go template applied to the JSON value
	NoHeaders bool
	Color     bool // colour may be used (a terminal, and no NO_COLOR)
	// Width is the terminal width; 0 means not a terminal: never truncate.
	Width int
	// Now is the clock of relative timestamps in tables; nil is time.Now.
	Now func() time.Time
	// Notes, when set, is where the printer says what it left out of a
	// table to fit Width (a line starting "note: "), once per Printer;
	// nil says nothing (-q, tests).
	Notes io.Writer
	// Redact, when set, hides secrets in the values of tables and detail
	// views before they are laid out, so that columns stay aligned.
	Redact func(string) string
}

// Record is one item as the printers need it.
type Record interface {
	// RawJSON is the object exactly as the server sent it.
	RawJSON() json.RawMessage
	// RecordID is the item's id.
	RecordID() int
}

// Column is one column of a list table.
type Column struct {
	Header string
	// Wide columns appear only with -o wide.
	Wide  bool
	Value func(Record) string
	// Readable, when set, is the value on a terminal, where people read
	// it ("3 Ches 1492" for "1492-4-3"); piped, the table keeps Value.
	Readable func(Record) string
	// Priority says when the column gives way on a terminal too narrow
	// for the table: see Priority.
	Priority Priority
	// MinWidth is the narrowest the column is cut to on a narrow terminal,
	// "..." included: rather than be cut shorter, it is left out. 0 means 5
	// columns; a column is never cut narrower than its header.
	MinWidth int
}

// Field is one line of a single record's key/value view; a Value with
// newlines is shown as an indented block under its label.
type Field struct {
	Label string
	Value string
	// Readable, when not empty, is the value on a terminal ("Spring from
	// 19 Ches" for "Spring from 4-19"); piped, the view keeps Value.
	Readable string
}

// Kind says how one resource kind is shown.
type Kind struct {
	Columns []Column
	// Detail is the key/value view of one record (get/create/update).
	Detail func(Record) []Field
	// YAML is the value printed by -o yaml: the input-file shape.
	YAML func(Record) any
}

// Text is a column's value of a text the server may not have sent: "" when
// it sent none.
func Text(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}
