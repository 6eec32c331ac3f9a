package resource

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/output"
	"github.com/spf13/cobra"
)

// What only the command line needs of a resource's fields sits beside the
// client's field table, keyed by the same field: its flags (Flag: the
// name, the help, how the text typed sets the field, its candidates) and
// its line in the detail view (Line). The client keeps the wire, the
// decoding, the merge and the comparison.

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

// Flag is one command-line flag that sets the field Field (its key in the
// client's table). The flags of one field cannot be given together
// (--entry, --entry-file).
type Flag[In any] struct {
	Field, Name, Usage string
	Kind               FlagKind
	// File: the flag names a file ("-" is standard input) whose text is
	// the value (--entry-file).
	File bool
	// Excludes are flags of other fields it cannot go with
	// (--leap-year-amount and --no-leap-year).
	Excludes []string
	// Set gives the field what was typed: the one text, or every text of a
	// repeated flag in order ("true" or "false" for a switch). Its error
	// is the rest of the message after the flag's name: `"NAME": the name
	// is empty` (a value's problem: ValueProblem) or ": ..." (the flag's:
	// FlagProblem).
	Set func(in *In, values []string) error
	// Complete, when set, gives the shell the flag's candidates.
	Complete func(f *cmdutil.Factory) cobra.CompletionFunc
}

// TextFlag is --name TEXT, which gives the text field the text typed.
func TextFlag[In any](field, name, usage string, get func(*In) **string) Flag[In] {
	return Flag[In]{Field: field, Name: name, Usage: usage, Set: func(in *In, v []string) error {
		text := v[0]
		*get(in) = &text
		return nil
	}}
}

// WholeFlag is --name N, which gives the whole-number field the number
// typed (the field's own check says which numbers it takes).
func WholeFlag[In any](field, name, usage string, get func(*In) **int) Flag[In] {
	return Flag[In]{Field: field, Name: name, Usage: usage, Kind: FlagInt, Set: func(in *In, v []string) error {
		n, _ := strconv.Atoi(v[0])
		*get(in) = &n
		return nil
	}}
}

// SwitchFlag is --name, which sets the on/off field to on (--private),
// or to its opposite when given false (--private=false).
func SwitchFlag[In any](field, name, usage string, get func(*In) **bool, on bool) Flag[In] {
	return Flag[In]{Field: field, Name: name, Usage: usage, Kind: FlagBool, Set: func(in *In, v []string) error {
		b := (v[0] == "true") == on
		*get(in) = &b
		return nil
	}}
}

// DatedFlag is --date of a record dated on a calendar (client.Dated): the
// whole date, in numbers or with names read once the calendar is at hand,
// or counted from its current date. It sets the three parts at once: it
// stands with the year.
func DatedFlag[In any](usage string, dated func(*In) *client.Dated) Flag[In] {
	return Flag[In]{Field: "year", Name: "date", Usage: usage + " a `DATE`: 1492-Hammer-3, \"3 Hammer 1492\", 1492-1-3, today, +3 (kanka help dates)",
		Set: func(in *In, v []string) error {
			d, written, err := client.ParseDateInput(v[0], "--date")
			switch {
			case err != nil:
				return FlagProblem("%v", err)
			case d != nil:
				dated(in).SetDate(*d)
			default:
				dated(in).SetWrittenDate(written)
			}
			return nil
		}}
}

// VisibilityFlag is --visibility, who sees the record: a name of the
// service's (client.VisibilityNames), or its number.
func VisibilityFlag[In any](get func(*In) **int) Flag[In] {
	return Flag[In]{Field: "visibility", Name: "visibility",
		Usage: "who sees it, a `VISIBILITY`: " + strings.Join(client.VisibilityNames(), ", ") + ", or 1 to 5",
		Set: func(in *In, v []string) error {
			id, err := client.ParseVisibility(v[0])
			if err != nil {
				return FlagProblem("%v", err)
			}
			*get(in) = &id
			return nil
		},
	}.Offering(VisibilityCandidates()...)
}

// VisibilityCandidates are the visibility names, each described by who
// sees it: the names alone do not say that admin hides a record from its
// author.
func VisibilityCandidates() []cobra.Completion {
	var out []cobra.Completion
	for _, name := range client.VisibilityNames() {
		id, _ := client.ParseVisibility(name)
		out = append(out, cobra.CompletionWithDesc(name, client.VisibilityAudience(id)))
	}
	return out
}

// Offering is the flag with values for candidates.
func (f Flag[In]) Offering(values ...cobra.Completion) Flag[In] {
	f.Complete = Candidates(values...)
	return f
}

// Candidates completes a flag with values, as they are.
func Candidates(values ...cobra.Completion) func(*cmdutil.Factory) cobra.CompletionFunc {
	return func(*cmdutil.Factory) cobra.CompletionFunc {
		return cobra.FixedCompletions(values, cobra.ShellCompDirectiveNoFileComp)
	}
}

// ValueProblem is the error of a value a flag cannot take: `"VALUE":
// message`.
func ValueProblem(value, format string, args ...any) error {
	return fmt.Errorf(" %q: %s", value, fmt.Sprintf(format, args...))
}

// FlagProblem is the error of a flag as given: ": message".
func FlagProblem(format string, args ...any) error {
	return fmt.Errorf(": %s", fmt.Sprintf(format, args...))
}

// Line is one line of a record's detail view (get and show on a
// terminal, or piped as text): its label and its value (output.Field's
// Value, and Readable where it holds a date with its month named).
type Line[In any] struct {
	Label string
	Show  func(in *In) output.Field
	// IfSet leaves the line out when it has no value.
	IfSet bool
}

// Plain is a line whose value has no readable form.
func Plain[In any](label string, value func(in *In) string) Line[In] {
	return Line[In]{Label: label, Show: func(in *In) output.Field { return output.Field{Value: value(in)} }}
}

// Detail is the lines of in's detail view, in the order of lines.
func Detail[In any](lines []Line[In], in *In) []output.Field {
	var out []output.Field
	for _, l := range lines {
		f := l.Show(in)
		f.Label = l.Label
		if f.Value != "" || !l.IfSet {
			out = append(out, f)
		}
	}
	return out
}
