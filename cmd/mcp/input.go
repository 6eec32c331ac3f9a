package mcp

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strconv"
	"strings"

	"github.com/google/jsonschema-go/jsonschema"
)

// What a tool's arguments may hold, and how they become a command line.
// Every value is passed as --flag=value, or after "--" for an argument, so
// that nothing an assistant sends is ever read as a flag (a calendar
// named "--yes" is a name).

// Ref names a record by its id or its name: an assistant may send the id
// as a number or as a string.
type Ref string

// UnmarshalJSON takes a string, or a whole number as its digits.
func (r *Ref) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err == nil {
		*r = Ref(s)
		return nil
	}
	var n json.Number
	if err := json.Unmarshal(b, &n); err != nil {
		return fmt.Errorf("an id (a number) or a name (a string), not %s", b)
	}
	if _, err := strconv.ParseInt(n.String(), 10, 64); err != nil {
		return fmt.Errorf("an id is a whole number, not %s", n)
	}
	*r = Ref(n.String())
	return nil
}

// inputSchema is the input schema of In: its fields, their descriptions
// (the jsonschema tags), a Ref as a number or a string; no other key.
func inputSchema[In any]() *jsonschema.Schema {
	s, err := jsonschema.For[In](&jsonschema.ForOptions{
		// A Ref is a number or a string.
		TypeSchemas: map[reflect.Type]*jsonschema.Schema{reflect.TypeFor[Ref](): {Types: []string{"integer", "string"}}},
	})
	if err != nil {
		panic(err) // the input types are ours: a test builds them all
	}
	return s
}

// refused is a tool's arguments refused before anything runs, in the
// tool's own words: an error result, nothing sent.
type refused struct{ msg string }

func (e *refused) Error() string { return e.msg }

func refusef(format string, args ...any) error { return &refused{fmt.Sprintf(format, args...)} }

// named is r as the argument of a command, or a refusal when it is blank.
func named(field string, r Ref) (string, error) {
	if strings.TrimSpace(string(r)) == "" {
		return "", refusef("%s: give an id or a name", field)
	}
	return string(r), nil
}

// flag is --name=value.
func flag(name, value string) string { return "--" + name + "=" + value }

// flags adds --name=value for each value given (set), in order.
type flags []string

func (f *flags) text(name, value string) {
	if value != "" {
		*f = append(*f, flag(name, value))
	}
}

func (f *flags) optional(name string, value *string) {
	if value != nil {
		*f = append(*f, flag(name, *value))
	}
}

func (f *flags) number(name string, value *int) {
	if value != nil {
		*f = append(*f, flag(name, strconv.Itoa(*value)))
	}
}

func (f *flags) on(name string, value bool) {
	if value {
		*f = append(*f, "--"+name)
	}
}
