package resource

import (
	"context"
	"fmt"
	"iter"
	"math"
	"slices"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/output"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// NewListCmd builds `<noun> list`: every record, walking every page, or
// --limit N of them, or the one --page N. Both numbers count from 1, as in
// gh (`--limit 0` is refused rather than read as "all", which is what
// leaving the flag out says).
func NewListCmd[T output.Record](f *cmdutil.Factory, s *Spec[T]) *cobra.Command {
	var (
		parent      string
		limit, page int
		readFilters func(*cobra.Command) (Query[T], error)
	)
	cmd := s.command("list", "", s.ListHelp, cobra.NoArgs, &parent, func(cmd *cobra.Command, _ []string) error {
		fs := cmd.Flags()
		if fs.Changed("limit") && limit < 1 {
			return cmdutil.UsageErrorf("--limit %d: give a number above 0 (leave --limit out to list every %s)", limit, s.Noun)
		}
		if fs.Changed("page") && page < 1 {
			return cmdutil.UsageErrorf("--page %d: pages are counted from 1", page)
		}
		q, err := readFilters(cmd)
		if err != nil {
			return err
		}
		ctx := Context(cmd)
		p, c, scope, err := s.begin(ctx, f, parent)
		if err != nil {
			return err
		}
		// The readable kind first: when it reads the parent, the
		// filters then check their values against it for free.
		kind, err := s.kind(ctx, c, p, scope)
		if err != nil {
			return err
		}
		if q.Prepare != nil {
			if err := q.Prepare(ctx, c, scope); err != nil {
				return err
			}
		}
		parentID := scope.ParentID
		held := q.Compare != nil && (p.ForPeople() || fs.Changed(sortFlag))
		var seq iter.Seq2[T, error]
		if page > 0 {
			items, err := q.Page(ctx, c, parentID, page)
			if err != nil {
				return err
			}
			seq = Slice(items)
		} else {
			// With a filter the server cannot apply, the limit counts
			// kept records: walk without one and stop here instead.
			walkLimit := limit
			if q.Keep != nil {
				walkLimit = 0
			}
			seq = q.Walk(streamed(ctx, cmd, p, held), c, parentID, walkLimit)
		}
		kept := 0
		seq = keep(seq, q.Keep, limit, &kept)
		if held {
			if !p.ForPeople() && page == 0 {
				cmdutil.Say(f, "--%s %s: every %s is read and held before the first is printed; leave --%s out to stream them in the server's order",
					sortFlag, fs.Lookup(sortFlag).Value, s.one(), sortFlag)
			}
			seq = sorted(seq, q.Compare)
		}
		if err := p.PrintList(Records(seq), kind); err != nil {
			return err
		}
		// An empty table prints nothing at all: say why on stderr,
		// where a script reading stdout never sees it. Other formats
		// print their own empty answer ([] for json).
		if kept == 0 && p.IsTable() && !f.Quiet() {
			fmt.Fprint(f.IO.ErrOut, s.empty(f, cmd, p, scope))
		}
		return nil
	})
	cmd.Aliases = []string{"ls"}
	fs := cmd.Flags()
	fs.IntVar(&limit, "limit", 0, fmt.Sprintf("stop after `N` %s (N from 1; default: all)", s.Plural))
	fs.IntVar(&page, "page", 0, "fetch only page `N` (pages count from 1; default: every page)")
	read := func(*cobra.Command) (Query[T], error) { return Query[T]{}, nil }
	if s.Filters != nil {
		r := s.Filters(fs)
		read = func(cmd *cobra.Command) (Query[T], error) { return r(cmd.Flags()) }
	}
	readFilters = read
	return cmd
}

// empty is what an empty table says on stderr: on a terminal, of a
// list nothing narrowed, what to run next (Spec.Next); else that none
// was found.
func (s *Spec[T]) empty(f *cmdutil.Factory, cmd *cobra.Command, p *output.Printer, scope *Scope) string {
	if s.Next == nil || !p.Readable() || narrowed(cmd, s.Parent) {
		return fmt.Sprintf("no %s found\n", s.Plural)
	}
	return cmdutil.WrapAdvice(s.Next(scope, f.Program()), f.IO.TermWidth)
}

// narrowed reports whether a flag of the list's own other than the
// parent, --limit and --sort was given: a filter or a page, after which
// an empty list says nothing of what the campaign holds.
func narrowed(cmd *cobra.Command, parent *Parent) bool {
	found := false
	cmd.LocalNonPersistentFlags().VisitAll(func(fl *pflag.Flag) {
		switch {
		case !fl.Changed, fl.Name == "limit", fl.Name == sortFlag:
		case parent != nil && fl.Name == parent.Flag:
		default:
			found = true
		}
	})
	return found
}

// streamed is ctx for the walk of a list: a list printed as it comes (json,
// ndjson, id, in the server's order) holds one page at a time, so the bound
// of a whole list's bytes (--max-list-size, which keeps what a command
// holds in memory) does not apply to it unless the flag was given; its
// pages are still bounded, each and in number (client.MaxPages).
func streamed(ctx context.Context, cmd *cobra.Command, p *output.Printer, held bool) context.Context {
	if flag := cmd.Flag("max-list-size"); held || !p.Streams() || flag == nil || flag.Changed {
		return ctx
	}
	return client.WithMaxListBytes(ctx, math.MaxInt64)
}

// sortFlag is the flag of a list's order, when its filters have one
// (weather's --sort). A Query's Compare is the order for people: a table,
// wide and yaml are put in it, printed once the list is whole anyway;
// json, ndjson and id keep the server's order and stream, unless the
// order was asked for with this flag: the whole list is then held before
// the first record is printed, which is said on stderr (-q silences it;
// not with --page, whose one page comes whole).
const sortFlag = "sort"

// sorted collects seq and yields its records ordered by cmp (stable:
// records cmp finds equal keep their order); an error ends it, as it
// would have ended seq.
func sorted[T any](seq iter.Seq2[T, error], cmp func(a, b T) int) iter.Seq2[T, error] {
	return func(yield func(T, error) bool) {
		var all []T
		for r, err := range seq {
			if err != nil {
				var zero T
				yield(zero, err)
				return
			}
			all = append(all, r)
		}
		slices.SortStableFunc(all, cmp)
		for _, r := range all {
			if !yield(r, nil) {
				return
			}
		}
	}
}

// keep yields the records that pass k, at most limit of them (0: all),
// stopping the walk (and its page requests) once the limit is met. n
// counts the records yielded.
func keep[T any](seq iter.Seq2[T, error], k func(T) bool, limit int, n *int) iter.Seq2[T, error] {
	return func(yield func(T, error) bool) {
		if limit > 0 && *n >= limit {
			return
		}
		for r, err := range seq {
			if err != nil {
				var zero T
				yield(zero, err)
				return
			}
			if k != nil && !k(r) {
				continue
			}
			if !yield(r, nil) {
				return
			}
			if *n++; limit > 0 && *n >= limit {
				return
			}
		}
	}
}

// Items is the records of a page, for a Query's Page:
// Items(c.ListWeather(ctx, id, opts)).
func Items[T any](p *client.Page[T], err error) ([]T, error) {
	if err != nil {
		return nil, err
	}
	return p.Items, nil
}
