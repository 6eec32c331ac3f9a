package resource

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/output"
	"github.com/spf13/cobra"
)

// Catalog is a list of things kanka carries, known by name (the calendar
// presets, the climates): listed, or one shown, with no request and so no
// token. T is one of them.
type Catalog[T any] struct {
	// All are every one, in the list's order.
	All func() ([]T, error)
	// Get is the one of a name; an unknown name's error names the nearest.
	Get func(name string) (T, error)
	// Name is one's name: -o id prints it, as they have no ids and their
	// name is what a flag takes.
	Name func(T) string
	// About is what a shell shows beside one's name as it completes it
	// ("London (Greenwich), United Kingdom"); nil for nothing.
	About func(T) string
	// Record is one as the printer prints it, Kind how.
	Record func(T) (output.Record, error)
	Kind   output.Kind
	// File is one's file as it is kept, comments with it: -o yaml of one
	// prints it, to copy and edit.
	File func(T) ([]byte, error)
}

// NewCatalogCmd builds `<verb> [NAME]` over c.
func NewCatalogCmd[T any](f *cmdutil.Factory, verb string, c Catalog[T], h Help) *cobra.Command {
	return &cobra.Command{
		Use: verb + " [NAME]", Short: h.Short, Long: h.Long, Example: h.Example,
		Args: atMostOneName,
		ValidArgsFunction: func(_ *cobra.Command, args []string, _ string) ([]cobra.Completion, cobra.ShellCompDirective) {
			if len(args) > 0 {
				return nil, cobra.ShellCompDirectiveNoFileComp
			}
			return c.Complete(nil, nil, "")
		},
		RunE: func(_ *cobra.Command, args []string) error {
			p, err := NewPrinter(f)
			if err != nil {
				return err
			}
			if len(args) == 0 {
				return c.list(f, p)
			}
			one, err := c.Get(args[0])
			if err != nil {
				return cmdutil.AsUsage(err)
			}
			return c.show(f, p, one)
		},
	}
}

// Complete offers the names, each with what it is, for the verb's NAME
// and for the flags that take one (--climate, --preset).
func (c Catalog[T]) Complete(*cobra.Command, []string, string) ([]cobra.Completion, cobra.ShellCompDirective) {
	all, err := c.All()
	if err != nil {
		return nil, cobra.ShellCompDirectiveNoFileComp // a completion prints nothing
	}
	out := make([]cobra.Completion, len(all))
	for i, one := range all {
		out[i] = c.Name(one)
		if c.About != nil {
			out[i] = cobra.CompletionWithDesc(out[i], c.About(one))
		}
	}
	return out, cobra.ShellCompDirectiveNoFileComp
}

// atMostOneName refuses a second argument in the words of the others
// (the root words a count from the Use line, which shows no argument that
// must be given).
func atMostOneName(c *cobra.Command, args []string) error {
	if len(args) <= 1 {
		return nil
	}
	extra := make([]string, len(args)-1)
	for i, a := range args[1:] {
		extra[i] = strconv.Quote(a)
	}
	return cmdutil.CommandLineErrorf("unexpected %s %s: %s takes one NAME at most",
		cmdutil.Plural(len(extra), "argument", "arguments"), strings.Join(extra, " "), c.CommandPath())
}

func (c Catalog[T]) list(f *cmdutil.Factory, p *output.Printer) error {
	all, err := c.All()
	if err != nil {
		return err
	}
	if namesOnly(f, p) {
		for _, one := range all {
			fmt.Fprintln(f.IO.Out, c.Name(one))
		}
		return nil
	}
	return p.PrintList(func(yield func(output.Record, error) bool) {
		for _, one := range all {
			if !yield(c.Record(one)) {
				return
			}
		}
	}, c.Kind)
}

func (c Catalog[T]) show(f *cmdutil.Factory, p *output.Printer, one T) error {
	switch {
	case namesOnly(f, p):
		_, err := fmt.Fprintln(f.IO.Out, c.Name(one))
		return err
	case p.Format() == output.YAML && !transformed(f):
		data, err := c.File(one)
		if err != nil {
			return err
		}
		_, err = f.IO.Out.Write(data)
		return err
	}
	rec, err := c.Record(one)
	if err != nil {
		return err
	}
	return p.PrintOne(rec, c.Kind)
}

// namesOnly reports whether -o id asks for the names.
func namesOnly(f *cmdutil.Factory, p *output.Printer) bool {
	return p.Format() == output.ID && !transformed(f)
}

// transformed reports whether --jq or --template replaces the format.
func transformed(f *cmdutil.Factory) bool {
	return f.Globals != nil && (f.Globals.JQ != "" || f.Globals.Template != "")
}
