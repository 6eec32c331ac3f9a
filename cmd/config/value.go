package config

import (
	"encoding/json"

	"github.com/kanka-cli/kanka/output"
)

// value is what config list prints, as the printer takes it: its JSON
// for -o json, --jq and --template, and itself, in its fields' order, for
// -o yaml.
type value struct {
	v   any
	raw json.RawMessage
}

func newValue(v any) (value, error) {
	raw, err := output.EncodeJSON(v, "")
	return value{v: v, raw: raw}, err
}

func (v value) RawJSON() json.RawMessage { return v.raw }

// RecordID is 0: a profile is no record of the server, and -o id is not
// among the formats config list declares.
func (v value) RecordID() int { return 0 }

// yamlOf is the value -o yaml prints.
func yamlOf(rec output.Record) any { return rec.(value).v }
