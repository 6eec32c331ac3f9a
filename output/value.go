package output

import "encoding/json"

// Value is what a command prints that is no record of the server (its
// settings, a status, the version), as the printer takes it: its JSON for
// -o json, --jq and --template, and itself, in its fields' order, for -o
// yaml (ValueYAML).
type Value struct {
	v   any
	raw json.RawMessage
}

// NewValue is v as a Value.
func NewValue(v any) (Value, error) {
	raw, err := EncodeJSON(v, "")
	return Value{v: v, raw: raw}, err
}

// Of is the value v holds.
func (v Value) Of() any { return v.v }

// RawJSON is the value's JSON.
func (v Value) RawJSON() json.RawMessage { return v.raw }

// RecordID is 0: a Value is no record of the server, and -o id is never
// among the formats of a command that prints one.
func (v Value) RecordID() int { return 0 }

// ValueYAML is the Kind.YAML of Values: the value itself.
func ValueYAML(rec Record) any { return rec.(Value).v }

// PrintValue prints v, one value, through p.
func PrintValue(p *Printer, v any) error {
	val, err := NewValue(v)
	if err != nil {
		return err
	}
	return p.PrintOne(val, Kind{YAML: ValueYAML})
}
