package client

import (
	"fmt"
	"strings"
)

// A field's flags are part of its table entry (FlagForm): their names,
// their help, and how their text sets the field. This is data: the command
// layer registers the flags and calls Set with what was typed, so that a
// new field with a flag is one entry.

// FlagKind is how a flag is typed on the command line.
type FlagKind int

// The kinds of flag.
const (
	// FlagText takes one text.
	FlagText FlagKind = iota
	// FlagInt takes one whole number.
	FlagInt
	// FlagBool is a switch (--private).
	FlagBool
	// FlagTexts takes a text and may be repeated, in order.
	FlagTexts
	// FlagInts takes a whole number and may be repeated.
	FlagInts
)

// FlagForm is one command-line flag that sets a field. The forms of one
// field cannot be given together (--entry, --entry-file).
type FlagForm[In any] struct {
	Name, Usage string
	Kind        FlagKind
	// File: the flag names a file ("-" is standard input) whose text is
	// the value (--entry-file).
	File bool
	// Excludes are flags of other fields it cannot go with
	// (--leap-year-amount and --no-leap-year).
	Excludes []string
	// Set gives the field what was typed: the one text, or every text of a
	// repeated flag in order ("true" or "false" for a switch). Its error
	// is the rest of the message after the flag's name: `"NAME": the name
	// is empty` (a value's problem) or ": ..." (the flag's).
	Set func(in *In, values []string) error
}

// FlagFormOf is a flag of a table with the field it sets.
type FlagFormOf[In any] struct {
	Field *Field[In]
	Form  *FlagForm[In]
}

// FlagForms are every flag of the table, in the table's order.
func (t Fields[In]) FlagForms() []FlagFormOf[In] {
	var out []FlagFormOf[In]
	for i := range t {
		for j := range t[i].flags {
			out = append(out, FlagFormOf[In]{Field: &t[i], Form: &t[i].flags[j]})
		}
	}
	return out
}

// withFlags gives f its flags.
func withFlags[In any](f Field[In], forms ...FlagForm[In]) Field[In] {
	f.flags = append(f.flags, forms...)
	return f
}

// textFlag is a flag that gives a text field the text typed.
func textFlag[In any](name, usage string, get func(*In) **string) FlagForm[In] {
	return FlagForm[In]{Name: name, Usage: usage, Set: func(in *In, v []string) error {
		text := v[0]
		*get(in) = &text
		return nil
	}}
}

// valueProblem is the error of a value a flag cannot take: `"VALUE":
// message`.
func valueProblem(value, format string, args ...any) error {
	return fmt.Errorf(" %q: %s", value, fmt.Sprintf(format, args...))
}

// flagProblem is the error of a flag as given: ": message".
func flagProblem(format string, args ...any) error {
	return fmt.Errorf(": %s", fmt.Sprintf(format, args...))
}

// splitFields splits a flag value such as "Hammer:30" at its colons. A colon
// that belongs to a name is written `\:` and a backslash that ends up before
// a colon is written `\\`; any other backslash is kept as typed, so a name
// like `C:\Maps` stays readable when it needs no escape at all.
func splitFields(s string) []string {
	var parts []string
	var cur strings.Builder
	for i := 0; i < len(s); i++ {
		switch {
		case s[i] == '\\' && i+1 < len(s) && (s[i+1] == ':' || s[i+1] == '\\'):
			cur.WriteByte(s[i+1])
			i++
		case s[i] == ':':
			parts = append(parts, cur.String())
			cur.Reset()
		default:
			cur.WriteByte(s[i])
		}
	}
	return append(parts, cur.String())
}
