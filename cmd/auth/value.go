package auth

import (
	"encoding/json"

	"github.com/kanka-cli/kanka/output"
)

// value is what auth status prints with -o json or yaml, as the printer
// takes it: its JSON for -o json, --jq and --template, and itself, in its
// fields' order, for -o yaml.
type value struct {
	v   any
	raw json.RawMessage
}

func (v value) RawJSON() json.RawMessage { return v.raw }

// RecordID is 0: the status is no record of the server, and -o id is not
// among the formats auth status declares.
func (v value) RecordID() int { return 0 }

// printValue prints v through p.
func printValue(p *output.Printer, v any) error {
	raw, err := output.EncodeJSON(v, "")
	if err != nil {
		return err
	}
	return p.PrintOne(value{v: v, raw: raw}, output.Kind{YAML: func(rec output.Record) any { return rec.(value).v }})
}
