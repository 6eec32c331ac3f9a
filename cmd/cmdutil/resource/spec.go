// Package resource holds the verbs every resource shares: get, list and
// delete, built from a small Spec per resource (as in hcloud's
// internal/cmd/base). A resource declares what differs (its noun, how an
// argument becomes an id, its client calls, its list filters, its help);
// the verbs own the argument checks, the --calendar parent flag, the
// limit and page of a list, the empty-list message, the confirmation of a
// delete and the report of a batch that fails part way. Create and update
// stay with each resource, where they really differ.
package resource

import (
	"cmp"
	"context"
	"iter"
	"strconv"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/output"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// Spec describes one resource to the generic verbs. T is the record the
// client returns (*client.Calendar, *client.Weather).
type Spec[T output.Record] struct {
	// Noun and Plural name the resource in messages: "calendar",
	// "calendars"; "weather", "weather entries". One is one record in a
	// count ("weather entry"); "" when it is Noun.
	Noun, Plural, One string
	// Arg is the placeholder of a record argument: "ID|NAME", "WEATHER_ID".
	Arg string
	// Kind says how records are printed.
	Kind output.Kind
	// Parent is set when the resource lives under another (weather under a
	// calendar, named by --calendar ID|NAME).
	Parent *Parent

	// CheckArg refuses a malformed argument before any request (nil:
	// every argument is looked up, or with no Lookup must be an id).
	CheckArg func(arg string) error
	// Lookup turns an argument into a record reference; a name lookup
	// returns the record it fetched, so that it is not fetched again. nil:
	// a record is named by its id alone.
	Lookup func(ctx context.Context, c *client.Client, parentID int, arg string) (Ref[T], error)
	Get    func(ctx context.Context, c *client.Client, parentID, id int) (T, error)
	Delete func(ctx context.Context, c *client.Client, parentID, id int) error
	// Label describes a record in a confirmation, after its id:
	// `"Barovia"`, `(1492-1-1 snowflake)`.
	Label func(T) string
	// Name is a record's name in result lines ("deleted calendar 12
	// (Harptos)"); nil: the id alone.
	Name func(T) string
	// Made says, on stderr, what a create of one record made: the noun,
	// the id and what a person knows it by (`calendar 20 "Harptos"`,
	// `weather 41 on 1492-1-3`), after "created". nil: the noun and id.
	Made func(T) string

	// Next is what an empty list says to do next, on a terminal, when
	// nothing narrowed it (no filter, no page): lines of prose, and
	// commands indented two spaces, each starting with kanka (the program
	// as the user ran it: "kanka --sandbox"). nil: "no <plural> found".
	Next func(s *Scope, kanka string) string

	// Filters registers the list's own filter flags and returns what reads
	// them once parsed, before any request: a bad value sends nothing.
	Filters func(fs *pflag.FlagSet) func(fs *pflag.FlagSet) (Query[T], error)

	// ReadableKind, when set, is the Kind of a table or detail view on a
	// terminal (output.Printer.Readable), for a resource whose records alone
	// cannot say a date for people (weather needs its calendar's month
	// names). It may read the parent, keeping it in s.Parent, and what else
	// it needs, unless AtHand(ctx); nil: Kind.
	ReadableKind func(ctx context.Context, c *client.Client, s *Scope) (output.Kind, error)

	// Help of each verb; Use and the argument checks are the verbs' own.
	// A get or delete without a Short has the usual one: "Show one
	// weather entry", "Delete weather entries".
	GetHelp, ListHelp, DeleteHelp Help
	// Complete completes a record argument (nil: none).
	Complete cobra.CompletionFunc
}

// Help is the text of one verb.
type Help struct{ Short, Long, Example string }

// or is h, with short as its Short when it has none.
func (h Help) or(short string) Help {
	h.Short = cmp.Or(h.Short, short)
	return h
}

// Parent is the resource a child lives under, named by a flag.
type Parent struct {
	// Flag is the flag's name and Noun what it names: "calendar"; Arg
	// the placeholder of its value ("ID|NAME" when "").
	Flag, Noun, Arg string
	// Optional, when set, is the flag's help on the verbs that name a
	// record (get, update, delete), which then find it without the flag
	// (Spec.Lookup); "": the flag is required everywhere.
	Optional string
	// Resolve turns the flag's ID|NAME into an id, with the parent's
	// record when the lookup fetched it (nil otherwise).
	Resolve func(ctx context.Context, c *client.Client, arg string) (int, any, error)
	// Complete completes the flag's value.
	Complete cobra.CompletionFunc
}

// Scope is the parent of one run of a verb.
type Scope struct {
	// ParentID is the parent's id, 0 for a top resource.
	ParentID int
	// Parent is the parent's record once one was fetched: by a name
	// lookup, or by a hook that needed it and kept it here so that no other
	// fetches it again. nil until then.
	Parent any
}

// Ref is a record an argument names: its id, and the record itself when
// the lookup already fetched it (Known).
type Ref[T any] struct {
	ID     int
	Record T
	Known  bool
}

// Query is how one run of list fetches records.
type Query[T any] struct {
	// Walk yields every record, asking for at most limit (0: all) when
	// the server can stop early.
	Walk func(ctx context.Context, c *client.Client, parentID, limit int) iter.Seq2[T, error]
	// Page fetches the records of one page.
	Page func(ctx context.Context, c *client.Client, parentID, page int) ([]T, error)
	// Keep filters here what the server cannot (nil keeps every record);
	// --limit then counts the records kept.
	Keep func(T) bool
	// Prepare, when set, runs once the parent is resolved and before the
	// first record is asked for: a filter that needs the parent's record
	// (a month by name) reads it here, keeping it in s.Parent.
	Prepare func(ctx context.Context, c *client.Client, s *Scope) error
	// Compare, when set, orders the records chosen (by the filters,
	// --limit or --page): they are collected first, so even ndjson and id
	// print once the walk is done. nil keeps the server's order, streaming.
	Compare func(a, b T) int
}

// AddFlag registers the parent's required flag on cmd, bound to target:
// for the verbs a resource keeps (weather set).
func (p *Parent) AddFlag(cmd *cobra.Command, target *string) { p.addFlag(cmd, target, true) }

// arg is the placeholder of the flag's value.
func (p *Parent) arg() string { return cmp.Or(p.Arg, "ID|NAME") }

func (p *Parent) addFlag(cmd *cobra.Command, target *string, required bool) {
	usage := "the " + p.Noun + ", by `" + p.arg() + "` (required)"
	if !required {
		usage = p.Optional
	}
	cmd.Flags().StringVar(target, p.Flag, "", usage)
	if required {
		_ = cmd.MarkFlagRequired(p.Flag)
	}
	if p.Complete != nil {
		_ = cmd.RegisterFlagCompletionFunc(p.Flag, p.Complete)
	}
}

// connect makes the client and the scope of a run: the parent's id (0 for
// a top resource) and its record when the lookup fetched it. parent is the
// parent flag's ID|NAME.
func (s *Spec[T]) connect(ctx context.Context, f *cmdutil.Factory, parent string) (*client.Client, *Scope, error) {
	c, err := f.Client()
	if err != nil || s.Parent == nil || parent == "" && s.Parent.Optional != "" {
		return c, &Scope{}, err
	}
	id, record, err := s.Parent.Resolve(ctx, c, parent)
	if err != nil {
		return nil, nil, err
	}
	return c, &Scope{ParentID: id, Parent: record}, nil
}

// begin builds the printer, first, so that a bad -o, --jq or --template
// sends nothing, then connects (connect).
func (s *Spec[T]) begin(ctx context.Context, f *cmdutil.Factory, parent string) (*output.Printer, *client.Client, *Scope, error) {
	p, err := NewPrinter(f)
	if err != nil {
		return nil, nil, nil, err
	}
	c, scope, err := s.connect(ctx, f, parent)
	return p, c, scope, err
}

// kind is the Kind to print with: ReadableKind's on a terminal table or
// detail view when the spec has one, else Kind.
func (s *Spec[T]) kind(ctx context.Context, c *client.Client, p *output.Printer, scope *Scope) (output.Kind, error) {
	if s.ReadableKind == nil || !p.Readable() {
		return s.Kind, nil
	}
	return s.ReadableKind(ctx, c, scope)
}

// NewPrinter is f.Printer with its errors made usage errors (exit 2), built
// before any request so that a bad -o, --jq or --template costs nothing.
func NewPrinter(f *cmdutil.Factory) (*output.Printer, error) {
	p, err := f.Printer()
	if err != nil {
		if _, ok := err.(*cmdutil.UsageError); ok {
			return nil, err
		}
		return nil, &cmdutil.UsageError{Err: err}
	}
	return p, nil
}

// Context is the command's context, never nil (a command run outside
// Execute, as in some tests, has none).
func Context(cmd *cobra.Command) context.Context {
	if ctx := cmd.Context(); ctx != nil {
		return ctx
	}
	return context.Background()
}

// Records turns a walk of T into a walk of printer records.
func Records[T output.Record](seq iter.Seq2[T, error]) iter.Seq2[output.Record, error] {
	return func(yield func(output.Record, error) bool) {
		for r, err := range seq {
			if err != nil {
				yield(nil, err)
				return
			}
			if !yield(r, nil) {
				return
			}
		}
	}
}

// Slice walks records already fetched.
func Slice[T any](items []T) iter.Seq2[T, error] {
	return func(yield func(T, error) bool) {
		for _, it := range items {
			if !yield(it, nil) {
				return
			}
		}
	}
}

// one is a record of the resource in the singular: "weather entry".
func (s *Spec[T]) one() string {
	if s.One != "" {
		return s.One
	}
	return s.Noun
}

// made is what the line of a create of one record says after "created".
func (s *Spec[T]) made(r T) string {
	if s.Made != nil {
		return s.Made(r)
	}
	return s.Noun + " " + strconv.Itoa(r.RecordID())
}

// count is "1 weather entry" or "5 weather entries".
func (s *Spec[T]) count(n int) string {
	if n == 1 {
		return "1 " + s.one()
	}
	return strconv.Itoa(n) + " " + s.Plural
}

// AddVerbs adds a resource's five verbs to its group command: list, get
// and delete over s, and its create and update (NewCreateCmd,
// NewUpdateCmd over its Writes), in the order help lists them.
func AddVerbs[T output.Record](group *cobra.Command, f *cmdutil.Factory, s *Spec[T], create, update *cobra.Command) {
	group.AddCommand(NewListCmd(f, s), NewGetCmd(f, s), create, update, NewDeleteCmd(f, s))
}
